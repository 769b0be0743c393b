/**
 * The wallet under concurrency (ARCHITECTURE section 4), on PostgreSQL with a real pool:
 * a. many clients hammer a few members with every kind of money movement at once, and the test
 *    books independently what each acknowledged call must have moved;
 * b. every money-moving call is repeated with the same key, concurrently and one after another:
 *    money moves once and the retries answer as the first call did;
 * c. isolation: racing requests that together exceed a balance or a limit, with exact outcomes.
 * After each part the ledger must hold exactly the entries the test booked, each balance must be
 * its opening plus the booked movements, and checkLedger must find nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Deposit, UplineTransferResult, WalletBalance, Withdrawal } from '@app/contracts';
import { toMinor } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import type { AdminWithdrawal, WithdrawalDecision } from '../src/modules/cashier/withdrawal.service';
import { AppError } from '../src/platform/app-error';
import { BetRepository } from '../src/modules/wallet/bet.repository';
import { BetService, type BetResult } from '../src/modules/wallet/bet.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { sign } from '../src/platform/signing';
import {
  buildPlatformOn,
  checkerKey,
  createPostgresDatabase,
  setWithdrawalThreshold,
  type TestContext,
  PNG,
} from './helper';
import { type AdjustmentApproval, Identity, type Reply } from './identity-client';

const PG = process.env.TEST_DB_KIND === 'postgres';
const M = 'GOLDEN';
const ADMIN_KEY = 'test-admin-key-0123456789';
const PAY_PASSWORD = '123456';
/** Concurrent clients of the hammer, and the pool they share (a connection each, and spare). */
const WORKERS = 50;
const POOL = 55;
const FLOWS_PER_WORKER = 8;
const VENDORS = ['JILI', 'EVO', 'PP'] as const;

/**
 * The run's random choices come from this seed, printed with a failure; WALLET_SEED=<seed> makes the
 * same choices again (the interleaving of the clients is the database's, never the same twice).
 */
const SEED = Number(process.env.WALLET_SEED ?? Date.now() % 1_000_000_007);
let rngState = SEED >>> 0;
function random(): number {
  // mulberry32
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let x = rngState;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** A random amount in [min, max] minor units. */
const between = (min: bigint, max: bigint) => min + BigInt(Math.floor(random() * Number(max - min + 1n)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Minor units → "123.45", as a client sends an amount. */
const money = (minor: bigint) =>
  `${minor < 0n ? '-' : ''}${(minor < 0n ? -minor : minor) / 100n}.${String((minor < 0n ? -minor : minor) % 100n).padStart(2, '0')}`;
/** An amount in an answer (a JSON number) → minor units. */
const minorOf = (n: number | undefined) => {
  const v = toMinor(Math.abs(n ?? NaN));
  if (v === null) throw new Error(`not an amount: ${n}`);
  return (n ?? 0) < 0 ? -v : v;
};

let reqSeq = 0;
const rid = (prefix = 'cc') => `${prefix}-${Date.now().toString(36)}-${++reqSeq}`;

// ---- the app, the members and the book ------------------------------------------------------------

interface Player {
  id: string;
  username: string;
  token: string;
  payoutAccountId: string;
  imageId: string;
  /** Seeded agent01 has no upline; every other player's upline is agent01. */
  hasUpline: boolean;
}

let t: TestContext;
let id: Identity;
let bets: BetService;
let agent: Player;
let onlineChannel: string;
let bankChannel: string;
/** What each channel keeps of a deposit (fee_bp of the amount plus fee_fixed), by channel id. */
const fees = new Map<string, { bp: bigint; fixed: bigint }>();
let gatewaySecret: string;

/** Account keys as the book writes them: `<memberId>:<KIND>[:<vendor>]`, or `GOLDEN:<KIND>` for operator accounts. */
const K = {
  main: (p: Player) => `${p.id}:MAIN`,
  vendor: (p: Player, code: string) => `${p.id}:VENDOR:${code}`,
  withdrawHold: (p: Player) => `${p.id}:WITHDRAW_HOLD`,
  betHold: (p: Player) => `${p.id}:BET_HOLD`,
  house: `${M}:HOUSE`,
  clearing: `${M}:PAYMENT_CLEARING`,
  adjustment: `${M}:ADJUSTMENT`,
};
const KEY_SQL = sql<string>`CASE WHEN a.member_id IS NULL THEN a.merchant_code || ':' || a.kind
  ELSE a.member_id || ':' || a.kind || CASE WHEN a.vendor_code <> '' THEN ':' || a.vendor_code ELSE '' END END`;

type Legs = Record<string, bigint>;

/** Legs without the zero ones (the ledger drops a zero leg). */
function legs(...pairs: [string, bigint][]): Legs {
  const out: Legs = {};
  for (const [key, amount] of pairs) if (amount !== 0n) out[key] = (out[key] ?? 0n) + amount;
  return out;
}

/**
 * Every balance: tracked (player) accounts by their balance row, operator accounts by the sum of
 * their postings. Player keys start with the member id, operator keys with the brand.
 */
async function balances(): Promise<Map<string, bigint>> {
  const { rows } = await sql<{ key: string; total: string }>`
    SELECT ${KEY_SQL} AS key,
           (CASE WHEN a.tracked THEN a.balance
                 ELSE coalesce((SELECT sum(p.amount) FROM ledger_posting p WHERE p.account_id = a.id), 0) END)::text AS total
    FROM ledger_account a`.execute(t.db.db);
  return new Map(rows.map((r) => [r.key, BigInt(r.total)]));
}
const isPlayerKey = (key: string) => /^\d/.test(key);

/**
 * What the test expects the ledger to record from a starting point on: each acknowledged
 * movement by its reference and legs. check() compares it with the journal and every balance.
 */
class Book {
  readonly moves = new Map<string, Legs>();
  private constructor(
    private readonly sinceEntry: string,
    private readonly start: Map<string, bigint>,
  ) {}

  static async open(): Promise<Book> {
    const { rows } = await sql<{
      id: string;
    }>`SELECT coalesce(max(id), 0)::text AS id FROM ledger_entry`.execute(t.db.db);
    return new Book(rows[0]!.id, await balances());
  }

  add(reference: string, l: Legs): void {
    if (this.moves.has(reference)) throw new Error(`booked twice: ${reference}`);
    this.moves.set(reference, l);
  }

  /** Expected change of every account. */
  deltas(): Map<string, bigint> {
    const out = new Map<string, bigint>();
    for (const l of this.moves.values())
      for (const [key, amount] of Object.entries(l)) out.set(key, (out.get(key) ?? 0n) + amount);
    return out;
  }

  async check(): Promise<void> {
    // The journal since the start, exactly: every booked reference once with its legs, nothing else.
    const { rows } = await sql<{ reference: string; key: string; amount: string; postings: number }>`
      SELECT e.reference, ${KEY_SQL} AS key, p.amount::text AS amount,
             count(*) OVER (PARTITION BY e.id, p.account_id)::int AS postings
      FROM ledger_entry e
      JOIN ledger_posting p ON p.entry_id = e.id
      JOIN ledger_account a ON a.id = p.account_id
      WHERE e.id > ${this.sinceEntry}`.execute(t.db.db);
    const actual: Record<string, Record<string, string>> = {};
    for (const r of rows) {
      expect(r.postings, `${r.reference}: one posting per account`).toBe(1);
      (actual[r.reference] ??= {})[r.key] = r.amount;
    }
    // A withdrawal that finds main short first recalls the member's vendor wallets into main, under
    // a reference of its own: booked here once its shape is checked (vendor wallets of that member
    // emptied into its main, nothing else).
    for (const [ref, legs] of Object.entries(actual)) {
      const recall = /^TRANSFER:(\d+):R[0-9a-f]{24}$/.exec(ref);
      if (!recall || this.moves.has(ref)) continue;
      const owner = recall[1]!;
      const amounts = Object.entries(legs).map(([k, v]) => [k, BigInt(v)] as const);
      const vendors = amounts.filter(([k]) => k.startsWith(`${owner}:VENDOR:`));
      expect(
        vendors.every(([, v]) => v < 0n),
        `${ref}: vendor wallets only give`,
      ).toBe(true);
      expect(amounts.length, `${ref}: vendor wallets and main only`).toBe(vendors.length + 1);
      expect(BigInt(legs[`${owner}:MAIN`] ?? '0'), `${ref}: main gets it all`).toBe(
        -vendors.reduce((sum, [, v]) => sum + v, 0n),
      );
      this.moves.set(ref, Object.fromEntries(amounts));
    }
    const expected: Record<string, Record<string, string>> = {};
    for (const [ref, l] of this.moves)
      expected[ref] = Object.fromEntries(Object.entries(l).map(([k, v]) => [k, v.toString()]));
    expect(actual, `journal (seed ${SEED})`).toEqual(expected);
    const { rows: twice } = await sql<{ reference: string }>`
      SELECT reference FROM ledger_entry WHERE id > ${this.sinceEntry}
      GROUP BY merchant_code, reference HAVING count(*) > 1`.execute(t.db.db);
    expect(twice).toEqual([]);

    // Every balance: its opening plus what the book says moved, computed here, not read.
    const now = await balances();
    const deltas = this.deltas();
    const wrong: string[] = [];
    for (const key of new Set([...now.keys(), ...deltas.keys()])) {
      const want = (this.start.get(key) ?? 0n) + (deltas.get(key) ?? 0n);
      const have = now.get(key) ?? 0n;
      if (want !== have) wrong.push(`${key}: ${have} (expected ${want})`);
      if (isPlayerKey(key) && have < 0n) wrong.push(`${key} is negative: ${have}`);
    }
    expect(wrong, `balances (seed ${SEED})`).toEqual([]);
    expect(await checkLedger(t.db.db)).toEqual([]);
  }
}

// ---- calls ------------------------------------------------------------------------------------------

const adminHeaders = { merchant: M, 'x-api-key': ADMIN_KEY };

type Outcome<T> = { ok: true; value: T; status: number } | { ok: false; code: string; status: number };

function outcome<T>(r: Reply<T>): Outcome<T> {
  if (r.status === 200 && r.body.success) return { ok: true, value: r.body.value as T, status: 200 };
  return { ok: false, code: r.body.errorCode ?? `status ${r.status}`, status: r.status };
}

/** A service call as a vendor callback would see it: the value, or the AppError's code. */
async function service<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn(), status: 200 };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, status: err.statusCode };
    throw err;
  }
}

const api = {
  deposit: async (p: Player, body: Record<string, unknown>) =>
    outcome(await id.send<Deposit>('/wps/cashier/deposit', { token: p.token, body })),
  approve: async (depositId: string) =>
    outcome(
      await id.send<Deposit>(`/wps/admin/deposits/${depositId}/approve`, {
        method: 'POST',
        headers: adminHeaders,
      }),
    ),
  rejectDeposit: async (depositId: string) =>
    outcome(
      await id.send<Deposit>(`/wps/admin/deposits/${depositId}/reject`, {
        method: 'POST',
        headers: adminHeaders,
        body: { reason: 'No such payment' },
      }),
    ),
  /** The provider's signed notification, sent as the raw bytes it signed. */
  callback: async (body: string, signature = sign(gatewaySecret, body)) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/callback/DEMO',
      headers: { 'content-type': 'application/json', merchant: M, 'x-signature': signature },
      payload: body,
    });
    return outcome<{ orderNo: string; status: string }>({ status: res.statusCode, body: res.json() });
  },
  withdraw: async (p: Player, body: Record<string, unknown>) =>
    outcome(
      await id.send<Withdrawal>('/wps/cashier/withdraw', {
        token: p.token,
        body: { payoutAccountId: p.payoutAccountId, paymentPassword: PAY_PASSWORD, ...body },
        encrypt: true,
      }),
    ),
  /** An operator's decision to pay; requestId is the click's Idempotency-Key. */
  pay: async (withdrawalId: string, { requestId, ...body }: { requestId: string; amount?: string }) =>
    outcome(
      await id.send<WithdrawalDecision>(`/wps/admin/withdrawals/${withdrawalId}/approve`, {
        method: 'POST',
        headers: { ...adminHeaders, 'idempotency-key': requestId },
        body: body.amount === undefined ? {} : { ...body, reason: 'Paid in part' },
      }),
    ),
  rejectWithdrawal: async (withdrawalId: string) =>
    outcome(
      await id.send<AdminWithdrawal>(`/wps/admin/withdrawals/${withdrawalId}/reject`, {
        method: 'POST',
        headers: adminHeaders,
        body: { reason: 'Account check failed' },
      }),
    ),
  transfer: async (p: Player, body: Record<string, unknown>) =>
    outcome(await id.send<WalletBalance>('/wps/relay/GCS_walletTransfer', { token: p.token, body })),
  upline: async (p: Player, body: Record<string, unknown>) =>
    outcome(
      await id.send<UplineTransferResult>('/wps/member/transfer/upline', {
        token: p.token,
        body: { paymentPassword: PAY_PASSWORD, ...body },
        encrypt: true,
      }),
    ),
  /**
   * An operator's adjustment, maker-checker: asked once per requestId by one key, then approved by
   * the second key with the requestId as Idempotency-Key, so a repeated call is a retried approval.
   */
  adjust: async (body: { requestId: string; username: string; amount: string }) => {
    let asked = adjustments.get(body.requestId);
    if (!asked) {
      const debit = body.amount.startsWith('-');
      asked = (async () => {
        const member = await id.memberRow(body.username, M);
        return outcome(
          await id.send<{ approvalId: string }>(`/wps/admin/players/${member.id}/adjustments`, {
            method: 'POST',
            headers: adminHeaders,
            body: {
              direction: debit ? 'DEBIT' : 'CREDIT',
              amount: debit ? body.amount.slice(1) : body.amount,
              reason: 'Concurrency test',
            },
          }),
        );
      })();
      adjustments.set(body.requestId, asked);
    }
    const request = await asked;
    if (!request.ok) return request;
    return outcome(
      await id.send<AdjustmentApproval>(`/wps/admin/approvals/${request.value.approvalId}/approve`, {
        method: 'POST',
        headers: { ...adminHeaders, 'x-api-key': checkerKey(ADMIN_KEY), 'idempotency-key': body.requestId },
        body: {},
      }),
    );
  },
};

/** Adjustment requests by the test's requestId (see api.adjust). */
const adjustments = new Map<string, Promise<Outcome<{ approvalId: string }>>>();

/** The ledger reference of the adjustment asked for as requestId. */
async function adjustRef(requestId: string): Promise<string> {
  const asked = await adjustments.get(requestId);
  if (!asked?.ok) throw new Error(`no adjustment request ${requestId}`);
  return `ADJUST:approval-${asked.value.approvalId}`;
}

/** An approved adjustment's signed amount in minor units. */
const signedMinor = (a: AdjustmentApproval) =>
  a.detail.direction === 'DEBIT' ? -minorOf(a.amount) : minorOf(a.amount);

function mustOk<T>(o: Outcome<T>, what: string): T {
  if (!o.ok) throw new Error(`${what}: ${o.status} ${o.code}`);
  return o.value;
}

/** A notification body for an order, as the provider would send it. */
const notification = (orderNo: string, amount: bigint, status: 'SUCCESS' | 'FAILED', gatewayTxn?: string) =>
  JSON.stringify({
    orderNo,
    gatewayTxn: gatewayTxn ?? `T${randomUUID().replace(/-/g, '')}`,
    amount: money(amount),
    status,
    timestamp: Date.now(),
  });

function feeOf(channelId: string, amount: bigint): bigint {
  const f = fees.get(channelId)!;
  return (amount * f.bp) / 10_000n + f.fixed;
}
const depositFee = (amount: bigint) => feeOf(onlineChannel, amount);

// The legs each kind of movement must post (ARCHITECTURE section 4; the services' own comments).
const moves = {
  deposit: (p: Player, amount: bigint, fee: bigint) =>
    legs([K.clearing, -amount], [K.main(p), amount - fee], [K.house, fee]),
  withdraw: (p: Player, amount: bigint) => legs([K.main(p), -amount], [K.withdrawHold(p), amount]),
  pay: (p: Player, amount: bigint) => legs([K.withdrawHold(p), -amount], [K.clearing, amount]),
  giveBack: (p: Player, amount: bigint) => legs([K.withdrawHold(p), -amount], [K.main(p), amount]),
  transfer: (p: Player, direction: 'IN' | 'OUT', vendor: string, amount: bigint) => {
    const sign = direction === 'IN' ? 1n : -1n;
    return legs([K.main(p), -sign * amount], [K.vendor(p, vendor), sign * amount]);
  },
  upline: (p: Player, amount: bigint) => legs([K.main(p), -amount], [K.main(agent), amount]),
  adjust: (p: Player, signed: bigint) => legs([K.adjustment, -signed], [K.main(p), signed]),
  stake: (p: Player, stake: bigint) => legs([K.main(p), -stake], [K.betHold(p), stake]),
  settle: (p: Player, stake: bigint, payout: bigint) =>
    legs([K.betHold(p), -stake], [K.house, stake - payout], [K.main(p), payout]),
  void: (p: Player, stake: bigint) => legs([K.betHold(p), -stake], [K.main(p), stake]),
};

const bet = (roundId: string, stake: bigint) => ({
  vendor: 'JILI',
  gameType: 'RNG',
  gameCode: 'fortune-gems',
  gameName: 'Fortune Gems',
  roundId,
  stake,
});

/** n copies of a call at once, each started after a random 0..spreadMs delay (0: all in lock-step). */
async function race<T>(n: number, fn: (i: number) => Promise<T>, spreadMs = 0): Promise<T[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      if (spreadMs > 0) await sleep(Math.floor(random() * spreadMs));
      return fn(i);
    }),
  );
}

/** n copies of a call one after another. */
async function inTurn<T>(n: number, fn: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(await fn());
  return out;
}

const codes = (outcomes: Outcome<unknown>[]) =>
  outcomes.map((o) => (o.ok ? 'ok' : o.code)).sort((a, b) => a.localeCompare(b));

async function mainOf(p: Player): Promise<bigint> {
  const b = await new LedgerService(t.db.db).memberBalances(t.db.db, p.id);
  return b.get('MAIN') ?? 0n;
}

/** Credits or debits the member so its main wallet holds exactly `target`, booked. */
/**
 * Brings every vendor wallet of the member back to main, one booked transfer each: a withdrawal
 * that finds main short recalls them, so a race over main alone starts with them empty.
 */
async function emptyVendorWallets(book: Book, p: Player): Promise<void> {
  const held = await new LedgerService(t.db.db).memberBalances(t.db.db, p.id);
  for (const [key, amount] of held) {
    if (!key.startsWith('VENDOR:') || amount <= 0n) continue;
    const vendor = key.slice('VENDOR:'.length);
    const requestId = rid('out');
    mustOk(await api.transfer(p, { requestId, direction: 'OUT', vendor, amount: money(amount) }), 'empty');
    book.add(`TRANSFER:${p.id}:${requestId}`, moves.transfer(p, 'OUT', vendor, amount));
  }
}

async function setMain(book: Book, p: Player, target: bigint): Promise<void> {
  const diff = target - (await mainOf(p));
  if (diff === 0n) return;
  const requestId = rid('set');
  mustOk(await api.adjust({ requestId, username: p.username, amount: money(diff) }), 'setMain');
  book.add(await adjustRef(requestId), moves.adjust(p, diff));
}

// ---- players --------------------------------------------------------------------------------------

let accountSeq = 0;
const newAccountNo = () =>
  `20${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(8, '0')}`;

async function equip(
  m: { id: string; username: string; token: string },
  payee: string,
  hasUpline: boolean,
): Promise<Player> {
  const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: { bankCode: 'BDO', accountName: payee, accountNo: newAccountNo(), paymentPassword: PAY_PASSWORD },
    encrypt: true,
  });
  const upload = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/images',
    headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const imageId = upload.json<{ value: { imageId: string } }>().value.imageId;
  return { ...m, payoutAccountId: account.id, imageId, hasUpline };
}

async function seeded(username: string, password: string, payee: string, ipTail: number): Promise<Player> {
  const login = await id.loginOk({ username, password }, { ip: `10.201.1.${ipTail}` });
  const row = await id.memberRow(username);
  return equip({ id: row.id, username: row.username, token: login.token }, payee, username !== 'agent01');
}

/** A new GOLDEN member under agent01, with the payment password, a payout account, a receipt and `funds`. */
async function freshPlayer(funds: bigint): Promise<Player> {
  const m = await id.registerGolden({ affiliateCode: 'GOLD2026' });
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAY_PASSWORD },
    encrypt: true,
  });
  const p = await equip(m, m.payeeName, true);
  if (funds > 0n)
    mustOk(await api.adjust({ requestId: rid('fund'), username: p.username, amount: money(funds) }), 'fund');
  return p;
}

async function setDailyWithdrawals(n: number): Promise<void> {
  await t.db.db
    .updateTable('cashier_setting')
    .set({ withdraw_daily_count: n })
    .where('merchant_code', '=', M)
    .execute();
}

// ---- the suite ----------------------------------------------------------------------------------------

describe.skipIf(!PG)(
  'wallet concurrency (PostgreSQL only: PGlite is one connection, nothing runs concurrently there)',
  () => {
    beforeAll(async () => {
      const created = await createPostgresDatabase();
      const db = await openDb({ kind: 'postgres', url: created.url, max: POOL });
      await migrate(db);
      await seedDemo(db.db);
      const { app, services, brands, bus } = await buildPlatformOn(db, { ADMIN_API_KEY: ADMIN_KEY });
      // One operator pays every withdrawal here (the second-approver path has its own tests).
      await setWithdrawalThreshold(app, ADMIN_KEY, M, 100_000_000n);
      t = {
        app,
        db,
        services,
        brands,
        bus,
        async close() {
          await app.close();
          await db.close();
          await created.drop();
        },
      };
      id = new Identity(t);
      bets = new BetService(new BetRepository(db.db), new LedgerService(db.db));
      const channels = await db.db
        .selectFrom('payment_channel')
        .select(['id', 'code', 'fee_bp', 'fee_fixed'])
        .where('merchant_code', '=', M)
        .execute();
      for (const c of channels) fees.set(c.id, { bp: BigInt(c.fee_bp), fixed: BigInt(c.fee_fixed) });
      onlineChannel = channels.find((c) => c.code === 'EWALLET_DEMO')!.id;
      bankChannel = channels.find((c) => c.code === 'BANK_BDO')!.id;
      // The online channel charges a fee, so its credits test the house leg too.
      expect(depositFee(100_00n)).toBeGreaterThan(0n);
      gatewaySecret = (
        await db.db
          .selectFrom('cashier_setting')
          .select('gateway_secret')
          .where('merchant_code', '=', M)
          .executeTakeFirstOrThrow()
      ).gateway_secret;
      agent = await seeded('agent01', 'agent1234', 'GOLDEN AGENT', 1);
      // Withdrawals are limited per day: lifted here, so the hammer can make many; the test of that
      // limit sets its own.
      await setDailyWithdrawals(1000);
    });
    afterAll(async () => {
      await t?.close();
    });

    // ---- a. the hammer ----------------------------------------------------------------------------------

    it(`a. ${WORKERS} clients, every money movement at once on the same 4 members: the ledger is exactly what was acknowledged`, async () => {
      const players = [
        await seeded('demo01', 'demo1234', 'DEMO PLAYER', 2),
        agent,
        await freshPlayer(300_000n),
        await freshPlayer(300_000n),
      ];
      const book = await Book.open();
      /** Calls that failed in a way no client may see: a 5xx, an unexpected code, a broken answer. */
      const anomalies: string[] = [];
      const tally = new Map<string, number>();
      const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
      /** Orders and bets as they must end up. */
      const finalDeposits = new Map<string, string>();
      const finalWithdrawals = new Map<string, { status: string; paid: bigint }>();
      const finalBets = new Map<string, string>();

      /** A refusal this call may give (clean, 4xx, a known code), or an anomaly. */
      const refused = (what: string, o: Outcome<unknown>, allowed: string[]) => {
        if (o.ok) return;
        if (o.status >= 500 || !allowed.includes(o.code)) anomalies.push(`${what}: ${o.status} ${o.code}`);
        else count(`${what} refused ${o.code}`);
      };
      const ok = <T>(what: string, o: Outcome<T>): T | null => {
        if (o.ok) {
          count(what);
          return o.value;
        }
        anomalies.push(`${what} must succeed: ${o.status} ${o.code}`);
        return null;
      };

      const flows: ((p: Player) => Promise<void>)[] = [
        // ONLINE deposit: the order, then the provider's notification (paid, or failed).
        async (p) => {
          const amount = between(5_000n, 80_000n);
          const o = await api.deposit(p, {
            requestId: rid(),
            channelId: onlineChannel,
            amount: money(amount),
          });
          if (!o.ok) return refused('deposit', o, ['system.throttled']);
          const d = o.value;
          if (minorOf(d.fee) !== depositFee(amount)) anomalies.push(`deposit ${d.orderNo} fee ${d.fee}`);
          if (random() < 0.8) {
            const r = ok('deposit paid', await api.callback(notification(d.orderNo, amount, 'SUCCESS')));
            if (r?.status !== 'ARRIVED') return void anomalies.push(`callback ${d.orderNo}: ${r?.status}`);
            book.add(`DEPOSIT:${d.orderNo}`, moves.deposit(p, amount, depositFee(amount)));
            finalDeposits.set(d.id, 'ARRIVED');
          } else {
            const r = ok('deposit failed', await api.callback(notification(d.orderNo, amount, 'FAILED')));
            if (r?.status !== 'FAILED') anomalies.push(`callback ${d.orderNo}: ${r?.status}`);
            finalDeposits.set(d.id, 'FAILED');
          }
        },
        // BANK deposit: the order with its receipt, then an operator approves or rejects it.
        async (p) => {
          const amount = between(10_000n, 150_000n);
          const o = await api.deposit(p, {
            requestId: rid(),
            channelId: bankChannel,
            amount: money(amount),
            imageIds: [p.imageId],
          });
          if (!o.ok) return refused('deposit', o, ['system.throttled']);
          if (random() < 0.75) {
            if (ok('deposit approved', await api.approve(o.value.id))) {
              book.add(`DEPOSIT:${o.value.orderNo}`, moves.deposit(p, amount, feeOf(bankChannel, amount)));
              finalDeposits.set(o.value.id, 'APPROVED');
            }
          } else if (ok('deposit rejected', await api.rejectDeposit(o.value.id))) {
            finalDeposits.set(o.value.id, 'REJECTED');
          }
        },
        // A bet, then its settlement (win, lose, push), its void, or nothing yet.
        async (p) => {
          const roundId = rid('R');
          const stake = between(100n, 60_000n);
          const placed = await service(() => bets.placeBet(M, p.id, bet(roundId, stake)));
          if (!placed.ok) return refused('bet', placed, ['wallet.insufficient']);
          count('bet placed');
          book.add(`BET:JILI:${roundId}`, moves.stake(p, stake));
          finalBets.set(roundId, 'OPEN');
          const what = random();
          if (what < 0.5) {
            const payout = pick([0n, stake, stake * 2n, between(0n, stake * 3n)]);
            const s = ok(
              'bet settled',
              await service(() => bets.settleBet(M, 'JILI', roundId, { payout, validBet: stake })),
            );
            if (!s) return;
            book.add(`SETTLE:JILI:${roundId}`, moves.settle(p, stake, payout));
            finalBets.set(roundId, 'SETTLED');
          } else if (what < 0.85) {
            if (!ok('bet void', await service(() => bets.voidBet(M, 'JILI', roundId)))) return;
            book.add(`VOID:JILI:${roundId}`, moves.void(p, stake));
            finalBets.set(roundId, 'VOID');
          }
        },
        // A withdrawal, then: paid in full; paid in part (then the rest paid, the rest returned, or
        // left PARTIAL); rejected; or left PENDING.
        async (p) => {
          const amount = between(10_000n, 90_000n);
          const o = await api.withdraw(p, { requestId: rid(), amount: money(amount) });
          if (!o.ok) return refused('withdraw', o, ['wallet.insufficient']);
          count('withdraw');
          const w = o.value;
          book.add(`WITHDRAW:${w.orderNo}`, moves.withdraw(p, amount));
          finalWithdrawals.set(w.id, { status: 'PENDING', paid: 0n });
          const payment = async (part: bigint | null, paidBefore: bigint) => {
            const requestId = rid('pay');
            const r = await api.pay(w.id, part === null ? { requestId } : { requestId, amount: money(part) });
            if (!ok('withdraw paid', r)) return false;
            const paying = part ?? amount - paidBefore;
            book.add(`WITHDRAW_PAY:${w.orderNo}:key-${requestId}`, moves.pay(p, paying));
            const paid = paidBefore + paying;
            finalWithdrawals.set(w.id, { status: paid === amount ? 'PAID' : 'PARTIAL', paid });
            return true;
          };
          const rejection = async (paid: bigint) => {
            if (!ok('withdraw rejected', await api.rejectWithdrawal(w.id))) return;
            book.add(`WITHDRAW_RETURN:${w.orderNo}`, moves.giveBack(p, amount - paid));
            finalWithdrawals.set(w.id, { status: 'REJECTED', paid });
          };
          const what = random();
          if (what < 0.3) {
            await payment(pick([null, amount]), 0n);
          } else if (what < 0.55) {
            const part = between(1n, amount - 1n);
            if (!(await payment(part, 0n))) return;
            const then = random();
            if (then < 0.35) await payment(null, part);
            else if (then < 0.7) await rejection(part);
          } else if (what < 0.9) {
            await rejection(0n);
          }
        },
        // Main <-> a vendor wallet.
        async (p) => {
          const direction = pick(['IN', 'OUT'] as const);
          const vendor = pick(VENDORS);
          const amount = between(100n, 80_000n);
          const requestId = rid();
          const o = await api.transfer(p, { requestId, direction, vendor, amount: money(amount) });
          if (!o.ok) return refused('transfer', o, ['wallet.insufficient']);
          count('transfer');
          book.add(`TRANSFER:${p.id}:${requestId}`, moves.transfer(p, direction, vendor, amount));
        },
        // To the upline (agent01 has none: refused).
        async (p) => {
          const amount = between(100n, 50_000n);
          const requestId = rid();
          const o = await api.upline(p, { requestId, amount: money(amount) });
          if (!o.ok) return refused('upline', o, p.hasUpline ? ['wallet.insufficient'] : ['upline.none']);
          if (!p.hasUpline) return void anomalies.push('upline transfer of agent01 accepted');
          count('upline');
          book.add(`UPLINE:${p.id}:${requestId}`, moves.upline(p, amount));
        },
        // An operator's credit or debit.
        async (p) => {
          const amount = between(100n, 80_000n) * (random() < 0.35 ? -1n : 1n);
          const requestId = rid();
          const o = await api.adjust({ requestId, username: p.username, amount: money(amount) });
          if (!o.ok) return refused('adjust', o, ['wallet.insufficient']);
          count('adjust');
          if (signedMinor(o.value) !== amount) anomalies.push(`adjust ${requestId}: ${o.value.amount}`);
          book.add(await adjustRef(requestId), moves.adjust(p, amount));
        },
      ];

      // How many sessions of this database are inside a statement or a transaction at once.
      let running = true;
      let peak = 0;
      const sampler = (async () => {
        while (running) {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND state IN ('active', 'idle in transaction')`.execute(t.db.db);
          peak = Math.max(peak, rows[0]!.n);
          await sleep(10);
        }
      })();
      await Promise.all(
        Array.from({ length: WORKERS }, async () => {
          for (let i = 0; i < FLOWS_PER_WORKER; i++) {
            const p = pick(players);
            const flow = pick(flows);
            try {
              await flow(p);
            } catch (err) {
              anomalies.push(`thrown: ${err instanceof Error ? err.stack : String(err)}`);
            }
          }
        }),
      );

      running = false;
      await sampler;
      expect(anomalies, `seed ${SEED}`).toEqual([]);
      // The clients really ran at once in the database (not one after another through a small pool).
      expect(peak).toBeGreaterThanOrEqual(20);
      // The workload really moved money (of every kind) and really refused some.
      expect(book.moves.size, JSON.stringify([...tally])).toBeGreaterThan(WORKERS * 2);
      for (const kind of ['DEPOSIT:', 'BET:', 'SETTLE:', 'WITHDRAW:', 'TRANSFER:', 'UPLINE:', 'ADJUST:'])
        expect(
          [...book.moves.keys()].some((r) => r.startsWith(kind)),
          kind,
        ).toBe(true);
      await book.check();

      // Orders and bets ended as their acknowledged calls left them.
      const deposits = await t.db.db
        .selectFrom('deposit')
        .select(['id', 'status'])
        .where('id', 'in', [...finalDeposits.keys(), '0'])
        .execute();
      expect(Object.fromEntries(deposits.map((d) => [d.id, d.status]))).toEqual(
        Object.fromEntries(finalDeposits),
      );
      const withdrawals = await t.db.db
        .selectFrom('withdrawal')
        .select(['id', 'status', 'paid_amount'])
        .where('id', 'in', [...finalWithdrawals.keys(), '0'])
        .execute();
      expect(
        Object.fromEntries(withdrawals.map((w) => [w.id, { status: w.status, paid: BigInt(w.paid_amount) }])),
      ).toEqual(Object.fromEntries(finalWithdrawals));
      const betRows = await t.db.db
        .selectFrom('bet_record')
        .select(['round_id', 'status'])
        .where('round_id', 'in', [...finalBets.keys(), '-'])
        .execute();
      expect(Object.fromEntries(betRows.map((b) => [b.round_id, b.status]))).toEqual(
        Object.fromEntries(finalBets),
      );
    }, 90_000);

    // ---- b. retries -------------------------------------------------------------------------------------

    describe('b. a retried call moves money once and answers as the first', () => {
      let p: Player;
      beforeAll(async () => {
        p = await freshPlayer(500_000n);
      });

      it('gateway notification: the same one many times at once and again, another for the same payment', async () => {
        const book = await Book.open();
        const amount = 123_45n;
        const d = mustOk(
          await api.deposit(p, { requestId: rid(), channelId: onlineChannel, amount: money(amount) }),
          'deposit',
        );
        const body = notification(d.orderNo, amount, 'SUCCESS', `TXN${randomUUID().slice(0, 8)}`);
        const answers = [
          ...(await race(10, () => api.callback(body), 20)),
          ...(await inTurn(3, () => api.callback(body))),
        ];
        for (const a of answers)
          expect(a).toEqual({ ok: true, status: 200, value: { orderNo: d.orderNo, status: 'ARRIVED' } });
        // The provider retries with a new transaction id: acknowledged, nothing more moves.
        expect(await api.callback(notification(d.orderNo, amount, 'SUCCESS'))).toMatchObject({
          ok: true,
          value: { status: 'ARRIVED' },
        });
        // A failure notice for a paid order contradicts it: refused, nothing moves back.
        expect(await api.callback(notification(d.orderNo, amount, 'FAILED'))).toMatchObject({
          ok: false,
          status: 409,
          code: 'cashier.order.state',
        });
        book.add(`DEPOSIT:${d.orderNo}`, moves.deposit(p, amount, depositFee(amount)));
        const row = await t.db.db
          .selectFrom('deposit')
          .selectAll()
          .where('id', '=', d.id)
          .executeTakeFirstOrThrow();
        expect(row.gateway_txn).toBe(JSON.parse(body).gatewayTxn);

        // The demo gateway's pay button pressed many times at once: each press is a new payment
        // attempt with its own transaction id, and still the order is credited once.
        const d2 = mustOk(
          await api.deposit(p, { requestId: rid(), channelId: onlineChannel, amount: money(amount) }),
          'deposit',
        );
        const presses = await race(
          8,
          () => t.app.inject({ method: 'POST', url: `/gateway/demo/${d2.orderNo}/pay` }),
          10,
        );
        for (const r of presses) expect(r.statusCode).toBe(303);
        book.add(`DEPOSIT:${d2.orderNo}`, moves.deposit(p, amount, depositFee(amount)));

        // Paid and failed notices racing: whichever the order took first stands, the other is refused.
        const d3 = mustOk(
          await api.deposit(p, { requestId: rid(), channelId: onlineChannel, amount: money(amount) }),
          'deposit',
        );
        const mixed = await race(
          8,
          (i) => api.callback(notification(d3.orderNo, amount, i % 2 === 0 ? 'SUCCESS' : 'FAILED')),
          10,
        );
        const status = (
          await t.db.db
            .selectFrom('deposit')
            .select('status')
            .where('id', '=', d3.id)
            .executeTakeFirstOrThrow()
        ).status;
        expect(['ARRIVED', 'FAILED']).toContain(status);
        mixed.forEach((o, i) => {
          const agrees = (i % 2 === 0) === (status === 'ARRIVED');
          if (agrees) expect(o).toMatchObject({ ok: true, value: { status } });
          else expect(o).toMatchObject({ ok: false, code: 'cashier.order.state' });
        });
        if (status === 'ARRIVED')
          book.add(`DEPOSIT:${d3.orderNo}`, moves.deposit(p, amount, depositFee(amount)));
        await book.check();
      });

      it('deposit order and operator approval: one order per requestId, one credit per order', async () => {
        const book = await Book.open();
        const requestId = rid();
        const body = { requestId, channelId: bankChannel, amount: '250.00', imageIds: [p.imageId] };
        const made = [
          ...(await race(8, () => api.deposit(p, body), 15)),
          ...(await inTurn(2, () => api.deposit(p, body))),
        ];
        const first = mustOk(made[0]!, 'deposit');
        for (const m of made) expect(m).toEqual({ ok: true, status: 200, value: first });
        const orders = await t.db.db
          .selectFrom('deposit')
          .select('id')
          .where('request_id', '=', requestId)
          .execute();
        expect(orders).toHaveLength(1);

        // Operators approving at once: one approval, the others see the order settled.
        const approvals = [
          ...(await race(8, () => api.approve(first.id), 15)),
          ...(await inTurn(2, () => api.approve(first.id))),
        ];
        expect(codes(approvals)).toEqual([...Array(9).fill('cashier.order.state'), 'ok']);
        expect(approvals.find((a) => a.ok)).toMatchObject({ value: { id: first.id, status: 'APPROVED' } });
        book.add(`DEPOSIT:${first.orderNo}`, moves.deposit(p, 25_000n, feeOf(bankChannel, 25_000n)));

        // Approve and reject racing on one order: exactly one decision, and money only if approved.
        const other = mustOk(
          await api.deposit(p, { ...body, requestId: rid(), amount: '100.00' }),
          'deposit',
        );
        const decisions = await race(
          8,
          (i) => (i % 2 === 0 ? api.approve(other.id) : api.rejectDeposit(other.id)),
          10,
        );
        expect(decisions.filter((d) => d.ok)).toHaveLength(1);
        for (const d of decisions) if (!d.ok) expect(d.code).toBe('cashier.order.state');
        const decided = decisions.find((d) => d.ok)!;
        const approved = decisions.indexOf(decided) % 2 === 0;
        expect(decided).toMatchObject({ value: { status: approved ? 'APPROVED' : 'REJECTED' } });
        if (approved)
          book.add(`DEPOSIT:${other.orderNo}`, moves.deposit(p, 10_000n, feeOf(bankChannel, 10_000n)));

        // An ONLINE order approved by an operator while the provider's notifications arrive.
        const online = mustOk(
          await api.deposit(p, { requestId: rid(), channelId: onlineChannel, amount: '80.00' }),
          'deposit',
        );
        const both = await race(
          8,
          (i) =>
            i % 2 === 0
              ? api.approve(online.id)
              : api.callback(notification(online.orderNo, 8_000n, 'SUCCESS')),
          10,
        );
        for (const [i, o] of both.entries())
          if (!o.ok) expect([i % 2, o.code]).toEqual([0, 'cashier.order.state']);
        book.add(`DEPOSIT:${online.orderNo}`, moves.deposit(p, 8_000n, depositFee(8_000n)));
        await book.check();
      });

      it('withdrawal request, payment and rejection', async () => {
        const book = await Book.open();
        const requestId = rid();
        const body = { requestId, amount: '400.00' };
        const asks = [
          ...(await race(8, () => api.withdraw(p, body), 20)),
          ...(await inTurn(2, () => api.withdraw(p, body))),
        ];
        const w = mustOk(asks[0]!, 'withdraw');
        for (const a of asks) expect(a).toEqual({ ok: true, status: 200, value: w });
        book.add(`WITHDRAW:${w.orderNo}`, moves.withdraw(p, 40_000n));

        // A part payment retried: one payout.
        const payId = rid('pay');
        const part = [
          ...(await race(8, () => api.pay(w.id, { requestId: payId, amount: '150.00' }), 20)),
          ...(await inTurn(2, () => api.pay(w.id, { requestId: payId, amount: '150.00' }))),
        ];
        const partAnswer = mustOk(part[0]!, 'pay');
        const paid = partAnswer.withdrawal;
        expect(partAnswer.state).toBe('PARTLY_PAID');
        expect(paid).toMatchObject({ status: 'PARTIAL', paidAmount: 150, remainingAmount: 250 });
        expect(paid.payouts).toHaveLength(1);
        for (const a of part) expect(a).toEqual({ ok: true, status: 200, value: partAnswer });
        book.add(`WITHDRAW_PAY:${w.orderNo}:key-${payId}`, moves.pay(p, 15_000n));

        // The rest, retried without an amount: one more payout, then the order is PAID.
        const restId = rid('pay');
        const rest = [
          ...(await race(8, () => api.pay(w.id, { requestId: restId }), 20)),
          ...(await inTurn(2, () => api.pay(w.id, { requestId: restId }))),
        ];
        const restAnswer = mustOk(rest[0]!, 'pay');
        expect(restAnswer).toMatchObject({
          state: 'PAID',
          withdrawal: { status: 'PAID', paidAmount: 400, remainingAmount: 0 },
        });
        for (const a of rest) expect(a).toEqual({ ok: true, status: 200, value: restAnswer });
        book.add(`WITHDRAW_PAY:${w.orderNo}:key-${restId}`, moves.pay(p, 25_000n));
        // The first payment retried after the order is PAID answers as it first did, and pays nothing.
        expect(await api.pay(w.id, { requestId: payId, amount: '150.00' })).toEqual({
          ok: true,
          status: 200,
          value: partAnswer,
        });
        // A new payment of a PAID order, or a rejection of it: refused.
        expect(await api.pay(w.id, { requestId: rid('pay') })).toMatchObject({
          ok: false,
          code: 'cashier.order.state',
        });
        expect(await api.rejectWithdrawal(w.id)).toMatchObject({ ok: false, code: 'cashier.order.state' });

        // Rejections at once: one returns the money, the others see the order settled.
        const w2 = mustOk(await api.withdraw(p, { requestId: rid(), amount: '300.00' }), 'withdraw');
        book.add(`WITHDRAW:${w2.orderNo}`, moves.withdraw(p, 30_000n));
        const rejections = [
          ...(await race(8, () => api.rejectWithdrawal(w2.id), 15)),
          ...(await inTurn(2, () => api.rejectWithdrawal(w2.id))),
        ];
        expect(codes(rejections)).toEqual([...Array(9).fill('cashier.order.state'), 'ok']);
        book.add(`WITHDRAW_RETURN:${w2.orderNo}`, moves.giveBack(p, 30_000n));

        // Payments (each its own requestId, the whole amount) and rejections racing: one decision.
        const w3 = mustOk(await api.withdraw(p, { requestId: rid(), amount: '200.00' }), 'withdraw');
        book.add(`WITHDRAW:${w3.orderNo}`, moves.withdraw(p, 20_000n));
        const payIds = Array.from({ length: 8 }, () => rid('pay'));
        const decisions = await race(
          8,
          (i): Promise<Outcome<unknown>> =>
            i % 2 === 0 ? api.pay(w3.id, { requestId: payIds[i]! }) : api.rejectWithdrawal(w3.id),
          10,
        );
        expect(codes(decisions)).toEqual([...Array(7).fill('cashier.order.state'), 'ok']);
        const winner = decisions.findIndex((d) => d.ok);
        if (winner % 2 === 0)
          book.add(`WITHDRAW_PAY:${w3.orderNo}:key-${payIds[winner]}`, moves.pay(p, 20_000n));
        else book.add(`WITHDRAW_RETURN:${w3.orderNo}`, moves.giveBack(p, 20_000n));
        await book.check();
      });

      it('transfers between main and a vendor wallet, including "everything"', async () => {
        const book = await Book.open();
        await setMain(book, p, 250_00n);
        // The whole main wallet, one requestId, many copies.
        const requestId = rid();
        const body = { requestId, direction: 'IN', vendor: 'EVO', amount: '250.00' };
        const answers = [
          ...(await race(10, () => api.transfer(p, body), 25)),
          ...(await inTurn(2, () => api.transfer(p, body))),
        ];
        const first = mustOk(answers[0]!, 'transfer');
        for (const a of answers) expect(a).toEqual({ ok: true, status: 200, value: first });
        book.add(`TRANSFER:${p.id}:${requestId}`, moves.transfer(p, 'IN', 'EVO', 250_00n));
        // "Everything back" (no amount), many copies: moves what was there once.
        const allId = rid();
        const all = { requestId: allId, direction: 'OUT', vendor: 'EVO' };
        const back = [
          ...(await race(10, () => api.transfer(p, all), 25)),
          ...(await inTurn(2, () => api.transfer(p, all))),
        ];
        const firstBack = mustOk(back[0]!, 'transfer all');
        for (const a of back) expect(a).toEqual({ ok: true, status: 200, value: firstBack });
        book.add(`TRANSFER:${p.id}:${allId}`, moves.transfer(p, 'OUT', 'EVO', 250_00n));
        // The recall of every vendor wallet (no vendor), many copies.
        const parts = [
          ['JILI', 40_00n],
          ['PP', 60_00n],
        ] as const;
        for (const [vendor, amount] of parts) {
          const r = rid();
          mustOk(
            await api.transfer(p, { requestId: r, direction: 'IN', vendor, amount: money(amount) }),
            'in',
          );
          book.add(`TRANSFER:${p.id}:${r}`, moves.transfer(p, 'IN', vendor, amount));
        }
        const recallId = rid();
        const recall = { requestId: recallId, direction: 'OUT' };
        const recalls = [
          ...(await race(10, () => api.transfer(p, recall), 25)),
          ...(await inTurn(2, () => api.transfer(p, recall))),
        ];
        const firstRecall = mustOk(recalls[0]!, 'recall');
        for (const a of recalls) expect(a).toEqual({ ok: true, status: 200, value: firstRecall });
        book.add(
          `TRANSFER:${p.id}:${recallId}`,
          legs([K.vendor(p, 'JILI'), -40_00n], [K.vendor(p, 'PP'), -60_00n], [K.main(p), 100_00n]),
        );
        await book.check();
      });

      it('upline transfer and operator adjustment', async () => {
        const book = await Book.open();
        await setMain(book, p, 1_000_00n);
        const requestId = rid();
        const body = { requestId, amount: '1000.00' };
        const answers = [
          ...(await race(8, () => api.upline(p, body), 25)),
          ...(await inTurn(2, () => api.upline(p, body))),
        ];
        const first = mustOk(answers[0]!, 'upline');
        expect(first).toMatchObject({ amount: 1000, upline: 'agent01', balance: 0 });
        for (const a of answers) expect(a).toEqual({ ok: true, status: 200, value: first });
        book.add(`UPLINE:${p.id}:${requestId}`, moves.upline(p, 1_000_00n));

        for (const amount of ['500.00', '-500.00']) {
          const adjustId = rid();
          const adjust = { requestId: adjustId, username: p.username, amount };
          // Racing approvals of one request: one posts; a copy that meets the live claim is told
          // the request is being decided, a later one gets the first answer back.
          const raced = await race(8, () => api.adjust(adjust), 25);
          const later = await inTurn(2, () => api.adjust(adjust));
          const firstAdjust = mustOk([...raced, ...later].find((o) => o.ok) ?? later[0]!, 'adjust');
          expect(firstAdjust).toMatchObject({ state: 'APPROVED' });
          for (const a of raced)
            if (a.ok) expect(a).toEqual({ ok: true, status: 200, value: firstAdjust });
            else expect(a.code).toBe('approval.decided');
          for (const a of later) expect(a).toEqual({ ok: true, status: 200, value: firstAdjust });
          book.add(
            await adjustRef(adjustId),
            moves.adjust(p, toMinor(amount.replace('-', ''))! * (amount.startsWith('-') ? -1n : 1n)),
          );
        }
        expect(await mainOf(p)).toBe(0n);
        await book.check();
      });

      it('bet, settlement and void (the vendor callbacks)', async () => {
        const book = await Book.open();
        await setMain(book, p, 300_00n);
        // The whole wallet on one round, placed many times.
        const roundId = rid('R');
        const placed = [
          ...(await race(10, () => service(() => bets.placeBet(M, p.id, bet(roundId, 300_00n))), 20)),
          ...(await inTurn(2, () => service(() => bets.placeBet(M, p.id, bet(roundId, 300_00n))))),
        ];
        const first = { ...mustOk(placed[0]!, 'bet'), repeat: false };
        expect(first.balance).toBe(0n);
        // Every call answers the same bet; exactly one of them placed it, the others are repeats.
        for (const a of placed)
          expect(a).toEqual({ ok: true, status: 200, value: { ...first, repeat: expect.any(Boolean) } });
        expect(placed.filter((a) => a.ok && !a.value.repeat)).toHaveLength(1);
        book.add(`BET:JILI:${roundId}`, moves.stake(p, 300_00n));
        // The same round with another stake is another request under a used key.
        expect(await service(() => bets.placeBet(M, p.id, bet(roundId, 100n)))).toMatchObject({
          ok: false,
          code: 'wallet.reference.conflict',
        });
        const settle = { payout: 450_00n, validBet: 300_00n };
        const settled = [
          ...(await race(10, () => service(() => bets.settleBet(M, 'JILI', roundId, settle)), 20)),
          ...(await inTurn(2, () => service(() => bets.settleBet(M, 'JILI', roundId, settle)))),
        ];
        const firstSettle = mustOk(settled[0]!, 'settle');
        expect(firstSettle).toMatchObject({ balance: 450_00n, bet: { status: 'SETTLED', payout: 450_00n } });
        for (const a of settled) expect(a).toEqual({ ok: true, status: 200, value: firstSettle });
        book.add(`SETTLE:JILI:${roundId}`, moves.settle(p, 300_00n, 450_00n));
        // Another settlement of a settled round, or its void: refused.
        expect(
          await service(() => bets.settleBet(M, 'JILI', roundId, { payout: 0n, validBet: 0n })),
        ).toMatchObject({
          ok: false,
          code: 'wallet.reference.conflict',
        });
        expect(await service(() => bets.voidBet(M, 'JILI', roundId))).toMatchObject({
          ok: false,
          code: 'vendor.round.closed',
        });

        // A void retried.
        const voided = rid('R');
        mustOk(await service(() => bets.placeBet(M, p.id, bet(voided, 50_00n))), 'bet');
        book.add(`BET:JILI:${voided}`, moves.stake(p, 50_00n));
        const voids = [
          ...(await race(10, () => service(() => bets.voidBet(M, 'JILI', voided)), 20)),
          ...(await inTurn(2, () => service(() => bets.voidBet(M, 'JILI', voided)))),
        ];
        const firstVoid = mustOk(voids[0]!, 'void');
        for (const a of voids) expect(a).toEqual({ ok: true, status: 200, value: firstVoid });
        book.add(`VOID:JILI:${voided}`, moves.void(p, 50_00n));

        // Settlement and void racing on one round: one of them, and only it, happens.
        const contested = rid('R');
        mustOk(await service(() => bets.placeBet(M, p.id, bet(contested, 70_00n))), 'bet');
        book.add(`BET:JILI:${contested}`, moves.stake(p, 70_00n));
        const both = await race(
          10,
          (i) =>
            service<BetResult>(() =>
              i % 2 === 0
                ? bets.settleBet(M, 'JILI', contested, { payout: 0n, validBet: 70_00n })
                : bets.voidBet(M, 'JILI', contested),
            ),
          15,
        );
        const final = (
          await t.db.db
            .selectFrom('bet_record')
            .select('status')
            .where('round_id', '=', contested)
            .executeTakeFirstOrThrow()
        ).status;
        both.forEach((o, i) => {
          const mine = i % 2 === 0 ? 'SETTLED' : 'VOID';
          if (mine === final) expect(o).toMatchObject({ ok: true, value: { bet: { status: final } } });
          else expect(o).toMatchObject({ ok: false, code: 'vendor.round.closed' });
        });
        if (final === 'SETTLED') book.add(`SETTLE:JILI:${contested}`, moves.settle(p, 70_00n, 0n));
        else book.add(`VOID:JILI:${contested}`, moves.void(p, 70_00n));
        await book.check();
      });
    });

    // ---- c. isolation ----------------------------------------------------------------------------------

    describe('c. isolation: racing requests never overdraw and never pass a limit', () => {
      it('lost update: requests that together exceed the balance, of each kind', async () => {
        const p = await freshPlayer(0n);
        const book = await Book.open();
        // [what, copies, amount each, the call]: from 1000.00, exactly floor(1000 / amount) pass.
        const kinds: [
          string,
          number,
          bigint,
          (amount: bigint, i: number) => Promise<Outcome<unknown>>,
          (amount: bigint, ref: string) => [string, Legs],
        ][] = [];
        const refs = new Map<string, string>();
        const ref = (kind: string, i: number, value: string) => {
          refs.set(`${kind}:${i}`, value);
          return value;
        };
        kinds.push([
          'withdraw',
          2,
          600_00n,
          async (amount, i) => {
            const o = await api.withdraw(p, { requestId: rid(), amount: money(amount) });
            if (o.ok) ref('withdraw', i, o.value.orderNo);
            return o;
          },
          (amount, orderNo) => [`WITHDRAW:${orderNo}`, moves.withdraw(p, amount)],
        ]);
        kinds.push([
          'transfer',
          7,
          300_00n,
          (amount, i) =>
            api.transfer(p, {
              requestId: ref('transfer', i, rid()),
              direction: 'IN',
              vendor: 'PP',
              amount: money(amount),
            }),
          (amount, r) => [`TRANSFER:${p.id}:${r}`, moves.transfer(p, 'IN', 'PP', amount)],
        ]);
        kinds.push([
          'upline',
          9,
          150_00n,
          (amount, i) => api.upline(p, { requestId: ref('upline', i, rid()), amount: money(amount) }),
          (amount, r) => [`UPLINE:${p.id}:${r}`, moves.upline(p, amount)],
        ]);
        kinds.push([
          'bet',
          14,
          100_00n,
          (amount, i) => service(() => bets.placeBet(M, p.id, bet(ref('bet', i, rid('R')), amount))),
          (amount, r) => [`BET:JILI:${r}`, moves.stake(p, amount)],
        ]);
        kinds.push([
          'debit',
          5,
          300_00n,
          async (amount, i) => {
            const o = await api.adjust({ requestId: rid(), username: p.username, amount: money(-amount) });
            if (o.ok) ref('debit', i, o.value.id);
            return o;
          },
          (amount, approvalId) => [`ADJUST:approval-${approvalId}`, moves.adjust(p, -amount)],
        ]);
        for (const [kind, copies, amount, call, entry] of kinds) {
          await setMain(book, p, 1_000_00n);
          const outcomes = await race(copies, (i) => call(amount, i), 10);
          const passed = Number(1_000_00n / amount);
          expect(codes(outcomes), kind).toEqual([
            ...Array(passed).fill('ok'),
            ...Array(copies - passed).fill('wallet.insufficient'),
          ]);
          outcomes.forEach((o, i) => {
            if (o.ok) book.add(...entry(amount, refs.get(`${kind}:${i}`)!));
          });
          expect(await mainOf(p), kind).toBe(1_000_00n - BigInt(passed) * amount);
        }
        await book.check();
      });

      it('write skew: a withdrawal, a vendor transfer, an upline transfer, a bet and a debit racing on one wallet', async () => {
        const p = await freshPlayer(0n);
        const book = await Book.open();
        for (let round = 0; round < 4; round++) {
          await emptyVendorWallets(book, p);
          await setMain(book, p, 1_000_00n);
          const amount = 400_00n;
          const transferId = rid();
          const uplineId = rid();
          const roundId = rid('R');
          const debitId = rid();
          const calls: [string, () => Promise<Outcome<unknown>>, (o: Outcome<unknown>) => [string, Legs]][] =
            [
              [
                'withdraw',
                () => api.withdraw(p, { requestId: rid(), amount: money(amount) }),
                (o) => [`WITHDRAW:${(o as { value: Withdrawal }).value.orderNo}`, moves.withdraw(p, amount)],
              ],
              [
                'transfer',
                () =>
                  api.transfer(p, {
                    requestId: transferId,
                    direction: 'IN',
                    vendor: 'JILI',
                    amount: money(amount),
                  }),
                () => [`TRANSFER:${p.id}:${transferId}`, moves.transfer(p, 'IN', 'JILI', amount)],
              ],
              [
                'upline',
                () => api.upline(p, { requestId: uplineId, amount: money(amount) }),
                () => [`UPLINE:${p.id}:${uplineId}`, moves.upline(p, amount)],
              ],
              [
                'bet',
                () => service(() => bets.placeBet(M, p.id, bet(roundId, amount))),
                () => [`BET:JILI:${roundId}`, moves.stake(p, amount)],
              ],
              [
                'debit',
                () => api.adjust({ requestId: debitId, username: p.username, amount: money(-amount) }),
                (o) => [
                  `ADJUST:approval-${(o as { value: AdjustmentApproval }).value.id}`,
                  moves.adjust(p, -amount),
                ],
              ],
            ];
          const outcomes = await race(calls.length, (i) => calls[i]![1](), 10);
          // 1000 covers two of the four spends (withdrawal, upline, bet, debit). The vendor
          // transfer keeps the money the member's, and a withdrawal that finds main short recalls
          // it: so one or two spends go through, never three, and every refusal is for funds.
          const spent = outcomes.filter((o, i) => o.ok && calls[i]![0] !== 'transfer').length;
          expect(spent, `round ${round}: ${codes(outcomes).join(',')}`).toBeGreaterThanOrEqual(1);
          expect(spent, `round ${round}: ${codes(outcomes).join(',')}`).toBeLessThanOrEqual(2);
          expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? '' : o.code))).toEqual(
            Array.from({ length: outcomes.filter((o) => !o.ok).length }, () => 'wallet.insufficient'),
          );
          outcomes.forEach((o, i) => {
            if (o.ok) book.add(...calls[i]![2](o));
          });
          const jili =
            (await new LedgerService(t.db.db).memberBalances(t.db.db, p.id)).get('VENDOR:JILI') ?? 0n;
          expect((await mainOf(p)) + jili).toBe(1_000_00n - BigInt(spent) * amount);
        }

        // "Everything into a vendor wallet" racing a withdrawal: one of three exact outcomes. A
        // withdrawal that finds main short first recalls every vendor wallet into main (the money
        // the member owns, wherever the last game left it), as one transfer of its own.
        const recalls = async () =>
          (
            await t.db.db
              .selectFrom('ledger_entry')
              .select('reference')
              .where('reference', 'like', `TRANSFER:${p.id}:R%`)
              .execute()
          )
            .map((r) => r.reference)
            .filter((r) => !book.moves.has(r));
        for (let round = 0; round < 3; round++) {
          await setMain(book, p, 1_000_00n);
          const before = await new LedgerService(t.db.db).memberBalances(t.db.db, p.id);
          const vendors = [...before].filter(([key]) => key.startsWith('VENDOR:'));
          const allId = rid();
          const earlier = new Set(await recalls());
          const [w, all] = await race<Outcome<unknown>>(2, (i) =>
            i === 0
              ? api.withdraw(p, { requestId: rid(), amount: '400.00' })
              : api.transfer(p, { requestId: allId, direction: 'IN', vendor: 'SABA' }),
          );
          expect(all!.ok, 'the transfer of everything always finds something').toBe(true);
          const recalled = (await recalls()).filter((r) => !earlier.has(r));
          const after = await new LedgerService(t.db.db).memberBalances(t.db.db, p.id);
          if (!w!.ok) {
            // The withdrawal saw main covered, then lost the lock to the transfer of everything.
            expect(w).toMatchObject({ code: 'wallet.insufficient' });
            expect(recalled).toEqual([]);
            book.add(`TRANSFER:${p.id}:${allId}`, moves.transfer(p, 'IN', 'SABA', 1_000_00n));
            expect(await mainOf(p)).toBe(0n);
          } else if (recalled.length === 0) {
            // The withdrawal first, then everything left goes to SABA.
            book.add(`WITHDRAW:${(w as { value: Withdrawal }).value.orderNo}`, moves.withdraw(p, 400_00n));
            book.add(`TRANSFER:${p.id}:${allId}`, moves.transfer(p, 'IN', 'SABA', 600_00n));
            expect(await mainOf(p)).toBe(0n);
          } else {
            // Everything went to SABA first; the withdrawal recalled all vendor wallets and paid out.
            expect(recalled).toHaveLength(1);
            book.add(`TRANSFER:${p.id}:${allId}`, moves.transfer(p, 'IN', 'SABA', 1_000_00n));
            const held = new Map(vendors);
            held.set('VENDOR:SABA', (held.get('VENDOR:SABA') ?? 0n) + 1_000_00n);
            const recall: Legs = {};
            let total = 0n;
            for (const [key, amount] of held) {
              if (amount === 0n) continue;
              Object.assign(recall, moves.transfer(p, 'OUT', key.slice('VENDOR:'.length), amount));
              total += amount;
            }
            // One entry for every wallet: main gains their sum (each leg above wrote only its own).
            recall[K.main(p)] = total;
            book.add(recalled[0]!, recall);
            book.add(`WITHDRAW:${(w as { value: Withdrawal }).value.orderNo}`, moves.withdraw(p, 400_00n));
            expect(await mainOf(p)).toBe(total - 400_00n);
            expect([...after].filter(([key, v]) => key.startsWith('VENDOR:') && v !== 0n)).toEqual([]);
          }
        }
        await book.check();
      });

      it('the daily withdrawal count holds under concurrent requests', async () => {
        const p = await freshPlayer(100_000_00n);
        const book = await Book.open();
        const limit = 3;
        await setDailyWithdrawals(limit);
        try {
          const requestIds = Array.from({ length: 12 }, () => rid());
          const asks = await race(
            12,
            (i) => api.withdraw(p, { requestId: requestIds[i], amount: '100.00' }),
            10,
          );
          expect(codes(asks)).toEqual([
            ...Array(limit).fill('ok'),
            ...Array(12 - limit).fill('withdraw.daily.limit'),
          ]);
          const accepted = asks.flatMap((a) => (a.ok ? [a.value] : []));
          for (const w of accepted) book.add(`WITHDRAW:${w.orderNo}`, moves.withdraw(p, 100_00n));

          // At the limit: retries of an accepted request still get their order; new ones are refused.
          const again = requestIds[asks.findIndex((a) => a.ok)]!;
          const mixed = await race(
            10,
            (i) => api.withdraw(p, { requestId: i < 5 ? again : rid(), amount: '100.00' }),
            10,
          );
          mixed.forEach((o, i) => {
            if (i < 5) expect(o).toEqual({ ok: true, status: 200, value: accepted[0] });
            else expect(o).toMatchObject({ ok: false, code: 'withdraw.daily.limit' });
          });

          // A rejected withdrawal no longer counts: exactly one new one fits again.
          mustOk(await api.rejectWithdrawal(accepted[1]!.id), 'reject');
          book.add(`WITHDRAW_RETURN:${accepted[1]!.orderNo}`, moves.giveBack(p, 100_00n));
          const refill = await race(8, () => api.withdraw(p, { requestId: rid(), amount: '100.00' }), 10);
          expect(codes(refill)).toEqual(['ok', ...Array(7).fill('withdraw.daily.limit')]);
          const w = refill.find((o) => o.ok) as { value: Withdrawal };
          book.add(`WITHDRAW:${w.value.orderNo}`, moves.withdraw(p, 100_00n));
          const counted = await t.db.db
            .selectFrom('withdrawal')
            .select('id')
            .where('member_id', '=', p.id)
            .where('status', '<>', 'REJECTED')
            .execute();
          expect(counted).toHaveLength(limit);
        } finally {
          await setDailyWithdrawals(1000);
        }
        await book.check();
      });

      it('the open deposit order limit holds under concurrent requests', async () => {
        const p = await freshPlayer(0n);
        const made = await race(
          12,
          () => api.deposit(p, { requestId: rid(), channelId: onlineChannel, amount: '60.00' }),
          10,
        );
        expect(codes(made)).toEqual([...Array(5).fill('ok'), ...Array(7).fill('system.throttled')]);
        const open = await t.db.db
          .selectFrom('deposit')
          .select('id')
          .where('member_id', '=', p.id)
          .where('status', '=', 'PENDING')
          .execute();
        expect(open).toHaveLength(5);
        expect(await checkLedger(t.db.db)).toEqual([]);
      });
    });
  },
);
