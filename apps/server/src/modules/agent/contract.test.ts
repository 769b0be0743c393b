/**
 * Agent contracts, wages and dividends through their HTTP calls and the settlement
 * service, on the database the test project chooses: offers, answers and terminations, the rate
 * cap and the termination cascade, the consolidated flags, the access matrix (every foreign id
 * refused, nothing changed), bad input, and settlement (paid once however often or concurrently it
 * runs, real-time accruals adding up to the day, UNPAID when the upline cannot pay, the platform
 * paying a top agent's contract). Periods are named explicitly: no test waits on a clock.
 */
import { randomUUID } from 'node:crypto';
import type {
  ConsolidatedFunds,
  Contract,
  ContractKind,
  LoginResult,
  MemberContracts,
  MyContracts,
  Statement,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/helper';
import { AgentTeam } from '../../../test/agent-team';
import { Identity, LOTUS } from '../../../test/identity-client';
import { hashPassword } from '../../platform/password';
import { LedgerService } from '../wallet/ledger.service';
import { CONTRACT_CALLS } from './contract.routes';
import { periodAt, periodFigure, realTimeDayEnd, realTimeSlot } from './settlement-formula';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';
const PASSWORD = 'agent1234';
const IP = '10.77.0.2';
const DAY_MS = 86_400_000;
const LOTUS_CODE = 'LOTUS';
const ADMIN_KEY = 'test-admin-key-0123456789';
const ADMIN = '/wps/admin/agent/contracts';
const adminHeaders = (key = ADMIN_KEY) => ({ merchant: M, 'x-api-key': key });

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
let team: AgentTeam;
let hash: string;
let stakeEntry: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

const addMember = (name: string, isAgent: number, upline: string | null, merchant = M) =>
  team.add(name, isAgent, upline, merchant);
const fund = (name: string, minor: bigint) => team.fund(name, minor);
const mainBalance = (name: string) => team.mainBalance(name);

/** A settled bet of `name` at `settledAt`: valid turnover and payout in minor units. */
async function bet(name: string, settledAt: Date, validBet: bigint, payout = 0n) {
  await t.db.db
    .insertInto('bet_record')
    .values({
      merchant_code: M,
      member_id: ids[name]!,
      vendor_code: 'HOUSE',
      game_type: 'RNG',
      game_code: 'slot',
      game_name: 'Slot',
      round_id: `c-${randomUUID()}`,
      stake: validBet.toString(),
      valid_bet: validBet.toString(),
      payout: payout.toString(),
      status: 'SETTLED',
      stake_entry_id: stakeEntry,
      settled_at: settledAt,
    })
    .execute();
}

/** What a refused call must not change. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances,
      (SELECT coalesce(string_agg(id || ':' || state || ':' || coalesce(termination_by::text, '-'), ',' ORDER BY id), '')
         FROM agent_contract) AS contracts,
      (SELECT count(*) FROM agent_settlement)::text AS lines`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

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

async function login(name: string, host?: string): Promise<string> {
  const res = await id.send<LoginResult>('/wps/agent/login', {
    method: 'POST',
    body: { type: 'username', username: name, password: PASSWORD },
    encrypt: true,
    ip: IP,
    host,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

const url = (kind: ContractKind) => `/wps/relay/${CONTRACT_CALLS[kind]}`;
const call = (caller: string, kind: ContractKind, body: unknown) =>
  id.send<Contract>(url(kind), { method: 'POST', body, token: tokens[caller], ip: IP });
const ok = (caller: string, kind: ContractKind, body: unknown) =>
  id.ok<Contract>(url(kind), { method: 'POST', body, token: tokens[caller], ip: IP });
const offer = (
  caller: string,
  kind: ContractKind,
  to: string,
  rate: string | number,
  period = 'D',
  extra = {},
) =>
  ok(caller, kind, {
    action: 'OFFER',
    memberId: ids[to],
    period,
    tiers: [{ minAmount: '0', minActive: 0, rate }],
    ...extra,
  });
const answer = (caller: string, kind: ContractKind, contractId: string, action: string) =>
  ok(caller, kind, { action, contractId });
const flags = (caller: string) =>
  id.ok<ConsolidatedFunds>('/wps/member/info/funds/consolidated', { token: tokens[caller], ip: IP });
const stateOf = async (contractId: string) =>
  await t.db.db
    .selectFrom('agent_contract')
    .select(['state', 'end_reason'])
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
/** A local day of the brand `days` from now (future periods: the contracts accepted now are in force at their end). */
const dayAhead = (days: number) => periodAt('D', Date.now() + days * DAY_MS, TZ);

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  hash = await hashPassword(PASSWORD);
  team = new AgentTeam(t.db.db, M, { password: hash }, ids);
  // top ─┬─ agenta ─┬─ agenta2 ─┬─ agentc ── memc1
  //      │          │           └─ mema21
  //      │          └─ mema1
  //      └─ agentb ──── memb1
  // loner; lotusag ── lotusm (LOTUS)
  await addMember('top', 1, null);
  await addMember('agenta', 1, 'top');
  await addMember('agentb', 41, 'top');
  await addMember('agenta2', 2, 'agenta');
  await addMember('agentc', 1, 'agenta2');
  await addMember('memc1', 0, 'agentc');
  await addMember('mema21', 0, 'agenta2');
  await addMember('mema1', 0, 'agenta');
  await addMember('memb1', 0, 'agentb');
  await addMember('loner', 0, null);
  await addMember('lotusag', 1, null, LOTUS_CODE);
  await addMember('lotusm', 0, 'lotusag', LOTUS_CODE);
  await fund('agenta', 1_000_000n);
  const stake = await ledger.post(t.db.db, {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: ids.memc1!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', ids.memc1!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
  for (const name of ['top', 'agenta', 'agentb', 'agenta2', 'agentc']) tokens[name] = await login(name);
  tokens.lotusag = await login('lotusag', LOTUS);
  const member = await id.send<LoginResult>('/wps/session/login', {
    method: 'POST',
    body: { type: 'username', username: 'mema1', password: PASSWORD },
    encrypt: true,
    ip: IP,
  });
  tokens.mema1 = member.body.value!.token;
});
afterAll(() => t.close());

describe('offers and answers', () => {
  it('an offer awaits the downline (flag 2); accepted it is in force with the exact terms both agreed', async () => {
    expect((await flags('agenta')).dailysalreqtype).toBe(1);
    const c = await ok('top', 'DAILY', {
      action: 'OFFER',
      memberId: ids.agenta,
      period: 'D',
      tiers: [
        { minAmount: 0, minActive: 0, rate: '0.5' },
        { minAmount: '10000', minActive: 3, rate: 1 },
      ],
    });
    expect(c).toMatchObject({
      kind: 'DAILY',
      upline: 'top',
      member: 'agenta',
      version: 1,
      state: 'PENDING',
      pendingRequest: 'NEW',
      awaiting: 'agenta',
      rate: 1,
      terms: {
        kind: 'DAILY',
        period: 'D',
        tiers: [
          { minAmount: '0.00', minActive: 0, rate: '0.50' },
          { minAmount: '10000.00', minActive: 3, rate: '1.00' },
        ],
      },
    });
    // The wording both sides agree to, fixed with the version.
    expect(c.termsText.split('\n')).toEqual([
      `Daily wage contract, version ${c.version}, between top (upline) and agenta (agent).`,
      "top pays agenta a share of the team's valid turnover under agenta (every level below it), settled for each calendar day, in the Asia/Manila time zone.",
      "Tier 1: team's valid turnover of at least P 0.00 with at least 0 active members: 0.50%.",
      "Tier 2: team's valid turnover of at least P 10000.00 with at least 3 active members: 1.00%.",
      'A period is paid at the highest tier it reaches; a period reaching no tier pays nothing.',
      "The rate never exceeds the upline's own contract of this kind; if the upline's rate falls below it, or the upline's contract ends, this contract ends.",
      'Either side may ask to end the contract; it ends when the other side agrees.',
    ]);
    expect((await flags('agenta')).dailysalreqtype).toBe(2);
    expect((await flags('top')).dailysalreqtype).toBe(1);
    // A second offer of the kind while one awaits an answer is refused.
    const again = await call('top', 'DAILY', {
      action: 'OFFER',
      memberId: ids.agenta,
      period: 'D',
      tiers: [{ minAmount: 0, minActive: 0, rate: 1 }],
    });
    expect(again.body.errorCode).toBe('agent.contract.pending');
    // The offering side cannot accept its own offer.
    expect((await call('top', 'DAILY', { action: 'ACCEPT', contractId: c.id })).body.errorCode).toBe(
      'agent.contract.state',
    );
    const accepted = await answer('agenta', 'DAILY', c.id, 'ACCEPT');
    expect(accepted).toMatchObject({ state: 'ACCEPTED', pendingRequest: null, awaiting: null });
    expect(accepted.termsText).toBe(c.termsText);
    expect((await flags('agenta')).dailysalreqtype).toBe(1);
    // The agreed text never changes, even by a direct update.
    await expect(
      t.db.db.updateTable('agent_contract').set({ terms_text: '{}' }).where('id', '=', c.id).execute(),
    ).rejects.toThrow(/agreed terms never change/);
    const mine = await id.ok<MyContracts>('/wps/agent/contracts?kind=DAILY', {
      token: tokens.agenta,
      ip: IP,
    });
    expect(mine.asDownline.map((x) => x.id)).toEqual([c.id]);
    const theirs = await id.ok<MyContracts>('/wps/agent/contracts', { token: tokens.top, ip: IP });
    expect(theirs.asUpline.map((x) => x.id)).toContain(c.id);
  });

  it('a rejected offer ends REJECTED and cannot be answered again', async () => {
    const c = await offer('top', 'HOURLY', 'agentb', '0.3', 'H');
    expect((await flags('agentb')).contracthoursalreq).toBe(2);
    expect(await answer('agentb', 'HOURLY', c.id, 'REJECT')).toMatchObject({
      state: 'REJECTED',
      endReason: 'REJECTED',
    });
    expect((await flags('agentb')).contracthoursalreq).toBe(1);
    expect((await call('agentb', 'HOURLY', { action: 'ACCEPT', contractId: c.id })).body.errorCode).toBe(
      'agent.contract.state',
    );
    // A new offer is the next version.
    const next = await offer('top', 'HOURLY', 'agentb', '0.2', 'H');
    expect(next.version).toBe(2);
    await answer('agentb', 'HOURLY', next.id, 'REJECT');
  });

  it('a downline’s rate may not exceed the upline’s own (1.00%); a top agent is capped by the brand (3.00%)', async () => {
    const before = await snapshot();
    const over = await call('agenta', 'DAILY', {
      action: 'OFFER',
      memberId: ids.agenta2,
      period: 'D',
      tiers: [{ minAmount: 0, minActive: 0, rate: '1.01' }],
    });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ errorCode: 'agent.contract.rate.cap' });
    expect(over.body.message).toContain('1.00%');
    const brandCap = await call('top', 'DIVIDEND', {
      action: 'OFFER',
      memberId: ids.agentb,
      period: 'M',
      tiers: [{ minAmount: 0, minActive: 0, rate: '50.01' }],
    });
    expect(brandCap.body.errorCode).toBe('agent.contract.rate.cap');
    // agentb holds no DAILY contract (and has an upline): it may offer nothing.
    expect(await snapshot()).toBe(before);
  });

  it('either side asks to end a contract (flag 3); the other side rejects or accepts', async () => {
    const c = await offer('agenta', 'DAILY', 'agenta2', '0.8');
    await answer('agenta2', 'DAILY', c.id, 'ACCEPT');
    const asked = await answer('agenta', 'DAILY', c.id, 'TERMINATE');
    expect(asked).toMatchObject({ state: 'ACCEPTED', pendingRequest: 'TERMINATION', awaiting: 'agenta2' });
    expect((await flags('agenta2')).dailysalreqtype).toBe(3);
    expect((await flags('agenta')).dailysalreqtype).toBe(1);
    // The asking side cannot answer its own request, nor ask twice.
    expect((await call('agenta', 'DAILY', { action: 'ACCEPT', contractId: c.id })).body.errorCode).toBe(
      'agent.contract.state',
    );
    expect((await call('agenta2', 'DAILY', { action: 'TERMINATE', contractId: c.id })).body.errorCode).toBe(
      'agent.contract.state',
    );
    expect(await answer('agenta2', 'DAILY', c.id, 'REJECT')).toMatchObject({
      state: 'ACCEPTED',
      pendingRequest: null,
    });
    await answer('agenta2', 'DAILY', c.id, 'TERMINATE');
    expect((await flags('agenta')).dailysalreqtype).toBe(3);
    expect(await answer('agenta', 'DAILY', c.id, 'ACCEPT')).toMatchObject({
      state: 'TERMINATED',
      endReason: 'TERMINATED',
    });
  });
});

describe('the termination cascade (SPEC section 4)', () => {
  it('agreeing to a lower rate ends the downline contracts above it, and theirs below', async () => {
    // top → agenta 1.00% (in force), agenta → agenta2 0.80%, agenta2 → agentc 0.70%.
    const a2 = await offer('agenta', 'DAILY', 'agenta2', '0.8');
    await answer('agenta2', 'DAILY', a2.id, 'ACCEPT');
    const c = await offer('agenta2', 'DAILY', 'agentc', '0.7');
    await answer('agentc', 'DAILY', c.id, 'ACCEPT');
    const before = (
      await id.ok<MyContracts>('/wps/agent/contracts?kind=DAILY', { token: tokens.agenta, ip: IP })
    ).asDownline[0]!;
    // The new version at 0.90% keeps 0.80% below it: nothing ends but the old version.
    const v2 = await offer('top', 'DAILY', 'agenta', '0.9');
    await answer('agenta', 'DAILY', v2.id, 'ACCEPT');
    expect(await stateOf(before.id)).toEqual({ state: 'TERMINATED', end_reason: 'SUPERSEDED' });
    expect((await stateOf(a2.id)).state).toBe('ACCEPTED');
    // At 0.60%, agenta2's 0.80% ends, and with it agentc's (agenta2 holds no contract any more).
    const v3 = await offer('top', 'DAILY', 'agenta', '0.6');
    expect(v3.version).toBe(3);
    await answer('agenta', 'DAILY', v3.id, 'ACCEPT');
    expect(await stateOf(a2.id)).toEqual({ state: 'TERMINATED', end_reason: 'UPLINE_RATE' });
    expect(await stateOf(c.id)).toEqual({ state: 'TERMINATED', end_reason: 'UPLINE_RATE' });
    // agenta2 may now offer nothing of the kind.
    const none = await call('agenta2', 'DAILY', {
      action: 'OFFER',
      memberId: ids.agentc,
      period: 'D',
      tiers: [{ minAmount: 0, minActive: 0, rate: '0.01' }],
    });
    expect(none.body).toMatchObject({ errorCode: 'agent.contract.rate.cap' });
    expect(none.body.message).toContain('0.00%');
  });
});

describe('who may call', () => {
  const calls = () => [
    ...(Object.keys(CONTRACT_CALLS) as ContractKind[]).map((kind) => ({
      url: url(kind),
      method: 'POST' as const,
      body: { action: 'ACCEPT', contractId: '1' },
    })),
    { url: '/wps/agent/contracts', method: 'GET' as const, body: undefined },
    { url: `/wps/agent/contracts/member?memberId=${ids.agenta2}`, method: 'GET' as const, body: undefined },
    {
      url: '/wps/agent/contracts/statements?startTime=2026-01-01&endTime=2026-01-02',
      method: 'GET' as const,
      body: undefined,
    },
  ];

  it('refuses a member (login.not.agent), a trial account and a caller without a session, changing nothing', async () => {
    const trial = await id.freePlay();
    const before = await snapshot();
    for (const c of calls()) {
      const o = { method: c.method, body: c.body, ip: IP };
      const member = await id.send(c.url, { ...o, token: tokens.mema1 });
      expect(member.body.errorCode, c.url).toBe('login.not.agent');
      expect((await id.send(c.url, o)).status, c.url).toBe(401);
      const guest = await id.send(c.url, { ...o, token: trial.token });
      expect(guest.body.errorCode, c.url).toBe('member.trial.forbidden');
    }
    expect(await snapshot()).toBe(before);
  });

  it('every contract call is in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/docs/json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const c of calls()) expect(paths).toContain(c.url.split('?')[0]);
    expect(paths).toContain(ADMIN);
  });

  it('two concurrent offers of one kind to one downline: one is made, the other is refused', async () => {
    const body = {
      action: 'OFFER',
      memberId: ids.agentb,
      period: 'SM',
      tiers: [{ minAmount: 0, minActive: 0, rate: '10' }],
    };
    const replies = await Promise.all([call('top', 'DIVIDEND', body), call('top', 'DIVIDEND', body)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.errorCode).toBe('agent.contract.pending');
    const made = replies.find((r) => r.status === 200)!.body.value!;
    // Two concurrent answers: the first wins, the second finds it answered.
    const answers = await Promise.all([
      call('agentb', 'DIVIDEND', { action: 'REJECT', contractId: made.id }),
      call('agentb', 'DIVIDEND', { action: 'ACCEPT', contractId: made.id }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const state = (await stateOf(made.id)).state;
    if (state === 'ACCEPTED') {
      await answer('top', 'DIVIDEND', made.id, 'TERMINATE');
      await answer('agentb', 'DIVIDEND', made.id, 'ACCEPT');
    }
    expect(['ACCEPTED', 'REJECTED']).toContain(state);
  });
});

describe('access matrix: ids outside the caller’s own direct downline', () => {
  it('refuses every foreign id at every contract call, changing nothing', async () => {
    // A contract between top and agentb that agenta has no part in.
    const foreignContract = await offer('top', 'REALTIME', 'agentb', '0.1');
    const before = await snapshot();
    const missing = '999999999';
    // Offers: only a direct downline; a level-2 downline, the upline, a sibling, others are refused.
    for (const name of [
      'agentc',
      'mema21',
      'top',
      'agentb',
      'memb1',
      'loner',
      'lotusm',
      'lotusag',
      'agenta',
      'missing',
    ]) {
      const memberId = ids[name] ?? missing;
      for (const kind of ['DAILY', 'REALTIME'] as const) {
        const res = await call('agenta', kind, {
          action: 'OFFER',
          memberId,
          period: 'D',
          tiers: [{ minAmount: 0, minActive: 0, rate: '0.01' }],
        });
        expect(res.status, `${kind} offer ${name}`).toBe(403);
        expect(res.body.errorCode, `${kind} offer ${name}`).toBe('agent.not.downline');
      }
      const list = await id.send(`/wps/agent/contracts/member?memberId=${memberId}`, {
        token: tokens.agenta,
        ip: IP,
      });
      expect(list.body.errorCode, `member contracts ${name}`).toBe('agent.not.downline');
    }
    // A direct downline that is not an agent.
    const member = await call('agenta', 'DAILY', {
      action: 'OFFER',
      memberId: ids.mema1,
      period: 'D',
      tiers: [{ minAmount: 0, minActive: 0, rate: '0.01' }],
    });
    expect(member.body.errorCode).toBe('agent.contract.not.agent');
    // Someone else's contract, a missing one, and one of another kind: unknown, whoever asks.
    for (const action of ['ACCEPT', 'REJECT', 'TERMINATE']) {
      for (const [caller, kind, contractId] of [
        ['agenta', 'REALTIME', foreignContract.id],
        ['agentc', 'REALTIME', foreignContract.id],
        ['agentb', 'DAILY', foreignContract.id],
        ['agenta', 'REALTIME', missing],
      ] as const) {
        const res = await call(caller, kind, { action, contractId });
        expect(res.status, `${caller} ${action} ${contractId}`).toBe(404);
        expect(res.body.errorCode).toBe('agent.contract.unknown');
      }
    }
    // The other brand's agent sees none of it.
    const lotus = await id.send(url('DAILY'), {
      method: 'POST',
      body: { action: 'ACCEPT', contractId: foreignContract.id },
      token: tokens.lotusag,
      ip: IP,
      host: LOTUS,
    });
    expect(lotus.body.errorCode).toBe('agent.contract.unknown');
    // A member (not an agent type) is refused before its input is read.
    const nonAgent = await call('mema1', 'DAILY', { action: 'ACCEPT', contractId: foreignContract.id });
    expect(nonAgent.body.errorCode).toBe('login.not.agent');
    const anonymous = await id.send(url('DAILY'), {
      method: 'POST',
      body: { action: 'ACCEPT', contractId: '1' },
    });
    expect(anonymous.status).toBe(401);
    expect(await snapshot()).toBe(before);
    await answer('agentb', 'REALTIME', foreignContract.id, 'REJECT');
  });

  it('shows a direct downline’s contracts with the caller', async () => {
    const r = await id.ok<MemberContracts>(`/wps/agent/contracts/member?memberId=${ids.agenta2}&kind=DAILY`, {
      token: tokens.agenta,
      ip: IP,
    });
    expect(r.list.length).toBeGreaterThan(0);
    expect(r.list.every((c) => c.member === 'agenta2' && c.upline === 'agenta')).toBe(true);
  });
});

describe('bad input', () => {
  it('is refused with a clear code and changes nothing', async () => {
    const before = await snapshot();
    const tiers = (...t: unknown[]) => ({ action: 'OFFER', memberId: ids.agenta2, period: 'D', tiers: t });
    const cases: [unknown, number, string, ContractKind?][] = [
      [
        tiers({ minAmount: 0, minActive: 0, rate: '0.2' }, { minAmount: 0, minActive: 0, rate: '0.3' }),
        400,
        'agent.contract.tiers.invalid',
      ],
      [
        tiers({ minAmount: 0, minActive: 0, rate: '0.3' }, { minAmount: 100, minActive: 0, rate: '0.2' }),
        400,
        'agent.contract.tiers.invalid',
      ],
      [
        { ...tiers({ minAmount: 0, minActive: 0, rate: '0.2' }), period: 'H' },
        400,
        'agent.contract.period.invalid',
      ],
      [
        { ...tiers({ minAmount: 0, minActive: 0, rate: '0.2' }), period: 'D' },
        400,
        'agent.contract.period.invalid',
        'DIVIDEND',
      ],
      [tiers({ minAmount: 0, minActive: 0, rate: '0.205' }), 400, 'request.invalid'],
      [tiers({ minAmount: 0, minActive: 0, rate: 0 }), 400, 'request.invalid'],
      [tiers({ minAmount: -1, minActive: 0, rate: '0.2' }), 400, 'request.invalid'],
      [tiers({ minAmount: 0, minActive: -1, rate: '0.2' }), 400, 'request.invalid'],
      [tiers(), 400, 'request.invalid'],
      [{ ...tiers({ minAmount: 0, minActive: 0, rate: '0.2' }), period: 'Y' }, 400, 'request.invalid'],
      [
        { action: 'OFFER', memberId: 'abc', period: 'D', tiers: [{ minAmount: 0, minActive: 0, rate: 1 }] },
        400,
        'request.invalid',
      ],
      [{ action: 'CANCEL', contractId: '1' }, 400, 'request.invalid'],
      [{ action: 'ACCEPT', contractId: 'x1' }, 400, 'request.invalid'],
      [{}, 400, 'request.invalid'],
    ];
    for (const [body, status, code, kind] of cases) {
      const res = await call('agenta', kind ?? 'DAILY', body);
      expect(res.body.errorCode, JSON.stringify(body)).toBe(code);
      expect(res.status, JSON.stringify(body)).toBe(status);
    }
    // LOTUS runs no hourly or real-time wages.
    const off = await id.send(url('HOURLY'), {
      method: 'POST',
      body: { action: 'ACCEPT', contractId: '1' },
      token: tokens.lotusag,
      ip: IP,
      host: LOTUS,
    });
    expect(off.body.errorCode).toBe('system.feature.disabled');
    expect(await snapshot()).toBe(before);
  });
});

describe('settlement', () => {
  let daily: Contract;

  beforeAll(async () => {
    // top → agenta DAILY 0.60% is in force (the cascade test); agenta → agenta2 0.50% from 0, 0.60% with 2 active.
    daily = await ok('agenta', 'DAILY', {
      action: 'OFFER',
      memberId: ids.agenta2,
      period: 'D',
      tiers: [
        { minAmount: 0, minActive: 0, rate: '0.5' },
        { minAmount: 0.01, minActive: 2, rate: '0.6' },
      ],
    });
    await answer('agenta2', 'DAILY', daily.id, 'ACCEPT');
  });

  it('pays a day once, by the upline, with a line of the turnover, tier and rate', async () => {
    const day = dayAhead(3);
    const start = day.start.getTime();
    // agenta2's team: memc1 (level 2) and mema21 bet 12,345.00 in all within the day; agenta's own
    // downline mema1 and a bet just before the day do not count.
    await bet('memc1', new Date(start + 3_600_000), 1_000_000n, 500_000n);
    await bet('mema21', new Date(start + 7_200_000), 234_500n);
    await bet('mema1', new Date(start + 7_200_000), 9_999_999n);
    await bet('memc1', new Date(start - 1), 777_700n);
    const [payer, payee] = [await mainBalance('agenta'), await mainBalance('agenta2')];
    const s = t.services.agent.settlement;
    // Two contracts were in force: agenta2's, and agenta's own from top (UNPAID: top holds nothing).
    expect(await s.settlePeriod(M, 'DAILY', 'D', day)).toBe(2);
    // Run twice: nothing more.
    expect(await s.settlePeriod(M, 'DAILY', 'D', day)).toBe(0);
    expect(await s.settle(M, daily.id, day)).toBe('DONE');
    // 12,345.00 at tier 2 (0.60%, 2 active) = 74.07
    expect(await mainBalance('agenta2')).toBe(payee + 7_407n);
    expect(await mainBalance('agenta')).toBe(payer - 7_407n);
    const line = await id.ok<Statement>(
      `/wps/agent/contracts/statements?startTime=${day.key.slice(2)}&endTime=${dayAhead(4).key.slice(2)}&kind=DAILY`,
      { token: tokens.agenta2, ip: IP },
    );
    expect(line.list).toEqual([
      expect.objectContaining({
        contractId: daily.id,
        period: day.key,
        member: 'agenta2',
        payer: 'agenta',
        base: 12_345,
        activeMembers: 2,
        tier: 2,
        rate: 0.6,
        figure: 74.07,
        amount: 74.07,
        status: 'PAID',
      }),
    ]);
    expect(line.totalPaid).toBe(74.07);
    const out = await id.ok<Statement>(
      `/wps/agent/contracts/statements?startTime=${day.key.slice(2)}&endTime=${day.key.slice(2)}&side=OUT`,
      { token: tokens.agenta, ip: IP },
    );
    expect(out.list.map((l) => l.amount)).toEqual([74.07]);
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, drift: 0, negative: 0 });
  });

  it('a period with nothing due keeps a NONE line and is not computed again', async () => {
    const day = dayAhead(10);
    expect(await t.services.agent.settlement.settle(M, daily.id, day)).toBe('NOTHING');
    expect(await t.services.agent.settlement.settle(M, daily.id, day)).toBe('DONE');
    const line = await t.db.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', daily.id)
      .where('period_key', '=', day.key)
      .executeTakeFirstOrThrow();
    // Tier 1 starts at 0.00 with no active members, but 0.50% of nothing is nothing.
    expect(line).toMatchObject({
      status: 'NONE',
      base: '0',
      tier: 1,
      figure: '0',
      amount: '0',
      entry_id: null,
    });
  });

  it('two concurrent runs of one period pay once', async () => {
    const day = dayAhead(4);
    await bet('mema21', new Date(day.start.getTime() + 60_000), 100_000n);
    const payee = await mainBalance('agenta2');
    const s = t.services.agent.settlement;
    await Promise.all([
      s.settlePeriod(M, 'DAILY', 'D', day),
      s.settlePeriod(M, 'DAILY', 'D', day),
      s.settle(M, daily.id, day),
    ]);
    // 1,000.00 at 0.50% (1 active) = 5.00
    expect(await mainBalance('agenta2')).toBe(payee + 500n);
    const lines = await t.db.db
      .selectFrom('agent_settlement')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('period_key', '=', day.key)
      .where('contract_id', '=', daily.id)
      .executeTakeFirstOrThrow();
    expect(lines.n).toBe(1);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('reference', '=', `CONTRACT:${daily.id}:${day.key}`)
      .executeTakeFirstOrThrow();
    expect(entries.n).toBe(1);
  });

  it('real-time accruals every 5 minutes add up exactly to the day’s figure', async () => {
    const rt = await offer('top', 'REALTIME', 'agenta', '0.73');
    await answer('agenta', 'REALTIME', rt.id, 'ACCEPT');
    await fund('top', 1_000_000n);
    const day = dayAhead(5);
    const s0 = day.start.getTime();
    const h = 3_600_000;
    // agenta's team bets through the day: odd amounts so every accrual rounds.
    const bets: [string, number, bigint][] = [
      ['mema1', 0.5 * h, 123_457n],
      ['memc1', 1.2 * h, 98_765n],
      ['mema21', 6 * h, 333_333n],
      ['mema1', 13.9 * h, 1_111n],
      ['memc1', 23.99 * h, 250_001n],
    ];
    for (const [name, offset, amount] of bets) await bet(name, new Date(s0 + offset), amount);
    const s = t.services.agent.settlement;
    const before = await mainBalance('agenta');
    // Slots as the job would meet them, some missed, one run twice, then the day's last.
    for (const hours of [0.25, 1, 2, 2, 7, 14, 20]) {
      const slot = realTimeSlot(s0 + hours * h + 60_000, TZ)!;
      await s.settlePeriod(M, 'REALTIME', 'D', slot);
    }
    await s.settlePeriod(M, 'REALTIME', 'D', realTimeDayEnd(s0, TZ));
    const lines = await t.db.db
      .selectFrom('agent_settlement')
      .select(['amount', 'figure', 'period_key'])
      .where('contract_id', '=', rt.id)
      .where('day_key', '=', day.key)
      .orderBy('id')
      .execute();
    const total = lines.reduce((sum, l) => sum + BigInt(l.amount), 0n);
    const turnover = bets.reduce((sum, b) => sum + b[2], 0n);
    const dayFigure = periodFigure([{ minAmount: 0n, minActive: 0, rateBp: 73 }], turnover, 3).figure;
    expect(total).toBe(dayFigure);
    expect(BigInt(lines.at(-1)!.figure)).toBe(dayFigure);
    expect(lines.at(-1)!.period_key).toBe(`RT:${day.key.slice(2)}@24:00`);
    expect(lines.length).toBeGreaterThan(3);
    expect(await mainBalance('agenta')).toBe(before + dayFigure);

    // A day with nothing due: its last accrual keeps a NONE line, so the job (which meets it every
    // minute of the next day) does not compute it again; a slot within the day writes nothing.
    const quiet = dayAhead(8);
    const slot = realTimeSlot(quiet.start.getTime() + h, TZ)!;
    expect(await s.settle(M, rt.id, slot)).toBe('NOTHING');
    expect(await s.settle(M, rt.id, slot)).toBe('NOTHING');
    const end = realTimeDayEnd(quiet.start.getTime(), TZ);
    expect(await s.settle(M, rt.id, end)).toBe('NOTHING');
    expect(await s.settle(M, rt.id, end)).toBe('DONE');
    const quietLines = await t.db.db
      .selectFrom('agent_settlement')
      .select(['period_key', 'status', 'amount'])
      .where('contract_id', '=', rt.id)
      .where('day_key', '=', quiet.key)
      .execute();
    expect(quietLines).toEqual([{ period_key: end.key, status: 'NONE', amount: '0' }]);
    expect(await mainBalance('agenta')).toBe(before + dayFigure);
  });

  it('records UNPAID with the reason when the upline cannot pay, moving nothing', async () => {
    const c = await offer('top', 'HOURLY', 'agentb', '1', 'H');
    await answer('agentb', 'HOURLY', c.id, 'ACCEPT');
    const hour = periodAt('H', dayAhead(6).start.getTime() + 5 * 3_600_000, TZ);
    await bet('memb1', new Date(hour.start.getTime() + 1), 100_000_000n);
    const [top, agentb, entries] = [await mainBalance('top'), await mainBalance('agentb'), await snapshot()];
    expect(await t.services.agent.settlement.settle(M, c.id, hour)).toBe('UNPAID');
    expect(await mainBalance('top')).toBe(top);
    expect(await mainBalance('agentb')).toBe(agentb);
    expect(JSON.parse(await snapshot()).entries).toBe(JSON.parse(entries).entries);
    const line = await t.db.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', c.id)
      .executeTakeFirstOrThrow();
    // 1,000,000.00 at 1.00% = 10,000.00, owed and unpaid.
    expect(line).toMatchObject({
      status: 'UNPAID',
      reason: 'wallet.insufficient',
      amount: '1000000',
      entry_id: null,
    });
    expect(await t.services.agent.settlement.settle(M, c.id, hour)).toBe('DONE');

    // Still short: the retry leaves this line (it may pay earlier tests' lines whose uplines can
    // pay by now). Once top can pay, the retry pays it once.
    await t.services.agent.settlement.retryUnpaid();
    expect(await mainBalance('agentb')).toBe(agentb);
    await fund('top', 2_000_000n);
    const retries = await Promise.all([
      t.services.agent.settlement.retryUnpaid(),
      t.services.agent.settlement.retryUnpaid(),
    ]);
    expect(retries.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await mainBalance('agentb')).toBe(agentb + 1_000_000n);
    const paid = await t.db.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(paid).toMatchObject({ status: 'PAID', reason: null, amount: '1000000' });
    expect(paid.entry_id).not.toBeNull();
    await t.services.agent.settlement.retryUnpaid();
    expect(await mainBalance('agentb')).toBe(agentb + 1_000_000n);
  });

  it('the platform pays a top agent’s contract; the dividend is the team’s loss times the rate', async () => {
    const grant = (body: unknown, key = ADMIN_KEY) =>
      id.send<Contract>(ADMIN, { method: 'POST', body, headers: adminHeaders(key) });
    const terms = { kind: 'DIVIDEND', period: 'M', tiers: [{ minAmount: 0, minActive: 0, rate: 25 }] };
    // Refused, changing nothing: a wrong key, an agent with an upline, a member, over the brand cap.
    const unchanged = await snapshot();
    expect((await grant({ username: 'top', ...terms }, 'wrong-key-0123456789')).status).toBe(401);
    expect((await grant({ username: 'agenta', ...terms })).body.errorCode).toBe('agent.not.downline');
    expect((await grant({ username: 'loner', ...terms })).body.errorCode).toBe('agent.contract.not.agent');
    expect(
      (await grant({ username: 'top', ...terms, tiers: [{ minAmount: 0, minActive: 0, rate: 51 }] })).body
        .errorCode,
    ).toBe('agent.contract.rate.cap');
    expect(await snapshot()).toBe(unchanged);
    const granted = await grant({ username: 'top', ...terms });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.value).toMatchObject({ upline: null, member: 'top', state: 'ACCEPTED', rate: 25 });
    const contractId = granted.body.value!.id;
    const month = periodAt('M', Date.now() + 120 * DAY_MS, TZ);
    // top's team lost 1,500.00 (stake 2,000.00, paid back 500.00).
    await bet('memb1', new Date(month.start.getTime() + DAY_MS), 200_000n, 50_000n);
    const before = await mainBalance('top');
    expect(await t.services.agent.settlement.settle(M, contractId, month)).toBe('PAID');
    // 1,500.00 at 25% = 375.00
    expect(await mainBalance('top')).toBe(before + 37_500n);
    const line = await t.db.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({
      payer_id: null,
      base: '150000',
      rate_bp: 2500,
      status: 'PAID',
      kind: 'DIVIDEND',
    });
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .select('kind')
      .where('id', '=', line.entry_id!)
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('DIVIDEND');
    expect(await ledgerProblems()).toEqual({ unbalanced: 0, drift: 0, negative: 0 });
  });

  it('the job settles what is due at its run: a real-time slot with turnover is paid once', async () => {
    const rt = await t.db.db
      .selectFrom('agent_contract')
      .select('id')
      .where('member_id', '=', ids.agenta!)
      .where('kind', '=', 'REALTIME')
      .where('state', '=', 'ACCEPTED')
      .executeTakeFirstOrThrow();
    const day = dayAhead(10);
    const s0 = day.start.getTime();
    await bet('mema1', new Date(s0 + 30 * 60_000), 200_000n);
    const now = s0 + 2 * 3_600_000 + 60_000;
    const slot = realTimeSlot(now, TZ)!;
    const before = await mainBalance('agenta');
    expect(await t.services.agent.settlement.runDue(now)).toBeGreaterThanOrEqual(1);
    const lineOf = () =>
      t.db.db
        .selectFrom('agent_settlement')
        .select(['status', 'amount'])
        .where('contract_id', '=', rt.id)
        .where('period_key', '=', slot.key)
        .execute();
    // 2,000.00 at 0.73% = 14.60, paid by top.
    expect(await lineOf()).toEqual([{ status: 'PAID', amount: '1460' }]);
    expect(await mainBalance('agenta')).toBe(before + 1_460n);
    await t.services.agent.settlement.runDue(now);
    expect(await lineOf()).toHaveLength(1);
    expect(await mainBalance('agenta')).toBe(before + 1_460n);
  });
});
