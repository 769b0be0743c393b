import {
  adminPaymentChannelSchema,
  adminPaymentChannelsSchema,
  adminPayoutBankSchema,
  adminPayoutBanksSchema,
  ok,
  paymentChannelInputSchema,
  payoutBankInputSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { PaymentChannelAdminService } from './payment-channel-admin.service';

const tags = ['operator'];
const config = operatorRoute('integrations.manage');
const channelParams = z.object({ id: z.coerce.string().regex(/^\d{1,18}$/) });
const bankParams = z.object({ code: z.string().regex(/^[A-Z0-9_]{2,40}$/) });

/** The brand's deposit channels and payout banks (audited changes). */
export async function paymentChannelAdminRoutes(
  app: FastifyInstance,
  opts: { channels: PaymentChannelAdminService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { channels } = opts;
  r.get(
    '/wps/admin/payment-channels',
    {
      config,
      schema: {
        summary: 'The brand’s deposit channels, enabled or not, and the payment providers this server runs',
        tags,
        response: { 200: ok(adminPaymentChannelsSchema) },
      },
    },
    async (req) => envelope(await channels.list(req.brand.code)),
  );
  r.post(
    '/wps/admin/payment-channels',
    {
      config,
      schema: {
        summary: 'Adds a deposit channel (members see it on their next deposit page load)',
        tags,
        body: paymentChannelInputSchema,
        response: { 200: ok(adminPaymentChannelSchema) },
      },
    },
    async (req) => {
      const after = await channels.create(req.brand.code, req.body);
      req.auditDetail = { action: 'channel.create', target: `channel:${after.id}`, before: null, after };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/payment-channels/:id',
    {
      config,
      schema: {
        summary: 'Changes a deposit channel: names, limits, fees, presets, account, provider, switch, order',
        tags,
        params: channelParams,
        body: paymentChannelInputSchema,
        response: { 200: ok(adminPaymentChannelSchema) },
      },
    },
    async (req) => {
      const { before, after } = await channels.update(req.brand.code, req.params.id, req.body);
      req.auditDetail = { action: 'channel.update', target: `channel:${after.id}`, before, after };
      return envelope(after);
    },
  );
  r.get(
    '/wps/admin/payout-banks',
    {
      config,
      schema: {
        summary: 'Banks and e-wallets members may bind for withdrawals',
        tags,
        response: { 200: ok(adminPayoutBanksSchema) },
      },
    },
    async (req) => envelope({ list: await channels.banks(req.brand.code) }),
  );
  r.post(
    '/wps/admin/payout-banks',
    {
      config,
      schema: {
        summary: 'Adds a payout bank',
        tags,
        body: payoutBankInputSchema,
        response: { 200: ok(adminPayoutBankSchema) },
      },
    },
    async (req) => {
      const after = await channels.createBank(req.brand.code, req.body);
      req.auditDetail = {
        action: 'payout.bank.create',
        target: `payout-bank:${after.code}`,
        before: null,
        after,
      };
      return envelope(after);
    },
  );
  r.put(
    '/wps/admin/payout-banks/:code',
    {
      config,
      schema: {
        summary: 'Renames, re-kinds or re-orders a payout bank (its code stays)',
        tags,
        params: bankParams,
        body: payoutBankInputSchema.omit({ code: true }),
        response: { 200: ok(adminPayoutBankSchema) },
      },
    },
    async (req) => {
      const { before, after } = await channels.updateBank(req.brand.code, req.params.code, req.body);
      req.auditDetail = { action: 'payout.bank.update', target: `payout-bank:${after.code}`, before, after };
      return envelope(after);
    },
  );
  r.delete(
    '/wps/admin/payout-banks/:code',
    {
      config,
      schema: {
        summary: 'Removes a payout bank no member’s payout account uses',
        tags,
        params: bankParams,
        response: { 200: ok(adminPayoutBankSchema) },
      },
    },
    async (req) => {
      const before = await channels.deleteBank(req.brand.code, req.params.code);
      req.auditDetail = {
        action: 'payout.bank.delete',
        target: `payout-bank:${before.code}`,
        before,
        after: null,
      };
      return envelope(before);
    },
  );
}
