import { integrationInputSchema, integrationSchema, ok, type Integration } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { ProviderConfigService } from './provider-config.service';

const tags = ['operator'];

/** What the audit row keeps of a configuration: everything but the schema, secrets as set or not. */
const audited = (i: Integration) => ({
  enabled: i.enabled,
  settings: i.settings,
  secretsSet: i.secrets.filter((s) => s.set).map((s) => s.name),
});

/** The brand's integrations: game aggregators and payment providers, switched on without a deploy. */
export async function providerConfigRoutes(app: FastifyInstance, opts: { configs: ProviderConfigService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wps/admin/integrations',
    {
      config: operatorRoute('integrations.manage'),
      schema: {
        summary: 'Providers this server can run, with the brand’s settings (secrets only as set or not)',
        tags,
        response: { 200: ok(z.array(integrationSchema)) },
      },
    },
    async (req) => envelope(await opts.configs.list(req.brand.code)),
  );
  r.put(
    '/wps/admin/integrations/:provider',
    {
      config: operatorRoute('integrations.manage'),
      schema: {
        summary: 'Switches a provider on or off and saves its settings and credentials (audited, sealed)',
        tags,
        params: z.object({ provider: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
        body: integrationInputSchema,
        response: { 200: ok(integrationSchema) },
      },
    },
    async (req) => {
      const { before, after } = await opts.configs.save(
        req.brand.code,
        req.params.provider,
        req.body,
        operatorName(req),
      );
      req.auditDetail = {
        action: 'integration.save',
        target: `provider:${req.params.provider}`,
        before: audited(before),
        // Which secrets this save replaced or cleared: names only, never values.
        after: { ...audited(after), secretsChanged: Object.keys(req.body.secrets) },
      };
      return envelope(after);
    },
  );
}
