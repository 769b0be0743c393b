import { amountSchema, CASHIER_LIMITS, ok } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { holds, operatorRoute } from '../../platform/operator-auth';
import { DECIDE_PERMISSION, type Actor, type ApprovalKind, type ApprovalService } from './approval.service';
import type { IdempotencyStore } from './idempotency';

const tags = ['operator'];
const reasonSchema = z.string().trim().min(1).max(CASHIER_LIMITS.remarkMax);
const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/) });
const memberParams = z.object({ memberId: z.string().regex(/^\d{1,18}$/) });

const approvalSchema = z.object({
  id: z.string(),
  kind: z.enum(['ADJUSTMENT', 'WITHDRAWAL']),
  memberId: z.string(),
  username: z.string(),
  amount: z.number(),
  detail: z.union([
    z.object({ direction: z.enum(['CREDIT', 'DEBIT']), turnoverMultiplier: z.number() }),
    z.object({ withdrawalId: z.string(), orderNo: z.string(), withdrawalAmount: z.number() }),
  ]),
  reason: z.string().nullable(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  state: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});

/** Either deciding permission opens the approval routes; the service checks each request's own. */
const deciding = operatorRoute(DECIDE_PERMISSION.ADJUSTMENT, {
  orPermissions: [DECIDE_PERMISSION.WITHDRAWAL],
});

/** The kinds of request the caller may decide on the request's brand. */
function decidableKinds(req: FastifyRequest): ApprovalKind[] {
  return (Object.keys(DECIDE_PERMISSION) as ApprovalKind[]).filter((k) => holds(req, DECIDE_PERMISSION[k]));
}

function actor(req: FastifyRequest): Actor {
  // The guard has run (operatorRoute), so the caller is known.
  const { kind, id, name } = req.operator!;
  return { kind, id, name };
}

/**
 * Maker-checker: manual adjustments and withdrawal payments at or above the brand's threshold are
 * requested by one staff member and decided by another.
 */
export async function approvalRoutes(
  app: FastifyInstance,
  opts: { approvals: ApprovalService; idempotency: IdempotencyStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { approvals } = opts;

  r.post(
    '/wps/admin/players/:memberId/adjustments',
    {
      config: operatorRoute('cashier.adjustments.request'),
      schema: {
        summary: 'Asks for a manual credit or debit; a second staff member approves it',
        tags,
        params: memberParams,
        body: z.object({
          direction: z.enum(['CREDIT', 'DEBIT']),
          amount: amountSchema,
          reason: reasonSchema,
          turnoverMultiplier: z.number().int().min(0).max(100).default(0),
        }),
        response: { 200: ok(z.object({ approvalId: z.string(), state: z.literal('PENDING') })) },
      },
    },
    async (req) => {
      const made = await approvals.requestAdjustment(
        req.brand.code,
        actor(req),
        req.params.memberId,
        req.body,
      );
      req.auditDetail = {
        action: 'cashier.adjustments.request',
        target: `approval:${made.id}`,
        before: null,
        after: made,
      };
      return envelope({ approvalId: made.id, state: 'PENDING' as const });
    },
  );

  r.get(
    '/wps/admin/approvals',
    {
      config: deciding,
      schema: {
        summary:
          'Approval requests of the brand the caller may decide (adjustments, withdrawals), newest first',
        tags,
        querystring: z.object({
          state: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: ok(
            z.object({
              list: z.array(approvalSchema),
              page: z.number(),
              pageSize: z.number(),
              hasMore: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => envelope(await approvals.list(req.brand.code, req.query, decidableKinds(req))),
  );

  r.post(
    '/wps/admin/approvals/:id/approve',
    {
      config: deciding,
      schema: {
        summary: 'Approves a request made by someone else; the money moves once',
        tags,
        params: idParams,
        body: z.object({ reason: reasonSchema.optional() }),
        response: { 200: ok(approvalSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'approvals.approve', async () => {
          const { before, after, withdrawal } = await approvals.approve(
            req.brand,
            req.params.id,
            actor(req),
            req.body.reason ?? null,
            (p) => holds(req, p),
          );
          // A withdrawal payment's row also says what it did to the withdrawal (status, paid).
          req.auditDetail = {
            action: 'approvals.approve',
            target: `approval:${req.params.id}`,
            before: withdrawal ? { ...before, withdrawal: withdrawal.before } : before,
            after: withdrawal ? { ...after, withdrawal: withdrawal.after } : after,
          };
          return after;
        }),
      ),
  );

  r.post(
    '/wps/admin/approvals/:id/reject',
    {
      config: deciding,
      schema: {
        summary: 'Rejects a request made by someone else (a withdrawal returns to the queue unchanged)',
        tags,
        params: idParams,
        body: z.object({ reason: reasonSchema }),
        response: { 200: ok(approvalSchema) },
      },
    },
    async (req) =>
      envelope(
        await opts.idempotency.run(req, 'approvals.reject', async () => {
          const { before, after } = await approvals.reject(
            req.brand.code,
            req.params.id,
            actor(req),
            req.body.reason,
            (p) => holds(req, p),
          );
          req.auditDetail = {
            action: 'approvals.reject',
            target: `approval:${req.params.id}`,
            before,
            after,
          };
          return after;
        }),
      ),
  );
}
