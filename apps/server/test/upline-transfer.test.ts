/**
 * Paying the upline through either call, on the database the test project chooses: a member's
 * `/wps/member/transfer/upline` and an agent's `/wps/agent/transfer/upline` are one use case, so
 * they refuse and pay by the same rules (the brand's switch, an agent upline, the payment
 * password, open turnover, the balance) and a payer's request id names one transfer whichever
 * call carries it, including upline transfers written before the two calls shared a reference.
 * Every refused call leaves the books as they were.
 */
import { randomUUID } from 'node:crypto';
import type { AgentTransferResult, LoginResult, UplineTransferResult } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { TurnoverService } from '../src/modules/wallet/turnover.service';
import { hashPassword } from '../src/platform/password';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';
import { Identity } from './identity-client';

const M = 'GOLDEN';
const PASSWORD = 'upline1234';
const PAY = '654321';
const IP = '10.78.0.1';
const MEMBER_ROUTE = '/wps/member/transfer/upline';
const AGENT_ROUTE = '/wps/agent/transfer/upline';
const ROUTES = [MEMBER_ROUTE, AGENT_ROUTE] as const;
type Route = (typeof ROUTES)[number];

let t: TestContext;
let id: Identity;
let team: AgentTeam;
const tokens: Record<string, string> = {};

const rid = () => `u-${randomUUID()}`;

/** What either call answers, read the same way: who was paid and the payer's balance after. */
interface Paid {
  status: number;
  errorCode?: string;
  id?: string;
  to?: string;
  amount?: number;
  balance?: number;
}

async function pay(
  route: Route,
  payer: string,
  amount: string,
  requestId = rid(),
  password = PAY,
): Promise<Paid> {
  const res = await id.send<UplineTransferResult | AgentTransferResult>(route, {
    method: 'POST',
    token: tokens[payer],
    ip: IP,
    encrypt: true,
    body: { requestId, amount, paymentPassword: password },
  });
  const v = res.body.value;
  return {
    status: res.status,
    errorCode: res.body.errorCode,
    id: v?.id,
    to: v ? ('upline' in v ? v.upline : v.to) : undefined,
    amount: v?.amount,
    balance: v?.balance,
  };
}

/** The journal and every balance: what a refused call must leave as it was. */
async function books(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT count(*) FROM ledger_entry)::text AS entries,
      (SELECT coalesce(string_agg(id || ':' || balance, ',' ORDER BY id), '') FROM ledger_account) AS balances
    `.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

const setSwitch = (on: boolean) =>
  t.db.db
    .updateTable('cashier_setting')
    .set({ upline_transfer_enabled: on })
    .where('merchant_code', '=', M)
    .execute();

async function login(name: string, path: string): Promise<string> {
  const res = await id.send<LoginResult>(path, {
    method: 'POST',
    body: { type: 'username', username: name, password: PASSWORD },
    encrypt: true,
    ip: IP,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!.token;
}

beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  const [hash, payHash] = await Promise.all([hashPassword(PASSWORD), hashPassword(PAY)]);
  team = new AgentTeam(t.db.db, M, { password: hash, payment: payHash });
  // utop ── uagent ─┬─ umember
  //                 └─ uagent2 ── umember2
  await team.add('utop', 1, null);
  await team.add('uagent', 1, 'utop');
  await team.add('umember', 0, 'uagent');
  await team.add('uagent2', 2, 'uagent');
  await team.add('umember2', 0, 'uagent2');
  for (const name of ['utop', 'uagent', 'uagent2']) tokens[name] = await login(name, '/wps/agent/login');
  tokens.umember = await login('umember', '/wps/session/login');
  await team.fund('uagent', 1_000_00n);
  await team.fund('uagent2', 1_000_00n);
  await team.fund('umember', 1_000_00n);
});
afterAll(() => t?.close());

describe('the brand’s switch', () => {
  it('off: both calls refuse (upline.transfer.disabled) and nothing moves; on: both pay', async () => {
    await setSwitch(false);
    try {
      const before = await books();
      const refused = [
        await pay(MEMBER_ROUTE, 'umember', '1.00'),
        await pay(MEMBER_ROUTE, 'uagent', '1.00'),
        await pay(AGENT_ROUTE, 'uagent', '1.00'),
        await pay(AGENT_ROUTE, 'uagent2', '1.00'),
      ];
      for (const r of refused) expect([r.status, r.errorCode]).toEqual([403, 'upline.transfer.disabled']);
      expect(await books()).toBe(before);
    } finally {
      await setSwitch(true);
    }
    const member = await pay(MEMBER_ROUTE, 'umember', '1.00');
    const agent = await pay(AGENT_ROUTE, 'uagent2', '1.00');
    expect(member).toMatchObject({ status: 200, to: 'uagent', amount: 1 });
    expect(agent).toMatchObject({ status: 200, to: 'uagent', amount: 1 });
  });
});

describe('one request id, one transfer', () => {
  it('the same id on the member call and then on the agent call pays once, under one UPLINE reference', async () => {
    const requestId = rid();
    const [payer, upline] = [await team.mainBalance('uagent'), await team.mainBalance('utop')];
    const first = await pay(MEMBER_ROUTE, 'uagent', '7.00', requestId);
    const again = await pay(AGENT_ROUTE, 'uagent', '7.00', requestId);
    expect(first).toMatchObject({ status: 200, to: 'utop', amount: 7 });
    expect(again).toMatchObject({ status: 200, id: first.id, to: 'utop', amount: 7, balance: first.balance });
    expect(await team.mainBalance('uagent')).toBe(payer - 700n);
    expect(await team.mainBalance('utop')).toBe(upline + 700n);
    const entries = await t.db.db
      .selectFrom('ledger_entry')
      .select(['reference', 'kind'])
      .where('reference', 'like', `%:${requestId}`)
      .execute();
    expect(entries).toEqual([
      { reference: `UPLINE:${team.ids.uagent}:${requestId}`, kind: 'UPLINE_TRANSFER' },
    ]);

    // Another amount under the id is another request, on either call.
    const after = await books();
    for (const route of ROUTES) {
      const r = await pay(route, 'uagent', '8.00', requestId);
      expect([r.status, r.errorCode]).toEqual([409, 'wallet.reference.conflict']);
    }
    expect(await books()).toBe(after);
  });

  it('the agent call writes the same reference as the member call', async () => {
    const requestId = rid();
    expect(await pay(AGENT_ROUTE, 'uagent2', '2.00', requestId)).toMatchObject({ status: 200 });
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .select(['reference', 'kind', 'member_id'])
      .where('reference', 'like', `%:${requestId}`)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      reference: `UPLINE:${team.ids.uagent2}:${requestId}`,
      kind: 'UPLINE_TRANSFER',
      member_id: team.ids.uagent2,
    });
  });

  it('a double submit moves money once on each call, and the two answers agree', async () => {
    for (const route of ROUTES) {
      const requestId = rid();
      const payer = await team.mainBalance('uagent2');
      const [a, b] = await Promise.all([
        pay(route, 'uagent2', '3.00', requestId),
        pay(route, 'uagent2', '3.00', requestId),
      ]);
      expect([a.status, b.status], route).toEqual([200, 200]);
      expect(b.id, route).toBe(a.id);
      expect(await team.mainBalance('uagent2'), route).toBe(payer - 300n);
    }
    expect(await checkLedger(t.db.db)).toEqual([]);
  });

  it('an id the agent used for a downline transfer is refused on both upline calls', async () => {
    const requestId = rid();
    const down = await id.send<AgentTransferResult>('/wps/agent/transfer/downline', {
      method: 'POST',
      token: tokens.uagent,
      ip: IP,
      encrypt: true,
      body: { requestId, amount: '4.00', paymentPassword: PAY, memberId: team.ids.umember },
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const before = await books();
    for (const route of ROUTES) {
      const r = await pay(route, 'uagent', '4.00', requestId);
      expect([r.status, r.errorCode], route).toEqual([409, 'wallet.reference.conflict']);
    }
    expect(await books()).toBe(before);
  });

  it('an id the agent used for an upline transfer is refused on the downline call', async () => {
    const requestId = rid();
    expect(await pay(MEMBER_ROUTE, 'uagent', '4.00', requestId)).toMatchObject({ status: 200 });
    const before = await books();
    const down = await id.send<AgentTransferResult>('/wps/agent/transfer/downline', {
      method: 'POST',
      token: tokens.uagent,
      ip: IP,
      encrypt: true,
      body: { requestId, amount: '4.00', paymentPassword: PAY, memberId: team.ids.umember },
    });
    expect([down.status, down.body.errorCode]).toEqual([409, 'wallet.reference.conflict']);
    expect(await books()).toBe(before);
  });

  it('an upline transfer written under the agent call’s old AGENT reference is answered, not paid again', async () => {
    const ledger = new LedgerService(t.db.db);
    const requestId = rid();
    const from = await ledger.account(M, 'MAIN', team.ids.uagent2!);
    const to = await ledger.account(M, 'MAIN', team.ids.uagent!);
    const old = await ledger.post(t.db.db, {
      merchant: M,
      reference: `AGENT:${team.ids.uagent2}:${requestId}`,
      kind: 'UPLINE_TRANSFER',
      memberId: team.ids.uagent2!,
      memo: { to: 'uagent' },
      postings: [
        { accountId: from, amount: -500n },
        { accountId: to, amount: 500n },
      ],
    });
    const before = await books();
    for (const route of ROUTES) {
      const r = await pay(route, 'uagent2', '5.00', requestId);
      expect(r, route).toMatchObject({ status: 200, id: old.entryId, to: 'uagent', amount: 5 });
      const other = await pay(route, 'uagent2', '6.00', requestId);
      expect([other.status, other.errorCode], route).toEqual([409, 'wallet.reference.conflict']);
    }
    expect(await books()).toBe(before);
  });
});

describe('the same refusals on both calls', () => {
  it('a wrong payment password, an amount over the balance, open turnover: same code, nothing moved', async () => {
    const before = await books();
    const balance = await team.mainBalance('uagent2');
    for (const route of ROUTES) {
      const wrong = await pay(route, 'uagent2', '1.00', rid(), '000000');
      expect([wrong.status, wrong.errorCode], route).toEqual([400, 'payment.password.wrong']);
      const over = await pay(route, 'uagent2', String(balance / 100n + 1n), rid());
      expect([over.status, over.errorCode], route).toEqual([400, 'wallet.insufficient']);
    }
    await t.db.db.deleteFrom('rate_counter').where('key', 'like', 'payment-password:%').execute();

    await new TurnoverService().add(t.db.db, {
      merchant: M,
      memberId: team.ids.uagent2!,
      required: 50_00n,
      source: `test:${rid()}`,
    });
    for (const route of ROUTES) {
      const r = await pay(route, 'uagent2', '1.00');
      expect([r.status, r.errorCode], route).toEqual([400, 'transfer.turnover.unmet']);
    }
    await t.db.db
      .updateTable('turnover_requirement')
      .set({ achieved: sql`required` })
      .where('member_id', '=', team.ids.uagent2!)
      .execute();
    expect(await books()).toBe(before);
  });

  it('a top agent has no upline to pay on either call (upline.none)', async () => {
    const before = await books();
    for (const route of ROUTES) {
      const r = await pay(route, 'utop', '1.00');
      expect([r.status, r.errorCode], route).toEqual([400, 'upline.none']);
    }
    expect(await books()).toBe(before);
  });
});
