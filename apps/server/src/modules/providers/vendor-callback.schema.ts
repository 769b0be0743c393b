import { amountSchema } from '@app/contracts';
import { z } from 'zod';

/**
 * The seamless-wallet callback API a vendor calls: POST /wps/seamless/:vendor/:action,
 * brand in the Merchant header, a JSON body signed with the vendor's secret:
 * X-Signature = hex HMAC-SHA256(secret, raw body). Every body carries `timestamp` (ms since the
 * epoch), which must be within CALLBACK_MAX_SKEW_MS of our clock.
 */
export const CALLBACK_ACTIONS = ['balance', 'debit', 'credit', 'rollback'] as const;
export type CallbackAction = (typeof CALLBACK_ACTIONS)[number];
export const CALLBACK_MAX_SKEW_MS = 5 * 60_000;
export const VENDOR_SIGNATURE_HEADER = 'x-signature';

const id = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const base = { account: z.string().min(1).max(40), timestamp: z.number().int() };

export const callbackBodies = {
  balance: z.object(base),
  debit: z.object({ ...base, transactionId: id, roundId: id.optional(), gameCode: id, amount: amountSchema }),
  credit: z.object({
    ...base,
    transactionId: id,
    /** The stake transaction this settles. */
    betTransactionId: id,
    /** What the player gets back, stake included; 0 for a loss. */
    amount: z.union([z.number(), z.string()]),
    /** The part of the stake that counts as turnover (default: all of it). */
    validBet: z.union([z.number(), z.string()]).optional(),
  }),
  rollback: z.object({ ...base, transactionId: id, betTransactionId: id }),
} as const;

export const callbackResultSchema = z.object({
  account: z.string(),
  /** The player's balance after the call, 2 decimals. */
  balance: z.number(),
  transactionId: z.string().optional(),
  betStatus: z.enum(['OPEN', 'SETTLED', 'VOID']).optional(),
});
export type CallbackResult = z.infer<typeof callbackResultSchema>;
