/**
 * Xendit Payments API v3 (payment requests), the collection side: typed REST over fetch + zod.
 *
 * Protocol, as published (the docs present v3 `/v3/payment_requests` as the current API for
 * e-wallets, QR and virtual accounts in PH, ID, VN and TH; v2 and the per-channel APIs are legacy):
 * - Create:   https://docs.xendit.co/apidocs/create-payment-request (POST /v3/payment_requests,
 *             header api-version 2024-11-11, Basic auth with the secret key as user and an empty
 *             password, Idempotency-key header; body reference_id, type PAY, country, currency,
 *             request_amount, capture_method, channel_code, channel_properties)
 * - Status:   GET /v3/payment_requests/{payment_request_id} (same page's API reference)
 * - Actions:  REDIRECT_CUSTOMER (WEB_URL / DEEPLINK_URL), PRESENT_TO_CUSTOMER (QR_STRING,
 *             VIRTUAL_ACCOUNT_NUMBER, PAYMENT_CODE); statuses ACCEPTING_PAYMENTS, REQUIRES_ACTION,
 *             AUTHORIZED, SUCCEEDED, FAILED, EXPIRED, CANCELED
 * - Channels: https://docs.xendit.co/docs/routing-payment-channels (channel_code, channel_properties
 *             success_return_url / failure_return_url / cancel_return_url)
 * - Webhook:  https://docs.xendit.co/apidocs/payment-webhook-notification (x-callback-token header,
 *             events payment.capture / payment.authorization / payment.failure and
 *             https://docs.xendit.co/docs/payments-api-webhooks payment_request.expiry), retries:
 *             https://docs.xendit.co/webhook/delivery-attempts-and-retries/ (up to six re-deliveries
 *             until a 2xx)
 *
 * Why not the official `xendit-node` SDK: its generated PaymentRequest client (as its docs and the
 * sibling xendit-php docs show) speaks the v2 payment_requests shape (payment_method sub-objects),
 * not v3's channel_code + actions; two v3 endpoints with a timeout are a few lines here.
 * Amounts: Xendit takes major units as a JSON number; IDR and VND have no decimals.
 */
import { z } from 'zod';

export const XENDIT = 'XENDIT';
export const XENDIT_BASE_URL = 'https://api.xendit.co';
export const XENDIT_API_VERSION = '2024-11-11';
export const XENDIT_DEFAULT_TIMEOUT_MS = 10_000;

/** Currencies Xendit collects in without decimals. */
export const ZERO_DECIMAL_CURRENCIES: ReadonlySet<string> = new Set(['IDR', 'VND']);

export const paymentRequestSchema = z.object({
  payment_request_id: z.string().min(1).max(200),
  reference_id: z.string(),
  status: z.string().min(1).max(40),
  request_amount: z.number(),
  currency: z.string(),
  channel_code: z.string().optional(),
  channel_properties: z.record(z.string(), z.unknown()).optional(),
  actions: z
    .array(z.object({ type: z.string(), descriptor: z.string(), value: z.string() }))
    .optional()
    .default([]),
});
export type XenditPaymentRequest = z.infer<typeof paymentRequestSchema>;

export interface CreatePaymentRequest {
  reference_id: string;
  type: 'PAY';
  country: string;
  currency: string;
  request_amount: number;
  capture_method: 'AUTOMATIC';
  channel_code: string;
  channel_properties: Record<string, string>;
  description: string;
  metadata: Record<string, string>;
}

/** A call Xendit answered with an error, or did not answer (status 0: network error or timeout). */
export class XenditError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(`Xendit ${status} ${errorCode}: ${message}`);
  }

  /** Worth asking again with the same idempotency key: no answer, or the provider's own failure. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429;
  }
}

export interface XenditCredentials {
  baseUrl: string;
  secretKey: string;
  timeoutMs: number;
}

export class XenditDepositsClient {
  constructor(private readonly fetchFn: typeof fetch = fetch) {}

  /**
   * POST /v3/payment_requests with Idempotency-key: a retry of the same key answers the same
   * payment request, so one retry after no answer or a 5xx is safe (and done).
   */
  async create(
    c: XenditCredentials,
    body: CreatePaymentRequest,
    idempotencyKey: string,
  ): Promise<XenditPaymentRequest> {
    const send = () =>
      this.call(c, 'POST', '/v3/payment_requests', { 'idempotency-key': idempotencyKey }, body);
    try {
      return await send();
    } catch (err) {
      if (err instanceof XenditError && err.retryable) return send();
      throw err;
    }
  }

  /** GET /v3/payment_requests/{id}; null when Xendit does not know it (404). */
  async get(c: XenditCredentials, paymentRequestId: string): Promise<XenditPaymentRequest | null> {
    try {
      return await this.call(
        c,
        'GET',
        `/v3/payment_requests/${encodeURIComponent(paymentRequestId)}`,
        {},
        undefined,
      );
    } catch (err) {
      if (err instanceof XenditError && err.status === 404) return null;
      throw err;
    }
  }

  private async call(
    c: XenditCredentials,
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<XenditPaymentRequest> {
    let res: Response;
    try {
      res = await this.fetchFn(`${c.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${c.secretKey}:`).toString('base64')}`,
          'api-version': XENDIT_API_VERSION,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(c.timeoutMs),
      });
    } catch (err) {
      throw new XenditError(0, 'NO_ANSWER', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const e = z.object({ error_code: z.string(), message: z.string() }).partial().safeParse(json);
      throw new XenditError(
        res.status,
        (e.success && e.data.error_code) || 'HTTP_ERROR',
        (e.success && e.data.message) || text.slice(0, 200),
      );
    }
    const parsed = paymentRequestSchema.safeParse(json);
    if (!parsed.success) throw new XenditError(res.status, 'BAD_ANSWER', 'unexpected response shape');
    return parsed.data;
  }
}
