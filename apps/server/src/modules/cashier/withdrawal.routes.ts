import {
  adminPaySchema,
  adminReasonSchema,
  bindPayoutAccountSchema,
  confirmPayoutSchema,
  ok,
  payoutAccountSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawInfoSchema,
  withdrawRequestSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { PayoutAccountService } from './payout-account.service';
import {
  adminWithdrawalListSchema,
  adminWithdrawalSchema,
  type WithdrawalService,
} from './withdrawal.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';

interface WithdrawalRouteOptions {
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccountService;
}

const tags = ['cashier'];
const adminTags = ['operator'];
const dbId = z.string().regex(/^\d{1,18}$/);
const idParams = z.object({ id: dbId });
const payoutParams = z.object({ id: dbId, payoutId: dbId });

/** Withdrawals, payout accounts, the member's confirmation of payouts, and the operator's side. */
export async function withdrawalRoutes(app: FastifyInstance, opts: WithdrawalRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals, payoutAccounts } = opts;

  r.get(
    '/wps/cashier/withdraw/info',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'What the withdrawal form needs: limits, today’s count, balance, accounts, banks',
        tags,
        response: { 200: ok(withdrawInfoSchema) },
      },
    },
    async (req) => envelope(await withdrawals.info(req.brand, req.member!.memberId)),
  );

  r.get(
    '/wps/cashier/payout-accounts',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s bound payout accounts (numbers masked)',
        tags,
        response: { 200: ok(z.array(payoutAccountSchema)) },
      },
    },
    async (req) => envelope(await payoutAccounts.list(req.member!.memberId)),
  );

  r.post(
    '/wps/cashier/payout-accounts',
    {
      config: { auth: 'real', encrypted: true },
      schema: {
        summary: 'Bind a bank or e-wallet account in the member’s real name (encrypted)',
        tags,
        body: bindPayoutAccountSchema,
        response: { 200: ok(payoutAccountSchema) },
      },
    },
    async (req) => envelope(await payoutAccounts.bind(req.brand, req.member!.memberId, req.body)),
  );

  r.post(
    '/wps/cashier/withdraw',
    {
      config: { auth: 'real', encrypted: true },
      schema: {
        summary: 'Ask for a withdrawal (encrypted, idempotent on requestId); the amount is held at once',
        tags,
        body: withdrawRequestSchema,
        response: { 200: ok(withdrawalSchema) },
      },
    },
    async (req) => envelope(await withdrawals.create(req.brand, req.member!.memberId, req.body)),
  );

  r.get(
    '/wps/cashier/withdrawals',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'The member’s withdrawals with their payouts, newest first',
        tags,
        querystring: withdrawalListQuerySchema,
        response: { 200: ok(withdrawalListSchema) },
      },
    },
    async (req) => envelope(await withdrawals.list(req.member!.memberId, req.query)),
  );

  r.post(
    '/wps/cashier/withdrawals/:id/payouts/:payoutId/confirm',
    {
      config: { auth: 'real' },
      schema: {
        summary: 'Confirm a payout: received, or not received with proof images',
        tags,
        params: payoutParams,
        body: confirmPayoutSchema,
        response: { 200: ok(withdrawalSchema) },
      },
    },
    async (req) =>
      envelope(
        await withdrawals.confirmPayout(
          req.brand,
          req.member!.memberId,
          req.params.id,
          req.params.payoutId,
          req.body,
        ),
      ),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/withdrawals',
    {
      config: operatorRoute('cashier.withdrawals.view'),
      schema: {
        summary: 'Withdrawals of the brand (Merchant header), oldest first',
        tags: adminTags,
        querystring: withdrawalListQuerySchema,
        response: { 200: ok(adminWithdrawalListSchema) },
      },
    },
    async (req) => envelope(await withdrawals.adminList(req.brand, req.query)),
  );

  r.post(
    '/wps/admin/withdrawals/:id/pay',
    {
      config: operatorRoute('cashier.withdrawals.decide'),
      schema: {
        summary: 'Pay a PENDING or PARTIAL withdrawal, all that remains or part (idempotent on requestId)',
        tags: adminTags,
        params: idParams,
        body: adminPaySchema,
        response: { 200: ok(adminWithdrawalSchema) },
      },
    },
    async (req) => envelope(await withdrawals.pay(req.brand, req.params.id, operatorName(req), req.body)),
  );

  r.post(
    '/wps/admin/withdrawals/:id/reject',
    {
      config: operatorRoute('cashier.withdrawals.decide'),
      schema: {
        summary: 'Reject a PENDING or PARTIAL withdrawal: what is still held returns to the wallet',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(adminWithdrawalSchema) },
      },
    },
    async (req) =>
      envelope(await withdrawals.reject(req.brand, req.params.id, operatorName(req), req.body.reason)),
  );

  r.post(
    '/wps/admin/withdrawals/:id/payouts/:payoutId/resolve',
    {
      config: operatorRoute('cashier.withdrawals.decide'),
      schema: {
        summary: 'Mark a NOT_RECEIVED payout as received after investigation (no money moves)',
        tags: adminTags,
        params: payoutParams,
        response: { 200: ok(adminWithdrawalSchema) },
      },
    },
    async (req) => envelope(await withdrawals.resolvePayout(req.brand, req.params.id, req.params.payoutId)),
  );
}
