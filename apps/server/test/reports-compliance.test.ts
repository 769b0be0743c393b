/**
 * The responsible-gaming and AML summaries against their tables: limits, breaks, reality checks
 * made through the protection use cases; identity submissions and AML cases written as their
 * modules write them (cases decided through the AML use case); then every figure of
 * GET /wps/admin/reports/compliance/rg and /aml compared with the counts before, and with SQL.
 * Also: the exports' rows, who may read it (not an agent manager), bad input.
 */
import { randomUUID } from 'node:crypto';
import {
  PERMISSIONS,
  ROLE_PERMISSIONS,
  type AmlReport,
  type Permission,
  type RgKind,
  type RgReport,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceReports } from '../src/modules/reports/compliance/compliance.part';
import type { ReportCell } from '../src/modules/reports/report-part';
import type { Brand } from '../src/platform/brand';
import type { ModuleContext } from '../src/platform/module';
import { buildTestApp, fundedMember, type TestContext } from './helper';

const M = 'GOLDEN';
const TZ = 'Asia/Manila';

let t: TestContext;
let brand: Brand;
const keys = new Map<string, string>();

async function call<T>(url: string, who = 'boss', permissions: readonly Permission[] = PERMISSIONS) {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-rep-compliance-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, M, [...permissions], 'test');
    keys.set(who, key);
  }
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', merchant: M, 'x-api-key': key },
  });
  const json = res.json() as { success: boolean; value?: T; errorCode?: string };
  return { status: res.statusCode, value: json.value as T, code: json.errorCode };
}
async function ok<T>(url: string): Promise<T> {
  const r = await call<T>(url);
  expect(r.status, JSON.stringify(r)).toBe(200);
  return r.value;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const shift = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
let from = '';
let to = '';
const rgUrl = () => `/wps/admin/reports/compliance/rg?from=${from}&to=${to}`;
const amlUrl = () => `/wps/admin/reports/compliance/aml?from=${from}&to=${to}`;
const member = () => fundedMember(t.db.db, t.services.wallet.ledger, M, 0n);
const kinds = (r: RgReport) =>
  Object.fromEntries(r.byKind.map((k) => [k.kind, k.events])) as Record<RgKind, number>;

/** An AML case as the monitor opens it (the case and its OPENED note), `hoursAgo` back. */
async function amlCase(memberId: string, rule: 'LARGE_TRANSACTION' | 'STRUCTURING', hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const c = await t.db.db
    .insertInto('aml_case')
    .values({
      merchant_code: M,
      member_id: memberId,
      rule,
      subject: `member:${memberId}`,
      detail: JSON.stringify({}),
      transactions: JSON.stringify([]),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('aml_case_note')
    .values({ case_id: c.id, kind: 'OPENED', actor: 'SYSTEM', detail: JSON.stringify({}), at })
    .execute();
  return c.id;
}

let rgBefore: RgReport;
let amlBefore: AmlReport;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'silent' });
  brand = await t.brands.resolve(M, undefined);
  from = shift(today(), -1);
  to = shift(today(), 1);
  rgBefore = await ok<RgReport>(rgUrl());
  amlBefore = await ok<AmlReport>(amlUrl());

  const p = t.services.protection.protection;
  const [a, b, c, d] = [await member(), await member(), await member(), await member()];
  // a: a deposit limit set, then lowered, then a raise asked for (it waits the cooling-off).
  await p.setLimit(brand, a, { kind: 'DEPOSIT', period: 'D', amount: '100' });
  await p.setLimit(brand, a, { kind: 'DEPOSIT', period: 'D', amount: '50' });
  await p.setLimit(brand, a, { kind: 'DEPOSIT', period: 'D', amount: '500' });
  // b: a loss limit; c: a time-out; d: a permanent self-exclusion and a reality check answered.
  await p.setLimit(brand, b, { kind: 'LOSS', period: 'W', amount: '1000' });
  await p.exclude(brand, c, { kind: 'TIMEOUT', days: 2, allBrands: false });
  await p.answerRealityCheck(brand, d, 'CONTINUE');
  await p.exclude(brand, d, { kind: 'SELF_EXCLUSION', term: 'PERMANENT', allBrands: false });

  // Identity checks: one approved after 6 hours, one rejected after 2, one still waiting.
  const sub = (id: string, state: 'PENDING' | 'APPROVED' | 'REJECTED', hours: number | null) =>
    t.db.db
      .insertInto('kyc_submission')
      .values({
        merchant_code: M,
        member_id: id,
        full_name: 'TEST PERSON',
        id_number: `ID${randomUUID().slice(0, 8)}`,
        date_of_birth: '1990-01-01',
        state,
        created_at: new Date(Date.now() - (hours ?? 1) * 3_600_000 - 60_000),
        decided_at: hours === null ? null : new Date(Date.now() - 60_000),
        decided_by: hours === null ? null : 'alice',
        reason: state === 'REJECTED' ? 'Document unreadable' : null,
      })
      .execute();
  await sub(a, 'APPROVED', 6);
  await sub(b, 'REJECTED', 2);
  await sub(c, 'PENDING', null);

  // AML: three cases opened (one with a second hit), decided CLEARED, REPORTED, one left open.
  const cases = t.services.aml.cases;
  const x = await amlCase(a, 'LARGE_TRANSACTION', 4);
  await t.db.db
    .insertInto('aml_case_note')
    .values({ case_id: x, kind: 'TRIGGERED', actor: 'SYSTEM', detail: JSON.stringify({}) })
    .execute();
  const y = await amlCase(b, 'STRUCTURING', 8);
  await amlCase(c, 'LARGE_TRANSACTION', 1);
  await cases.decide(M, x, { decision: 'CLEARED', reason: 'Salary, documented' }, 'alice');
  await cases.decide(M, y, { decision: 'REPORTED', reason: 'Split deposits under the threshold' }, 'alice');
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('responsible gaming', () => {
  it('counts limits, breaks and reality checks by kind, breaks in force now and identity checks', async () => {
    const r = await ok<RgReport>(rgUrl());
    const now = kinds(r);
    const was = kinds(rgBefore);
    const delta = Object.fromEntries(Object.entries(now).map(([k, n]) => [k, n - was[k as RgKind]]));
    expect(delta).toEqual({
      limitSet: 2,
      limitLowered: 1,
      limitRaiseRequested: 1,
      limitRaised: 0,
      limitRaiseCancelled: 0,
      timeout: 1,
      selfExclusion: 1,
      returnRequested: 0,
      breakEnded: 0,
      realityCheck: 1,
    });
    // Every counted event is a protection_event row of the brand.
    const rows = await t.db.db
      .selectFrom('protection_event')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('merchant_code', '=', M)
      .where('action', 'in', [
        'limit.set',
        'limit.requested',
        'timeout.started',
        'exclusion.started',
        'reality.check',
      ])
      .executeTakeFirstOrThrow();
    expect(r.byKind.reduce((a, k) => a + k.events, 0)).toBe(Number(rows.n));
    expect(
      r.byKind.find((k) => k.kind === 'limitSet')!.members -
        rgBefore.byKind.find((k) => k.kind === 'limitSet')!.members,
    ).toBe(2);
    const deposit = r.byLimit.find((l) => l.limit === 'DEPOSIT')!;
    expect(deposit).toMatchObject({ set: expect.any(Number), lowered: expect.any(Number) });
    expect(deposit.lowered).toBeGreaterThanOrEqual(1);
    expect(r.excludedNow.timeouts - rgBefore.excludedNow.timeouts).toBe(1);
    expect(r.excludedNow.selfExclusions - rgBefore.excludedNow.selfExclusions).toBe(1);
    expect(r.excludedNow.permanent - rgBefore.excludedNow.permanent).toBe(1);
    expect(r.kyc.submitted - rgBefore.kyc.submitted).toBe(3);
    expect(r.kyc.approved - rgBefore.kyc.approved).toBe(1);
    expect(r.kyc.rejected - rgBefore.kyc.rejected).toBe(1);
    expect(r.kyc.pendingNow - rgBefore.kyc.pendingNow).toBe(1);
    if (rgBefore.kyc.approved + rgBefore.kyc.rejected === 0) {
      expect(r.kyc.averageHours).toBeCloseTo(4, 1);
      expect(r.kyc.p90Hours).toBeCloseTo(5.6, 1);
    }
    // The series has every day; its counts add up to the kinds'.
    expect(r.series.map((d) => d.day)).toEqual([from, shift(from, 1), to]);
    expect(r.series.reduce((a, d) => a + d.kinds.timeout, 0)).toBe(now.timeout);
  });
});

describe('AML', () => {
  it('counts alerts by rule, cases opened and decided, escalations and the time to decide', async () => {
    const r = await ok<AmlReport>(amlUrl());
    const rule = (x: AmlReport, name: string) =>
      x.byRule.find((b) => b.rule === name) ?? {
        alerts: 0,
        opened: 0,
        cleared: 0,
        frozen: 0,
        reported: 0,
        escalated: 0,
      };
    const large = rule(r, 'LARGE_TRANSACTION');
    const largeBefore = rule(amlBefore, 'LARGE_TRANSACTION');
    expect(large.alerts - largeBefore.alerts).toBe(3);
    expect(large.opened - largeBefore.opened).toBe(2);
    expect(large.cleared - largeBefore.cleared).toBe(1);
    const str = rule(r, 'STRUCTURING');
    const strBefore = rule(amlBefore, 'STRUCTURING');
    expect([
      str.opened - strBefore.opened,
      str.reported - strBefore.reported,
      str.escalated - strBefore.escalated,
    ]).toEqual([1, 1, 1]);
    expect(r.totals.openNow - amlBefore.totals.openNow).toBe(1);
    expect(r.totals.reported).toBe(r.byRule.reduce((a, b) => a + b.reported, 0));
    if (amlBefore.totals.cleared + amlBefore.totals.frozen + amlBefore.totals.reported === 0) {
      // 4 hours and 8 hours from opening to decision.
      expect(r.totals.averageCloseHours).toBeCloseTo(6, 1);
    }
    expect(r.series.reduce((a, d) => a + d.opened, 0)).toBe(r.totals.opened);
    expect(r.series.reduce((a, d) => a + d.closed, 0)).toBe(
      r.totals.cleared + r.totals.frozen + r.totals.reported,
    );
  });

  it('exports the events and the cases one row each', async () => {
    const part = complianceReports({ db: t.db.db } as ModuleContext);
    const scope = { merchants: [M], all: false, currency: 'PHP', from, to };
    const read = async (name: string) => {
      const rows: ReportCell[][] = [];
      for await (const row of part.sources!.find((s) => s.name === name)!.rows(scope, {})) rows.push(row);
      return rows;
    };
    const rg = await ok<RgReport>(rgUrl());
    expect(await read('compliance.rg')).toHaveLength(rg.byKind.reduce((a, k) => a + k.events, 0));
    const cases = await read('compliance.aml');
    const states = cases.map((c) => c[4]);
    expect(states).toEqual(expect.arrayContaining(['CLEARED', 'REPORTED', 'OPEN']));
  });
});

describe('who may read it, and bad input', () => {
  it('opens to reports staff only: an agent manager sees agents, not compliance', async () => {
    for (const url of [rgUrl(), amlUrl()]) {
      const r = await call(url, 'agent-manager', ROLE_PERMISSIONS.agent_manager);
      expect([r.status, r.code]).toEqual([403, 'operator.forbidden']);
      expect((await call(url, 'risk', ROLE_PERMISSIONS.risk)).status).toBe(200);
    }
    const agents = await call(
      `/wps/admin/reports/agents?from=${from}&to=${to}`,
      'agent-manager',
      ROLE_PERMISSIONS.agent_manager,
    );
    expect(agents.status).toBe(200);
  });

  it('refuses a bad period or scope with a clear error', async () => {
    const cases: [string, number, string][] = [
      [`/wps/admin/reports/compliance/rg?from=${to}&to=${from}`, 400, 'report.period.order'],
      [`/wps/admin/reports/compliance/aml?from=2020-01-01&to=2026-01-01`, 400, 'report.period.too.long'],
      [`/wps/admin/reports/compliance/rg?from=${from}`, 400, 'request.invalid'],
      [`/wps/admin/reports/compliance/aml?from=${from}&to=${to}&scope=every`, 400, 'request.invalid'],
      [`/wps/admin/reports/compliance/aml?from=${from}&to=${to}&scope=all`, 403, 'operator.forbidden'],
    ];
    for (const [url, status, code] of cases) {
      const r = await call(url);
      expect([r.status, r.code], url).toEqual([status, code]);
    }
  });
});
