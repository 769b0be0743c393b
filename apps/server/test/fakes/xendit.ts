/**
 * A local fake of Xendit's Payments API v3 (payment requests) for tests and the e2e set-up, built
 * from the published docs (see modules/cashier/xendit-deposits.client.ts for the URLs). A real HTTP
 * server on 127.0.0.1: Basic auth with the account's secret key (user = key, empty password) is
 * checked exactly, Idempotency-key is honoured (same key and body: the same answer; same key,
 * other body: 409), payment requests keep their state, the checkout page (GCash-like: Pay /
 * Cancel) settles them, and the documented webhook (x-callback-token, webhook-id) is sent to the
 * account's webhook URL.
 *
 * It can be told to misbehave: webhooks twice, never, late (held until the status of that
 * payment request has been queried), reordered (a stale non-final event after the final one),
 * with a wrong amount or currency; creates answering 5xx, timing out, or timing out once after
 * taking the request (the retry with the same key must get it back).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface XenditAccount {
  secretKey: string;
  callbackToken: string;
  /** Where this account's webhooks go (as set in Xendit's dashboard: the brand's callback URL). */
  webhookUrl: string;
  /**
   * Headers sent with each webhook besides Xendit's. Stands in for the brand's host: on a real
   * deployment the webhook URL is on the brand's own domain, here every brand shares 127.0.0.1.
   */
  webhookHeaders?: Record<string, string>;
  businessId?: string;
}

export type WebhookMode = 'once' | 'twice' | 'never' | 'late' | 'reorder';

export interface XenditFakeBehaviour {
  webhook: WebhookMode;
  /** Added to the amount the webhook reports (major units). */
  amountDelta: number;
  /** The currency the webhook reports instead of the request's. */
  currency: string | null;
  /** How creates answer: normally, 503, hang past any client timeout, or take it and hang once. */
  create: 'ok' | '5xx' | 'timeout' | 'timeout-once';
  /** How status queries answer. */
  status: 'ok' | '5xx';
}

interface StoredRequest {
  account: XenditAccount;
  id: string;
  body: Record<string, unknown>;
  status: string;
  paymentId: string | null;
  created: string;
  updated: string;
  expiresAt: string;
}

export interface WebhookDelivery {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const DEFAULTS: XenditFakeBehaviour = {
  webhook: 'once',
  amountDelta: 0,
  currency: null,
  create: 'ok',
  status: 'ok',
};

const EWALLETS = new Set([
  'GCASH',
  'PAYMAYA',
  'GRABPAY',
  'SHOPEEPAY',
  'DANA',
  'OVO',
  'LINKAJA',
  'MOMO',
  'ZALOPAY',
  'TRUEMONEY',
]);
const QRS = new Set(['QRPH', 'QRIS', 'PROMPTPAY', 'VIETQR']);
const ZERO_DECIMAL = new Set(['IDR', 'VND']);

export class XenditFake {
  readonly accounts: XenditAccount[] = [];
  behaviour: XenditFakeBehaviour = { ...DEFAULTS };
  /** Every payment request, by id. */
  readonly requests = new Map<string, StoredRequest>();
  /** Every webhook sent, in order, with our answer. */
  readonly deliveries: WebhookDelivery[] = [];
  /** Calls received (method and path), in order. */
  readonly calls: { method: string; path: string; idempotencyKey: string | null }[] = [];
  private readonly idempotent = new Map<string, { bodyText: string; answer: string; status: number }>();
  private readonly held = new Map<string, (() => Promise<void>)[]>();
  private readonly hanging = new Set<ServerResponse>();
  private server: Server | null = null;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.json(res, 500, { error_code: 'SERVER_ERROR', message: String(err) });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  addAccount(a: XenditAccount): void {
    this.accounts.push(a);
  }

  reset(): void {
    this.behaviour = { ...DEFAULTS };
  }

  byReference(orderNo: string): StoredRequest | undefined {
    return [...this.requests.values()].find((r) => r.body.reference_id === orderNo);
  }

  // ---- what the member does on the checkout page (tests may call these directly) ------------------

  /** The member pays: SUCCEEDED, and the payment.capture webhook as the behaviour says. */
  pay(id: string): Promise<void> {
    return this.settle(id, 'SUCCEEDED', 'payment.capture');
  }

  /** The member cancels, or the channel declines: FAILED and payment.failure. */
  fail(id: string): Promise<void> {
    return this.settle(id, 'FAILED', 'payment.failure');
  }

  /** The request's time ran out: EXPIRED and payment_request.expiry. */
  expire(id: string): Promise<void> {
    return this.settle(id, 'EXPIRED', 'payment_request.expiry');
  }

  /** Cancelled at Xendit: CANCELED (status query only: Xendit documents no webhook for it). */
  cancel(id: string): void {
    const r = this.mustGet(id);
    r.status = 'CANCELED';
    r.updated = new Date().toISOString();
  }

  /** Sends again the webhook of a request's current state (a re-delivery after no 2xx). */
  redeliver(id: string, webhookId?: string): Promise<WebhookDelivery> {
    const r = this.mustGet(id);
    return this.send(r, eventFor(r.status), r.status, webhookId);
  }

  private async settle(id: string, status: string, event: string): Promise<void> {
    const r = this.mustGet(id);
    if (!['REQUIRES_ACTION', 'ACCEPTING_PAYMENTS'].includes(r.status)) return;
    r.status = status;
    r.updated = new Date().toISOString();
    if (status === 'SUCCEEDED') r.paymentId = `py-${randomUUID()}`;
    const webhookId = randomUUID();
    const mode = this.behaviour.webhook;
    const deliver = async () => {
      await this.send(r, event, status, webhookId);
      if (mode === 'twice') await this.send(r, event, status, webhookId);
      if (mode === 'reorder') await this.send(r, 'payment.authorization', 'AUTHORIZED', randomUUID());
    };
    if (mode === 'never') return;
    if (mode === 'late') {
      const list = this.held.get(id) ?? [];
      list.push(deliver);
      this.held.set(id, list);
      return;
    }
    await deliver();
  }

  private mustGet(id: string): StoredRequest {
    const r = this.requests.get(id);
    if (!r) throw new Error(`fake Xendit: no payment request ${id}`);
    return r;
  }

  private async send(r: StoredRequest, event: string, status: string, webhookId: string = randomUUID()) {
    const amount = Number(r.body.request_amount) + this.behaviour.amountDelta;
    const payload = {
      event,
      business_id: r.account.businessId ?? 'fake-business',
      created: new Date().toISOString(),
      data: {
        ...(r.paymentId && event.startsWith('payment.') ? { payment_id: r.paymentId } : {}),
        payment_request_id: r.id,
        business_id: r.account.businessId ?? 'fake-business',
        reference_id: r.body.reference_id,
        status,
        request_amount: amount,
        currency: this.behaviour.currency ?? r.body.currency,
        country: r.body.country,
        channel_code: r.body.channel_code,
        channel_properties: r.body.channel_properties,
        type: 'PAY',
        created: r.created,
        updated: r.updated,
      },
    };
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'x-callback-token': r.account.callbackToken,
      'webhook-id': webhookId,
      ...(r.account.webhookHeaders ?? {}),
    };
    let delivery: WebhookDelivery;
    try {
      const res = await fetch(r.account.webhookUrl, { method: 'POST', headers, body });
      delivery = { status: res.status, body: await res.text(), headers };
    } catch (err) {
      delivery = { status: 0, body: String(err), headers };
    }
    this.deliveries.push(delivery);
    return delivery;
  }

  // ---- the API ---------------------------------------------------------------------------------------

  private account(req: IncomingMessage): XenditAccount | null {
    const auth = req.headers.authorization ?? '';
    const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(auth);
    if (!m) return null;
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    return this.accounts.find((a) => decoded === `${a.secretKey}:`) ?? null;
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const key = req.headers['idempotency-key'];
    this.calls.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: typeof key === 'string' ? key : null,
    });

    const checkout = /^\/checkout\/(pr-[0-9a-f-]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (checkout) return this.checkout(req, res, checkout[1]!, checkout[2] as 'pay' | 'cancel' | undefined);

    if (url.pathname === '/v3/payment_requests' && req.method === 'POST') {
      const account = this.account(req);
      if (!account)
        return this.json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is not valid' });
      return this.create(res, account, bodyText, typeof key === 'string' ? key : null);
    }
    const get = /^\/v3\/payment_requests\/([^/]+)$/.exec(url.pathname);
    if (get && req.method === 'GET') {
      const account = this.account(req);
      if (!account)
        return this.json(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is not valid' });
      if (this.behaviour.status === '5xx')
        return this.json(res, 503, { error_code: 'SERVER_ERROR', message: 'unavailable' });
      const r = this.requests.get(decodeURIComponent(get[1]!));
      if (!r || r.account !== account)
        return this.json(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payment request not found' });
      this.json(res, 200, this.view(r));
      // A late webhook goes once its status has been asked for.
      const held = this.held.get(r.id);
      if (held) {
        this.held.delete(r.id);
        setTimeout(() => void Promise.all(held.map((d) => d())), 20);
      }
      return;
    }
    this.json(res, 404, { error_code: 'NOT_FOUND', message: 'not found' });
  }

  private create(res: ServerResponse, account: XenditAccount, bodyText: string, key: string | null) {
    const mode = this.behaviour.create;
    if (mode === '5xx') return this.json(res, 503, { error_code: 'SERVER_ERROR', message: 'try later' });
    if (mode === 'timeout') {
      this.hanging.add(res);
      return;
    }
    if (key) {
      const seen = this.idempotent.get(`${account.secretKey}|${key}`);
      if (seen) {
        if (seen.bodyText !== bodyText)
          return this.json(res, 409, {
            error_code: 'IDEMPOTENCY_ERROR',
            message: 'Idempotency key used with another request',
          });
        res.writeHead(seen.status, { 'content-type': 'application/json' });
        res.end(seen.answer);
        return;
      }
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(bodyText) as Record<string, unknown>;
    } catch {
      return this.json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: 'body is not JSON' });
    }
    const problem = validate(body);
    if (problem) return this.json(res, 400, { error_code: 'API_VALIDATION_ERROR', message: problem });
    const now = new Date();
    const r: StoredRequest = {
      account,
      id: `pr-${randomUUID()}`,
      body,
      status: 'REQUIRES_ACTION',
      paymentId: null,
      created: now.toISOString(),
      updated: now.toISOString(),
      expiresAt: new Date(now.getTime() + 15 * 60_000).toISOString(),
    };
    this.requests.set(r.id, r);
    const answer = JSON.stringify(this.view(r));
    if (key) this.idempotent.set(`${account.secretKey}|${key}`, { bodyText, answer, status: 201 });
    if (mode === 'timeout-once') {
      // Taken, but the answer never comes back: the client's retry must get this request.
      this.behaviour.create = 'ok';
      this.hanging.add(res);
      return;
    }
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(answer);
  }

  private view(r: StoredRequest) {
    const code = String(r.body.channel_code);
    const open = r.status === 'REQUIRES_ACTION';
    const actions = !open
      ? []
      : EWALLETS.has(code)
        ? [
            { type: 'REDIRECT_CUSTOMER', descriptor: 'WEB_URL', value: `${this.baseUrl}/checkout/${r.id}` },
            { type: 'REDIRECT_CUSTOMER', descriptor: 'DEEPLINK_URL', value: `gcash://pay/${r.id}` },
          ]
        : QRS.has(code)
          ? [{ type: 'PRESENT_TO_CUSTOMER', descriptor: 'QR_STRING', value: `00020101021226${r.id}5303608` }]
          : [
              {
                type: 'PRESENT_TO_CUSTOMER',
                descriptor: 'VIRTUAL_ACCOUNT_NUMBER',
                value: `8808${String(this.requests.size).padStart(8, '0')}`,
              },
            ];
    return {
      business_id: r.account.businessId ?? 'fake-business',
      reference_id: r.body.reference_id,
      payment_request_id: r.id,
      ...(r.paymentId ? { latest_payment_id: r.paymentId } : {}),
      type: 'PAY',
      country: r.body.country,
      currency: r.body.currency,
      request_amount: r.body.request_amount,
      capture_method: r.body.capture_method ?? 'AUTOMATIC',
      channel_code: code,
      channel_properties: { ...(r.body.channel_properties as object), expires_at: r.expiresAt },
      actions,
      status: r.status,
      ...(r.status === 'FAILED' ? { failure_code: 'USER_DID_NOT_AUTHORIZE' } : {}),
      description: r.body.description,
      metadata: r.body.metadata,
      created: r.created,
      updated: r.updated,
    };
  }

  // ---- the checkout page (what GCash shows the member) --------------------------------------------

  private async checkout(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    action: 'pay' | 'cancel' | undefined,
  ): Promise<void> {
    const r = this.requests.get(id);
    if (!r) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<!doctype html><title>Not found</title><p>Unknown payment</p>');
    }
    const props = (r.body.channel_properties ?? {}) as Record<string, string>;
    if (action && req.method === 'POST') {
      if (action === 'pay') await this.pay(id);
      else await this.fail(id);
      const back =
        action === 'pay' ? props.success_return_url : (props.cancel_return_url ?? props.failure_return_url);
      res.writeHead(303, { location: back ?? '/' });
      return void res.end();
    }
    const amount = `${String(r.body.currency)} ${Number(r.body.request_amount).toFixed(2)}`;
    const open = r.status === 'REQUIRES_ACTION';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>GCash (test)</title>
<style>body{font-family:system-ui,sans-serif;background:#0a5bd3;margin:0;padding:24px;color:#0b1b33}
main{background:#fff;border-radius:16px;max-width:380px;margin:0 auto;padding:20px}
h1{color:#0a5bd3;font-size:22px;margin:0 0 8px}.amount{font-size:30px;font-weight:700;margin:12px 0}
button{width:100%;padding:14px;border-radius:12px;font-size:16px;margin-top:10px;cursor:pointer}
.pay{background:#0a5bd3;color:#fff;border:0}.cancel{background:#fff;border:1px solid #9aa7b8}</style></head>
<body><main><h1>GCash</h1><p>Pay merchant (Xendit test)</p>
<p class="amount" data-testid="xendit-amount">${amount}</p><p>Reference ${String(r.body.reference_id)}</p>
<p data-testid="xendit-status">${r.status}</p>
${
  open
    ? `<form method="post" action="/checkout/${id}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/checkout/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : ''
}</main></body></html>`);
  }
}

function eventFor(status: string): string {
  return status === 'SUCCEEDED'
    ? 'payment.capture'
    : status === 'EXPIRED'
      ? 'payment_request.expiry'
      : status === 'AUTHORIZED'
        ? 'payment.authorization'
        : 'payment.failure';
}

/** The documented required fields of a PAY payment request, as Xendit refuses their absence. */
function validate(b: Record<string, unknown>): string | null {
  if (typeof b.reference_id !== 'string' || b.reference_id.length < 1 || b.reference_id.length > 255)
    return 'reference_id is required';
  if (b.type !== 'PAY') return 'type must be PAY';
  if (typeof b.country !== 'string' || !/^[A-Z]{2}$/.test(b.country)) return 'country is required';
  if (typeof b.currency !== 'string' || !/^[A-Z]{3}$/.test(b.currency)) return 'currency is required';
  const amount = b.request_amount;
  if (typeof amount !== 'number' || !(amount > 0)) return 'request_amount must be a positive number';
  if (ZERO_DECIMAL.has(b.currency) && !Number.isInteger(amount))
    return `request_amount must be whole for ${b.currency}`;
  if (Math.round(amount * 100) !== amount * 100) return 'request_amount has more than 2 decimals';
  if (typeof b.channel_code !== 'string' || !/^[A-Z0-9_]+$/.test(b.channel_code))
    return 'channel_code is required';
  const props = (b.channel_properties ?? {}) as Record<string, unknown>;
  if (EWALLETS.has(b.channel_code)) {
    for (const f of ['success_return_url', 'failure_return_url']) {
      const v = props[f];
      if (typeof v !== 'string' || v.length < 11 || v.length > 255)
        return `channel_properties.${f} is required`;
    }
  }
  return null;
}
