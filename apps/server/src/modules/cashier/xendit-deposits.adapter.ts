import { timingSafeEqual } from 'node:crypto';
import { minorText, toMinor } from '@app/contracts';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { refuseUnstorable } from '../../platform/input-guard';
import type { ProviderConfigSource } from '../integrations';
import { invalidField } from './cashier-orders';
import type {
  DepositAction,
  DepositCollection,
  DepositCreated,
  DepositNotification,
  DepositProviderOps,
  DepositStatus,
  PaymentAdapter,
  ProviderChannel,
} from './payment-adapter';
import {
  XENDIT,
  XENDIT_BASE_URL,
  XENDIT_DEFAULT_TIMEOUT_MS,
  type XenditCredentials,
  XenditDepositsClient,
  XenditError,
  type XenditPaymentRequest,
  ZERO_DECIMAL_CURRENCIES,
} from './xendit-deposits.client';

/** The header Xendit puts the brand's webhook verification token in. */
export const XENDIT_TOKEN_HEADER = 'x-callback-token';
/** A delivery's id, the same on every re-delivery of one event (when Xendit sends it). */
export const XENDIT_WEBHOOK_ID_HEADER = 'webhook-id';

const COUNTRY_CURRENCY: Record<string, string> = { PH: 'PHP', ID: 'IDR', VN: 'VND', TH: 'THB' };

/** Minor units of a validated amount setting. */
const minor = (v: number | string): bigint => toMinor(v) ?? 0n;

/** An amount as saved (major units, JSON-safe: settings are stored as given). */
const amountSetting = (positive: boolean) =>
  z.union([z.number(), z.string()]).refine(
    (v) => {
      const m = toMinor(v);
      return m !== null && (!positive || m > 0n);
    },
    { message: 'amount.format' },
  );

/** One channel a brand offers through Xendit: its code there, how it is paid, what the cashier shows. */
export const xenditChannelSchema = z
  .object({
    /** Xendit's channel_code (GCASH, PAYMAYA, GRABPAY, SHOPEEPAY, DANA, OVO, LINKAJA, MOMO, ZALOPAY, TRUEMONEY, QRPH, QRIS, PROMPTPAY, BPI_VIRTUAL_ACCOUNT ...). */
    channelCode: z.string().regex(/^[A-Z0-9_]{2,64}$/),
    kind: z.enum(['EWALLET', 'QR', 'VA']),
    name: z.string().trim().min(1).max(60),
    /** A site path (/payment-logos/gcash.svg) or an https URL; default: the built-in logo of the code. */
    logo: z
      .string()
      .max(300)
      .regex(/^(\/[A-Za-z0-9._/-]+|https:\/\/[^\s"'<>]+)$/)
      .optional(),
    minAmount: amountSetting(true),
    maxAmount: amountSetting(true),
    /** Percent of the amount, 2 decimals. */
    feePercent: z.number().min(0).max(99.99).default(0),
    feeFixed: amountSetting(false).default(0),
  })
  .refine((c) => minor(c.minAmount) <= minor(c.maxAmount), { path: ['maxAmount'], message: 'below.min' });

/**
 * XENDIT's non-secret settings, deposit side. Loose: keys this side does not know (the payouts
 * side's) are kept as saved.
 */
export const xenditDepositSettingsSchema = z
  .object({
    baseUrl: z.url().default(XENDIT_BASE_URL),
    timeoutMs: z.number().int().min(100).max(60_000).default(XENDIT_DEFAULT_TIMEOUT_MS),
    country: z.enum(['PH', 'ID', 'VN', 'TH']).default('PH'),
    currency: z.enum(['PHP', 'IDR', 'VND', 'THB']).default('PHP'),
    depositChannels: z.array(xenditChannelSchema).max(30).default([]),
  })
  .loose()
  .refine((s) => COUNTRY_CURRENCY[s.country] === s.currency, {
    path: ['currency'],
    message: 'country.mismatch',
  })
  .refine((s) => new Set(s.depositChannels.map((c) => c.channelCode)).size === s.depositChannels.length, {
    path: ['depositChannels'],
    message: 'duplicate',
  });
type XenditDepositSettings = z.output<typeof xenditDepositSettingsSchema>;

const webhookSchema = z.object({
  event: z.string().min(1).max(80),
  business_id: z.string().max(100).optional(),
  created: z.string().max(60).optional(),
  data: z.object({
    payment_id: z.string().max(200).optional(),
    payment_request_id: z.string().min(1).max(200),
    reference_id: z.string().min(1).max(64),
    status: z.string().min(1).max(40),
    request_amount: z.number(),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
});

/** Xendit's payment / payment request status words onto ours. */
function stateOf(status: string): DepositStatus['state'] {
  switch (status) {
    case 'SUCCEEDED':
      return 'ARRIVED';
    case 'FAILED':
    case 'EXPIRED':
    case 'CANCELED':
      return 'FAILED';
    default:
      // ACCEPTING_PAYMENTS, REQUIRES_ACTION, AUTHORIZED, PENDING: not final yet.
      return 'PENDING';
  }
}

function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Major units as Xendit takes them: a JSON number, integral for IDR and VND. */
export function xenditAmount(minor: bigint, currency: string): number {
  if (ZERO_DECIMAL_CURRENCIES.has(currency) && minor % 100n !== 0n)
    throw invalidField('amount', 'amount.whole');
  return Number(minorText(minor));
}

export class XenditDepositOps implements DepositProviderOps {
  constructor(
    private readonly configs: ProviderConfigSource,
    private readonly client = new XenditDepositsClient(),
  ) {}

  private async config(merchant: string) {
    const cfg = await this.configs.get(merchant, XENDIT);
    if (!cfg) return null;
    const settings = xenditDepositSettingsSchema.safeParse(cfg.settings);
    if (!settings.success) return null;
    return { cfg, settings: settings.data as XenditDepositSettings };
  }

  private credentials(s: XenditDepositSettings, secretKey: string | undefined): XenditCredentials {
    if (!secretKey) throw new AppError('cashier.gateway.unavailable');
    return { baseUrl: s.baseUrl, secretKey, timeoutMs: s.timeoutMs };
  }

  async available(merchant: string): Promise<boolean> {
    const c = await this.config(merchant);
    return !!c?.cfg.enabled && !!c.cfg.secrets.secretKey && !!c.cfg.secrets.callbackToken;
  }

  async channels(merchant: string): Promise<ProviderChannel[] | null> {
    const c = await this.config(merchant);
    if (!c) return null;
    if (!c.cfg.enabled) return [];
    return c.settings.depositChannels.map((ch) => ({
      channelCode: ch.channelCode,
      name: ch.name,
      logo: ch.logo ?? `/payment-logos/${ch.channelCode.toLowerCase()}.svg`,
      minAmount: minor(ch.minAmount),
      maxAmount: minor(ch.maxAmount),
      feeBp: Math.round(ch.feePercent * 100),
      feeFixed: minor(ch.feeFixed),
    }));
  }

  async create(o: DepositCollection): Promise<DepositCreated> {
    const c = await this.config(o.merchant);
    if (!c?.cfg.enabled) throw new AppError('cashier.gateway.unavailable');
    const s = c.settings;
    const channel = s.depositChannels.find((ch) => ch.channelCode === o.channelCode);
    if (!channel) throw new AppError('cashier.channel.unknown');
    const properties: Record<string, string> =
      channel.kind === 'EWALLET'
        ? {
            success_return_url: o.returnUrl,
            failure_return_url: o.returnUrl,
            cancel_return_url: o.returnUrl,
          }
        : channel.kind === 'VA'
          ? { display_name: channel.name }
          : {};
    const pr = await this.client.create(
      this.credentials(s, c.cfg.secrets.secretKey),
      {
        reference_id: o.orderNo,
        type: 'PAY',
        country: s.country,
        currency: s.currency,
        request_amount: xenditAmount(o.amount, s.currency),
        capture_method: 'AUTOMATIC',
        channel_code: o.channelCode,
        channel_properties: properties,
        description: `Deposit ${o.orderNo}`,
        metadata: { order_no: o.orderNo, merchant: o.merchant },
      },
      // The order number: a retried create answers the same payment request.
      o.orderNo,
    );
    if (pr.reference_id !== o.orderNo || stateOf(pr.status) === 'FAILED')
      throw new XenditError(200, pr.status, 'payment request not usable');
    const expires = pr.channel_properties?.expires_at;
    const expiresAt =
      typeof expires === 'string' && !Number.isNaN(Date.parse(expires)) ? new Date(expires) : null;
    return {
      providerRef: pr.payment_request_id,
      action: actionOf(pr, channel.name),
      expiresAt,
      currency: s.currency,
    };
  }

  async status(merchant: string, orderNo: string, providerRef: string | null): Promise<DepositStatus | null> {
    if (!providerRef) return null;
    const c = await this.config(merchant);
    if (!c) return null;
    const pr = await this.client.get(this.credentials(c.settings, c.cfg.secrets.secretKey), providerRef);
    if (!pr || pr.reference_id !== orderNo) return null;
    const amount = toMinor(pr.request_amount);
    if (amount === null) return null;
    return {
      state: stateOf(pr.status),
      providerRef: pr.payment_request_id,
      providerStatus: pr.status,
      amount,
      currency: pr.currency,
    };
  }

  async notification(
    merchant: string,
    raw: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<DepositNotification> {
    const c = await this.configs.get(merchant, XENDIT);
    const expected = c?.secrets.callbackToken ?? '';
    if (!tokenMatches(expected, headers[XENDIT_TOKEN_HEADER]))
      throw new AppError('gateway.signature.invalid');
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw invalidField('body', 'json');
    }
    refuseUnstorable(json);
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('request.invalid', {
        fields: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    const { event, data } = parsed.data;
    const amount = toMinor(data.request_amount);
    if (amount === null) throw invalidField('data.request_amount', 'amount.format');
    const deliveryId = headers[XENDIT_WEBHOOK_ID_HEADER];
    const eventId =
      typeof deliveryId === 'string' && /^[A-Za-z0-9_.:-]{1,150}$/.test(deliveryId)
        ? `webhook:${deliveryId}`
        : `${event}:${data.payment_id ?? data.payment_request_id}:${data.status}`;
    return {
      eventId,
      orderNo: data.reference_id,
      state: stateOf(data.status),
      providerRef: data.payment_request_id,
      providerStatus: data.status,
      amount,
      currency: data.currency,
    };
  }
}

/** What the member must do, from the payment request's actions (a page first, then a QR, then an account). */
function actionOf(pr: XenditPaymentRequest, channelName: string): DepositAction {
  const find = (type: string, ...descriptors: string[]) =>
    descriptors
      .map((d) => pr.actions.find((a) => a.type === type && a.descriptor === d))
      .find((a) => a !== undefined);
  const page = find('REDIRECT_CUSTOMER', 'WEB_URL', 'DEEPLINK_URL');
  if (page && /^https?:\/\//.test(page.value)) return { kind: 'REDIRECT', url: page.value };
  const qr = find('PRESENT_TO_CUSTOMER', 'QR_STRING');
  if (qr) return { kind: 'QR', qr: qr.value };
  const account = find('PRESENT_TO_CUSTOMER', 'VIRTUAL_ACCOUNT_NUMBER', 'PAYMENT_CODE');
  if (account) {
    const name = pr.channel_properties?.display_name;
    return {
      kind: 'VIRTUAL_ACCOUNT',
      bank: channelName,
      accountNo: account.value,
      accountName: typeof name === 'string' ? name : '',
    };
  }
  return { kind: 'NONE' };
}

export function xenditPaymentAdapter(configs: ProviderConfigSource): PaymentAdapter {
  return { code: XENDIT, deposits: new XenditDepositOps(configs) };
}
