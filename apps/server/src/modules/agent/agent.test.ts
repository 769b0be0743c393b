/**
 * The agent centre through its HTTP calls, on the database the test project chooses
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): agent-page login, access to the own
 * downline only (a matrix of foreign ids against every call that takes one), sub-accounts, the
 * reports, and transfers (validation, idempotency, concurrency). Every refused call must leave the
 * database as it was.
 */
import { randomUUID } from 'node:crypto';
import type {
  AgentHome,
  AgentTransactions,
  AgentTransferResult,
  LoginResult,
  SubAccount,
  TeamBetting,
  TeamMembers,
  TeamOverview,
  TeamProfit,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper';
import { AgentTeam } from '../../../test/agent-team';
import { Identity, LOTUS } from '../../../test/identity-client';
import { hashPassword } from '../../platform/password';
import { LedgerService } from '../wallet/ledger.service';

const M = 'GOLDEN';
const PASSWORD = 'agent1234';
const PAY = '654321';
/** Every login comes from one address: no extra verification from a new IP. */
const IP = '10.77.0.1';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let team: AgentTeam;
let hash: string;
let payHash: string;

/** The test tree (GOLDEN unless said): ids by name. */
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** A window that holds "now" in any brand time zone. */
const PERIOD = `startTime=${day(-1)}&endTime=${day(1)}`;
const rid = () => `t-${randomUUID()}`;

const addMember = (name: string, isAgent: number, upline: string | null, merchant = M) =>
  team.add(name, isAgent, upline, merchant);
const fund = (name: string, minor: bigint, merchant = M) => team.fund(name, minor, merchant);
const mainBalance = (name: string) => team.mainBalance(name);

/** What a refused call must not change: entries, postings, balances, members and sessions. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT count(*) FROM ledger_posting)::text AS postings,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT count(*) FROM member)::text AS members,
      (SELECT count(*) FROM member_session)::text AS sessions`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

/** The ledger's invariants (ARCHITECTURE section 4): entries sum to zero, balances match postings, none negative. */
async function ledgerProblems() {
  const { rows } = await sql<{ unbalanced: number; drift: number; negative: number }>`SELECT
      (SELECT count(*) FROM (SELECT entry_id FROM ledger_posting GROUP BY entry_id HAVING sum(amount) <> 0) x)::int
        AS unbalanced,
      (SELECT count(*) FROM ledger_account a WHERE a.tracked
          AND a.balance <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_posting p WHERE p.account_id = a.id))::int
        AS drift,
      (SELECT count(*) FROM ledger_account WHERE tracked AND balance < 0)::int AS negative`.execute(t.db.db);
  return rows[0];
}

async function login(name: string, path = '/wps/agent/login'): Promise<LoginResult> {
  const res = await id.send<LoginResult>(path, {
    method: 'POST',
    body: { type: 'username', username: name, password: PASSWORD },
    encrypt: true,
    ip: IP,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

function transfer(caller: string, to: string | null, amount: unknown, requestId = rid(), pay = PAY) {
  const body: Record<string, unknown> = { requestId, amount, paymentPassword: pay };
  if (to !== null) body.memberId = to;
  return id.send<AgentTransferResult>(
    to === null ? '/wps/agent/transfer/upline' : '/wps/agent/transfer/downline',
    {
      method: 'POST',
      body,
      encrypt: true,
      token: tokens[caller],
      ip: IP,
    },
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  [hash, payHash] = await Promise.all([hashPassword(PASSWORD), hashPassword(PAY)]);
  team = new AgentTeam(t.db.db, M, { password: hash, payment: payHash }, ids);
  // top ─┬─ agenta ─┬─ mema1 ── mema11
  //      │          └─ agenta2 ── mema21
  //      └─ agentb ──── memb1
  // loner (no upline); lotusm (another brand, under lotus agent lotusag)
  await addMember('top', 1, null);
  await addMember('agenta', 1, 'top');
  await addMember('agentb', 41, 'top');
  await addMember('mema1', 0, 'agenta');
  await addMember('mema11', 0, 'mema1');
  await addMember('agenta2', 2, 'agenta');
  await addMember('mema21', 0, 'agenta2');
  await addMember('memb1', 0, 'agentb');
  await addMember('loner', 0, null);
  await addMember('lotusag', 1, null, 'LOTUS');
  await addMember('lotusm', 0, 'lotusag', 'LOTUS');
  await fund('agenta', 100_000n);
  await fund('agentb', 100_000n);
  for (const name of ['top', 'agenta', 'agentb', 'agenta2']) tokens[name] = (await login(name)).token;
  tokens.mema1 = (await login('mema1', '/wps/session/login')).token;
});
afterAll(() => t.close());

describe('agent-page login', () => {
  it('gives an agent a session with its agent type', async () => {
    const r = await login('agentb');
    expect(r.isAgent).toBe(41);
    expect(r.username).toBe('agentb');
  });

  it('refuses a non-agent with login.not.agent after its password is proved, starting no session', async () => {
    const before = await snapshot();
    const res = await id.send('/wps/agent/login', {
      method: 'POST',
      body: { type: 'username', username: 'mema1', password: PASSWORD },
      encrypt: true,
      ip: IP,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, errorCode: 'login.not.agent' });
    expect(res.body.message).toBe('This account is not an agent.');
    expect(await snapshot()).toBe(before);
  });

  it('answers a wrong password as any login does (login.failed), agent or not', async () => {
    for (const username of ['mema1', 'agenta']) {
      const res = await id.send('/wps/agent/login', {
        method: 'POST',
        body: { type: 'username', username, password: 'wrong999' },
        encrypt: true,
        ip: IP,
      });
      expect(res.body).toMatchObject({ success: false, errorCode: 'login.failed' });
    }
  });
});

/** Every agent call, with a valid request when it needs one. */
const CALLS: {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  body?: () => unknown;
  encrypt?: boolean;
}[] = [
  { name: 'home', url: '/wps/agent/home', method: 'GET' },
  { name: 'overview', url: `/wps/agent/team/overview?${PERIOD}`, method: 'GET' },
  { name: 'members', url: '/wps/agent/team/members', method: 'GET' },
  { name: 'betting', url: `/wps/agent/team/betting?${PERIOD}`, method: 'GET' },
  { name: 'profit', url: `/wps/agent/team/profit?${PERIOD}`, method: 'GET' },
  { name: 'transactions', url: `/wps/agent/transactions?${PERIOD}`, method: 'GET' },
  {
    name: 'register',
    url: '/wps/agent/team/register',
    method: 'POST',
    encrypt: true,
    body: () => ({
      username: `sub${Math.floor(Math.random() * 1e6)}`,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      mobileNum: `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      countryDialingCode: '63',
      payeeName: 'Sub Account',
    }),
  },
  {
    name: 'transfer downline',
    url: '/wps/agent/transfer/downline',
    method: 'POST',
    encrypt: true,
    body: () => ({ requestId: rid(), memberId: ids.mema11, amount: '1.00', paymentPassword: PAY }),
  },
  {
    name: 'transfer upline',
    url: '/wps/agent/transfer/upline',
    method: 'POST',
    encrypt: true,
    body: () => ({ requestId: rid(), amount: '1.00', paymentPassword: PAY }),
  },
];

describe('who may call', () => {
  it('refuses a non-agent at every agent call (login.not.agent), changing nothing', async () => {
    const before = await snapshot();
    for (const c of CALLS) {
      const res = await id.send(c.url, {
        method: c.method,
        body: c.body?.(),
        encrypt: c.encrypt,
        token: tokens.mema1,
        ip: IP,
      });
      expect(res.status, c.name).toBe(403);
      expect(res.body.errorCode, c.name).toBe('login.not.agent');
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses a caller without a session (401) and a trial account (member.trial.forbidden)', async () => {
    const trial = await id.freePlay();
    const before = await snapshot();
    for (const c of CALLS) {
      const anonymous = await id.send(c.url, {
        method: c.method,
        body: c.body?.(),
        encrypt: c.encrypt,
        ip: IP,
      });
      expect(anonymous.status, c.name).toBe(401);
      const guest = await id.send(c.url, {
        method: c.method,
        body: c.body?.(),
        encrypt: c.encrypt,
        token: trial.token,
        ip: IP,
      });
      expect(guest.body.errorCode, c.name).toBe('member.trial.forbidden');
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('access matrix: ids outside the caller’s own downline', () => {
  /** agenta's view: its downline at levels 1 and 2, then every foreign id. */
  const own = ['mema1', 'mema11', 'agenta2', 'mema21'];
  const foreign = ['agenta', 'top', 'agentb', 'memb1', 'loner', 'lotusm', 'lotusag'];

  const memberCalls = (memberId: string) => [
    { name: 'overview', url: `/wps/agent/team/overview?${PERIOD}&memberId=${memberId}` },
    { name: 'members', url: `/wps/agent/team/members?memberId=${memberId}` },
    { name: 'betting', url: `/wps/agent/team/betting?${PERIOD}&memberId=${memberId}` },
    { name: 'profit', url: `/wps/agent/team/profit?${PERIOD}&memberId=${memberId}` },
  ];

  it('answers for every member of the own downline', async () => {
    for (const name of own) {
      for (const c of memberCalls(ids[name]!)) {
        const res = await id.send(c.url, { token: tokens.agenta, ip: IP });
        expect(res.status, `${c.name} ${name}: ${JSON.stringify(res.body)}`).toBe(200);
      }
      const list = await id.ok<TeamMembers>(`/wps/agent/team/members?memberId=${ids[name]}`, {
        token: tokens.agenta,
        ip: IP,
      });
      expect(list.list.map((m) => m.account)).toEqual([name]);
    }
  });

  it('refuses every foreign id at every call that takes one (agent.not.downline), changing nothing', async () => {
    const before = await snapshot();
    const missing = '999999999';
    for (const name of [...foreign, missing]) {
      const memberId = ids[name] ?? missing;
      for (const c of memberCalls(memberId)) {
        const res = await id.send(c.url, { token: tokens.agenta, ip: IP });
        expect(res.status, `${c.name} ${name}`).toBe(403);
        expect(res.body.errorCode, `${c.name} ${name}`).toBe('agent.not.downline');
      }
      const res = await transfer('agenta', memberId, '1.00');
      expect(res.status, `transfer ${name}`).toBe(403);
      expect(res.body.errorCode, `transfer ${name}`).toBe('agent.not.downline');
    }
    // The sibling cannot reach agenta's downline either, nor agenta itself.
    for (const name of ['agenta', ...own]) {
      const res = await transfer('agentb', ids[name]!, '1.00');
      expect(res.body.errorCode, `agentb -> ${name}`).toBe('agent.not.downline');
      const list = await id.send(`/wps/agent/team/members?memberId=${ids[name]}`, {
        token: tokens.agentb,
        ip: IP,
      });
      expect(list.body.errorCode).toBe('agent.not.downline');
    }
    expect(await snapshot()).toBe(before);
  });

  it('lists only the own team, whatever the filters', async () => {
    const all = await id.ok<TeamMembers>('/wps/agent/team/members?pageSize=100', {
      token: tokens.agenta,
      ip: IP,
    });
    const names = all.list.map((m) => m.account);
    expect(names).toEqual(expect.arrayContaining(own));
    for (const name of foreign) expect(names).not.toContain(name);
    const sibling = await id.ok<TeamMembers>('/wps/agent/team/members?username=memb', {
      token: tokens.agenta,
      ip: IP,
    });
    expect(sibling.totalCount).toBe(0);
    const levelTwo = await id.ok<TeamMembers>('/wps/agent/team/members?level=2', {
      token: tokens.agenta,
      ip: IP,
    });
    expect(levelTwo.list.map((m) => m.account).sort()).toEqual(['mema11', 'mema21']);
    expect(levelTwo.list.every((m) => m.level === 2)).toBe(true);
    // Pages: 4 members, 3 a page; a page past the end is empty but keeps the count.
    const second = await id.ok<TeamMembers>('/wps/agent/team/members?pageSize=3&pageNo=2', {
      token: tokens.agenta,
      ip: IP,
    });
    expect(second).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(second.list).toHaveLength(1);
    const past = await id.ok<TeamMembers>('/wps/agent/team/members?pageSize=3&pageNo=9', {
      token: tokens.agenta,
      ip: IP,
    });
    expect(past).toMatchObject({ list: [], totalCount: 4, totalPages: 2 });
  });
});

describe('home and sub-accounts', () => {
  it('answers what /agentHome shows', async () => {
    const home = await id.ok<AgentHome>('/wps/agent/home', { token: tokens.agenta, ip: IP });
    expect(home).toMatchObject({
      account: 'agenta',
      isAgent: 1,
      affiliateCode: 'AFFAGENTA',
      upline: 'top',
      directMembers: 2,
    });
    expect(home.teamMembers).toBeGreaterThanOrEqual(4);
    const topHome = await id.ok<AgentHome>('/wps/agent/home', { token: tokens.top, ip: IP });
    expect(topHome.upline).toBeNull();
  });

  it('registers a member under the agent, who must change the password at first login', async () => {
    const username = 'subone';
    const sub = await id.ok<SubAccount>('/wps/agent/team/register', {
      method: 'POST',
      body: {
        username,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        mobileNum: '9771234567',
        countryDialingCode: '63',
        payeeName: 'Sub One',
      },
      encrypt: true,
      token: tokens.agentb,
      ip: IP,
    });
    expect(sub).toMatchObject({ account: username, isAgent: 0, affiliateCode: null });
    const row = await id.memberRow(username);
    expect(row.upline_id).toBe(ids.agentb);
    expect(row.must_change_password).toBe(true);
    const list = await id.ok<TeamMembers>(`/wps/agent/team/members?username=${username}`, {
      token: tokens.agentb,
      ip: IP,
    });
    expect(list.list).toMatchObject([{ account: username, level: 1, status: 'ACTIVE', balance: 0 }]);
  });

  it('registers a sub-agent of the creator’s type with its own invitation code', async () => {
    const sub = await id.ok<SubAccount>('/wps/agent/team/register', {
      method: 'POST',
      body: {
        username: 'subagent',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        mobileNum: '9771234568',
        countryDialingCode: '63',
        payeeName: 'Sub Agent',
        accountType: 'AGENT',
      },
      encrypt: true,
      token: tokens.agentb,
      ip: IP,
    });
    expect(sub.isAgent).toBe(41);
    expect(sub.affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
  });

  it('refuses a sub-account the registration rules refuse, creating nothing', async () => {
    const good = {
      username: 'subtwo',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      mobileNum: '9771234569',
      countryDialingCode: '63',
      payeeName: 'Sub Two',
    };
    const before = await snapshot();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, username: 'subone' }, 409, 'member.account.used'],
      [{ ...good, mobileNum: '9771234567' }, 409, 'member.mobile.used'],
      [{ ...good, username: '1bad' }, 400, 'register.field.invalid'],
      [{ ...good, payeeName: undefined }, 400, 'register.field.invalid'],
      [{ ...good, mobileNum: '123' }, 400, 'register.field.invalid'],
      [{ ...good, confirmPassword: 'abc99999' }, 400, 'register.password.mismatch'],
      [{ ...good, accountType: 'BOSS' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of cases) {
      await id.fails(
        '/wps/agent/team/register',
        { body, encrypt: true, token: tokens.agentb, ip: IP },
        status,
        code,
      );
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('transfers', () => {
  it('moves money to a downline at any level and to the own upline, through the ledger', async () => {
    const [a, m11, topBefore] = await Promise.all([
      mainBalance('agenta'),
      mainBalance('mema11'),
      mainBalance('top'),
    ]);
    const down = await transfer('agenta', ids.mema11!, '12.34');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.value).toMatchObject({ amount: 12.34, to: 'mema11' });
    const up = await transfer('agenta', null, 5);
    expect(up.body.value).toMatchObject({ amount: 5, to: 'top', balance: Number(a - 1234n - 500n) / 100 });
    expect(await mainBalance('agenta')).toBe(a - 1234n - 500n);
    expect(await mainBalance('mema11')).toBe(m11 + 1234n);
    expect(await mainBalance('top')).toBe(topBefore + 500n);
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, drift: 0, negative: 0 });

    const tx = await id.ok<AgentTransactions>(`/wps/agent/transactions?${PERIOD}`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(tx.list.slice(0, 2)).toMatchObject([
      { type: 'UPLINE_TRANSFER', amount: -5, counterpart: 'top' },
      { type: 'AGENT_TRANSFER', amount: -12.34, counterpart: 'mema11' },
    ]);
    // The recipient sees it too: in the agent's lines of the upline, and in its own account record.
    const topTx = await id.ok<AgentTransactions>(`/wps/agent/transactions?${PERIOD}&type=UPLINE_TRANSFER`, {
      token: tokens.top,
      ip: IP,
    });
    expect(topTx.list[0]).toMatchObject({ amount: 5, counterpart: 'agenta' });
  });

  it('a retry with the same request id moves money once; another body under the id is a conflict', async () => {
    const requestId = rid();
    const before = await mainBalance('agenta');
    const first = await transfer('agenta', ids.mema1!, '3.00', requestId);
    const again = await transfer('agenta', ids.mema1!, '3.00', requestId);
    expect(again.status).toBe(200);
    expect(again.body.value!.id).toBe(first.body.value!.id);
    expect(await mainBalance('agenta')).toBe(before - 300n);

    const after = await snapshot();
    const conflicts = [
      await transfer('agenta', ids.mema1!, '4.00', requestId),
      await transfer('agenta', ids.mema11!, '3.00', requestId),
      await transfer('agenta', null, '3.00', requestId),
    ];
    for (const res of conflicts) {
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe('wallet.reference.conflict');
    }
    expect(await snapshot()).toBe(after);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const before = await snapshot();
    const balance = await mainBalance('agenta');
    const cases: [unknown, string, number, string][] = [
      ['0', PAY, 400, 'request.invalid'],
      ['-5', PAY, 400, 'request.invalid'],
      ['1.234', PAY, 400, 'request.invalid'],
      ['abc', PAY, 400, 'request.invalid'],
      [null, PAY, 400, 'request.invalid'],
      [String(balance / 100n + 1n), PAY, 400, 'wallet.insufficient'],
      ['1.00', '000000', 400, 'payment.password.wrong'],
    ];
    for (const [amount, pay, status, code] of cases) {
      const res = await transfer('agenta', ids.mema1!, amount, rid(), pay);
      expect(res.status, `${String(amount)} ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.errorCode, String(amount)).toBe(code);
      expect(res.body.message?.length).toBeGreaterThan(0);
    }
    const shortId = await transfer('agenta', ids.mema1!, '1.00', 'x');
    expect(shortId.body.errorCode).toBe('request.invalid');
    const badMember = await transfer('agenta', 'abc', '1.00');
    expect(badMember.body.errorCode).toBe('request.invalid');
    // Wrong payment passwords count towards a lock: clear them so later tests are not locked out.
    await t.db.db.deleteFrom('rate_counter').where('key', 'like', 'payment-password:%').execute();
    expect(await snapshot()).toBe(before);
  });

  it('refuses an upline transfer of a top agent (upline.none)', async () => {
    const before = await snapshot();
    const res = await transfer('top', null, '1.00');
    expect(res.body.errorCode).toBe('upline.none');
    expect(await snapshot()).toBe(before);
  });

  it('20 parallel transfers against a balance for 10 never overdraw', async () => {
    const balance = await mainBalance('agenta2');
    await fund('agenta2', 1000n - balance);
    expect(await mainBalance('agenta2')).toBe(1000n);
    const receiver = await mainBalance('mema21');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? transfer('agenta2', ids.mema21!, '1.00') : transfer('agenta2', null, '1.00'),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => r.body.errorCode === 'wallet.insufficient')).toBe(true);
    expect(await mainBalance('agenta2')).toBe(0n);
    const toDownline = ok.filter((r) => r.body.value!.to === 'mema21').length;
    expect(await mainBalance('mema21')).toBe(receiver + BigInt(toDownline) * 100n);
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, drift: 0, negative: 0 });
  });
});

describe('reports', () => {
  beforeAll(async () => {
    // Bets of mema11 (level 2 under agenta) and memb1 (agentb's): one stake entry stands for all.
    const adjustment = await ledger.account(M, 'ADJUSTMENT');
    const main = await ledger.account(M, 'MAIN', ids.mema11!);
    const stake = await ledger.post(t.db.db, {
      merchant: M,
      reference: `test-stake:${randomUUID()}`,
      kind: 'ADJUSTMENT',
      memberId: ids.mema11!,
      postings: [
        { accountId: adjustment, amount: -1n },
        { accountId: main, amount: 1n },
      ],
    });
    const bet = (member: string, round: string, stakeMinor: bigint, payout: bigint, settled: boolean) => ({
      merchant_code: M,
      member_id: ids[member]!,
      vendor_code: 'HOUSE',
      game_type: 'RNG',
      game_code: 'slot',
      game_name: 'Slot',
      round_id: `${round}-${randomUUID()}`,
      stake: stakeMinor.toString(),
      valid_bet: settled ? stakeMinor.toString() : '0',
      payout: payout.toString(),
      status: settled ? ('SETTLED' as const) : ('OPEN' as const),
      stake_entry_id: stake.entryId,
      settled_at: settled ? new Date() : null,
    });
    await t.db.db
      .insertInto('bet_record')
      .values([
        bet('mema11', 'r1', 1000n, 2500n, true),
        bet('mema11', 'r2', 2000n, 0n, true),
        bet('mema11', 'r3', 500n, 0n, false),
        bet('memb1', 'r4', 9900n, 0n, true),
      ])
      .execute();
  });

  it('team betting sums the own downline’s bets per member, and nothing of the sibling’s', async () => {
    const r = await id.ok<TeamBetting>(`/wps/agent/team/betting?${PERIOD}`, { token: tokens.agenta, ip: IP });
    expect(r.list).toEqual([
      {
        id: Number(ids.mema11),
        account: 'mema11',
        level: 2,
        betCount: 3,
        stake: 35,
        validBet: 30,
        payout: 25,
        winLoss: -5,
      },
    ]);
    expect(r.total).toEqual({ betCount: 3, stake: 35, validBet: 30, payout: 25, winLoss: -5 });
    expect(r.totalCount).toBe(1);
    const past = await id.ok<TeamBetting>(`/wps/agent/team/betting?${PERIOD}&pageNo=2`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(past).toMatchObject({ list: [], totalCount: 1, total: { betCount: 3, winLoss: -5 } });
  });

  it('user profit and loss per downline', async () => {
    const r = await id.ok<TeamProfit>(`/wps/agent/team/profit?${PERIOD}&memberId=${ids.mema11}`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(r.list).toEqual([
      {
        id: Number(ids.mema11),
        account: 'mema11',
        level: 2,
        deposits: 0,
        withdrawals: 0,
        bonuses: 0,
        validBet: 30,
        winLoss: -5,
        profit: -5,
      },
    ]);
  });

  it('the overview counts the team and its activity; a downline’s overview covers its own team', async () => {
    const all = await id.ok<TeamOverview>(`/wps/agent/team/overview?${PERIOD}`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(all).toMatchObject({
      members: 4,
      directMembers: 2,
      newMembers: 4,
      activeMembers: 1,
      turnover: 30,
      profit: -5,
    });
    const sub = await id.ok<TeamOverview>(`/wps/agent/team/overview?${PERIOD}&memberId=${ids.mema1}`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(sub).toMatchObject({ members: 1, directMembers: 1, activeMembers: 1, turnover: 30 });
    const b = await id.ok<TeamOverview>(`/wps/agent/team/overview?${PERIOD}`, {
      token: tokens.agentb,
      ip: IP,
    });
    expect(b.turnover).toBe(99);
  });

  it('refuses a bad period (record.range.invalid)', async () => {
    await id.fails(
      `/wps/agent/team/overview?startTime=${day(1)}&endTime=${day(-1)}`,
      { token: tokens.agenta, ip: IP },
      400,
      'record.range.invalid',
    );
    await id.fails(
      '/wps/agent/team/betting?startTime=x&endTime=y',
      { token: tokens.agenta, ip: IP },
      400,
      'request.invalid',
    );
  });
});

describe('another brand', () => {
  it('a LOTUS agent sees its own downline only', async () => {
    const lotusToken = (
      await id.send<LoginResult>('/wps/agent/login', {
        method: 'POST',
        body: { type: 'username', username: 'lotusag', password: PASSWORD },
        encrypt: true,
        ip: IP,
        host: LOTUS,
      })
    ).body.value!.token;
    const list = await id.ok<TeamMembers>('/wps/agent/team/members', {
      token: lotusToken,
      ip: IP,
      host: LOTUS,
    });
    expect(list.list.map((m) => m.account)).toEqual(['lotusm']);
    const res = await id.send(`/wps/agent/team/members?memberId=${ids.mema1}`, {
      token: lotusToken,
      ip: IP,
      host: LOTUS,
    });
    expect(res.body.errorCode).toBe('agent.not.downline');
  });
});

describe('demo seed', () => {
  it('gives agent01 a small team: sub-agent agent02 and its member demo02', async () => {
    const res = await id.send<LoginResult>('/wps/agent/login', {
      method: 'POST',
      body: { type: 'username', username: 'agent01', password: 'agent1234' },
      encrypt: true,
      ip: IP,
    });
    const token = res.body.value!.token;
    const home = await id.ok<AgentHome>('/wps/agent/home', { token, ip: IP });
    expect(home).toMatchObject({ account: 'agent01', directMembers: 2, teamMembers: 3, upline: null });
    const team = await id.ok<TeamMembers>('/wps/agent/team/members', { token, ip: IP });
    expect(team.list.map((m) => [m.account, m.level])).toEqual([
      ['demo01', 1],
      ['agent02', 1],
      ['demo02', 2],
    ]);
    expect(team.list.find((m) => m.account === 'demo02')?.balance).toBe(800);
  });
});
