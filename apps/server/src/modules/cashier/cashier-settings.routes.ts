import { cashierSettingsInputSchema, cashierSettingsSchema, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import { settingsToWire, type CashierSettingsService } from './cashier-settings.service';

const tags = ['operator'];

/** The brand's cashier rules: the amount from which a withdrawal needs a second approver. */
export async function cashierSettingsRoutes(
  app: FastifyInstance,
  opts: { settings: CashierSettingsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wps/admin/cashier/settings',
    {
      config: operatorRoute('brand.security'),
      schema: { summary: 'The brand’s cashier settings', tags, response: { 200: ok(cashierSettingsSchema) } },
    },
    async (req) => envelope(settingsToWire(await opts.settings.get(req.brand.code))),
  );
  r.put(
    '/wps/admin/cashier/settings',
    {
      config: operatorRoute('brand.security'),
      schema: {
        summary: 'Sets the withdrawal amount from which a second approver is needed (audited)',
        tags,
        body: cashierSettingsInputSchema,
        response: { 200: ok(cashierSettingsSchema) },
      },
    },
    async (req) => {
      const { before, after } = await opts.settings.set(
        req.brand.code,
        req.body.withdrawalApprovalThreshold,
        operatorName(req),
      );
      req.auditDetail = {
        action: 'cashier.settings',
        target: `merchant:${req.brand.code}`,
        before: settingsToWire(before),
        after: settingsToWire(after),
      };
      return envelope(settingsToWire(after));
    },
  );
}
