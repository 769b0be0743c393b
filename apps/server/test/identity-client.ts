import type { Failure, LoginResult } from '@app/contracts';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { Database } from '../src/db/schema';
import { tokenHash } from '../src/platform/secrets';
import { encryptedBody } from './crypto-client';

/** An adjustment request as the approval routes answer it. */
export interface AdjustmentApproval {
  id: string;
  memberId: string;
  username: string;
  /** Unsigned; detail.direction says which way. */
  amount: number;
  detail: { direction: 'CREDIT' | 'DEBIT'; turnoverMultiplier: number };
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  decidedBy: string | null;
}
import { checkerKey, type TestContext } from './helper';

/**
 * A small client for the identity calls, as the web client makes them: encrypted bodies where
 * the route asks, the raw token in Authorization, the brand from the Host, the caller's address
 * as the socket address.
 */

export const GOLDEN = 'localhost';
export const LOTUS = 'lotus.localhost';
export const DIALING = '63';
/** What the captcha image says in tests that stub captchaText(). */
export const CAPTCHA_TEXT = 'KT7X';

export interface Send {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Encrypt the body as our web client does (routes with config.encrypted). */
  encrypt?: boolean;
  token?: string;
  ip?: string;
  host?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface Reply<T = unknown> {
  status: number;
  body: { success: boolean; value?: T; errorCode?: string; message?: string };
}

interface FieldErrorValue {
  field: string;
  patternId: string;
  min: number;
  max: number;
  reason: string;
}

/** The field errors of a register.field.invalid (or mismatch) failure. */
export function fieldsOf(body: Reply['body'] | Failure): FieldErrorValue[] {
  return (body as unknown as { value?: { fields?: FieldErrorValue[] } }).value?.fields ?? [];
}

interface OutboxMessage {
  channel: string;
  target: string;
  body: string;
  createdTime: string;
}

export interface NewMember {
  id: string;
  username: string;
  password: string;
  mobileNum: string;
  payeeName: string;
  email?: string;
  /** Where it registered from: a known address, so logins from it need no extra verification. */
  ip: string;
  token: string;
  result: LoginResult;
}

// Addresses and names are unique per test file (each file has its own database and counters).
let ipSeq = 0;
/** A private address no GeoIP database places, so no region gate closes on it. */
export function freshIp(): string {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

let nameSeq = 0;
/** A username both brands accept: a letter first, letters and digits, 4 to 12 characters. */
export function freshName(prefix = 'u'): string {
  nameSeq++;
  const letters = Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .padEnd(3, 'q')
    .slice(0, 3);
  return `${prefix}${nameSeq}${letters}`.slice(0, 12);
}

let mobileSeq = 0;
/**
 * A 10-digit mobile number (GOLDEN wants exactly 10, LOTUS 9 to 11), in a 98... range the demo
 * seed does not use (its accounts have 917... numbers).
 */
export function freshMobile(): string {
  mobileSeq++;
  return `98${String(process.pid % 100).padStart(2, '0')}${String(mobileSeq).padStart(6, '0')}`;
}

/** Freezes Date (only Date: timers keep running) at a moment, so the throttles' windows are deterministic. */
export function freezeTime(at: number): { advance(ms: number): void; restore(): void } {
  let now = at;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return {
    advance(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
    restore() {
      vi.useRealTimers();
    },
  };
}

/**
 * The start of a window of this many seconds, plus a little, that no test shares: two windows on,
 * so the window before it (whose events a sliding window still counts) is untouched too.
 */
export function nextWindow(seconds: number, plusMs = 100): number {
  const size = seconds * 1000;
  return (Math.floor(Date.now() / size) + 2) * size + plusMs;
}

export class Identity {
  constructor(private readonly t: TestContext) {}

  get app() {
    return this.t.app;
  }

  get db() {
    return this.t.db.db;
  }

  async send<T = unknown>(url: string, o: Send = {}): Promise<Reply<T>> {
    const host = o.host ?? GOLDEN;
    const headers: Record<string, string> = { host, ...o.headers };
    if (o.lang) headers.language = o.lang;
    if (o.token) headers.authorization = o.token;
    const payload = o.encrypt ? await encryptedBody(this.app, o.body, { host }) : o.body;
    const res = await this.app.inject({
      method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
      url,
      headers,
      payload: payload as string | object | undefined,
      remoteAddress: o.ip ?? '10.255.255.254',
    });
    return { status: res.statusCode, body: res.json() };
  }

  /** A successful call: 200 and the success envelope; returns the value. */
  async ok<T = unknown>(url: string, o: Send = {}): Promise<T> {
    const res = await this.send<T>(url, o);
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.value as T;
  }

  /** A refused call: this status and error code, with a message; returns the failure body. */
  async fails(url: string, o: Send, status: number, errorCode: string): Promise<Failure> {
    const res = await this.send(url, o);
    expect(res.body, `${url}: ${JSON.stringify(res.body)}`).toMatchObject({ success: false, errorCode });
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(status);
    expect(res.body.message?.length ?? 0).toBeGreaterThan(0);
    return res.body as Failure;
  }

  // ---- the dev outbox --------------------------------------------------------------------------

  outbox(target: string, host = GOLDEN): Promise<OutboxMessage[]> {
    // The dev outbox answers only a client on the server's own machine.
    return this.ok<OutboxMessage[]>(`/wps/dev/outbox?target=${encodeURIComponent(target)}`, {
      host,
      ip: '127.0.0.1',
    });
  }

  /** The 6-digit code of the newest message to this target. */
  async lastCode(target: string, host = GOLDEN): Promise<string> {
    const [newest] = await this.outbox(target, host);
    expect(newest, `no message to ${target}`).toBeDefined();
    const code = /\b(\d{6})\b/.exec(newest!.body)?.[1];
    expect(code, newest!.body).toBeDefined();
    return code!;
  }

  // ---- registration ----------------------------------------------------------------------------

  /** Asks for a registration SMS code and reads it from the outbox. */
  async registerCode(mobileNum: string, o: { ip?: string; host?: string } = {}): Promise<string> {
    await this.ok('/wps/verification/sms/register', {
      body: { countryDialingCode: DIALING, mobileNo: mobileNum },
      ip: o.ip ?? freshIp(),
      host: o.host,
    });
    return this.lastCode(`${DIALING}${mobileNum}`, o.host);
  }

  /** A free-play (trial) login from a fresh address: the session of a new trial account. */
  async freePlay(): Promise<LoginResult> {
    const res = await this.send<LoginResult>('/wps/session/login/freeplay', {
      body: { os: 'Linux', platform: 'W', random: 'k2j4h5' },
      encrypt: true,
      ip: freshIp(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  }

  /**
   * A manual adjustment the way staff make one (maker-checker): "alice" (adminKey) asks for it
   * and "bob" (checkerKey(adminKey)) approves it; the test app must have been built with
   * ADMIN_API_KEY = adminKey. `amount` is signed: a negative amount is a debit. Answers the
   * approval's reply (or the request's, when the request itself was refused) and the approval id
   * (null when no request was made); the posting's reference is `ADJUST:approval-<id>`.
   */
  async adjustSend(
    username: string,
    amount: string,
    adminKey: string,
    o: { merchant?: string; reason?: string; turnoverMultiple?: number; idempotencyKey?: string } = {},
  ): Promise<{ approvalId: string | null; reply: Reply<AdjustmentApproval> }> {
    const merchant = o.merchant ?? 'GOLDEN';
    const member = await this.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();
    const debit = amount.trim().startsWith('-');
    const asked = await this.send<{ approvalId: string }>(
      `/wps/admin/players/${member?.id ?? '0'}/adjustments`,
      {
        method: 'POST',
        body: {
          direction: debit ? 'DEBIT' : 'CREDIT',
          amount: debit ? amount.trim().slice(1) : amount,
          reason: o.reason ?? 'Test credit',
          turnoverMultiplier: o.turnoverMultiple ?? 0,
        },
        headers: { merchant, 'x-api-key': adminKey },
      },
    );
    if (asked.status !== 200) {
      const { value: _none, ...failure } = asked.body;
      return { approvalId: null, reply: { status: asked.status, body: failure } };
    }
    const approvalId = asked.body.value!.approvalId;
    return {
      approvalId,
      reply: await this.approveAdjustment(approvalId, adminKey, merchant, o.idempotencyKey),
    };
  }

  /** The second person's approval of an adjustment request (see adjustSend). */
  approveAdjustment(
    approvalId: string,
    adminKey: string,
    merchant = 'GOLDEN',
    idempotencyKey?: string,
  ): Promise<Reply<AdjustmentApproval>> {
    return this.send<AdjustmentApproval>(`/wps/admin/approvals/${approvalId}/approve`, {
      method: 'POST',
      body: {},
      headers: {
        merchant,
        'x-api-key': checkerKey(adminKey),
        ...(idempotencyKey !== undefined ? { 'idempotency-key': idempotencyKey } : {}),
      },
    });
  }

  /** adjustSend that must succeed: the approved request. */
  async adjust(
    username: string,
    amount: string,
    adminKey: string,
    o: { merchant?: string; reason?: string; turnoverMultiple?: number } = {},
  ): Promise<AdjustmentApproval> {
    const { reply } = await this.adjustSend(username, amount, adminKey, o);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.value!;
  }

  /** Gives a member money the way staff do: asked by one operator, approved by another. */
  async credit(username: string, amount: string, adminKey: string, merchant = 'GOLDEN'): Promise<void> {
    await this.adjust(username, amount, adminKey, { merchant });
  }

  /** A valid GOLDEN registration by username (with its SMS code), overridable field by field. */
  async registerGolden(
    overrides: Record<string, unknown> = {},
    o: { ip?: string; headers?: Record<string, string> } = {},
  ): Promise<NewMember> {
    const ip = o.ip ?? freshIp();
    const username = freshName();
    const password = 'abc12345';
    const mobileNum = freshMobile();
    const payeeName = 'Juan Dela Cruz';
    const verificationCode = await this.registerCode(mobileNum, { ip });
    const body = {
      username,
      password,
      confirmPassword: password,
      mobileNum,
      countryDialingCode: DIALING,
      payeeName,
      verificationCode,
      ...overrides,
    } as Record<string, string>;
    const result = await this.ok<LoginResult>('/wps/member/register', {
      method: 'PUT',
      body,
      encrypt: true,
      ip,
      ...(o.headers ? { headers: o.headers } : {}),
    });
    const row = await this.memberRow(body.username ?? username);
    return {
      id: row.id,
      username: row.username,
      password: body.password ?? password,
      mobileNum: row.mobile_num ?? mobileNum,
      payeeName: row.payee_name ?? payeeName,
      ...(row.email ? { email: row.email } : {}),
      ip,
      token: result.token,
      result,
    };
  }

  // ---- login -----------------------------------------------------------------------------------

  login(body: Record<string, unknown>, o: Omit<Send, 'body' | 'encrypt'> = {}) {
    return this.send<LoginResult>('/wps/session/login', {
      ...o,
      method: 'POST',
      body: { type: 'username', ...body },
      encrypt: true,
    });
  }

  async loginOk(body: Record<string, unknown>, o: Omit<Send, 'body' | 'encrypt'> = {}): Promise<LoginResult> {
    const res = await this.login(body, o);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value!;
  }

  /** Asks for a captcha for this address; the stubbed text is CAPTCHA_TEXT. */
  async captcha(ip: string, host = GOLDEN): Promise<string> {
    return this.ok<string>('/wps/captcha', { ip, host });
  }

  info(token: string, host = GOLDEN) {
    return this.send<{ account: string; isAgent: number } & Record<string, unknown>>('/wps/member/info', {
      token,
      host,
    });
  }

  // ---- the database ----------------------------------------------------------------------------

  memberRow(username: string, merchant = 'GOLDEN') {
    return this.db
      .selectFrom('member')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('username', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();
  }

  sessionRow(token: string) {
    return this.db
      .selectFrom('member_session')
      .selectAll()
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirstOrThrow();
  }

  async count(table: keyof Database): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(this.db);
    return Number(rows[0]!.n);
  }

  /** Row counts of every identity table: a refused call must leave them as they were. */
  async counts(): Promise<Record<string, number>> {
    const tables = [
      'member',
      'member_session',
      'member_known_ip',
      'password_reset',
      'pending_login',
    ] as const;
    const out: Record<string, number> = {};
    for (const table of tables) out[table] = await this.count(table);
    out.used_codes = Number(
      (
        await this.db
          .selectFrom('verification_code')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('used_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    return out;
  }

  /** Turns a whitelabel flag or module switch on or off for a brand. */
  async setModule(merchant: string, modId: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('module_node')
      .set({ enabled })
      .where('merchant_code', '=', merchant)
      .where('mod_id', '=', modId)
      .execute();
  }

  /** Forgets the per-second throttles (SMS sends, captcha images), as if a second had passed. */
  async afterASecond(): Promise<void> {
    await this.db
      .deleteFrom('rate_counter')
      .where((eb) => eb.or([eb('key', 'like', 'code-1s:%'), eb('key', 'like', 'captcha:%')]))
      .execute();
  }
}
