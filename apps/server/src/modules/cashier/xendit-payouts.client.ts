/**
 * Xendit Payouts API v2 over typed REST (payouts to banks and e-wallets in PH, ID, VN, TH, MY).
 * The protocol, as published:
 * - Create: https://docs.xendit.co/apidocs/create-payout (POST /v2/payouts, `Idempotency-key`
 *   header, body reference_id, channel_code, channel_properties {account_holder_name,
 *   account_number}, amount, currency, description)
 * - Get by id / by reference: GET /v2/payouts/{id}, GET /v2/payouts?reference_id=
 *   (https://docs.xendit.co/docs/integration-payouts)
 * - Statuses ACCEPTED, REQUESTED, LOCKED, SUCCEEDED, FAILED, CANCELLED, REVERSED and failure codes
 *   (INSUFFICIENT_BALANCE, REJECTED_BY_CHANNEL, TEMPORARY_TRANSFER_ERROR, INVALID_DESTINATION,
 *   TRANSFER_ERROR): the Payout model of https://github.com/xendit/xendit-node (payout/models)
 * - Errors in creating a payout (API_VALIDATION_ERROR, CHANNEL_CODE_NOT_SUPPORTED_ERROR,
 *   RECIPIENT_ACCOUNT_NUMBER_ERROR, RECIPIENT_AMOUNT_ERROR, MAXIMUM_TRANSFER_LIMIT_ERROR,
 *   DUPLICATE_TRANSACTION_ERROR, REQUEST_FORBIDDEN_ERROR, SERVER_ERROR):
 *   https://docs.xendit.co/api-payouts-beta/payouts-errors/
 * - Webhook: https://docs.xendit.co/apidocs/payout-webhook (events payout.succeeded,
 *   payout.failed, payout.reversed ...; `x-callback-token` = the dashboard's verification token;
 *   answer 200 at once, Xendit retries for 24 h otherwise)
 * Authentication is HTTP Basic with the secret API key as the user name and no password.
 * The official xendit-node client is not used: its payout calls take no timeout or abort signal,
 * and the reconciliation below needs to tell a timeout from a refusal.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { ProviderConfigSource } from '../integrations';
import type { PayoutOrder, PayoutProviderOps, PayoutStatus } from './payment-adapter';
import { XENDIT, XENDIT_BASE_URL, XENDIT_DEFAULT_TIMEOUT_MS } from './xendit-deposits.client';

export { XENDIT };

export const XENDIT_PAYOUT_STATUSES = [
  'ACCEPTED',
  'REQUESTED',
  'LOCKED',
  'SUCCEEDED',
  'FAILED',
  'CANCELLED',
  'REVERSED',
] as const;

/** A payout as Xendit answers it (create, get, list, webhook data); other fields are ignored. */
const payoutSchema = z.object({
  id: z.string().min(1),
  reference_id: z.string(),
  amount: z.number(),
  currency: z.string(),
  channel_code: z.string(),
  status: z.enum(XENDIT_PAYOUT_STATUSES),
  failure_code: z.string().nullish(),
});
type XenditPayout = z.infer<typeof payoutSchema>;

const errorSchema = z.object({ error_code: z.string(), message: z.string().optional() });

const webhookSchema = z.object({
  event: z.string().regex(/^payout\./),
  business_id: z.string().optional(),
  created: z.string().optional(),
  data: payoutSchema,
});

/**
 * Refusals that mean the payout was not created and never will be with this request: the money
 * comes back to the member. Anything else (auth, forbidden, duplicate key, 5xx) leaves the payout
 * in flight for the reconciliation to settle.
 */
const DEFINITIVE_REFUSALS = new Set([
  'API_VALIDATION_ERROR',
  'INVALID_JSON_FORMAT',
  'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
  'RECIPIENT_ACCOUNT_NUMBER_ERROR',
  'RECIPIENT_AMOUNT_ERROR',
  'MAXIMUM_TRANSFER_LIMIT_ERROR',
  'INSUFFICIENT_BALANCE',
]);

/** Currencies whose amounts Xendit takes in whole units only. */
const WHOLE_UNIT_CURRENCIES = new Set(['IDR', 'VND']);

/** The currency a channel pays in, from its country prefix (PH_GCASH → PHP). */
export function currencyOfChannel(channelCode: string): string | null {
  const prefix = channelCode.slice(0, 3);
  return { PH_: 'PHP', ID_: 'IDR', VN_: 'VND', TH_: 'THB', MY_: 'MYR' }[prefix] ?? null;
}

/** Minor units as Xendit's amount; null where the currency takes whole units and there are cents. */
export function xenditAmount(minor: bigint, currency: string): number | null {
  if (WHOLE_UNIT_CURRENCIES.has(currency)) return minor % 100n === 0n ? Number(minor / 100n) : null;
  return Number(minor) / 100;
}

/** Xendit's status words onto ours: only SUCCEEDED is paid; FAILED, CANCELLED, REVERSED return. */
export function mapXenditStatus(p: XenditPayout): PayoutStatus {
  const state =
    p.status === 'SUCCEEDED'
      ? 'SUCCEEDED'
      : p.status === 'FAILED' || p.status === 'CANCELLED' || p.status === 'REVERSED'
        ? 'FAILED'
        : 'PENDING';
  return {
    state,
    providerRef: p.id,
    providerStatus: p.status,
    ...(p.failure_code ? { failureCode: p.failure_code } : {}),
    // Xendit's amount is in the currency's units (decimals where it has them): to minor units,
    // rounded to the cent so a float's last digit never reads as a mismatch.
    ...(Number.isFinite(p.amount) ? { amount: BigInt(Math.round(p.amount * 100)) } : {}),
    currency: p.currency,
  };
}

/** The XENDIT settings this client reads (the rest of the definition belongs to deposits). */
export const xenditPayoutSettingsSchema = z.object({
  baseUrl: z.url().default(XENDIT_BASE_URL),
  /** Withdrawals are paid through Xendit where this is on and the account's bank has a channel. */
  payoutsEnabled: z.boolean().default(false),
  /** Our payout bank code (payout_bank.code) → Xendit's channel code (PH_GCASH, ID_BCA ...). */
  payoutChannels: z
    .record(z.string().regex(/^[A-Z0-9_]{1,32}$/), z.string().regex(/^(PH|ID|VN|TH|MY)_[A-Z0-9_]{2,40}$/))
    .default({}),
  /** How long a call to Xendit may take before it counts as timed out (reconciled later). */
  timeoutMs: z.number().int().min(100).max(60_000).default(XENDIT_DEFAULT_TIMEOUT_MS),
});
export type XenditPayoutSettings = z.infer<typeof xenditPayoutSettingsSchema>;

interface Credentials {
  settings: XenditPayoutSettings;
  secretKey: string;
  callbackToken: string;
}

/** A call that did not reach a verdict (network, timeout, 5xx, an answer we cannot read). */
export class XenditUnavailable extends Error {}

type CreateResult =
  { kind: 'created'; payout: XenditPayout } | { kind: 'refused'; status: number; code: string };

/** Equal strings in constant time (both hashed first, so their lengths leak nothing either). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Xendit's payouts for the cashier: PayoutProviderOps over each brand's XENDIT configuration,
 * plus the channel a payout account's bank is paid through.
 */
export class XenditPayouts implements PayoutProviderOps {
  readonly code = XENDIT;

  constructor(
    private readonly configs: ProviderConfigSource,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Where the brand pays withdrawals through Xendit: the channel for this bank, else null. */
  async channel(
    merchant: string,
    bankCode: string,
  ): Promise<{ channelCode: string; currency: string } | null> {
    const cfg = await this.configs.get(merchant, XENDIT);
    if (!cfg?.enabled) return null;
    const settings = xenditPayoutSettingsSchema.safeParse(cfg.settings);
    if (!settings.success || !settings.data.payoutsEnabled) return null;
    const channelCode = settings.data.payoutChannels[bankCode];
    const currency = channelCode ? currencyOfChannel(channelCode) : null;
    return channelCode && currency ? { channelCode, currency } : null;
  }

  async create(p: PayoutOrder): Promise<PayoutStatus> {
    const amount = xenditAmount(p.amount, p.currency);
    if (amount === null)
      return {
        state: 'FAILED',
        providerRef: '',
        providerStatus: 'REFUSED',
        failureCode: 'RECIPIENT_AMOUNT_ERROR',
      };
    const result = await this.createRaw(await this.credentials(p.merchant), p.reference, {
      reference_id: p.reference,
      channel_code: p.channelCode,
      channel_properties: { account_holder_name: p.accountName, account_number: p.accountNo },
      amount,
      currency: p.currency,
      description: `Withdrawal ${p.reference}`,
    });
    if (result.kind === 'created') return mapXenditStatus(result.payout);
    if (DEFINITIVE_REFUSALS.has(result.code))
      return { state: 'FAILED', providerRef: '', providerStatus: 'REFUSED', failureCode: result.code };
    throw new XenditUnavailable(`xendit refused the payout ${p.reference}: ${result.status} ${result.code}`);
  }

  async status(
    merchant: string,
    reference: string,
    providerRef: string | null,
  ): Promise<PayoutStatus | null> {
    const c = await this.credentials(merchant);
    if (providerRef) {
      const res = await this.call(c, 'GET', `/v2/payouts/${encodeURIComponent(providerRef)}`);
      if (res.status === 404) return null;
      if (res.status !== 200) throw new XenditUnavailable(`xendit answered ${res.status}`);
      return mapXenditStatus(this.parse(payoutSchema, res.body));
    }
    const res = await this.call(c, 'GET', `/v2/payouts?reference_id=${encodeURIComponent(reference)}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new XenditUnavailable(`xendit answered ${res.status}`);
    // reference_id need not be unique at Xendit; ours is, so any match is this payout.
    const list = this.parse(z.object({ data: z.array(payoutSchema) }), res.body).data;
    const found = list.find((x) => x.reference_id === reference);
    return found ? mapXenditStatus(found) : null;
  }

  async notification(
    merchant: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PayoutStatus & { eventId: string; reference: string }> {
    const cfg = await this.configs.get(merchant, XENDIT);
    const token = cfg?.secrets.callbackToken ?? '';
    // WARNING: nothing in the body is believed before the token matches.
    if (!cfg || !sameSecret(header(headers, 'x-callback-token') ?? '', token))
      throw new AppError('gateway.signature.invalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('request.invalid');
    }
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) throw new AppError('request.invalid');
    const { data } = parsed.data;
    // Xendit's delivery id where it sends one; else the payout and its status make the event.
    const eventId = header(headers, 'webhook-id') ?? `${data.id}:${data.status}`;
    return { ...mapXenditStatus(data), eventId, reference: data.reference_id };
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  private async credentials(merchant: string): Promise<Credentials> {
    const cfg = await this.configs.get(merchant, XENDIT);
    const settings = xenditPayoutSettingsSchema.safeParse(cfg?.settings ?? {});
    const secretKey = cfg?.secrets.secretKey;
    if (!cfg?.enabled || !settings.success || !secretKey)
      throw new XenditUnavailable(`XENDIT is not configured for ${merchant}`);
    return { settings: settings.data, secretKey, callbackToken: cfg.secrets.callbackToken ?? '' };
  }

  private async createRaw(c: Credentials, idempotencyKey: string, body: object): Promise<CreateResult> {
    const res = await this.call(c, 'POST', '/v2/payouts', body, { 'Idempotency-key': idempotencyKey });
    if (res.status === 200 || res.status === 201)
      return { kind: 'created', payout: this.parse(payoutSchema, res.body) };
    if (res.status >= 400 && res.status < 500) {
      const err = errorSchema.safeParse(res.body);
      return {
        kind: 'refused',
        status: res.status,
        code: err.success ? err.data.error_code : `HTTP_${res.status}`,
      };
    }
    throw new XenditUnavailable(`xendit answered ${res.status}`);
  }

  private async call(
    c: Credentials,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    // Paths are absolute: a base URL's own path prefix (a proxy) stays in front of them.
    const url = new URL(`${c.settings.baseUrl.replace(/\/$/, '')}${path}`);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${c.secretKey}:`).toString('base64')}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(c.settings.timeoutMs),
      });
    } catch (err) {
      throw new XenditUnavailable(`xendit unreachable: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (res.status < 500) throw new XenditUnavailable(`xendit answered ${res.status} with no JSON`);
    }
    return { status: res.status, body: json };
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const r = schema.safeParse(body);
    if (!r.success) throw new XenditUnavailable(`xendit answer not understood: ${r.error.message}`);
    return r.data;
  }
}
