import { minorText, ok } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok as envelope } from '../../platform/envelope';
import { operatorRoute } from '../../platform/operator-auth';
import type { VendorTransferService } from './vendor-transfer.service';

const reviewRowSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  vendor: z.string(),
  adapter: z.string(),
  reference: z.string(),
  direction: z.enum(['DEPOSIT', 'WITHDRAW']),
  amount: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdTime: z.string(),
});

/** Transfer-wallet vendor moves the reconciliation gave up on: an operator settles them with the vendor. */
export async function vendorTransferRoutes(
  app: FastifyInstance,
  opts: { vendorTransfers: VendorTransferService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wps/admin/vendor-transfers/review',
    {
      config: operatorRoute('cashier.withdrawals.view'),
      schema: {
        summary:
          'Moves to or from transfer-wallet vendors whose outcome the vendor never told (newest first)',
        tags: ['operator'],
        response: { 200: ok(z.array(reviewRowSchema)) },
      },
    },
    async (req) => {
      const rows = await opts.vendorTransfers.review(req.brand.code);
      req.auditDetail = {
        action: 'vendor.transfers.review',
        target: null,
        before: null,
        after: { count: rows.length },
      };
      return envelope(
        rows.map((t) => ({
          id: t.id,
          memberId: t.member_id,
          vendor: t.vendor_code,
          adapter: t.adapter,
          reference: t.reference,
          direction: t.direction,
          amount: minorText(BigInt(t.amount)),
          attempts: t.attempts,
          lastError: t.last_error,
          createdTime: t.created_at.toISOString(),
        })),
      );
    },
  );
}
