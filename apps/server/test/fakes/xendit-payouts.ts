/**
 * A local Xendit Payouts API v2, built from the published protocol (see the top of
 * src/modules/cashier/xendit-payouts.client.ts for the documents): a real HTTP server on
 * 127.0.0.1 that authenticates like Xendit (HTTP Basic, the secret key as user name), keeps
 * payouts by id and reference, honours `Idempotency-key` (same key and body: the same payout;
 * same key, another body: 409 DUPLICATE_TRANSACTION_ERROR), refuses bad input with Xendit's error
 * codes, and sends payout webhooks with the `x-callback-token` header. Tests program it: the next
 * creates time out (before or after the payout exists) or answer 5xx; a payout succeeds, fails
 * with a code, is cancelled or reversed; its webhook is sent once, twice, twice at once, or never.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakePayoutStatus =
  'ACCEPTED' | 'REQUESTED' | 'LOCKED' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'REVERSED';

export interface FakePayout {
  id: string;
  reference_id: string;
  channel_code: string;
  channel_properties: { account_holder_name: string; account_number: string };
  amount: number;
  currency: string;
  description?: string;
  status: FakePayoutStatus;
  failure_code?: string;
  business_id: string;
  created: string;
  updated: string;
  estimated_arrival_time: string;
}

/** What the next create calls do instead of answering normally. */
export type CreateFault =
  /** No payout is made and no answer comes (the client times out). */
  | 'TIMEOUT_BEFORE'
  /** The payout is made but the answer never comes (lost on the way back). */
  | 'TIMEOUT_AFTER'
  /** 503 SERVER_ERROR, no payout made. */
  | 'SERVER_ERROR';

/** How a status change is announced. */
export type Delivery = 'ONCE' | 'TWICE' | 'TWICE_AT_ONCE' | 'NEVER';

/** Channels this fake pays to (a subset of Xendit's, enough for the tests). */
const CHANNELS = new Set([
  'PH_GCASH',
  'PH_PAYMAYA',
  'PH_BDO',
  'PH_BPI',
  'ID_BCA',
  'ID_DANA',
  'VN_MOMO',
  'TH_TRUEMONEY',
]);
const CURRENCY_OF: Record<string, string> = { PH: 'PHP', ID: 'IDR', VN: 'VND', TH: 'THB' };

const BUSINESS_ID = '5f27a14a9bf05c73dd040bc8';

export interface FakeXenditOptions {
  secretKey: string;
  callbackToken: string;
  /** Where webhooks go (our payout callback), and any headers to add (the brand a real URL would name by host). */
  webhookUrl?: string;
  webhookHeaders?: Record<string, string>;
}

export class FakeXenditPayouts {
  readonly payouts = new Map<string, FakePayout>();
  /** Idempotency-key → the body's hash and the payout it made. */
  private readonly keys = new Map<string, { hash: string; payoutId: string }>();
  private readonly faults: CreateFault[] = [];
  private readonly hanging = new Set<ServerResponse>();
  /** Every request received: method, path, headers (lower-case) and body text. */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] =
    [];
  /** Every webhook delivered: the status answered by our server and its body. */
  readonly deliveries: { eventId: string; status: number; body: string }[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly o: FakeXenditOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const r of this.hanging) r.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  setWebhook(url: string, headers: Record<string, string> = {}): void {
    this.o.webhookUrl = url;
    this.o.webhookHeaders = headers;
  }

  /** The next `n` creates misbehave this way. */
  failNextCreates(fault: CreateFault, n = 1): void {
    for (let i = 0; i < n; i++) this.faults.push(fault);
  }

  byReference(reference: string): FakePayout[] {
    return [...this.payouts.values()].filter((p) => p.reference_id === reference);
  }

  /**
   * Moves a payout to a status (as Xendit's processing would) and announces it: payout.succeeded,
   * payout.failed (FAILED and CANCELLED), payout.reversed. Resolves when the deliveries are done.
   */
  async setStatus(
    reference: string,
    status: FakePayoutStatus,
    o: { failureCode?: string; delivery?: Delivery; eventId?: string } = {},
  ): Promise<void> {
    const p = this.byReference(reference)[0];
    if (!p) throw new Error(`fake xendit: no payout ${reference}`);
    p.status = status;
    p.updated = new Date().toISOString();
    if (o.failureCode) p.failure_code = o.failureCode;
    else delete p.failure_code;
    const delivery = o.delivery ?? 'ONCE';
    if (delivery === 'NEVER') return;
    const eventId: string = o.eventId ?? randomUUID();
    if (delivery === 'ONCE') await this.deliver(p, eventId);
    else if (delivery === 'TWICE') {
      await this.deliver(p, eventId);
      await this.deliver(p, eventId);
    } else await Promise.all([this.deliver(p, eventId), this.deliver(p, eventId)]);
  }

  /** Sends a payout's current state as a webhook (a dashboard "resend"), with any token and event id. */
  async deliver(
    p: FakePayout,
    eventId: string = randomUUID(),
    token = this.o.callbackToken,
  ): Promise<number> {
    if (!this.o.webhookUrl) throw new Error('fake xendit: no webhook URL');
    const event =
      p.status === 'SUCCEEDED'
        ? 'payout.succeeded'
        : p.status === 'REVERSED'
          ? 'payout.reversed'
          : 'payout.failed';
    const body = JSON.stringify({
      event,
      business_id: BUSINESS_ID,
      created: new Date().toISOString(),
      data: p,
    });
    const res = await fetch(this.o.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-callback-token': token,
        'webhook-id': eventId,
        ...this.o.webhookHeaders,
      },
      body,
    });
    const text = await res.text();
    this.deliveries.push({ eventId, status: res.status, body: text });
    return res.status;
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      headers: req.headers,
      body,
    });

    const expected = `Basic ${Buffer.from(`${this.o.secretKey}:`).toString('base64')}`;
    if (req.headers.authorization !== expected)
      return this.send(res, 401, { error_code: 'INVALID_API_KEY', message: 'API key is invalid' });

    if (req.method === 'POST' && url.pathname === '/v2/payouts') return this.create(req, res, body);
    if (req.method === 'GET' && url.pathname === '/v2/payouts') {
      const ref = url.searchParams.get('reference_id');
      if (!ref)
        return this.send(res, 400, {
          error_code: 'API_VALIDATION_ERROR',
          message: 'reference_id is required',
        });
      return this.send(res, 200, { data: this.byReference(ref), has_more: false });
    }
    const m = /^\/v2\/payouts\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const p = this.payouts.get(decodeURIComponent(m[1]!));
      return p
        ? this.send(res, 200, p)
        : this.send(res, 404, { error_code: 'DATA_NOT_FOUND', message: 'Payout not found' });
    }
    return this.send(res, 404, { error_code: 'NOT_FOUND', message: 'Not found' });
  }

  private create(req: IncomingMessage, res: ServerResponse, body: string): void {
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length === 0)
      return this.send(res, 400, {
        error_code: 'API_VALIDATION_ERROR',
        message: 'Idempotency-key header is required',
      });
    const fault = this.faults.shift();
    if (fault === 'TIMEOUT_BEFORE') return void this.hanging.add(res);
    if (fault === 'SERVER_ERROR')
      return this.send(res, 503, { error_code: 'SERVER_ERROR', message: 'Try again' });

    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.send(res, 400, { error_code: 'INVALID_JSON_FORMAT', message: 'Body is not JSON' });
    }
    const hash = createHash('sha256').update(body).digest('hex');
    const seen = this.keys.get(key);
    if (seen) {
      if (seen.hash !== hash)
        return this.send(res, 409, {
          error_code: 'DUPLICATE_TRANSACTION_ERROR',
          message: 'Idempotency key has been used before. Use a unique idempotency key and try again',
        });
      if (fault === 'TIMEOUT_AFTER') return void this.hanging.add(res);
      return this.send(res, 200, this.payouts.get(seen.payoutId));
    }
    const invalid = this.validate(input);
    if (invalid) return this.send(res, 400, invalid);
    const now = new Date().toISOString();
    const props = input.channel_properties as FakePayout['channel_properties'];
    const p: FakePayout = {
      id: `disb-${randomUUID()}`,
      reference_id: input.reference_id as string,
      channel_code: input.channel_code as string,
      channel_properties: {
        account_holder_name: props.account_holder_name,
        account_number: props.account_number,
      },
      amount: input.amount as number,
      currency: input.currency as string,
      ...(typeof input.description === 'string' ? { description: input.description } : {}),
      status: 'ACCEPTED',
      business_id: BUSINESS_ID,
      created: now,
      updated: now,
      estimated_arrival_time: new Date(Date.now() + 3_600_000).toISOString(),
    };
    this.payouts.set(p.id, p);
    this.keys.set(key, { hash, payoutId: p.id });
    if (fault === 'TIMEOUT_AFTER') return void this.hanging.add(res);
    this.send(res, 200, p);
  }

  private validate(b: Record<string, unknown>): { error_code: string; message: string } | null {
    const bad = (message: string) => ({ error_code: 'API_VALIDATION_ERROR', message });
    if (typeof b.reference_id !== 'string' || b.reference_id.length === 0)
      return bad('reference_id is required');
    if (typeof b.channel_code !== 'string') return bad('channel_code is required');
    if (typeof b.currency !== 'string') return bad('currency is required');
    if (typeof b.amount !== 'number' || !(b.amount > 0)) return bad('amount must be a positive number');
    const props = b.channel_properties as Record<string, unknown> | undefined;
    if (!props || typeof props.account_holder_name !== 'string' || typeof props.account_number !== 'string')
      return bad('channel_properties.account_holder_name and account_number are required');
    if (!CHANNELS.has(b.channel_code))
      return {
        error_code: 'CHANNEL_CODE_NOT_SUPPORTED_ERROR',
        message: `${b.channel_code} is not supported`,
      };
    if (CURRENCY_OF[b.channel_code.slice(0, 2)] !== b.currency)
      return bad(`currency ${b.currency} does not match ${b.channel_code}`);
    if ((b.currency === 'IDR' || b.currency === 'VND') && !Number.isInteger(b.amount))
      return { error_code: 'RECIPIENT_AMOUNT_ERROR', message: 'amount must be a whole number' };
    if (!/^\d{4,20}$/.test(props.account_number))
      return { error_code: 'RECIPIENT_ACCOUNT_NUMBER_ERROR', message: 'account_number is invalid' };
    return null;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}
