import { z } from 'zod';

/**
 * The operator side of Hub88's Wallet API (docs.hub88.io/developer-docs/operator-api-reference/wallet-api
 * and .../operator-api-overview/seamless-wallet-response-statuses): Hub88 POSTs JSON signed in
 * X-Hub88-Signature; we answer HTTP 200 with a JSON body whose `status` is one of these, signed
 * with our key. Unknown fields are kept (Hub88 adds optional ones, e.g. is_billable, without notice).
 */
export const HUB88_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_BET_LIMIT_EXCEEDED',
] as const;
export type Hub88Status = (typeof HUB88_STATUSES)[number];

export const HUB88_WALLET_ACTIONS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type Hub88WalletAction = (typeof HUB88_WALLET_ACTIONS)[number];

/** Amounts: integers, the currency's value × 100 000 (docs: "$3.56 is represented as 356000"). */
export const HUB88_AMOUNT_SCALE = 100_000n;

const id = z.string().min(1).max(255);
const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const currency = z.string().min(1).max(16);

export const hub88Requests = {
  'user/info': z.looseObject({ user: id, request_uuid: id }),
  'user/balance': z.looseObject({
    user: id,
    token: id,
    request_uuid: id,
    game_code: z.string().max(255).nullable().optional(),
  }),
  'transaction/bet': z.looseObject({
    user: id,
    transaction_uuid: id,
    supplier_transaction_id: z.string().max(255).nullable().optional(),
    token: id,
    supplier_user: z.string().max(255).nullable().optional(),
    round_closed: z.boolean().nullable().optional(),
    round: id,
    reward_uuid: z.string().max(255).nullable().optional(),
    request_uuid: id,
    is_free: z.boolean().nullable().optional(),
    is_aggregated: z.boolean().nullable().optional(),
    game_code: id,
    currency,
    bet: z.string().max(255).nullable().optional(),
    amount,
  }),
  'transaction/win': z.looseObject({
    user: id,
    transaction_uuid: id,
    supplier_transaction_id: z.string().max(255).nullable().optional(),
    token: id,
    supplier_user: z.string().max(255).nullable().optional(),
    round_closed: z.boolean().nullable().optional(),
    round: id,
    reward_uuid: z.string().max(255).nullable().optional(),
    request_uuid: id,
    reference_transaction_uuid: id,
    is_free: z.boolean().nullable().optional(),
    is_aggregated: z.boolean().nullable().optional(),
    game_code: id,
    currency,
    bet: z.string().max(255).nullable().optional(),
    amount,
  }),
  'transaction/rollback': z.looseObject({
    user: id,
    transaction_uuid: id,
    supplier_transaction_id: z.string().max(255).nullable().optional(),
    token: id,
    round_closed: z.boolean().nullable().optional(),
    round: id,
    request_uuid: id,
    reference_transaction_uuid: id,
    game_code: z.string().max(255).nullable().optional(),
  }),
} as const;

export type Hub88Request<A extends Hub88WalletAction> = z.output<(typeof hub88Requests)[A]>;
