import { randomUUID } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { AmlCase, AmlCaseRow, AmlRule } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeName, parseListCsv, structuringFloor } from '../src/modules/aml/aml-rules';
import { buildTestApp, fundedMember, PNG, type TestContext } from './helper';
import { Identity } from './identity-client';

const ADMIN_KEY = 'test-admin-key-aml-0123456789';
const AML_ONLY_KEY = 'test-aml-cases-only-key-0123456789';
const M = 'GOLDEN';
const admin = (key = ADMIN_KEY) => ({ merchant: M, 'x-api-key': key });

let t: TestContext;
let id: Identity;
let channel: string;
let bank: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  channel = (
    await t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', M)
      .where('code', '=', 'BANK_BDO')
      .executeTakeFirstOrThrow()
  ).id;
  bank = (
    await t.db.db
      .selectFrom('payout_bank')
      .select('code')
      .where('merchant_code', '=', M)
      .executeTakeFirstOrThrow()
  ).code;
  await t.services.staff.admin.insertKey(AML_ONLY_KEY, 'aml-analyst', M, ['aml.cases'], 'test');
});
afterAll(async () => {
  await t?.close();
});

const monitor = () => t.services.aml.monitor;
const member = () => fundedMember(t.db.db, t.services.wallet.ledger, M, 0n);

/** A credited deposit of `amount` (minor units) at `at`, as an approval leaves it. */
async function deposit(memberId: string, amount: bigint, at = new Date()): Promise<string> {
  seq++;
  const r = await t.db.db
    .insertInto('deposit')
    .values({
      merchant_code: M,
      member_id: memberId,
      request_id: randomUUID(),
      order_no: `DAML${process.pid}${seq}`,
      channel_id: channel,
      amount: amount.toString(),
      fee: '0',
      status: 'APPROVED',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

async function payoutAccount(memberId: string, accountNo: string): Promise<string> {
  const r = await t.db.db
    .insertInto('payout_account')
    .values({
      merchant_code: M,
      member_id: memberId,
      bank_code: bank,
      account_name: 'Holder',
      account_no: accountNo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

async function withdrawal(
  memberId: string,
  accountId: string,
  amount: bigint,
  at = new Date(),
): Promise<string> {
  seq++;
  const r = await t.db.db
    .insertInto('withdrawal')
    .values({
      merchant_code: M,
      member_id: memberId,
      request_id: randomUUID(),
      order_no: `WAML${process.pid}${seq}`,
      payout_account_id: accountId,
      amount: amount.toString(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

/** A settled bet of `stake` placed at `at` (the ledger entry is a bare marker: only stakes are read here). */
async function bet(memberId: string, stake: bigint, at = new Date()): Promise<void> {
  seq++;
  const e = await t.db.db
    .insertInto('ledger_entry')
    .values({
      merchant_code: M,
      reference: `test:aml:bet:${seq}`,
      kind: 'BET',
      member_id: memberId,
      memo: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.db
    .insertInto('bet_record')
    .values({
      merchant_code: M,
      member_id: memberId,
      vendor_code: 'TEST',
      game_type: 'SLOT',
      game_code: 'g',
      game_name: 'g',
      round_id: `aml-${seq}`,
      stake: stake.toString(),
      stake_entry_id: e.id,
      placed_at: at,
    })
    .execute();
}

const casesOf = (memberId: string) =>
  t.db.db.selectFrom('aml_case').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

async function setRule(kind: string, body: Record<string, unknown>) {
  const res = await id.send<AmlRule>(`/wps/admin/aml/rules/${kind}`, {
    method: 'PUT',
    headers: admin(),
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe('monitoring rules', () => {
  it('LARGE_TRANSACTION: a deposit at the threshold opens a case, one centavo below does not', async () => {
    await setRule('LARGE_TRANSACTION', { enabled: true, amount: '1000.00' });
    const a = await member();
    await monitor().evaluateDeposit(await deposit(a, 99_999n));
    expect(await casesOf(a)).toHaveLength(0);
    const at = await deposit(a, 100_000n);
    expect(await monitor().evaluateDeposit(at)).toBeGreaterThanOrEqual(1);
    const cases = (await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION');
    expect(cases).toHaveLength(1);
    expect(cases[0]!.state).toBe('OPEN');
    expect(cases[0]!.subject).toMatch(/^DEPOSIT:DAML/);
  });

  it('LARGE_TRANSACTION: a withdrawal at the threshold opens a case', async () => {
    const a = await member();
    const acc = await payoutAccount(a, `LT${seq}${Date.now()}`);
    await monitor().evaluateWithdrawal(await withdrawal(a, acc, 99_999n));
    expect((await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(0);
    await monitor().evaluateWithdrawal(await withdrawal(a, acc, 100_000n));
    const hit = (await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.subject).toMatch(/^WITHDRAWAL:WAML/);
  });

  it('evaluating the same movement twice opens nothing more (idempotent)', async () => {
    const a = await member();
    const d = await deposit(a, 150_000n);
    await monitor().evaluateDeposit(d);
    await Promise.all([monitor().evaluateDeposit(d), monitor().evaluateDeposit(d), monitor().sweep()]);
    const cases = await casesOf(a);
    expect(cases.filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(1);
    const notes = await t.db.db
      .selectFrom('aml_case_note')
      .selectAll()
      .where('case_id', '=', cases[0]!.id)
      .execute();
    expect(notes.map((n) => n.kind)).toEqual(['OPENED']);
  });

  it('CUMULATIVE_DEPOSITS: the window sum at the amount hits, below it and outside the window do not', async () => {
    await setRule('CUMULATIVE_DEPOSITS', { enabled: true, amount: '500.00', windowHours: 24 });
    const a = await member();
    // 30 hours ago: outside the window of the deposits below (each window ends at its deposit).
    await monitor().evaluateDeposit(await deposit(a, 30_000n, hoursAgo(30)));
    await monitor().evaluateDeposit(await deposit(a, 20_000n, hoursAgo(2)));
    await monitor().evaluateDeposit(await deposit(a, 29_999n, hoursAgo(1)));
    expect((await casesOf(a)).filter((c) => c.rule === 'CUMULATIVE_DEPOSITS')).toHaveLength(0);
    await monitor().evaluateDeposit(await deposit(a, 1n));
    const hit = (await casesOf(a)).filter((c) => c.rule === 'CUMULATIVE_DEPOSITS');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.detail).toMatchObject({ total: 500, deposits: 3 });
    // A further deposit in the window adds to the open case instead of opening another.
    await monitor().evaluateDeposit(await deposit(a, 100n));
    const again = (await casesOf(a)).filter((c) => c.rule === 'CUMULATIVE_DEPOSITS');
    expect(again).toHaveLength(1);
    expect(again[0]!.transactions).toHaveLength(2);
  });

  it('STRUCTURING: K deposits just under the threshold within the window hit; K-1 do not', async () => {
    // LARGE_TRANSACTION is 1000.00 here: the band is [900.00, 1000.00).
    await setRule('STRUCTURING', { enabled: true, windowHours: 24, percent: 10, count: 3 });
    await setRule('CUMULATIVE_DEPOSITS', { enabled: false });
    expect(structuringFloor(100_000n, 10)).toBe(90_000n);
    const a = await member();
    await monitor().evaluateDeposit(await deposit(a, 89_999n, hoursAgo(3))); // below the band
    await monitor().evaluateDeposit(await deposit(a, 90_000n, hoursAgo(2)));
    await monitor().evaluateDeposit(await deposit(a, 99_999n, hoursAgo(1)));
    expect((await casesOf(a)).filter((c) => c.rule === 'STRUCTURING')).toHaveLength(0);
    await monitor().evaluateDeposit(await deposit(a, 95_000n));
    const hit = (await casesOf(a)).filter((c) => c.rule === 'STRUCTURING');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.transactions).toHaveLength(3);
    expect((await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(0);
  });

  it('LITTLE_PLAY: a withdrawal after deposits with stakes below the share hits; at the share it does not', async () => {
    await setRule('LITTLE_PLAY', { enabled: true, windowHours: 72, percent: 10 });
    const a = await member();
    const acc = await payoutAccount(a, `LP${seq}${Date.now()}`);
    await deposit(a, 50_000n, hoursAgo(5));
    await bet(a, 4_999n, hoursAgo(4)); // 9.998 % of 500.00
    await monitor().evaluateWithdrawal(await withdrawal(a, acc, 40_000n));
    expect((await casesOf(a)).filter((c) => c.rule === 'LITTLE_PLAY')).toHaveLength(1);

    const b = await member();
    const accB = await payoutAccount(b, `LP${seq}${Date.now()}b`);
    await deposit(b, 50_000n, hoursAgo(5));
    await bet(b, 5_000n, hoursAgo(4)); // exactly 10 %
    await monitor().evaluateWithdrawal(await withdrawal(b, accB, 40_000n));
    expect((await casesOf(b)).filter((c) => c.rule === 'LITTLE_PLAY')).toHaveLength(0);
  });

  it('SHARED_PAYOUT_ACCOUNT: more than N members on one account number hit; N do not', async () => {
    await setRule('SHARED_PAYOUT_ACCOUNT', { enabled: true, count: 2 });
    const no = `SH${Date.now()}`;
    const [a, b, c] = [await member(), await member(), await member()];
    await payoutAccount(a, no);
    const accB = await payoutAccount(b, no);
    await monitor().evaluateWithdrawal(await withdrawal(b, accB, 100n));
    expect((await casesOf(b)).filter((x) => x.rule === 'SHARED_PAYOUT_ACCOUNT')).toHaveLength(0);
    const accC = await payoutAccount(c, no);
    await monitor().evaluateWithdrawal(await withdrawal(c, accC, 100n));
    const hit = (await casesOf(c)).filter((x) => x.rule === 'SHARED_PAYOUT_ACCOUNT');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.subject).toBe(`PAYOUT:${no}`);
  });

  it('SHARED_DEVICE: more than N members registered on one device id hit; N do not', async () => {
    await setRule('SHARED_DEVICE', { enabled: true, count: 2 });
    const device = `dev-${randomUUID()}`;
    const [a, b, c] = [await member(), await member(), await member()];
    await t.db.db.updateTable('member').set({ register_device: device }).where('id', 'in', [a, b]).execute();
    await monitor().evaluateDeposit(await deposit(a, 100n));
    expect((await casesOf(a)).filter((x) => x.rule === 'SHARED_DEVICE')).toHaveLength(0);
    // Signing in with the same client type (login history's device) is not the same device.
    await t.db.db
      .insertInto('login_event')
      .values({
        merchant_code: M,
        member_id: c,
        ip: '10.0.0.1',
        device: 'WEB',
        method: 'PASSWORD',
        success: true,
      })
      .execute();
    await monitor().evaluateDeposit(await deposit(c, 100n));
    expect((await casesOf(c)).filter((x) => x.rule === 'SHARED_DEVICE')).toHaveLength(0);
    await t.db.db.updateTable('member').set({ register_device: device }).where('id', '=', c).execute();
    await monitor().evaluateDeposit(await deposit(c, 100n));
    const hit = (await casesOf(c)).filter((x) => x.rule === 'SHARED_DEVICE');
    expect(hit).toHaveLength(1);
    expect(hit[0]!.subject).toBe(`DEVICE:${device}`);
    expect(hit[0]!.detail).toMatchObject({ members: 3, allowed: 2 });
  });

  it('a disabled rule opens nothing', async () => {
    await setRule('LARGE_TRANSACTION', { enabled: false, amount: '1000.00' });
    const a = await member();
    await monitor().evaluateDeposit(await deposit(a, 500_000n));
    expect((await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(0);
    await setRule('LARGE_TRANSACTION', { enabled: true, amount: '1000.00' });
  });

  it('a bad rule value is refused and changes nothing', async () => {
    const before = await t.db.db.selectFrom('aml_rule').selectAll().where('merchant_code', '=', M).execute();
    const res = await id.send('/wps/admin/aml/rules/STRUCTURING', {
      method: 'PUT',
      headers: { ...admin(), language: 'en' },
      body: { enabled: true, percent: 0 },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const bad = await id.send('/wps/admin/aml/rules/LARGE_TRANSACTION', {
      method: 'PUT',
      headers: admin(),
      body: { enabled: true, amount: '-5' },
    });
    expect(bad.status).toBe(400);
    expect(await t.db.db.selectFrom('aml_rule').selectAll().where('merchant_code', '=', M).execute()).toEqual(
      before,
    );
  });
});

describe('after-commit evaluation and the sweep', () => {
  it('an operator-approved deposit at the threshold opens a case through the cashier', async () => {
    const m = await id.registerGolden();
    const img = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/images',
      headers: { host: 'localhost', authorization: m.token, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(img.statusCode, img.body).toBe(200);
    const imageId = img.json<{ value: { imageId: string } }>().value.imageId;
    const d = await id.ok<{ id: string }>('/wps/cashier/deposit', {
      token: m.token,
      body: { requestId: randomUUID(), channelId: channel, amount: '1000.00', imageIds: [imageId] },
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/wps/admin/deposits/${d.id}/approve`,
      headers: { host: 'localhost', ...admin() },
      payload: {},
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const hit = (await casesOf(m.id)).filter((c) => c.rule === 'LARGE_TRANSACTION');
    expect(hit).toHaveLength(1);
    expect(
      await t.db.db
        .selectFrom('aml_evaluation')
        .select('hits')
        .where('subject', '=', `D:${d.id}`)
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('a movement whose after-commit evaluation never ran (a crash) is evaluated by the sweep, once', async () => {
    const a = await member();
    // Committed, but nothing was told: what a process dying right after the commit leaves.
    const d = await deposit(a, 200_000n);
    expect(await casesOf(a)).toHaveLength(0);
    await monitor().sweep();
    expect((await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(1);
    await monitor().sweep();
    await monitor().evaluateDeposit(d);
    expect((await casesOf(a)).filter((c) => c.rule === 'LARGE_TRANSACTION')).toHaveLength(1);
  });
});

describe('screening', () => {
  it('normalises names: case, accents, spacing, punctuation and token order', () => {
    expect(normalizeName('  José  DE la Cruz ')).toBe(normalizeName('CRUZ, Jose de la'));
    expect(normalizeName('Nguyễn Văn A')).toBe('a nguyen van');
    expect(normalizeName('Ann Lee')).not.toBe(normalizeName('Anne Lee'));
  });

  it('parses a list and reports every bad line', () => {
    const ok = parseListCsv(
      'name,date_of_birth,country\n"Dela Cruz, Juan",1980-02-03,PH\nMaria Santos,,\n',
      'RESTRICTED',
    );
    expect(ok.errors).toEqual([]);
    expect(ok.entries.map((e) => e.nameKey)).toEqual(['cruz dela juan', 'maria santos']);
    const bad = parseListCsv(
      'Ok Name,1980-01-01\n,1980-01-01\nX Y,1980-13-40\nA B,,PH,PEP\n"open',
      'SANCTIONS',
    );
    expect(bad.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
  });

  it('a bad CSV upload is refused with its line number and changes nothing', async () => {
    const up = (csv: string) =>
      id.send<{ entries: number }>('/wps/admin/aml/lists', {
        method: 'POST',
        headers: { ...admin(), language: 'en' },
        body: { kind: 'SANCTIONS', csv },
      });
    const first = await up('name,date_of_birth,country\nIvan Sanctioned,1970-05-06,XX\n');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value!.entries).toBe(1);
    const res = await up('Someone Else,1970-01-01\nBroken Date,1970-99-01\n');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'aml.list.invalid' });
    expect((res.body as { message: string }).message).toContain('line 2');
    const rows = await t.db.db
      .selectFrom('aml_list_entry')
      .select('name')
      .where('merchant_code', '=', M)
      .where('list_kind', '=', 'SANCTIONS')
      .execute();
    expect(rows.map((r) => r.name)).toEqual(['Ivan Sanctioned']);
  });

  it('matches on the DOB only where both are known', async () => {
    const check = (name: string, dob: string | null) =>
      t.services.aml.screening.check({ merchant: M, name, dateOfBirth: dob });
    expect(await check('sanctioned IVAN', '1970-05-06')).toHaveLength(1);
    expect(await check('Ivan Sanctioned', null)).toHaveLength(1);
    expect(await check('Ivan Sanctioned', '1970-05-07')).toHaveLength(0);
    expect(await check('Ivan Sanctione', '1970-05-06')).toHaveLength(0);
    expect(
      await t.services.aml.screening.check({ merchant: 'LOTUS', name: 'Ivan Sanctioned', dateOfBirth: null }),
    ).toHaveLength(0);
  });

  it('a restricted person registers, gets a SCREENING case and cannot deposit until cleared', async () => {
    const up = await id.send('/wps/admin/aml/lists', {
      method: 'POST',
      headers: admin(),
      body: { kind: 'RESTRICTED', csv: 'Restricto Persona,,PH\n' },
    });
    expect(up.status).toBe(200);
    const m = await id.registerGolden({ payeeName: 'PERSONA Restricto' });
    const cases = (await casesOf(m.id)).filter((c) => c.rule === 'SCREENING');
    expect(cases).toHaveLength(1);
    expect(cases[0]!.blocked).toBe(true);
    const row = await t.db.db
      .selectFrom('member')
      .select(['block_deposit', 'block_betting', 'status'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ block_deposit: true, block_betting: true, status: 'ACTIVE' });
    const refused = await id.send('/wps/cashier/deposit', {
      token: m.token,
      body: { requestId: randomUUID(), channelId: channel, amount: '100.00', payerName: 'x' },
    });
    expect(refused.status).toBe(403);

    const cleared = await id.send(`/wps/admin/aml/cases/${cases[0]!.id}/decision`, {
      method: 'POST',
      headers: admin(),
      body: { decision: 'CLEARED', reason: 'Different person: ID checked' },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const after = await t.db.db
      .selectFrom('member')
      .select(['block_deposit', 'block_betting'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ block_deposit: false, block_betting: false });
  });

  it('a member with no list match registers with no case', async () => {
    const m = await id.registerGolden({ payeeName: 'Plain Player' });
    expect(await casesOf(m.id)).toHaveLength(0);
    expect(
      await t.db.db
        .selectFrom('aml_evaluation')
        .select('hits')
        .where('subject', '=', `R:${m.id}`)
        .executeTakeFirst(),
    ).toEqual({ hits: 0 });
  });
});

describe('case workflow', () => {
  let caseId: string;
  let memberId: string;
  beforeAll(async () => {
    const m = await id.registerGolden();
    memberId = m.id;
    await monitor().evaluateDeposit(await deposit(m.id, 300_000n));
    caseId = String((await casesOf(m.id)).find((c) => c.rule === 'LARGE_TRANSACTION')!.id);
  });

  it('lists the case in the queue with filters', async () => {
    const q = await id.ok<{ list: AmlCaseRow[] }>(
      '/wps/admin/aml/cases?state=OPEN&rule=LARGE_TRANSACTION&pageSize=100',
      { headers: admin() },
    );
    expect(q.list.some((c) => c.id === caseId)).toBe(true);
    expect(q.list.every((c) => c.state === 'OPEN' && c.rule === 'LARGE_TRANSACTION')).toBe(true);
    const old = await id.ok<{ list: AmlCaseRow[] }>('/wps/admin/aml/cases?minAgeHours=48', {
      headers: admin(),
    });
    expect(old.list.some((c) => c.id === caseId)).toBe(false);
  });

  it('assigns, notes and freezes: the account is locked, every step audited and in the history', async () => {
    const as = await id.send(`/wps/admin/aml/cases/${caseId}/assign`, {
      method: 'POST',
      headers: admin(AML_ONLY_KEY),
      body: {},
    });
    expect(as.status, JSON.stringify(as.body)).toBe(200);
    expect(as.body.value).toEqual({ assignee: 'aml-analyst' });
    const note = await id.send(`/wps/admin/aml/cases/${caseId}/notes`, {
      method: 'POST',
      headers: admin(AML_ONLY_KEY),
      body: { text: 'Source of funds asked' },
    });
    expect(note.status).toBe(200);
    const short = await id.send(`/wps/admin/aml/cases/${caseId}/decision`, {
      method: 'POST',
      headers: admin(AML_ONLY_KEY),
      body: { decision: 'FROZEN', reason: '' },
    });
    expect(short.status).toBe(400);
    const frozen = await id.send(`/wps/admin/aml/cases/${caseId}/decision`, {
      method: 'POST',
      headers: admin(AML_ONLY_KEY),
      body: { decision: 'FROZEN', reason: 'No source of funds' },
    });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const m = await t.db.db
      .selectFrom('member')
      .select('status')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(m.status).toBe('DISABLED');

    const c = await id.ok<AmlCase>(`/wps/admin/aml/cases/${caseId}`, { headers: admin(AML_ONLY_KEY) });
    expect(c.state).toBe('FROZEN');
    expect(c.decidedBy).toBe('aml-analyst');
    expect(c.notes.map((n) => n.kind)).toEqual(['OPENED', 'ASSIGNED', 'NOTE', 'DECIDED']);
    expect(c.transactions[0]).toMatchObject({ kind: 'DEPOSIT', amount: 3000 });

    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `aml_case:${caseId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'aml.case.assign',
      'aml.case.note',
      'aml.case.frozen',
      'aml.case.view',
    ]);

    const again = await id.send(`/wps/admin/aml/cases/${caseId}/decision`, {
      method: 'POST',
      headers: { ...admin(), language: 'en' },
      body: { decision: 'CLEARED', reason: 'changed my mind' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'aml.case.decided' });
  });

  it('the history cannot be rewritten', async () => {
    await expect(t.db.db.deleteFrom('aml_case_note').where('case_id', '=', caseId).execute()).rejects.toThrow(
      /append-only/,
    );
  });

  it('an unknown case is a 404', async () => {
    const res = await id.send('/wps/admin/aml/cases/999999999', { headers: admin() });
    expect(res.status).toBe(404);
  });

  it('permissions: aml.cases alone cannot change rules, upload lists or export the report', async () => {
    const k = admin(AML_ONLY_KEY);
    expect(
      (
        await id.send('/wps/admin/aml/rules/LARGE_TRANSACTION', {
          method: 'PUT',
          headers: k,
          body: { enabled: false },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await id.send('/wps/admin/aml/lists', {
          method: 'POST',
          headers: k,
          body: { kind: 'PEP', csv: 'A B\n' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await id.send('/wps/admin/aml/report?from=2020-01-01&to=2020-01-02', { headers: k })).status,
    ).toBe(403);
  });
});

describe('the suspicious-transaction report', () => {
  it('holds reported cases with identity, movements and reason, as CSV and XLSX; audited', async () => {
    const m = await id.registerGolden({ payeeName: 'Reported Person' });
    await monitor().evaluateDeposit(await deposit(m.id, 400_000n));
    const c = (await casesOf(m.id)).find((x) => x.rule === 'LARGE_TRANSACTION')!;
    const rep = await id.send(`/wps/admin/aml/cases/${c.id}/decision`, {
      method: 'POST',
      headers: admin(),
      body: { decision: 'REPORTED', reason: '=Large cash, no play' },
    });
    expect(rep.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      url: `/wps/admin/aml/report?format=csv&from=${day}&to=${day}`,
      headers: { host: 'localhost', ...admin() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^case_id,rule,subject,/);
    const line = lines.find((l) => l.startsWith(`${c.id},`))!;
    expect(line).toContain('Reported Person');
    expect(line).toContain(m.username);
    expect(line).toContain("'=Large cash, no play");
    expect(line).toMatch(/DEPOSIT DAML\S+ 4000\.00/);
    expect(line.endsWith(',4000.00')).toBe(true);

    const x = await t.app.inject({
      url: `/wps/admin/aml/report?format=xlsx&from=${day}&to=${day}`,
      headers: { host: 'localhost', ...admin() },
    });
    expect(x.statusCode).toBe(200);
    const buf = x.rawPayload;
    expect(buf.subarray(0, 2).toString()).toBe('PK');
    // The sheet part holds the row: read its deflated entry back.
    const sheet = zipEntry(buf, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain('Reported Person');
    expect(sheet).toContain('=Large cash, no play');

    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'aml.report')
      .execute();
    expect(audit.length).toBe(2);

    const bad = await id.send(`/wps/admin/aml/report?from=${day}&to=2000-01-01`, {
      headers: { ...admin(), language: 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'aml.report.range' });
  });

  it('counts cases by rule and outcome', async () => {
    const stats = await id.ok<{ rule: string; state: string; count: number }[]>('/wps/admin/aml/stats', {
      headers: admin(),
    });
    const db = await t.db.db
      .selectFrom('aml_case')
      .select(['rule', 'state'])
      .where('merchant_code', '=', M)
      .execute();
    expect(stats.reduce((s, r) => s + r.count, 0)).toBe(db.length);
    expect(
      stats.find((r) => r.rule === 'LARGE_TRANSACTION' && r.state === 'REPORTED')?.count,
    ).toBeGreaterThanOrEqual(1);
  });
});

/** One deflated entry of a ZIP archive, by name (central directory walk). */
function zipEntry(buf: Buffer, name: string): string {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = buf.readUInt32LE(end + 16);
  const count = buf.readUInt16LE(end + 10);
  for (let i = 0; i < count; i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const extra = buf.readUInt16LE(p + 30);
    const comment = buf.readUInt16LE(p + 32);
    const size = buf.readUInt32LE(p + 20);
    const local = buf.readUInt32LE(p + 42);
    if (buf.subarray(p + 46, p + 46 + nameLen).toString() === name) {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      return inflateRawSync(buf.subarray(start, start + size)).toString();
    }
    p += 46 + nameLen + extra + comment;
  }
  throw new Error(`${name} not in the archive`);
}
