import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';

let t: TestContext;
let id: Identity;
let ledger: LedgerService;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
});
afterAll(async () => {
  await t?.close();
});

/** Each operator of these tests calls with an API key of their own, named after them. */
const keys = new Map<string, string>();
async function keyOf(who: string): Promise<string> {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, null, [...PERMISSIONS], 'test');
    keys.set(who, key);
  }
  return key;
}

/** An operator call as `who`. */
const call = async (who: string, method: 'GET' | 'POST', url: string, body?: unknown, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: 'GOLDEN',
      'x-api-key': await keyOf(who),
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

const main = async (m: NewMember) => (await ledger.memberBalances(t.db.db, m.id)).get('MAIN') ?? 0n;
const entries = (approvalId: string) =>
  t.db.db
    .selectFrom('ledger_entry')
    .select('id')
    .where('reference', '=', `ADJUST:approval-${approvalId}`)
    .execute();
const audit = (approvalId: string) =>
  t.db.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target', '=', `approval:${approvalId}`)
    .orderBy('id')
    .execute();

async function request(who: string, m: NewMember, body: Record<string, unknown>): Promise<string> {
  const res = await call(who, 'POST', `/wps/admin/players/${m.id}/adjustments`, body);
  expect(res.json(), res.body).toMatchObject({ success: true, value: { state: 'PENDING' } });
  return res.json().value.approvalId as string;
}

describe('manual adjustments need a second staff member', () => {
  it('a request moves no money; the requester cannot decide it; a second person credits once', async () => {
    const m = await id.registerGolden();
    const approvalId = await request('ann', m, { direction: 'CREDIT', amount: 150.25, reason: 'Goodwill' });
    expect(await main(m)).toBe(0n);

    const self = await call('ann', 'POST', `/wps/admin/approvals/${approvalId}/approve`, {});
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ success: false, errorCode: 'approval.self' });
    const selfReject = await call('ann', 'POST', `/wps/admin/approvals/${approvalId}/reject`, {
      reason: 'no',
    });
    expect(selfReject.json()).toMatchObject({ success: false, errorCode: 'approval.self' });
    expect(await main(m)).toBe(0n);

    const pending = await call('bob', 'GET', '/wps/admin/approvals?state=PENDING&pageSize=100');
    expect(pending.json().value.list).toContainEqual(
      expect.objectContaining({
        id: approvalId,
        kind: 'ADJUSTMENT',
        memberId: m.id,
        username: m.username,
        amount: 150.25,
        detail: { direction: 'CREDIT', turnoverMultiplier: 0 },
        requestedBy: 'ann',
        state: 'PENDING',
      }),
    );

    const ok = await call('bob', 'POST', `/wps/admin/approvals/${approvalId}/approve`, { reason: 'Checked' });
    expect(ok.json()).toMatchObject({
      success: true,
      value: { id: approvalId, state: 'APPROVED', decidedBy: 'bob', decisionReason: 'Checked' },
    });
    expect(await main(m)).toBe(15025n);
    // Deciding again changes nothing.
    const again = await call('carl', 'POST', `/wps/admin/approvals/${approvalId}/approve`, {});
    expect(again.json()).toMatchObject({ success: false, errorCode: 'approval.decided' });
    expect(await main(m)).toBe(15025n);
    expect(await entries(approvalId)).toHaveLength(1);

    const rows = await audit(approvalId);
    expect(rows.map((r) => [r.actor, r.action])).toEqual([
      ['ann', 'cashier.adjustments.request'],
      ['bob', 'approvals.approve'],
    ]);
    expect(rows[1]!.before).toMatchObject({ state: 'PENDING' });
    expect(rows[1]!.after).toMatchObject({ state: 'APPROVED', decidedBy: 'bob' });
  });

  it('two approvers at once: the money moves exactly once', async () => {
    const m = await id.registerGolden();
    const approvalId = await request('ann', m, { direction: 'CREDIT', amount: 40, reason: 'Race' });
    const results = await Promise.all(
      ['bob', 'carl', 'dora', 'eve'].map((who) =>
        call(who, 'POST', `/wps/admin/approvals/${approvalId}/approve`, {}),
      ),
    );
    expect(results.filter((r) => r.json().success === true)).toHaveLength(1);
    for (const r of results.filter((x) => x.json().success !== true))
      expect(r.json()).toMatchObject({ errorCode: 'approval.decided' });
    expect(await main(m)).toBe(4000n);
    expect(await entries(approvalId)).toHaveLength(1);
  });

  it('an approval interrupted mid-way (a stale claim) is finished by the next approver, once', async () => {
    const m = await id.registerGolden();
    const approvalId = await request('ann', m, { direction: 'CREDIT', amount: 7, reason: 'Crash' });
    // A claim left by an instance that died before posting.
    await t.db.db
      .updateTable('approval_request')
      .set({ state: 'APPROVING', decided_by: 'bob', decided_at: new Date(Date.now() - 120_000) })
      .where('id', '=', approvalId)
      .execute();
    const fresh = await request('ann', m, { direction: 'CREDIT', amount: 1, reason: 'Live claim' });
    await t.db.db
      .updateTable('approval_request')
      .set({ state: 'APPROVING', decided_by: 'bob', decided_at: new Date() })
      .where('id', '=', fresh)
      .execute();
    const live = await call('carl', 'POST', `/wps/admin/approvals/${fresh}/approve`, {});
    expect(live.json()).toMatchObject({ success: false, errorCode: 'approval.decided' });

    const resumed = await call('carl', 'POST', `/wps/admin/approvals/${approvalId}/approve`, {});
    expect(resumed.json()).toMatchObject({ success: true, value: { state: 'APPROVED' } });
    expect(await main(m)).toBe(700n);
    expect(await entries(approvalId)).toHaveLength(1);
  });

  it('the same Idempotency-Key twice returns the first answer: one credit, one audit row', async () => {
    const m = await id.registerGolden();
    const approvalId = await request('ann', m, { direction: 'CREDIT', amount: 9, reason: 'Retry' });
    const key = randomUUID();
    const url = `/wps/admin/approvals/${approvalId}/approve`;
    const first = await call('bob', 'POST', url, { reason: 'ok' }, key);
    expect(first.json()).toMatchObject({ success: true, value: { state: 'APPROVED' } });
    const again = await call('bob', 'POST', url, { reason: 'ok' }, key);
    expect(again.json()).toEqual(first.json());
    expect(await main(m)).toBe(900n);
    expect(await entries(approvalId)).toHaveLength(1);
    expect((await audit(approvalId)).filter((r) => r.action === 'approvals.approve')).toHaveLength(1);
    // The same key with another body is refused, and so is a malformed key.
    const other = await call('bob', 'POST', url, { reason: 'different' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, errorCode: 'idempotency.mismatch' });
    const bad = await call('bob', 'POST', url, { reason: 'ok' }, 'x');
    expect(bad.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    expect(await main(m)).toBe(900n);
  });

  it('a debit above the balance is refused and stays pending; within the balance it debits', async () => {
    const m = await id.registerGolden();
    await id.credit(m.username, '30', ADMIN_KEY);
    const tooMuch = await request('ann', m, { direction: 'DEBIT', amount: 30.01, reason: 'Clawback' });
    const refused = await call('bob', 'POST', `/wps/admin/approvals/${tooMuch}/approve`, {});
    expect(refused.json()).toMatchObject({ success: false, errorCode: 'wallet.insufficient' });
    expect(await main(m)).toBe(3000n);
    expect(
      (await call('bob', 'GET', '/wps/admin/approvals?state=PENDING&pageSize=100')).json().value.list,
    ).toContainEqual(expect.objectContaining({ id: tooMuch, state: 'PENDING', decidedBy: null }));
    const rejected = await call('bob', 'POST', `/wps/admin/approvals/${tooMuch}/reject`, {
      reason: 'Too much',
    });
    expect(rejected.json()).toMatchObject({
      success: true,
      value: { state: 'REJECTED', decisionReason: 'Too much' },
    });
    const rows = await audit(tooMuch);
    expect(rows.at(-1)).toMatchObject({
      actor: 'bob',
      action: 'approvals.reject',
      before: expect.objectContaining({ state: 'PENDING' }),
      after: expect.objectContaining({ state: 'REJECTED' }),
    });
    // A rejected request cannot be approved afterwards.
    const late = await call('carl', 'POST', `/wps/admin/approvals/${tooMuch}/approve`, {});
    expect(late.json()).toMatchObject({ success: false, errorCode: 'approval.decided' });

    const fits = await request('ann', m, { direction: 'DEBIT', amount: 12.5, reason: 'Clawback' });
    expect((await call('bob', 'POST', `/wps/admin/approvals/${fits}/approve`, {})).json().success).toBe(true);
    expect(await main(m)).toBe(1750n);
  });

  it('refuses bad input, changing nothing', async () => {
    const m = await id.registerGolden();
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('approval_request')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const body of [
      { direction: 'CREDIT', amount: 0, reason: 'x' },
      { direction: 'CREDIT', amount: -5, reason: 'x' },
      { direction: 'CREDIT', amount: 1.234, reason: 'x' },
      { direction: 'SIDEWAYS', amount: 5, reason: 'x' },
      { direction: 'CREDIT', amount: 5, reason: '' },
      { direction: 'CREDIT', amount: 5, reason: 'x', turnoverMultiplier: 101 },
    ]) {
      const res = await call('ann', 'POST', `/wps/admin/players/${m.id}/adjustments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call('ann', 'POST', '/wps/admin/players/999999999/adjustments', {
      direction: 'CREDIT',
      amount: 5,
      reason: 'x',
    });
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    const missing = await call('bob', 'POST', '/wps/admin/approvals/999999999/approve', {});
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'approval.not.found' });
    const noReason = await call('bob', 'POST', '/wps/admin/approvals/1/reject', {});
    expect(noReason.statusCode).toBe(400);
    expect(await count()).toBe(before);
    expect(await main(m)).toBe(0n);
  });
});
