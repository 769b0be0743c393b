/**
 * Moves of a member to another upline scheduled for a future time: stored SCHEDULED with what
 * they will change and changing nothing yet, one pending move per member, cancelled by staff
 * before their time (audited), applied exactly once at their time by the job even when two
 * server instances run it together, re-checked when applied (a refusal then marks the move FAILED
 * and changes nothing), and settlement splitting the member's bets at the effective time.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type AgentMove, type AgentMoves, type Permission } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentAdminRepository } from '../src/modules/agent/agent-admin.repository';
import { AgentAdminService } from '../src/modules/agent/agent-admin.service';
import { periodAt } from '../src/modules/agent/settlement-formula';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { hashPassword } from '../src/platform/password';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';
const MIN = 60_000;

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
  method: 'GET' | 'POST',
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
const ok = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
  const r = await staff<T>(method, url, body);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value;
};
const move = (memberId: string, toUplineId: string, at: Date | null, reason = 'test') =>
  staff<AgentMove>('POST', '/wps/admin/agents/moves', {
    memberId,
    toUplineId,
    reason,
    ...(at ? { effectiveAt: at.toISOString() } : {}),
  });

/** The job's pass as a server instance whose clock reads `at` runs it. */
const instance = (at: Date) =>
  new AgentAdminService(new AgentAdminRepository(t.db.db), t.services.agent.contracts, () => at);

const bet = (name: string, settledAt: Date, validBet: bigint) =>
  team.settledBet(name, settledAt, validBet, stakeEntry);

/** What a refused call or a failed application must not change. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<Record<string, string>>`SELECT
      (SELECT coalesce(string_agg(id || ':' || coalesce(upline_id::text, '-'), ',' ORDER BY id), '') FROM member
        WHERE username LIKE 'sm\_%') AS tree,
      (SELECT coalesce(string_agg(id || ':' || status, ',' ORDER BY id), '') FROM agent_move) AS moves,
      (SELECT coalesce(string_agg(id || ':' || state || ':' || coalesce(ended_at::text, '-'), ',' ORDER BY id), '')
         FROM agent_contract) AS contracts,
      (SELECT count(*) FROM agent_settlement)::text AS lines`.execute(t.db.db);
  return JSON.stringify(rows[0]);
}

const audits = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const uplineOf = async (name: string) =>
  (
    await t.db.db
      .selectFrom('member')
      .select('upline_id')
      .where('id', '=', ids[name]!)
      .executeTakeFirstOrThrow()
  ).upline_id;
const moveRow = (id: string) =>
  t.db.db.selectFrom('agent_move').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'silent' });
  team = new AgentTeam(t.db.db, M, { password: await hashPassword('agent1234') }, ids);
  // sm_one ─┬─ sm_x ── sm_y      sm_two      sm_three ── sm_t      sm_four
  //         └─ sm_z
  await team.add('sm_one', 1, null);
  await team.add('sm_two', 1, null);
  await team.add('sm_x', 1, 'sm_one');
  await team.add('sm_y', 0, 'sm_x');
  await team.add('sm_z', 0, 'sm_one');
  await team.add('sm_three', 1, null);
  await team.add('sm_t', 0, 'sm_three');
  await team.add('sm_four', 1, null);
  const ledger = new LedgerService(t.db.db);
  const stake = await ledger.post(t.db.db, {
    merchant: M,
    reference: `test-stake:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId: ids.sm_y!,
    postings: [
      { accountId: await ledger.account(M, 'ADJUSTMENT'), amount: -1n },
      { accountId: await ledger.account(M, 'MAIN', ids.sm_y!), amount: 1n },
    ],
  });
  stakeEntry = stake.entryId;
  // Daily wages of 1% for both top agents from the platform; sm_x 0.5% from sm_one.
  const brand = await t.brands.resolve(M, undefined);
  const contracts = t.services.agent.contracts;
  for (const username of ['sm_one', 'sm_two'])
    await contracts.grant(brand, {
      username,
      kind: 'DAILY',
      period: 'D',
      tiers: [{ minAmount: 0n, minActive: 0, rate: 100 }],
    });
  const offer = await contracts.process(brand, ids.sm_one!, 'DAILY', {
    action: 'OFFER',
    memberId: ids.sm_x!,
    period: 'D',
    tiers: [{ minAmount: 0n, minActive: 0, rate: 50 }],
  });
  await contracts.process(brand, ids.sm_x!, 'DAILY', { action: 'ACCEPT', contractId: offer.id });
});
afterAll(async () => {
  await t?.close();
});

// The first move's effective time (the settlement at the end reads it).
let at: Date;

describe('a move scheduled for later', () => {
  // Two minutes ahead, and at least a minute before the end of its (Manila) day, so bets on
  // either side of it settle in the same daily period.
  let scheduled: AgentMove;

  it('is stored SCHEDULED with what it will change, and changes nothing yet', async () => {
    at = new Date(Date.now() + 2 * MIN);
    const day = periodAt('D', at.getTime(), TZ);
    if (day.end.getTime() - at.getTime() < MIN) at = new Date(day.end.getTime() + 2 * MIN);
    const before = await snapshot();
    const r = await move(ids.sm_x!, ids.sm_two!, at, 'Joins sm_two next period');
    expect(r.status, JSON.stringify(r)).toBe(200);
    scheduled = r.value;
    expect(scheduled).toMatchObject({
      member: 'sm_x',
      from: 'sm_one',
      to: 'sm_two',
      status: 'SCHEDULED',
      effectiveAt: at.toISOString(),
      contractsEnded: 1,
      teamSize: 1,
      appliedTime: null,
      failure: null,
    });
    // The tree and the contracts are untouched until the time comes: only the move row is new.
    expect(await uplineOf('sm_x')).toBe(ids.sm_one);
    const after = JSON.parse(await snapshot()) as Record<string, string>;
    const was = JSON.parse(before) as Record<string, string>;
    expect([after.tree, after.contracts]).toEqual([was.tree, was.contracts]);
    const list = await ok<AgentMoves>('GET', '/wps/admin/agents/moves?status=SCHEDULED');
    expect(list.list.map((m) => [m.id, m.status])).toEqual([[scheduled.id, 'SCHEDULED']]);
    const [row] = await audits('agent.move');
    expect(row).toMatchObject({
      target: `member:${ids.sm_x}`,
      before: { upline: 'sm_one' },
      after: { upline: 'sm_two', status: 'SCHEDULED', effectiveAt: at.toISOString() },
    });
  });

  it('refuses a second move of the member while one is pending, and a date too far ahead', async () => {
    const before = await snapshot();
    const later = await move(ids.sm_x!, ids.sm_three!, new Date(Date.now() + 60 * MIN));
    expect([later.status, later.code]).toEqual([409, 'agent.move.pending']);
    const now = await move(ids.sm_x!, ids.sm_three!, null);
    expect([now.status, now.code]).toEqual([409, 'agent.move.pending']);
    const preview = await staff(
      'GET',
      `/wps/admin/agents/moves/preview?memberId=${ids.sm_x}&toUplineId=${ids.sm_three}`,
    );
    expect([preview.status, preview.code]).toEqual([409, 'agent.move.pending']);
    const far = await move(ids.sm_z!, ids.sm_two!, new Date(Date.now() + 91 * 86_400_000));
    expect([far.status, far.code]).toEqual([400, 'agent.move.future']);
    expect(await snapshot()).toBe(before);
  });

  it('is not applied before its time', async () => {
    const before = await snapshot();
    expect(await instance(new Date(at.getTime() - 1_000)).applyDueMoves()).toEqual({ applied: 0, failed: 0 });
    expect(await snapshot()).toBe(before);
  });

  it('is applied exactly once at its time, even by two instances at once', async () => {
    const clock = new Date(at.getTime() + 5_000);
    const runs = await Promise.all([instance(clock).applyDueMoves(), instance(clock).applyDueMoves()]);
    expect(runs.reduce((n, r) => n + r.applied, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    // A later pass (another restart) finds nothing left to do.
    expect(await instance(new Date(at.getTime() + 60_000)).applyDueMoves()).toEqual({
      applied: 0,
      failed: 0,
    });
    expect(await uplineOf('sm_x')).toBe(ids.sm_two);
    expect(await uplineOf('sm_y')).toBe(ids.sm_x);
    const row = await moveRow(scheduled.id);
    expect(row).toMatchObject({
      status: 'APPLIED',
      contracts_ended: 1,
      team_size: 1,
      from_upline_id: ids.sm_one,
    });
    expect(row.applied_at!.getTime()).toBe(clock.getTime());
    // sm_x's contract from sm_one ended at the effective time, not when the move was scheduled.
    const ended = await t.db.db
      .selectFrom('agent_contract')
      .select(['state', 'end_reason', 'ended_at'])
      .where('member_id', '=', ids.sm_x!)
      .where('upline_id', '=', ids.sm_one!)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ state: 'TERMINATED', end_reason: 'MOVED' });
    expect(ended.ended_at!.getTime()).toBe(at.getTime());
    const listed = await ok<AgentMoves>('GET', `/wps/admin/agents/moves?memberId=${ids.sm_x}`);
    expect(listed.list[0]).toMatchObject({ status: 'APPLIED', appliedTime: clock.toISOString() });
  });
});

describe('cancelling a scheduled move', () => {
  let pending: AgentMove;

  it('refuses without the permission, without a reason, and an unknown move; nothing changes', async () => {
    const r = await move(ids.sm_z!, ids.sm_two!, new Date(Date.now() + 60 * MIN));
    expect(r.status, JSON.stringify(r)).toBe(200);
    pending = r.value;
    const before = await snapshot();
    const url = `/wps/admin/agents/moves/${pending.id}/cancel`;
    const viewer = await staff('POST', url, { reason: 'no' }, 'viewer', ['agents.view']);
    expect(viewer.status).toBe(403);
    const blank = await staff('POST', url, { reason: '  ' });
    expect([blank.status, blank.code]).toEqual([400, 'request.invalid']);
    const unknown = await staff('POST', '/wps/admin/agents/moves/999999999/cancel', { reason: 'no' });
    expect([unknown.status, unknown.code]).toEqual([404, 'agent.move.unknown']);
    expect(await snapshot()).toBe(before);
  });

  it('cancels it before its time (audited); the job then leaves it alone', async () => {
    const cancelled = await ok<AgentMove>('POST', `/wps/admin/agents/moves/${pending.id}/cancel`, {
      reason: 'Agent changed its mind',
    });
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: expect.any(String) as string,
      cancelReason: 'Agent changed its mind',
    });
    const [row] = await audits('agent.move.cancel');
    expect(row).toMatchObject({
      target: `member:${ids.sm_z}`,
      before: { move: pending.id, status: 'SCHEDULED', upline: 'sm_two' },
      after: { move: pending.id, status: 'CANCELLED', reason: 'Agent changed its mind' },
    });
    // Cancelling twice, or an applied move, is refused.
    const again = await staff('POST', `/wps/admin/agents/moves/${pending.id}/cancel`, { reason: 'x' });
    expect([again.status, again.code]).toEqual([409, 'agent.move.state']);
    const applied = (await ok<AgentMoves>('GET', `/wps/admin/agents/moves?status=APPLIED`)).list[0]!;
    const late = await staff('POST', `/wps/admin/agents/moves/${applied.id}/cancel`, { reason: 'x' });
    expect([late.status, late.code]).toEqual([409, 'agent.move.state']);
    const before = await snapshot();
    expect(await instance(new Date(Date.now() + 120 * MIN)).applyDueMoves()).toEqual({
      applied: 0,
      failed: 0,
    });
    expect(await snapshot()).toBe(before);
    expect(await uplineOf('sm_z')).toBe(ids.sm_one);
    // The member may be scheduled again.
    const next = await move(ids.sm_z!, ids.sm_two!, new Date(Date.now() + 30 * MIN));
    expect([next.status, next.value?.status]).toEqual([200, 'SCHEDULED']);
    await ok('POST', `/wps/admin/agents/moves/${next.value.id}/cancel`, { reason: 'tidy up' });
  });
});

describe('a scheduled move that can no longer be made', () => {
  it('is marked FAILED with the reason when the tree changed into a loop; nothing else changes', async () => {
    // sm_three is to go under sm_four in an hour; meanwhile sm_four moves under sm_three now.
    const at = new Date(Date.now() + 60 * MIN);
    const r = await move(ids.sm_three!, ids.sm_four!, at);
    expect(r.status, JSON.stringify(r)).toBe(200);
    expect((await move(ids.sm_four!, ids.sm_three!, null)).status).toBe(200);
    const before = JSON.parse(await snapshot()) as Record<string, string>;
    expect(await instance(new Date(at.getTime() + 1_000)).applyDueMoves()).toEqual({ applied: 0, failed: 1 });
    const after = JSON.parse(await snapshot()) as Record<string, string>;
    expect([after.tree, after.contracts, after.lines]).toEqual([before.tree, before.contracts, before.lines]);
    expect(await moveRow(r.value.id)).toMatchObject({ status: 'FAILED', failure_code: 'agent.move.cycle' });
    const listed = await ok<AgentMoves>('GET', `/wps/admin/agents/moves?memberId=${ids.sm_three}`);
    expect(listed.list[0]).toMatchObject({
      status: 'FAILED',
      failure: 'An agent cannot be moved under itself or its own downline.',
    });
    // Failed is final: a later pass does not retry it.
    expect(await instance(new Date(at.getTime() + 120_000)).applyDueMoves()).toEqual({
      applied: 0,
      failed: 0,
    });
  });

  it('is marked FAILED when the new upline is no longer an agent', async () => {
    const at = new Date(Date.now() + 60 * MIN);
    const r = await move(ids.sm_t!, ids.sm_two!, at);
    expect(r.status, JSON.stringify(r)).toBe(200);
    await t.db.db.updateTable('member').set({ is_agent: 0 }).where('id', '=', ids.sm_two!).execute();
    try {
      expect(await instance(new Date(at.getTime() + 1_000)).applyDueMoves()).toEqual({
        applied: 0,
        failed: 1,
      });
      expect(await uplineOf('sm_t')).toBe(ids.sm_three);
      expect(await moveRow(r.value.id)).toMatchObject({
        status: 'FAILED',
        failure_code: 'agent.move.target.not.agent',
      });
    } finally {
      await t.db.db.updateTable('member').set({ is_agent: 1 }).where('id', '=', ids.sm_two!).execute();
    }
  });
});

// Last: settling a day that has not ended closes it to later moves of these agents.
describe('settlement across the effective time', () => {
  it('settles bets before the effective time for the old upline and from it for the new one', async () => {
    await bet('sm_y', new Date(at.getTime() - 1_000), 100_000n);
    await bet('sm_y', new Date(at.getTime() + 1_000), 300_000n);
    const day = periodAt('D', at.getTime(), TZ);
    await t.services.agent.settlement.settlePeriod(M, 'DAILY', 'D', day);
    const lines = await t.db.db
      .selectFrom('agent_settlement')
      .select(['member_id', 'base', 'amount'])
      .where('period_key', '=', day.key)
      .where('member_id', 'in', [ids.sm_one!, ids.sm_two!])
      .orderBy('member_id')
      .execute();
    expect(lines).toEqual([
      { member_id: ids.sm_one, base: '100000', amount: '1000' },
      { member_id: ids.sm_two, base: '300000', amount: '3000' },
    ]);
  });
});
