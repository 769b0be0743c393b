import {
  adminReasonSchema,
  amountSchema,
  CASHIER_LIMITS,
  bindPayoutAccountSchema,
  confirmPayoutSchema,
  ok,
  payoutAccountSchema,
  withdrawalListQuerySchema,
  withdrawalListSchema,
  withdrawalQueueSchema,
  withdrawalSchema,
  withdrawInfoSchema,
  withdrawRequestSchema,
} from '@app/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import type { PayoutAccountService } from './payout-account.service';
import {
  adminWithdrawalSchema,
  withdrawalDecisionSchema,
  withdrawalQueueQuerySchema,
  type AdminWithdrawal,
  type WithdrawalService,
} from './withdrawal.service';
import { operatorName, operatorRoute } from '../../platform/operator-auth';
import type { IdempotencyStore } from './idempotency';

interface WithdrawalRouteOptions {
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccountService;
  idempotency: IdempotencyStore;
}

/** What an audit row of a decision records about the withdrawal. */
const auditState = (w: AdminWithdrawal) => ({ orderNo: w.orderNo, status: w.status, paid: w.paidAmount });

/**
 * The payment's ledger idempotency key: the caller's Idempotency-Key when given (so even two
 * racing retries of one click post one payment), else a fresh one (the call is a new decision).
 */
function paymentRequestId(req: FastifyRequest): string {
  const key = req.headers['idempotency-key'];
  return typeof key === 'string' && key !== '' ? `key-${key}` : randomUUID();
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

  r.post(
    '/wps/cashier/withdrawals/:id/cancel',
    {
      config: { auth: 'real' },
      schema: {
        summary:
          'Take back a withdrawal that waits for identity verification: its amount returns to the wallet',
        tags,
        params: idParams,
        response: { 200: ok(withdrawalSchema) },
      },
    },
    async (req) => envelope(await withdrawals.cancelWaiting(req.brand, req.member!.memberId, req.params.id)),
  );

  // ---- operators -----------------------------------------------------------------------------------

  r.get(
    '/wps/admin/withdrawals',
    {
      config: operatorRoute('cashier.withdrawals.view'),
      schema: {
        summary: 'The withdrawal queue of the brand (Merchant header), newest first, with risk signals',
        tags: adminTags,
        querystring: withdrawalQueueQuerySchema,
        response: { 200: ok(withdrawalQueueSchema) },
      },
    },
    async (req) => envelope(await withdrawals.queue(req.brand, req.query)),
  );

  r.get(
    '/wps/admin/withdrawals/:id',
    {
      config: operatorRoute('cashier.withdrawals.view'),
      schema: {
        summary: 'One withdrawal: the full account number to pay to, its payouts and the member’s answers',
        tags: adminTags,
        params: idParams,
        response: { 200: ok(adminWithdrawalSchema) },
      },
    },
    async (req) => envelope(await withdrawals.detail(req.brand, req.params.id)),
  );

  r.post(
    '/wps/admin/withdrawals/:id/approve',
    {
      config: operatorRoute('cashier.withdrawals.decide'),
      schema: {
        summary:
          'Pay a PENDING or PARTIAL withdrawal, all that remains or part (with a reason); at or above ' +
          'the brand’s threshold a second staff member must approve (Idempotency-Key honoured)',
        tags: adminTags,
        params: idParams,
        body: z.object({
          amount: amountSchema.optional(),
          reason: z.string().trim().min(1).max(CASHIER_LIMITS.remarkMax).optional(),
        }),
        response: { 200: ok(withdrawalDecisionSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'withdrawals.approve', async () => {
          const before = await withdrawals.detail(req.brand, req.params.id);
          const { kind, id, name } = req.operator!;
          const decision = await withdrawals.approve(
            req.brand,
            req.params.id,
            { kind, id, name },
            req.body,
            paymentRequestId(req),
          );
          req.auditDetail = {
            action: 'cashier.withdrawals.approve',
            target: `withdrawal:${req.params.id}`,
            before: auditState(before),
            after: {
              ...auditState(decision.withdrawal),
              decision: decision.state,
              approvalId: decision.approvalId ?? null,
              payment: req.body.amount ?? null,
              reason: req.body.reason ?? null,
            },
          };
          return decision;
        }),
      ),
  );

  r.post(
    '/wps/admin/withdrawals/:id/reject',
    {
      config: operatorRoute('cashier.withdrawals.decide'),
      schema: {
        summary:
          'Reject a PENDING or PARTIAL withdrawal: what is still held returns to the wallet, an open ' +
          'second-approval request is closed',
        tags: adminTags,
        params: idParams,
        body: adminReasonSchema,
        response: { 200: ok(adminWithdrawalSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'withdrawals.reject', async () => {
          const before = await withdrawals.detail(req.brand, req.params.id);
          const after = await withdrawals.reject(
            req.brand,
            req.params.id,
            operatorName(req),
            req.body.reason,
          );
          req.auditDetail = {
            action: 'cashier.withdrawals.reject',
            target: `withdrawal:${req.params.id}`,
            before: auditState(before),
            after: { ...auditState(after), reason: req.body.reason },
          };
          return after;
        }),
      ),
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
