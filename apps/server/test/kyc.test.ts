/**
 * Identity verification: documents and submissions, the brand's triggers, staff decisions, the
 * withdrawal held until approval (released by it, taken back by the member once, never paid
 * before), document access control, the queue-age report, and bad input that changes nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  type KycDocument,
  type KycMemberView,
  type KycQueueAges,
  type KycReview,
  type KycSettings,
  type KycStatus,
  PERMISSIONS,
  type Permission,
  type PayoutAccount,
  type Withdrawal,
  type WithdrawInfo,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalDecision } from '../src/modules/cashier/withdrawal.service';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { LedgerService } from '../src/modules/wallet/ledger.service';
import { buildTestApp, PNG, setWithdrawalThreshold, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const PAYMENT_PASSWORD = '246810';
/** A JPEG's first bytes: enough for the sniffer. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let t: TestContext;
let id: Identity;
let ledger: LedgerService;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: process.env.KYC_LOG ?? 'silent' });
  id = new Identity(t);
  ledger = new LedgerService(t.db.db);
  await setWithdrawalThreshold(t.app, ADMIN_KEY, 'GOLDEN', 100_000_000n);
});
afterAll(async () => {
  await t?.close();
});

// ---- operators ------------------------------------------------------------------------------------

const keys = new Map<string, string>();
async function keyOf(who: string, permissions: readonly Permission[] = PERMISSIONS): Promise<string> {
  let key = keys.get(who);
  if (!key) {
    key = `test-key-${who}-${randomUUID()}`;
    await t.services.staff.admin.insertKey(key, who, 'GOLDEN', [...permissions], 'test');
    keys.set(who, key);
  }
  return key;
}

async function staff<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  who = 'reviewer',
  permissions: readonly Permission[] = PERMISSIONS,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: 'GOLDEN',
      'x-api-key': await keyOf(who, permissions),
      'idempotency-key': randomUUID(),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : null;
  return {
    status: res.statusCode,
    body: json as { success: boolean; value?: T; errorCode?: string; message?: string } | null,
    raw: res,
  };
}

async function staffOk<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await staff<T>(method, url, body);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body!.value as T;
}

async function setRules(rules: Partial<KycSettings>): Promise<void> {
  await staffOk('PUT', '/wps/admin/kyc/settings', {
    requiredDocuments: ['ID_FRONT', 'SELFIE'],
    beforeFirstWithdrawal: false,
    depositThreshold: null,
    validityDays: 365,
    ...rules,
  });
}

const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();

// ---- members --------------------------------------------------------------------------------------

let accountSeq = 0;
const newAccountNo = () =>
  `20${String(process.pid % 1000).padStart(3, '0')}${String(++accountSeq).padStart(8, '0')}`;

async function fund(memberId: string, minor: bigint): Promise<void> {
  const adjustment = await ledger.account('GOLDEN', 'ADJUSTMENT');
  const main = await ledger.account('GOLDEN', 'MAIN', memberId);
  await ledger.post(t.db.db, {
    merchant: 'GOLDEN',
    reference: `TEST_FUND:${randomUUID()}`,
    kind: 'ADJUSTMENT',
    memberId,
    postings: [
      { accountId: adjustment, amount: -minor },
      { accountId: main, amount: minor },
    ],
  });
}

async function balances(memberId: string): Promise<{ main: bigint; hold: bigint }> {
  const b = await ledger.memberBalances(t.db.db, memberId);
  return { main: b.get('MAIN') ?? 0n, hold: b.get('WITHDRAW_HOLD') ?? 0n };
}

/** A member ready to withdraw: payment password, `funds` in MAIN, one bound account. */
async function readyMember(funds: bigint): Promise<{ m: NewMember; account: PayoutAccount }> {
  const m = await id.registerGolden();
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: PAYMENT_PASSWORD },
    encrypt: true,
  });
  if (funds > 0n) await fund(m.id, funds);
  const account = await id.ok<PayoutAccount>('/wps/cashier/payout-accounts', {
    token: m.token,
    body: {
      bankCode: 'BDO',
      accountName: m.payeeName,
      paymentPassword: PAYMENT_PASSWORD,
      accountNo: newAccountNo(),
    },
    encrypt: true,
  });
  return { m, account };
}

const withdraw = (m: NewMember, accountId: string, amount: number) =>
  id.ok<Withdrawal>('/wps/cashier/withdraw', {
    token: m.token,
    body: { requestId: randomUUID(), paymentPassword: PAYMENT_PASSWORD, payoutAccountId: accountId, amount },
    encrypt: true,
  });

async function upload(m: NewMember, kind: string, bytes: Buffer = PNG, type = 'image/png') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/member/kyc/documents/${kind}`,
    headers: { host: 'localhost', authorization: m.token, 'content-type': type },
    payload: bytes,
  });
  return {
    status: res.statusCode,
    body: res.json<{ success: boolean; value?: KycDocument; errorCode?: string }>(),
  };
}

async function uploadOk(m: NewMember, kind: string, bytes: Buffer = PNG): Promise<KycDocument> {
  const res = await upload(m, kind, bytes, bytes === JPEG ? 'image/jpeg' : 'image/png');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

const details = { fullName: 'Juan Dela Cruz', idNumber: 'N01-23-456789', dateOfBirth: '1990-05-17' };

/** Uploads the brand's default required documents and submits them. */
async function submitOk(m: NewMember, extra: Record<string, unknown> = {}): Promise<KycStatus> {
  const front = await uploadOk(m, 'ID_FRONT');
  const selfie = await uploadOk(m, 'SELFIE', JPEG);
  return id.ok<KycStatus>('/wps/member/kyc/submit', {
    token: m.token,
    body: {
      ...details,
      documents: [
        { kind: 'ID_FRONT', id: front.id },
        { kind: 'SELFIE', id: selfie.id },
      ],
      ...extra,
    },
  });
}

const statusOf = (m: NewMember) => id.ok<KycStatus>('/wps/member/kyc', { token: m.token });

const decide = (submissionId: string, body: Record<string, unknown>) =>
  staff<{ state: string; released: number }>(
    'POST',
    `/wps/admin/kyc/submissions/${submissionId}/decision`,
    body,
  );

const payW = (wid: string) => staff<WithdrawalDecision>('POST', `/wps/admin/withdrawals/${wid}/approve`, {});

async function documentRows(): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kyc_document`.execute(t.db.db);
  return r.rows[0]!.n;
}

// ---- tests ----------------------------------------------------------------------------------------

describe('brand rules', () => {
  it('a brand that never set them requires nothing; changing them needs brand.security and is audited', async () => {
    const s = await staffOk<KycSettings>('GET', '/wps/admin/kyc/settings');
    expect(s).toEqual({
      requiredDocuments: ['ID_FRONT', 'SELFIE'],
      beforeFirstWithdrawal: false,
      depositThreshold: null,
      validityDays: 365,
    });
    const { m } = await readyMember(0n);
    expect((await statusOf(m)).withdrawalsWait).toBe(false);

    const reviewerOnly = await staff(
      'PUT',
      '/wps/admin/kyc/settings',
      { ...s, beforeFirstWithdrawal: true },
      'support-only',
      ['kyc.review'],
    );
    expect(reviewerOnly.status).toBe(403);
    const bad = await staff('PUT', '/wps/admin/kyc/settings', {
      ...s,
      validityDays: 0,
      requiredDocuments: ['PASSPORT'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.errorCode).toBe('request.invalid');
    expect(await staffOk('GET', '/wps/admin/kyc/settings')).toEqual(s);

    const before = (await auditRows('kyc.settings')).length;
    await setRules({ depositThreshold: 1500.5, requiredDocuments: ['ID_FRONT', 'ID_BACK', 'SELFIE'] });
    expect(await staffOk<KycSettings>('GET', '/wps/admin/kyc/settings')).toMatchObject({
      depositThreshold: 1500.5,
      requiredDocuments: ['ID_FRONT', 'ID_BACK', 'SELFIE'],
    });
    expect((await auditRows('kyc.settings')).length).toBe(before + 1);
    await setRules({});
  });
});

describe('documents', () => {
  it('stores a PNG or JPEG sniffed by its bytes; anything else, too large or an unknown kind changes nothing', async () => {
    const m = await id.registerGolden();
    const n = await documentRows();
    const gif = await upload(m, 'ID_FRONT', GIF, 'image/png');
    expect(gif.status).toBe(400);
    expect(gif.body.errorCode).toBe('kyc.document.invalid');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const tooLarge = await upload(m, 'ID_FRONT', big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errorCode).toBe('kyc.document.too.large');
    const unknown = await upload(m, 'PASSPORT');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errorCode).toBe('request.invalid');
    const json = await id.send('/wps/member/kyc/documents/ID_FRONT', { token: m.token, body: { a: 1 } });
    expect(json.body.errorCode).toBe('kyc.document.invalid');
    expect(await documentRows()).toBe(n);

    const png = await uploadOk(m, 'ID_FRONT');
    const jpeg = await uploadOk(m, 'SELFIE', JPEG);
    expect(png).toMatchObject({ kind: 'ID_FRONT', contentType: 'image/png', size: PNG.length });
    expect(jpeg.contentType).toBe('image/jpeg');
    const status = await statusOf(m);
    expect(status.state).toBe('NOT_SUBMITTED');
    expect(status.drafts.map((d) => d.id).sort()).toEqual([png.id, jpeg.id].sort());
    // No answer names a URL a browser could share: documents are fetched with the session.
    expect(JSON.stringify(status)).not.toMatch(/https?:|\/documents\//);
  });

  it('is served to its owner and to staff holding kyc.review only, never cached', async () => {
    const owner = await id.registerGolden();
    const other = await id.registerGolden();
    const doc = await uploadOk(owner, 'ID_FRONT');
    const mine = await t.app.inject({
      url: `/wps/member/kyc/documents/${doc.id}`,
      headers: { host: 'localhost', authorization: owner.token },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(mine.rawPayload, PNG)).toBe(0);

    const theirs = await id.send(`/wps/member/kyc/documents/${doc.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    const anonymous = await id.send(`/wps/member/kyc/documents/${doc.id}`, {});
    expect(anonymous.status).toBe(401);

    const withoutPermission = await staff('GET', `/wps/admin/kyc/documents/${doc.id}`, undefined, 'cashier', [
      'cashier.withdrawals.view',
    ]);
    expect(withoutPermission.status).toBe(403);
    const reads = (await auditRows('kyc.document.read')).length;
    const asStaff = await staff('GET', `/wps/admin/kyc/documents/${doc.id}`);
    expect(asStaff.status).toBe(200);
    expect(asStaff.raw.headers['cache-control']).toBe('private, no-store');
    expect((await auditRows('kyc.document.read')).length).toBe(reads + 1);
    // Another brand's staff (a platform key on LOTUS) find nothing under GOLDEN's id.
    const lotus = await t.app.inject({
      url: `/wps/admin/kyc/documents/${doc.id}`,
      headers: { host: 'localhost', merchant: 'LOTUS', 'x-api-key': ADMIN_KEY },
    });
    expect(lotus.statusCode).toBe(404);
  });
});

describe('submissions and decisions', () => {
  it('needs every required kind from the member’s own drafts; a pending one cannot be submitted again', async () => {
    const m = await id.registerGolden();
    const other = await id.registerGolden();
    const front = await uploadOk(m, 'ID_FRONT');
    const notMine = await uploadOk(other, 'SELFIE');
    const subs = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM kyc_submission`.execute(t.db.db)).rows[0]!.n;
    const before = await subs();
    await id.fails(
      '/wps/member/kyc/submit',
      { token: m.token, body: { ...details, documents: [{ kind: 'ID_FRONT', id: front.id }] } },
      400,
      'kyc.document.missing',
    );
    await id.fails(
      '/wps/member/kyc/submit',
      {
        token: m.token,
        body: {
          ...details,
          documents: [
            { kind: 'ID_FRONT', id: front.id },
            { kind: 'SELFIE', id: notMine.id },
          ],
        },
      },
      400,
      'kyc.document.missing',
    );
    await id.fails(
      '/wps/member/kyc/submit',
      {
        token: m.token,
        body: { ...details, dateOfBirth: '1990-02-30', documents: [{ kind: 'ID_FRONT', id: front.id }] },
      },
      400,
      'request.invalid',
    );
    // Errors come in the member's language.
    const th = await id.send('/wps/member/kyc/submit', {
      token: m.token,
      lang: 'th',
      body: { ...details, documents: [{ kind: 'ID_FRONT', id: front.id }] },
    });
    expect(th.body.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await subs()).toBe(before);
    expect((await statusOf(m)).state).toBe('NOT_SUBMITTED');

    const status = await submitOk(m);
    expect(status.state).toBe('PENDING');
    expect(status.latest?.documents.map((d) => d.kind).sort()).toEqual(['ID_FRONT', 'SELFIE']);
    expect(status.history[0]).toMatchObject({ action: 'SUBMITTED', actor: 'MEMBER' });
    const again = await uploadOk(m, 'ID_FRONT');
    const selfie = await uploadOk(m, 'SELFIE');
    await id.fails(
      '/wps/member/kyc/submit',
      {
        token: m.token,
        body: {
          ...details,
          documents: [
            { kind: 'ID_FRONT', id: again.id },
            { kind: 'SELFIE', id: selfie.id },
          ],
        },
      },
      409,
      'kyc.state',
    );
  });

  it('rejection keeps a reason the member sees and may answer; approval verifies the date of birth', async () => {
    const m = await id.registerGolden();
    const first = await submitOk(m);
    const sid = first.latest!.id;
    const review = await staffOk<KycReview>('GET', `/wps/admin/kyc/submissions/${sid}`);
    expect(review.member).toMatchObject({
      id: m.id,
      username: m.username,
      depositsTotal: 0,
      withdrawalsTotal: 0,
    });
    expect(review.submission.documents).toHaveLength(2);

    const shortReason = await decide(sid, { decision: 'REJECT', reason: '' });
    expect(shortReason.status).toBe(400);
    const rejections = (await auditRows('kyc.reject')).length;
    expect((await decide(sid, { decision: 'REJECT', reason: 'Photo is blurred' })).status).toBe(200);
    expect((await auditRows('kyc.reject')).length).toBe(rejections + 1);
    expect((await decide(sid, { decision: 'APPROVE' })).body?.errorCode).toBe('kyc.state');
    const rejected = await statusOf(m);
    expect(rejected.state).toBe('REJECTED');
    expect(rejected.latest?.reason).toBe('Photo is blurred');
    expect(rejected.history[0]).toMatchObject({
      action: 'REJECTED',
      actor: 'STAFF',
      reason: 'Photo is blurred',
    });

    const second = await submitOk(m, { dateOfBirth: '1988-12-01', idExpiry: '2099-01-31' });
    const approvals = (await auditRows('kyc.approve')).length;
    expect((await decide(second.latest!.id, { decision: 'APPROVE' })).body?.value).toEqual({
      state: 'APPROVED',
      released: 0,
    });
    expect((await auditRows('kyc.approve')).length).toBe(approvals + 1);
    const approved = await statusOf(m);
    expect(approved.state).toBe('APPROVED');
    expect(approved.validUntil).not.toBeNull();
    const member = await t.db.db
      .selectFrom('member')
      .select(['date_of_birth', 'date_of_birth_verified_at'])
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(member.date_of_birth).toBe('1988-12-01');
    expect(member.date_of_birth_verified_at).not.toBeNull();
    // The player page's view keeps every submission and decision.
    const view = await staffOk<KycMemberView>('GET', `/wps/admin/kyc/members/${m.id}`);
    expect(view.submissions.map((s) => s.state)).toEqual(['APPROVED', 'REJECTED']);
    expect(view.history.map((e) => e.action)).toEqual(['APPROVED', 'SUBMITTED', 'REJECTED', 'SUBMITTED']);
    expect(view.history[0]!.actor).toBe('reviewer');
  });

  it('an approval screens the verified name and date of birth against the brand’s lists', async () => {
    await staffOk('POST', '/wps/admin/aml/lists', {
      kind: 'SANCTIONS',
      csv: 'Verified Listed Person,1975-03-04,PH\n',
    });
    const screeningCases = (memberId: string) =>
      t.db.db
        .selectFrom('aml_case')
        .select(['rule', 'blocked', 'detail'])
        .where('member_id', '=', memberId)
        .where('rule', '=', 'SCREENING')
        .execute();
    // Registered under another name: only the document's name matches the list.
    const m = await id.registerGolden();
    expect(await screeningCases(m.id)).toHaveLength(0);
    const sub = await submitOk(m, { fullName: 'person VERIFIED listed', dateOfBirth: '1975-03-04' });
    expect((await decide(sub.latest!.id, { decision: 'APPROVE' })).status).toBe(200);
    const cases = await screeningCases(m.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ rule: 'SCREENING', blocked: true });
    expect(cases[0]!.detail).toMatchObject({ name: 'person VERIFIED listed', dateOfBirth: '1975-03-04' });

    // Another verified member whose document names nobody on the list opens nothing.
    const clean = await id.registerGolden();
    const ok = await submitOk(clean, { fullName: 'Maria Clara Santos', dateOfBirth: '1975-03-04' });
    expect((await decide(ok.latest!.id, { decision: 'APPROVE' })).status).toBe(200);
    expect(await screeningCases(clean.id)).toHaveLength(0);
  });

  it('refuses to approve a member under the brand’s minimum age, changing nothing', async () => {
    await t.db.db
      .insertInto('protection_settings')
      .values({ merchant_code: 'GOLDEN', min_age: 21 })
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ min_age: 21 }))
      .execute();
    try {
      const m = await id.registerGolden();
      const year = new Date().getUTCFullYear() - 19;
      const s = await submitOk(m, { dateOfBirth: `${year}-01-01` });
      const audits = (await auditRows('kyc.approve')).length;
      const res = await decide(s.latest!.id, { decision: 'APPROVE' });
      expect(res.status).toBe(422);
      expect(res.body?.errorCode).toBe('kyc.underage');
      expect(res.body?.message).toContain('21');
      expect((await statusOf(m)).state).toBe('PENDING');
      expect((await auditRows('kyc.approve')).length).toBe(audits);
      const member = await t.db.db
        .selectFrom('member')
        .select('date_of_birth_verified_at')
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(member.date_of_birth_verified_at).toBeNull();
    } finally {
      await t.db.db
        .updateTable('protection_settings')
        .set({ min_age: 18 })
        .where('merchant_code', '=', 'GOLDEN')
        .execute();
    }
  });

  it('an approval past the brand’s validity is EXPIRED and withdrawals wait again', async () => {
    await setRules({ beforeFirstWithdrawal: true, validityDays: 30 });
    try {
      const { m } = await readyMember(0n);
      const s = await submitOk(m);
      await decide(s.latest!.id, { decision: 'APPROVE' });
      expect((await statusOf(m)).withdrawalsWait).toBe(false);
      await t.db.db
        .updateTable('kyc_submission')
        .set({ decided_at: new Date(Date.now() - 31 * 86_400_000) })
        .where('id', '=', s.latest!.id)
        .execute();
      const expired = await statusOf(m);
      expect(expired.state).toBe('EXPIRED');
      expect(expired.withdrawalsWait).toBe(true);
    } finally {
      await setRules({});
    }
  });

  it('keeps the history append-only', async () => {
    await expect(sql`UPDATE kyc_event SET reason = 'x'`.execute(t.db.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM kyc_event`.execute(t.db.db)).rejects.toThrow(/append-only/);
  });
});

describe('triggers', () => {
  it('before the first withdrawal: on for the brand, every unverified member waits', async () => {
    await setRules({ beforeFirstWithdrawal: true });
    try {
      const { m } = await readyMember(0n);
      const s = await statusOf(m);
      expect(s.requiredBecause).toEqual(['FIRST_WITHDRAWAL']);
      expect(s.withdrawalsWait).toBe(true);
      const info = await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token });
      expect(info.kycWait).toBe('FIRST_WITHDRAWAL');
    } finally {
      await setRules({});
    }
    const { m } = await readyMember(0n);
    expect((await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token })).kycWait).toBeNull();
  });

  it('cumulative credited deposits from the threshold on', async () => {
    await setRules({ depositThreshold: 1000 });
    try {
      const { m } = await readyMember(0n);
      const channel = await t.db.db
        .selectFrom('payment_channel')
        .select('id')
        .where('merchant_code', '=', 'GOLDEN')
        .executeTakeFirstOrThrow();
      const deposit = async (minor: number, status: 'ARRIVED' | 'FAILED') =>
        t.db.db
          .insertInto('deposit')
          .values({
            merchant_code: 'GOLDEN',
            member_id: m.id,
            request_id: randomUUID(),
            order_no: `DKYC${randomUUID().slice(0, 12)}`,
            channel_id: channel.id,
            amount: String(minor),
            fee: '0',
            status,
          })
          .execute();
      await deposit(60_000, 'ARRIVED');
      await deposit(90_000, 'FAILED');
      expect((await statusOf(m)).requiredBecause).toEqual([]);
      await deposit(40_000, 'ARRIVED');
      const s = await statusOf(m);
      expect(s.requiredBecause).toEqual(['DEPOSITS']);
      expect(s.depositThreshold).toBe(1000);
      expect((await id.ok<WithdrawInfo>('/wps/cashier/withdraw/info', { token: m.token })).kycWait).toBe(
        'DEPOSITS',
      );
    } finally {
      await setRules({});
      // These orders have no ledger entries: they would fail the ledger checks of later tests.
      await t.db.db.deleteFrom('deposit').where('order_no', 'like', 'DKYC%').execute();
    }
  });

  it('a staff flag, audited, answered by an approval given after it', async () => {
    const { m } = await readyMember(0n);
    const before = (await auditRows('kyc.flag')).length;
    const noReason = await staff('PUT', `/wps/admin/kyc/members/${m.id}/flag`, { flagged: true });
    expect(noReason.status).toBe(400);
    expect((await statusOf(m)).withdrawalsWait).toBe(false);
    const view = await staffOk<KycMemberView>('PUT', `/wps/admin/kyc/members/${m.id}/flag`, {
      flagged: true,
      reason: 'Payout account in another name',
    });
    expect(view.flag?.reason).toBe('Payout account in another name');
    expect((await auditRows('kyc.flag')).length).toBe(before + 1);
    const s = await statusOf(m);
    expect(s.requiredBecause).toEqual(['FLAGGED']);
    // The member is told verification is asked for, not staff's internal reason.
    expect(s.history[0]).toMatchObject({ action: 'FLAGGED', reason: null, actor: 'STAFF' });
    const sub = await submitOk(m);
    await decide(sub.latest!.id, { decision: 'APPROVE' });
    const after = await statusOf(m);
    expect(after.withdrawalsWait).toBe(false);
    expect(after.requiredBecause).toEqual([]);
    // The approval lifted the flag; a new flag asks again.
    expect((await staffOk<KycMemberView>('GET', `/wps/admin/kyc/members/${m.id}`)).flag).toBeNull();
    expect(after.history.map((e) => e.action).slice(0, 2)).toEqual(['UNFLAGGED', 'APPROVED']);
    await staffOk('PUT', `/wps/admin/kyc/members/${m.id}/flag`, {
      flagged: true,
      reason: 'Chargeback received',
    });
    expect((await statusOf(m)).withdrawalsWait).toBe(true);
  });
});

describe('the withdrawal held for verification', () => {
  it('holds the money, cannot be paid before approval, joins the queue on approval and is paid once', async () => {
    await setRules({ beforeFirstWithdrawal: true });
    try {
      const { m, account } = await readyMember(500_000n);
      const w = await withdraw(m, account.id, 1200);
      expect(w).toMatchObject({ status: 'PENDING', kycWait: 'FIRST_WITHDRAWAL' });
      expect(await balances(m.id)).toEqual({ main: 380_000n, hold: 120_000n });

      const refused = await payW(w.id);
      expect(refused.status).toBe(409);
      expect(refused.body?.errorCode).toBe('kyc.withdrawal.waiting');
      expect(await balances(m.id)).toEqual({ main: 380_000n, hold: 120_000n });
      const queue = await staffOk<{ list: { id: string; kycWait: string | null }[] }>(
        'GET',
        `/wps/admin/withdrawals?q=${m.username}`,
      );
      expect(queue.list.find((r) => r.id === w.id)?.kycWait).toBe('FIRST_WITHDRAWAL');

      const s = await submitOk(m);
      await decide(s.latest!.id, { decision: 'REJECT', reason: 'Selfie does not match' });
      expect(
        (await id.ok<{ list: Withdrawal[] }>('/wps/cashier/withdrawals', { token: m.token })).list[0],
      ).toMatchObject({ id: w.id, kycWait: 'FIRST_WITHDRAWAL' });
      expect((await payW(w.id)).body?.errorCode).toBe('kyc.withdrawal.waiting');

      const again = await submitOk(m);
      const review = await staffOk<KycReview>('GET', `/wps/admin/kyc/submissions/${again.latest!.id}`);
      expect(review.waitingWithdrawals).toBe(1);
      expect((await decide(again.latest!.id, { decision: 'APPROVE' })).body?.value).toEqual({
        state: 'APPROVED',
        released: 1,
      });
      const released = (await id.ok<{ list: Withdrawal[] }>('/wps/cashier/withdrawals', { token: m.token }))
        .list[0]!;
      expect(released).toMatchObject({ id: w.id, status: 'PENDING', kycWait: null });
      // A verified member's next withdrawal does not wait.
      expect((await withdraw(m, account.id, 100)).kycWait).toBeNull();

      const paid = await payW(w.id);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body?.value?.state).toBe('PAID');
      expect(await balances(m.id)).toEqual({ main: 370_000n, hold: 10_000n });
      expect(await checkLedger(t.db.db)).toEqual([]);
    } finally {
      await setRules({});
    }
  });

  it('the member takes it back: the money returns exactly once; others and unheld orders are refused', async () => {
    await setRules({ beforeFirstWithdrawal: true });
    try {
      const { m, account } = await readyMember(300_000n);
      const stranger = await id.registerGolden();
      const w = await withdraw(m, account.id, 1000);
      expect(await balances(m.id)).toEqual({ main: 200_000n, hold: 100_000n });
      await id.fails(
        `/wps/cashier/withdrawals/${w.id}/cancel`,
        { token: stranger.token, method: 'POST' },
        404,
        'cashier.order.not.found',
      );
      expect(await balances(m.id)).toEqual({ main: 200_000n, hold: 100_000n });

      const [a, b] = await Promise.all([
        id.send<Withdrawal>(`/wps/cashier/withdrawals/${w.id}/cancel`, { token: m.token, method: 'POST' }),
        id.send<Withdrawal>(`/wps/cashier/withdrawals/${w.id}/cancel`, { token: m.token, method: 'POST' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const done = (a.status === 200 ? a : b).body.value!;
      expect(done).toMatchObject({ status: 'REJECTED', rejectReason: 'CANCELLED_BY_MEMBER', kycWait: null });
      expect(await balances(m.id)).toEqual({ main: 300_000n, hold: 0n });
      await id.fails(
        `/wps/cashier/withdrawals/${w.id}/cancel`,
        { token: m.token, method: 'POST' },
        409,
        'cashier.order.state',
      );
      expect(await balances(m.id)).toEqual({ main: 300_000n, hold: 0n });
      const returns = await t.db.db
        .selectFrom('ledger_entry')
        .select('id')
        .where('reference', '=', `WITHDRAW_RETURN:${w.orderNo}`)
        .execute();
      expect(returns).toHaveLength(1);

      // Once verified, an order in the normal queue is the operator's to decide, not the member's.
      const s = await submitOk(m);
      await decide(s.latest!.id, { decision: 'APPROVE' });
      const normal = await withdraw(m, account.id, 500);
      await id.fails(
        `/wps/cashier/withdrawals/${normal.id}/cancel`,
        { token: m.token, method: 'POST' },
        409,
        'cashier.order.state',
      );
      expect(await checkLedger(t.db.db)).toEqual([]);
    } finally {
      await setRules({});
    }
  });
});

describe('the review queue', () => {
  it('lists the oldest first with ages, and reports pending ages by bucket', async () => {
    const ms = [await id.registerGolden(), await id.registerGolden(), await id.registerGolden()];
    const subs: string[] = [];
    for (const m of ms) subs.push((await submitOk(m)).latest!.id);
    await t.db.db
      .updateTable('kyc_submission')
      .set({ created_at: new Date(Date.now() - 50 * 3_600_000) })
      .where('id', '=', subs[1]!)
      .execute();
    await t.db.db
      .updateTable('kyc_submission')
      .set({ created_at: new Date(Date.now() - 100 * 3_600_000) })
      .where('id', '=', subs[2]!)
      .execute();
    const before = await staffOk<KycQueueAges>('GET', '/wps/admin/kyc/report/queue-ages');
    const q = await staffOk<{
      list: { submissionId: string; ageHours: number; state: string }[];
      ages: KycQueueAges;
    }>('GET', '/wps/admin/kyc/queue');
    const ours = q.list.filter((r) => subs.includes(r.submissionId)).map((r) => r.submissionId);
    expect(ours).toEqual([subs[2], subs[1], subs[0]]);
    expect(q.list[0]!.ageHours).toBeGreaterThanOrEqual(q.list[q.list.length - 1]!.ageHours);
    expect(q.list.every((r) => r.state === 'PENDING')).toBe(true);
    expect(q.ages).toEqual(before);
    expect(before.over3d).toBeGreaterThanOrEqual(1);
    expect(before.from1to3d).toBeGreaterThanOrEqual(1);
    expect(before.under24h + before.from1to3d + before.over3d).toBe(before.pending);
    expect(before.oldestHours).toBeGreaterThanOrEqual(100);

    await decide(subs[2]!, { decision: 'APPROVE' });
    const after = await staffOk<KycQueueAges>('GET', '/wps/admin/kyc/report/queue-ages');
    expect(after.pending).toBe(before.pending - 1);
    expect(after.over3d).toBe(before.over3d - 1);
    const approved = await staffOk<{ list: { submissionId: string }[] }>(
      'GET',
      '/wps/admin/kyc/queue?state=APPROVED',
    );
    expect(approved.list.map((r) => r.submissionId)).toContain(subs[2]);
    const forbidden = await staff('GET', '/wps/admin/kyc/queue', undefined, 'cashier', [
      'cashier.withdrawals.view',
    ]);
    expect(forbidden.status).toBe(403);
  });
});
