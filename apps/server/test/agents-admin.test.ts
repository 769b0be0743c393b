/**
 * Agents in the back office: the tree and its search, contract templates and grants from them
 * (the agent centre's rules), moves of a member with its team to another upline effective from a
 * date (settlement counts each bet under the upline the member had when it settled), the
 * refusals of a move (loops, other brands, settled periods, too far ahead) that change nothing,
 * statements traced to the bets and the ledger entry behind each line, permissions and audit.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  type AdminStatementBets,
  type AdminStatementDetail,
  type AdminStatements,
  type AgentContracts,
  type AgentMove,
  type AgentMovePreview,
  type AgentSearch,
  type AgentTreePage,
  type Contract,
  type ContractTemplate,
  type Permission,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../src/modules/agent/settlement-formula';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { hashPassword } from '../src/platform/password';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';

let t: TestContext;
let team: AgentTeam;
let stakeEntry: string;
const ids: Record<string, string> = {};

const keys = new Map<string, string>();
async function keyOf(who: string, permissions: readonly Permission[]): Promise<string> {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, M, [...permissions], 'test');
    keys.set(who, key);
  }
  return key;
}

async function staff<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  who = 'boss',
  permissions: readonly Permission[] = PERMISSIONS,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { host: 'localhost', merchant: M, 'x-api-key': await keyOf(who, permissions) },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.json() as { success: boolean; value?: T; errorCode?: string };
  return { status: res.statusCode, value: json.value as T, code: json.errorCode };
}
const ok = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const r = await staff<T>(method, url, body);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value;
};

const bet = (name: string, settledAt: Date, validBet: bigint) =>
  team.settledBet(name, settledAt, validBet, stakeEntry);

/** What a refused call must not change. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT coalesce(string_agg(id || ':' || coalesce(upline_id::text, '-'), ',' ORDER BY id), '') FROM member
        WHERE username LIKE 'ag\_%') AS tree,
      (SELECT count(*) FROM agent_move)::text AS moves,
      (SELECT coalesce(string_agg(id || ':' || state, ',' ORDER BY id), '') FROM agent_contract) AS contracts,
      (SELECT coalesce(string_agg(id || ':' || name || ':' || max_rate_bp, ',' ORDER BY id), '')
         FROM agent_contract_template) AS templates,
      (SELECT count(*) FROM agent_settlement)::text AS lines,
      (SELECT count(*) FROM ledger_entry)::text AS entries`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

const audits = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'silent' });
  const hash = await hashPassword('agent1234');
  team = new AgentTeam(t.db.db, M, { password: hash }, ids);
  // ag_one ─┬─ ag_x ── ag_y           (ag_one and ag_two are top agents)
  //         └─ ag_z
  // ag_two ── ag_w
  // ag_lotus (LOTUS)
  await team.add('ag_one', 1, null);
  await team.add('ag_two', 1, null);
  await team.add('ag_x', 1, 'ag_one');
  await team.add('ag_y', 0, 'ag_x');
  await team.add('ag_z', 0, 'ag_one');
  await team.add('ag_w', 0, 'ag_two');
  await team.add('ag_lotus', 1, null, 'LOTUS');
  const ledger = new LedgerService(t.db.db);
  const stake = await ledger.post(t.db.db, {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: ids.ag_y!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', ids.ag_y!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
});
afterAll(async () => {
  await t?.close();
});

describe('the tree', () => {
  it('lists the top, then one level at a time, with team sizes; search gives the path', async () => {
    const top = await ok<AgentTreePage>('GET', '/wps/admin/agents/tree?pageSize=100');
    const one = top.list.find((n) => n.username === 'ag_one')!;
    expect(one).toMatchObject({ agent: true, directCount: 2, teamSize: 3, uplineId: null });
    // A member with no upline and no team who is no agent is not a top of the tree.
    expect(top.list.some((n) => n.username === 'ag_lotus')).toBe(false);
    const below = await ok<AgentTreePage>('GET', `/wps/admin/agents/tree?parentId=${one.id}`);
    expect(below.list.map((n) => [n.username, n.teamSize])).toEqual([
      ['ag_x', 1],
      ['ag_z', 0],
    ]);
    const found = await ok<AgentSearch>('GET', '/wps/admin/agents/search?q=AG_Y');
    expect(found.list).toHaveLength(1);
    expect(found.list[0]!.path.map((p) => p.username)).toEqual(['ag_one', 'ag_x']);
    // % is no wildcard.
    expect((await ok<AgentSearch>('GET', '/wps/admin/agents/search?q=%25')).list).toEqual([]);
  });

  it('refuses an unknown parent and another brand’s member, and readers without agents.view', async () => {
    expect((await staff('GET', '/wps/admin/agents/tree?parentId=999999999')).code).toBe(
      'agent.member.unknown',
    );
    const other = await staff('GET', `/wps/admin/agents/tree?parentId=${ids.ag_lotus}`);
    expect([other.status, other.code]).toEqual([404, 'agent.member.unknown']);
    expect((await staff('GET', '/wps/admin/agents/tree', undefined, 'nobody', ['players.view'])).status).toBe(
      403,
    );
  });
});

describe('templates and grants', () => {
  let template: ContractTemplate;

  it('refuses terms the agent centre refuses, changing nothing', async () => {
    const before = await snapshot();
    const bad = [
      // Above the brand's cap for a daily wage (3%).
      [
        { name: 'T', kind: 'DAILY', period: 'D', tiers: [{ minAmount: 0, minActive: 0, rate: '3.5' }] },
        'agent.contract.rate.cap',
      ],
      // A daily wage does not settle by the hour.
      [
        { name: 'T', kind: 'DAILY', period: 'H', tiers: [{ minAmount: 0, minActive: 0, rate: 1 }] },
        'agent.contract.period.invalid',
      ],
      // Tiers must rise.
      [
        {
          name: 'T',
          kind: 'DAILY',
          period: 'D',
          tiers: [
            { minAmount: 100, minActive: 0, rate: 1 },
            { minAmount: 50, minActive: 0, rate: 2 },
          ],
        },
        'agent.contract.tiers.invalid',
      ],
      [
        { name: '', kind: 'DAILY', period: 'D', tiers: [{ minAmount: 0, minActive: 0, rate: 1 }] },
        'request.invalid',
      ],
    ] as const;
    for (const [body, code] of bad) {
      const r = await staff('POST', '/wps/admin/agents/templates', body);
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('grants a top agent a template’s terms, in force at once; the tree shows it', async () => {
    template = await ok<ContractTemplate>('POST', '/wps/admin/agents/templates', {
      name: 'Daily 1%',
      kind: 'DAILY',
      period: 'D',
      tiers: [{ minAmount: '0', minActive: 0, rate: '1' }],
    });
    expect(template).toMatchObject({ rate: 1, tiers: [{ minAmount: '0.00', minActive: 0, rate: '1.00' }] });
    const dup = await staff('POST', '/wps/admin/agents/templates', { ...template, id: undefined });
    expect([dup.status, dup.code]).toEqual([409, 'agent.template.name.taken']);

    for (const name of ['ag_one', 'ag_two']) {
      const c = await ok<Contract>('POST', `/wps/admin/agents/templates/${template.id}/grant`, {
        username: name,
      });
      expect(c).toMatchObject({ kind: 'DAILY', upline: null, state: 'ACCEPTED', member: name, rate: 1 });
    }
    const top = await ok<AgentTreePage>('GET', '/wps/admin/agents/tree?pageSize=100');
    expect(top.list.find((n) => n.username === 'ag_one')!.contracts).toMatchObject([
      { kind: 'DAILY', period: 'D', rate: 1, upline: null, version: 1 },
    ]);
    const grants = await audits('agent.contract.grant');
    expect(grants).toHaveLength(2);
    expect(grants[0]!.after).toMatchObject({ member: 'ag_one', kind: 'DAILY', template: template.id });

    // Only a top agent takes a platform contract; an unknown template is refused.
    const before = await snapshot();
    const sub = await staff('POST', `/wps/admin/agents/templates/${template.id}/grant`, { username: 'ag_x' });
    expect(sub.code).toBe('agent.not.downline');
    expect(
      (await staff('POST', '/wps/admin/agents/templates/999999/grant', { username: 'ag_one' })).code,
    ).toBe('agent.template.unknown');
    expect(await snapshot()).toBe(before);
  });

  it('an edited template changes no contract granted from it', async () => {
    const edited = await ok<ContractTemplate>('PUT', `/wps/admin/agents/templates/${template.id}`, {
      name: 'Daily 2%',
      kind: 'DAILY',
      period: 'D',
      tiers: [{ minAmount: 0, minActive: 0, rate: 2 }],
    });
    expect(edited.rate).toBe(2);
    const held = await ok<AgentContracts>('GET', `/wps/admin/agents/${ids.ag_one}/contracts`);
    expect(held.list[0]!.rate).toBe(1);
    const [row] = await audits('agent.template.update');
    expect(row).toMatchObject({ before: { rate: 1 }, after: { rate: 2, name: 'Daily 2%' } });
    const removed = await ok<ContractTemplate>('DELETE', `/wps/admin/agents/templates/${template.id}`);
    expect(removed.name).toBe('Daily 2%');
    expect((await ok<{ list: ContractTemplate[] }>('GET', '/wps/admin/agents/templates')).list).toEqual([]);
  });
});

describe('moving a member with its team', () => {
  const today = () => periodAt('D', Date.now(), TZ);
  let effective: Date;
  let xContract: Contract;

  it('ag_x holds a contract from ag_one before the move', async () => {
    const brand = await t.brands.resolve(M, undefined);
    const contracts = t.services.agent.contracts;
    xContract = await contracts.process(brand, ids.ag_one!, 'DAILY', {
      action: 'OFFER',
      memberId: ids.ag_x!,
      period: 'D',
      tiers: [{ minAmount: 0n, minActive: 0, rate: 50 }],
    });
    await contracts.process(brand, ids.ag_x!, 'DAILY', { action: 'ACCEPT', contractId: xContract.id });
  });

  it('refuses loops, other brands, non-agents, the same upline, too far ahead; nothing changes', async () => {
    const before = await snapshot();
    const move = (memberId: string, toUplineId: string, extra = {}) =>
      staff('POST', '/wps/admin/agents/moves', { memberId, toUplineId, reason: 'test', ...extra });
    const cases: [Awaited<ReturnType<typeof move>>, number, string][] = [
      // ag_one under its own downline ag_x.
      [await move(ids.ag_one!, ids.ag_x!), 409, 'agent.move.cycle'],
      [await move(ids.ag_x!, ids.ag_x!), 409, 'agent.move.cycle'],
      [await move(ids.ag_x!, ids.ag_lotus!), 404, 'agent.member.unknown'],
      [await move(ids.ag_lotus!, ids.ag_two!), 404, 'agent.member.unknown'],
      [await move(ids.ag_x!, ids.ag_w!), 400, 'agent.move.target.not.agent'],
      [await move(ids.ag_x!, ids.ag_one!), 409, 'agent.move.same'],
      [
        await move(ids.ag_x!, ids.ag_two!, {
          // Beyond how far ahead a move may be scheduled.
          effectiveAt: new Date(Date.now() + 91 * 86_400_000).toISOString(),
        }),
        400,
        'agent.move.future',
      ],
      [await move(ids.ag_x!, ids.ag_two!, { reason: '' }), 400, 'request.invalid'],
    ];
    for (const [r, status, code] of cases) expect([r.status, r.code]).toEqual([status, code]);
    // Without agents.members.move.
    const viewer = await staff(
      'POST',
      '/wps/admin/agents/moves',
      { memberId: ids.ag_x, toUplineId: ids.ag_two, reason: 'test' },
      'viewer',
      ['agents.view'],
    );
    expect(viewer.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('previews the move without making it', async () => {
    const before = await snapshot();
    const p = await ok<AgentMovePreview>(
      'GET',
      `/wps/admin/agents/moves/preview?memberId=${ids.ag_x}&toUplineId=${ids.ag_two}`,
    );
    expect(p).toEqual({ earliest: null, contractsEnding: 1, teamSize: 1 });
    expect(await snapshot()).toBe(before);
  });

  it('moves ag_x (and ag_y) to ag_two from a date: bets before it count for ag_one, after it for ag_two', async () => {
    const day = today();
    effective = new Date(Math.max(Date.now() - 60_000, day.start.getTime() + 2_000));
    // ag_y bets 1,000.00 before the effective date and 3,000.00 after it (later today).
    await bet('ag_y', new Date(effective.getTime() - 1_000), 100_000n);
    await bet('ag_y', new Date(effective.getTime() + 1_000), 300_000n);
    const moved = await ok<AgentMove>('POST', '/wps/admin/agents/moves', {
      memberId: ids.ag_x,
      toUplineId: ids.ag_two,
      effectiveAt: effective.toISOString(),
      reason: 'Agent asked to join ag_two',
    });
    expect(moved).toMatchObject({ member: 'ag_x', from: 'ag_one', to: 'ag_two', contractsEnded: 1 });
    // The tree follows at once, the team with it.
    const under = await ok<AgentTreePage>('GET', `/wps/admin/agents/tree?parentId=${ids.ag_two}`);
    expect(under.list.map((n) => [n.username, n.teamSize])).toEqual([
      ['ag_w', 0],
      ['ag_x', 1],
    ]);
    // ag_x's contract from ag_one ended at the effective date.
    const x = await t.db.db
      .selectFrom('agent_contract')
      .select(['state', 'end_reason', 'ended_at'])
      .where('id', '=', xContract.id)
      .executeTakeFirstOrThrow();
    expect(x).toMatchObject({ state: 'TERMINATED', end_reason: 'MOVED' });
    expect(x.ended_at!.getTime()).toBe(effective.getTime());

    const [row] = await audits('agent.move');
    expect(row).toMatchObject({
      target: `member:${ids.ag_x}`,
      before: { upline: 'ag_one' },
      after: { upline: 'ag_two', effectiveAt: effective.toISOString(), contractsEnded: 1 },
    });

    // Settling the day: 1% of 1,000.00 to ag_one, 1% of 3,000.00 to ag_two; ag_x's ended contract pays nothing.
    expect(await t.services.agent.settlement.settlePeriod(M, 'DAILY', 'D', day)).toBe(2);
    const lines = await t.db.db
      .selectFrom('agent_settlement')
      .select(['member_id', 'base', 'amount', 'status'])
      .where('period_key', '=', day.key)
      .orderBy('member_id')
      .execute();
    expect(lines).toEqual([
      { member_id: ids.ag_one, base: '100000', amount: '1000', status: 'PAID' },
      { member_id: ids.ag_two, base: '300000', amount: '3000', status: 'PAID' },
    ]);
  });

  it('refuses a move into a period already settled, saying from when', async () => {
    const before = await snapshot();
    const r = await staff('POST', '/wps/admin/agents/moves', {
      memberId: ids.ag_x,
      toUplineId: ids.ag_one,
      reason: 'back again',
    });
    expect([r.status, r.code]).toEqual([409, 'agent.move.settled']);
    expect(await snapshot()).toBe(before);
    const moves = await ok<{ list: AgentMove[]; totalCount: number }>('GET', '/wps/admin/agents/moves');
    expect(moves.totalCount).toBe(1);
  });

  it('traces each statement line to its bets and its ledger entry', async () => {
    const day = today();
    const date = day.key.slice(2);
    const tomorrow = periodAt('D', day.end.getTime() + 1, TZ).key.slice(2);
    const list = await ok<AdminStatements>(
      'GET',
      `/wps/admin/agents/statements?startTime=${date}&endTime=${tomorrow}&username=AG_ONE`,
    );
    expect(list.list.map((l) => [l.member, l.amount, l.status])).toEqual([['ag_one', 10, 'PAID']]);
    const line = list.list[0]!;
    const detail = await ok<AdminStatementDetail>('GET', `/wps/admin/agents/statements/${line.id}`);
    // Only the bet before the move counts for ag_one.
    expect(detail.members).toEqual([
      { memberId: ids.ag_y, username: 'ag_y', level: 2, bets: 1, turnover: 1000, loss: 1000 },
    ]);
    expect(detail.totals).toEqual({ bets: 1, turnover: 1000, loss: 1000, active: 1 });
    expect(detail.entry!.reference).toBe(`CONTRACT:${line.contractId}:${day.key}`);
    expect(detail.entry!.postings.map((p) => [p.accountKind, p.member, p.amount]).sort()).toEqual([
      ['MAIN', 'ag_one', 10],
      ['WAGE_EXPENSE', null, -10],
    ]);
    const bets = await ok<AdminStatementBets>(
      'GET',
      `/wps/admin/agents/statements/${line.id}/bets?memberId=${ids.ag_y}`,
    );
    expect(bets.list.map((b) => b.validBet)).toEqual([1000]);
    expect(new Date(bets.list[0]!.settledTime).getTime()).toBeLessThan(effective.getTime());
    expect((await staff('GET', '/wps/admin/agents/statements/999999999')).code).toBe(
      'agent.statement.unknown',
    );
  });
});

describe('ending a platform contract and the depth limit', () => {
  it('ends a top agent’s platform contract; an agent-to-agent contract or an unknown one is refused', async () => {
    const held = await ok<AgentContracts>('GET', `/wps/admin/agents/${ids.ag_two}/contracts`);
    const platform = held.list.find((c) => c.state === 'ACCEPTED' && c.upline === null)!;
    const before = await snapshot();
    const moved = await t.db.db
      .selectFrom('agent_contract')
      .select('id')
      .where('member_id', '=', ids.ag_x!)
      .executeTakeFirstOrThrow();
    // ag_x's contract came from ag_one (and has ended): not the operator's to end.
    const notPlatform = await staff('POST', `/wps/admin/agents/contracts/${moved.id}/end`, { reason: 'x' });
    expect([notPlatform.status, notPlatform.code]).toEqual([409, 'agent.contract.state']);
    const unknown = await staff('POST', '/wps/admin/agents/contracts/999999999/end', { reason: 'x' });
    expect([unknown.status, unknown.code]).toEqual([404, 'agent.contract.unknown']);
    const noReason = await staff('POST', `/wps/admin/agents/contracts/${platform.id}/end`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(await snapshot()).toBe(before);

    const ended = await ok<Contract>('POST', `/wps/admin/agents/contracts/${platform.id}/end`, {
      reason: 'Agreement over',
    });
    expect(ended).toMatchObject({ state: 'TERMINATED', endReason: 'TERMINATED' });
    const [row] = await audits('agent.contract.end');
    expect(row).toMatchObject({
      target: `contract:${platform.id}`,
      before: { state: 'ACCEPTED' },
      after: { state: 'TERMINATED', reason: 'Agreement over' },
    });
    // Ended once: a second end is refused.
    expect(
      (await staff('POST', `/wps/admin/agents/contracts/${platform.id}/end`, { reason: 'x' })).code,
    ).toBe('agent.contract.state');
  });

  it('refuses a move that would make the tree deeper than its limit', async () => {
    // A chain of 64 agents under ag_deep0: moving ag_one (with ag_z below it) under the last one
    // would put ag_z 66 levels down.
    let upline = 'ag_deep0';
    await team.add(upline, 1, null);
    for (let i = 1; i < 64; i++) {
      await team.add(`ag_deep${i}`, 1, upline);
      upline = `ag_deep${i}`;
    }
    const before = await snapshot();
    const r = await staff('POST', '/wps/admin/agents/moves', {
      memberId: ids.ag_one,
      toUplineId: ids[upline],
      reason: 'too deep',
    });
    expect([r.status, r.code]).toEqual([409, 'agent.move.depth']);
    expect(await snapshot()).toBe(before);
  });
});
