/**
 * The agents report against its sources: a team made on GOLDEN (a top agent with a platform
 * daily wage, a sub-agent, players at two depths) whose bets go through the wallet's use cases,
 * the reports' aggregates folded, the day's wage settled through the ledger; then every figure
 * of GET /wps/admin/reports/agents and one agent's statement lines compared with SQL over
 * bet_record, member and agent_settlement. Also: the exports' rows, who may read it, bad input.
 */
import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type AgentsReport,
  type AgentStatementsReport,
  type Contract,
  type ContractTemplate,
  type Permission,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsReports } from '../src/modules/reports/agents/agents.part';
import type { ReportCell } from '../src/modules/reports/report-part';
import type { ModuleContext } from '../src/platform/module';
import { periodAt } from '../src/platform/periods';
import { hashPassword } from '../src/platform/password';
import { AgentTeam } from './agent-team';
import { buildTestApp, type TestContext } from './helper';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';

let t: TestContext;
let team: AgentTeam;
const ids: Record<string, string> = {};
const keys = new Map<string, string>();

async function keyOf(who: string, permissions: readonly Permission[], merchant: string | null = M) {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-rep-agents-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, merchant, [...permissions], 'test');
    keys.set(who, key);
  }
  return key;
}

async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  who = 'boss',
  permissions: readonly Permission[] = PERMISSIONS,
  body?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: M,
      'x-api-key': await keyOf(who, permissions, who.startsWith('platform') ? null : M),
    },
    ...(body ? { payload: body } : {}),
  });
  const json = res.json() as { success: boolean; value?: T; errorCode?: string };
  return { status: res.statusCode, value: json.value as T, code: json.errorCode };
}
async function ok<T>(url: string): Promise<T> {
  const r = await call<T>('GET', url);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value;
}

const localToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const shift = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
let from = '';
let to = '';
let seq = 0;

/** A bet through the wallet: staked, then settled with `payout` (minor units). */
async function bet(name: string, stake: bigint, payout: bigint) {
  const roundId = `rep-ag-${Date.now().toString(36)}-${++seq}`;
  const { bets } = t.services.wallet;
  await bets.placeBet(M, ids[name]!, {
    vendor: 'HOUSE',
    gameType: 'RNG',
    gameCode: 'rep-agents-slot',
    gameName: 'Agents Slot',
    roundId,
    stake,
  });
  await bets.settleBet(M, 'HOUSE', roundId, { payout });
}

/** The team's figures straight from bet_record (settled bets of the members under `root`, now). */
async function truth(root: string) {
  const { rows } = await sql<{ size: string; active: string; valid: string; ggr: string; stakes: string }>`
    WITH RECURSIVE down (id) AS (
      SELECT id FROM member WHERE upline_id = ${root}
      UNION ALL SELECT m.id FROM member m JOIN down d ON m.upline_id = d.id)
    SELECT (SELECT count(*) FROM down)::text AS size,
           count(DISTINCT b.member_id)::text AS active,
           coalesce(sum(b.valid_bet), 0)::text AS valid,
           coalesce(sum(b.stake - b.payout), 0)::text AS ggr,
           coalesce(sum(b.stake), 0)::text AS stakes
      FROM bet_record b WHERE b.member_id IN (SELECT id FROM down) AND b.status = 'SETTLED'`.execute(t.db.db);
  return rows[0]!;
}

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'silent' });
  team = new AgentTeam(t.db.db, M, { password: await hashPassword('agent1234') }, ids);
  // ra_top ─┬─ ra_sub ── ra_p2
  //         └─ ra_p1
  // ra_lotus (LOTUS)
  await team.add('ra_top', 1, null);
  await team.add('ra_sub', 1, 'ra_top');
  await team.add('ra_p1', 0, 'ra_top');
  await team.add('ra_p2', 0, 'ra_sub');
  await team.add('ra_idle', 0, 'ra_sub');
  await team.add('ra_lotus', 1, null, 'LOTUS');
  for (const n of ['ra_top', 'ra_sub', 'ra_p1', 'ra_p2']) await team.fund(n, 1_000_000n);
  // p1 loses 300.00 of 500.00; p2 wins 150.00 net on 200.00 and loses 100.00; the agent's own bet is not its team's.
  await bet('ra_p1', 50_000n, 20_000n);
  await bet('ra_p2', 20_000n, 35_000n);
  await bet('ra_p2', 10_000n, 0n);
  await bet('ra_top', 40_000n, 0n);
  const today = localToday();
  from = shift(today, -1);
  to = shift(today, 1);

  // A platform daily wage of 1% for the top agent, settled for today through the ledger.
  const template = (
    await call<ContractTemplate>('POST', '/wps/admin/agents/templates', 'boss', PERMISSIONS, {
      name: 'Reports daily 1%',
      kind: 'DAILY',
      period: 'D',
      tiers: [{ minAmount: '0', minActive: 0, rate: '1' }],
    })
  ).value;
  const granted = await call<Contract>(
    'POST',
    `/wps/admin/agents/templates/${template.id}/grant`,
    'boss',
    PERMISSIONS,
    { username: 'ra_top' },
  );
  expect(granted.status).toBe(200);
  expect(await t.services.agent.settlement.settlePeriod(M, 'DAILY', 'D', periodAt('D', Date.now(), TZ))).toBe(
    1,
  );
  await t.services.reports.aggregates.rollUp();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the agents report', () => {
  it('gives each agent its team, the team’s play and the wages paid, as the tables hold them', async () => {
    const r = await ok<AgentsReport>(`/wps/admin/reports/agents?from=${from}&to=${to}`);
    const top = r.list.find((a) => a.username === 'ra_top')!;
    const sub = r.list.find((a) => a.username === 'ra_sub')!;
    const line = await t.db.db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('member_id', '=', ids.ra_top!)
      .executeTakeFirstOrThrow();
    expect(line.status).toBe('PAID');
    const topTruth = await truth(ids.ra_top!);
    expect(top).toMatchObject({
      merchant: M,
      upline: null,
      teamSize: Number(topTruth.size),
      activeMembers: Number(topTruth.active),
      turnover: fromMinor(topTruth.stakes),
      validTurnover: fromMinor(topTruth.valid),
      ggr: fromMinor(topTruth.ggr),
      wagesDaily: fromMinor(line.amount),
      wages: fromMinor(line.amount),
      dividends: 0,
      paidByBrand: fromMinor(line.amount),
      unpaid: 0,
    });
    // The numbers themselves: 4 under ra_top, 2 of them played; 800.00 staked, 250.00 kept by the house.
    expect(top).toMatchObject({ teamSize: 4, activeMembers: 2, turnover: 800, ggr: 250 });
    // The wage is 1% of the team's valid turnover the settlement counted (its base).
    expect(line.base).toBe(topTruth.valid);
    expect(top.costRatio).toBeCloseTo(Number(line.amount) / 25_000, 4);
    const subTruth = await truth(ids.ra_sub!);
    expect(sub).toMatchObject({
      upline: 'ra_top',
      teamSize: 2,
      activeMembers: 1,
      turnover: fromMinor(subTruth.stakes),
      ggr: fromMinor(subTruth.ggr),
      wages: 0,
      costRatio: null,
    });
    // Another brand's agent is not in this brand's report.
    expect(r.list.some((a) => a.username === 'ra_lotus')).toBe(false);
    // Totals count each member once though teams nest; the series has every day of the period.
    expect(r.totals.wages).toBe(fromMinor(line.amount));
    expect(r.totals.paidByBrand).toBe(fromMinor(line.amount));
    expect(r.series.map((d) => d.day)).toEqual([from, shift(from, 1), to]);
    expect(r.series.reduce((a, d) => a + d.wages, 0)).toBe(fromMinor(line.amount));
    expect(r.series.find((d) => d.day === shift(from, 1))!.ggr).toBeGreaterThanOrEqual(250);
    // Agents are listed by team GGR, highest first.
    const ggrs = r.list.map((a) => a.ggr);
    expect(ggrs).toEqual([...ggrs].sort((a, b) => b - a));
  });

  it('opens an agent down to its statement lines and the ledger entry that paid each', async () => {
    const r = await ok<AgentStatementsReport>(
      `/wps/admin/reports/agents/${ids.ra_top}/statements?from=${from}&to=${to}`,
    );
    const line = await t.db.db
      .selectFrom('agent_settlement as s')
      .innerJoin('ledger_entry as e', 'e.id', 's.entry_id')
      .select(['s.id', 's.amount', 's.base', 'e.reference', 's.period_key'])
      .where('s.member_id', '=', ids.ra_top!)
      .executeTakeFirstOrThrow();
    expect(r.agent).toEqual({ memberId: ids.ra_top, username: 'ra_top', merchant: M });
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({
      id: line.id,
      direction: 'IN',
      kind: 'DAILY',
      member: 'ra_top',
      payer: null,
      periodKey: line.period_key,
      base: fromMinor(line.base),
      rate: 1,
      amount: fromMinor(line.amount),
      status: 'PAID',
      entryReference: line.reference,
    });
    expect(r.totals).toEqual({ received: fromMinor(line.amount), paidOut: 0, unpaid: 0, lines: 1 });
    // The team's play per day adds up to the summary's.
    expect(r.series.reduce((a, d) => a + d.ggr, 0)).toBe(250);
    expect(r.series.reduce((a, d) => a + d.turnover, 0)).toBe(800);
  });

  it('exports the same figures, every agent and every line, money in minor units', async () => {
    const part = agentsReports({ db: t.db.db } as ModuleContext);
    const scope = { merchants: [M], all: false, currency: 'PHP', from, to };
    const source = (name: string) => part.sources!.find((s) => s.name === name)!;
    const rows: ReportCell[][] = [];
    for await (const row of source('agents.summary').rows(scope, {})) rows.push(row);
    const cols = source('agents.summary')
      .columns({})
      .map((c) => c.key);
    const top = rows.find((row) => row[cols.indexOf('username')] === 'ra_top')!;
    expect(top[cols.indexOf('ggr')]).toBe(25_000n);
    expect(top[cols.indexOf('turnover')]).toBe(80_000n);
    expect(top[cols.indexOf('teamSize')]).toBe(4);
    const agents = await ok<AgentsReport>(`/wps/admin/reports/agents?from=${from}&to=${to}`);
    expect(rows).toHaveLength(agents.totalCount);
    const lines: ReportCell[][] = [];
    for await (const row of source('agents.statements').rows(scope, { memberId: ids.ra_top }))
      lines.push(row);
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toBe(
      (
        await t.db.db
          .selectFrom('agent_settlement')
          .select('id')
          .where('member_id', '=', ids.ra_top!)
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
});

describe('who may read it, and bad input', () => {
  it('opens to agent managers (agents.view) and reports staff, not to others', async () => {
    const url = `/wps/admin/reports/agents?from=${from}&to=${to}`;
    expect((await call('GET', url, 'agent-manager', ROLE_PERMISSIONS.agent_manager)).status).toBe(200);
    expect((await call('GET', url, 'reports-only', ['reports.view'])).status).toBe(200);
    const support = await call('GET', url, 'support', ROLE_PERMISSIONS.support);
    expect([support.status, support.code]).toEqual([403, 'operator.forbidden']);
    const drill = await call(
      'GET',
      `/wps/admin/reports/agents/${ids.ra_top}/statements?from=${from}&to=${to}`,
      'support',
      ROLE_PERMISSIONS.support,
    );
    expect(drill.status).toBe(403);
  });

  it('refuses a bad period, another brand’s agent, an unknown one and all brands without a platform grant', async () => {
    const cases: [string, number, string][] = [
      [`/wps/admin/reports/agents?from=${to}&to=${from}`, 400, 'report.period.order'],
      [`/wps/admin/reports/agents?from=2020-01-01&to=2026-01-01`, 400, 'report.period.too.long'],
      [`/wps/admin/reports/agents?from=2026-02-30&to=2026-03-01`, 400, 'report.period.order'],
      [`/wps/admin/reports/agents?from=yesterday&to=${to}`, 400, 'request.invalid'],
      [
        `/wps/admin/reports/agents/${ids.ra_lotus}/statements?from=${from}&to=${to}`,
        404,
        'agent.member.unknown',
      ],
      [`/wps/admin/reports/agents/999999999/statements?from=${from}&to=${to}`, 404, 'agent.member.unknown'],
      [`/wps/admin/reports/agents/abc/statements?from=${from}&to=${to}`, 400, 'request.invalid'],
    ];
    for (const [url, status, code] of cases) {
      const r = await call('GET', url);
      expect([r.status, r.code], url).toEqual([status, code]);
    }
    const all = await call(
      'GET',
      `/wps/admin/reports/agents?from=${from}&to=${to}&scope=all`,
      'brand-boss',
      PERMISSIONS,
    );
    expect([all.status, all.code]).toEqual([403, 'operator.forbidden']);
  });

  it('answers every brand of one currency to a platform grant', async () => {
    const all = (currency: string) =>
      call<AgentsReport>(
        'GET',
        `/wps/admin/reports/agents?from=${from}&to=${to}&scope=all${currency}`,
        'platform-owner',
        PERMISSIONS,
      );
    // LOTUS is in ringgit: not among GOLDEN's peso brands, and alone among the ringgit ones.
    const php = await all('');
    expect(php.status).toBe(200);
    expect(php.value.list.some((a) => a.merchant === 'GOLDEN')).toBe(true);
    expect(php.value.list.some((a) => a.merchant === 'LOTUS')).toBe(false);
    const myr = await all('&currency=MYR');
    expect(myr.status).toBe(200);
    expect(myr.value.list.some((a) => a.username === 'ra_lotus' && a.merchant === 'LOTUS')).toBe(true);
    expect(myr.value.list.every((a) => a.merchant === 'LOTUS')).toBe(true);
  });
});
