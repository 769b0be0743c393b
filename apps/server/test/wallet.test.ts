import type {
  ConsolidatedFunds,
  LoginResult,
  MerchantWallet,
  UplineTransferResult,
  WalletBalance,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS, type NewMember, type Send } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const BALANCE = '/wps/v2/wallets/balance';
const TRANSFER = '/wps/relay/GCS_walletTransfer';
const UPLINE = '/wps/member/transfer/upline';
const CONSOLIDATED = '/wps/member/info/funds/consolidated';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

// ---- helpers ---------------------------------------------------------------------------------------

let reqSeq = 0;
const rid = () => `req-${Date.now().toString(36)}-${++reqSeq}`;
const adminHeaders = (merchant = 'GOLDEN', key = ADMIN_KEY) => ({
  merchant,
  'x-api-key': key,
});

/** A manual adjustment the way staff make one: asked by alice, approved by bob. */
const fund = (username: string, amount: string, merchant = 'GOLDEN') =>
  id.adjust(username, amount, ADMIN_KEY, { merchant });

/** An adjustment request by alice, undecided (see id.adjustSend for the whole round). */
const ask = (memberId: string, body: Record<string, unknown>, merchant = 'GOLDEN', key = ADMIN_KEY) =>
  id.send<{ approvalId: string }>(`/wps/admin/players/${memberId}/adjustments`, {
    method: 'POST',
    body: { reason: 'Test credit', ...body },
    headers: adminHeaders(merchant, key),
  });

const balance = (token: string, host?: string) => id.ok<WalletBalance>(BALANCE, { token, host });

const transfer = (token: string, body: Record<string, unknown>, o: Send = {}) =>
  id.send<WalletBalance>(TRANSFER, { token, body: { requestId: rid(), ...body }, ...o });

async function transferOk(token: string, body: Record<string, unknown>): Promise<WalletBalance> {
  const res = await transfer(token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value!;
}

/** A wallet's balance in the list (0 when the list has no row for it). */
const row = (b: WalletBalance, vendor: string) => b.balance.find((w) => w.vendor === vendor)?.balance ?? 0;

/** What a refused call must leave as it was: the journal and every balance. */
async function ledgerState() {
  return {
    entries: await id.count('ledger_entry'),
    balances: await t.db.db
      .selectFrom('ledger_account')
      .select(['id', 'balance'])
      .where('balance', '<>', '0')
      .orderBy('id')
      .execute(),
  };
}

async function setPaymentPassword(m: NewMember, paymentPassword = '654321') {
  await id.ok('/wps/member/password/payment', {
    token: m.token,
    body: { password: m.password, newPaymentPassword: paymentPassword },
    encrypt: true,
  });
}

const upline = (token: string, body: Record<string, unknown>, host?: string) =>
  id.send<UplineTransferResult>(UPLINE, {
    token,
    body: { requestId: rid(), ...body },
    encrypt: true,
    host,
  });

/** Logs a seeded demo account in (from its own address, so no new-IP verification). */
async function loginDemo(username: string, password: string, host?: string): Promise<LoginResult> {
  return id.loginOk(
    { username, password },
    { host, ip: `10.200.${host === LOTUS ? 2 : 1}.${username.length}` },
  );
}

// ---- balance and merchant wallet ---------------------------------------------------------------------

describe('balance', () => {
  it('GOLDEN (a wallet per transfer vendor): main, one row per enabled transfer vendor, sums', async () => {
    const m = await id.registerGolden();
    const empty = await balance(m.token);
    expect(empty).toMatchObject({ sumBalance: 0, mainBalance: 0, lockedBalance: 0, currencySymbol: 'P' });
    expect(empty.balance[0]).toEqual({
      vendor: 'MAIN',
      displayName: 'Main wallet',
      gameType: 'MAIN',
      balance: 0,
    });
    const vendors = empty.balance.slice(1).map((w) => w.vendor);
    // One row per vendor code (JILI has slots and fishing but one wallet), transfer wallets only.
    expect(new Set(vendors).size).toBe(vendors.length);
    expect(vendors).toEqual([
      'JILI',
      'PP',
      'FC',
      'CQ9',
      'JDB',
      'SPADE',
      'EVO',
      'SEXY',
      'DG',
      'SA',
      'KM',
      'V8',
      'SABA',
      'CMD',
      'FB',
      'TF',
      'IA',
      'DS88',
      'DIG',
      'WS168',
    ]);
    expect(empty.balance.find((w) => w.vendor === 'JILI')).toEqual({
      vendor: 'JILI',
      displayName: 'JILI',
      gameType: 'RNG',
      balance: 0,
    });
    // Reading creates no account.
    expect(
      await t.db.db.selectFrom('ledger_account').where('member_id', '=', m.id).selectAll().execute(),
    ).toEqual([]);

    await fund(m.username, '250.75');
    await transferOk(m.token, { direction: 'IN', vendor: 'EVO', amount: '50.25' });
    const b = await balance(m.token);
    expect(b).toMatchObject({ sumBalance: 250.75, mainBalance: 200.5, lockedBalance: 0 });
    expect(row(b, 'EVO')).toBe(50.25);
  });

  it('LOTUS (single wallet): the main wallet only, in the brand currency', async () => {
    const demo = await loginDemo('demo01', 'demo1234', LOTUS);
    const b = await balance(demo.token, LOTUS);
    expect(b).toEqual({
      sumBalance: 2000,
      mainBalance: 2000,
      lockedBalance: 0,
      balance: [{ vendor: 'MAIN', displayName: 'Main wallet', gameType: 'MAIN', balance: 2000 }],
      currencySymbol: 'RM',
    });
  });

  it('needs a session', async () => {
    await id.fails(BALANCE, {}, 401, 'login.not.session');
  });

  it('merchant wallet: whether the brand is single-wallet and each vendor wallet type', async () => {
    const golden = await id.ok<MerchantWallet>('/wps/relay/GCS_merchantWallet');
    expect(golden.isSingle).toBe(false);
    expect(golden.wallets).toEqual(
      expect.arrayContaining([
        { vendor: 'JILI', displayName: 'JILI', gameType: 'RNG', walletType: 'TRANSFER' },
        { vendor: 'PG', displayName: 'PG Soft', gameType: 'RNG', walletType: 'SEAMLESS' },
        { vendor: 'HOUSE', displayName: 'House Slots', gameType: 'RNG', walletType: 'SEAMLESS' },
      ]),
    );
    const lotus = await id.ok<MerchantWallet>('/wps/relay/GCS_merchantWallet?isSingle=1', { host: LOTUS });
    expect(lotus.isSingle).toBe(true);
    expect(lotus.wallets.map((w) => w.vendor)).not.toContain('SPADE');
  });
});

// ---- transfers ---------------------------------------------------------------------------------------

describe('transfers between main and vendor wallets', () => {
  let m: NewMember;
  beforeAll(async () => {
    m = await id.registerGolden();
    await fund(m.username, '1000');
  });

  it('in, out, all in, all out, and recall of every vendor wallet in one entry', async () => {
    let b = await transferOk(m.token, { direction: 'IN', vendor: 'JILI', amount: 100.5 });
    expect(b).toMatchObject({ mainBalance: 899.5, sumBalance: 1000 });
    expect(row(b, 'JILI')).toBe(100.5);

    b = await transferOk(m.token, { direction: 'OUT', vendor: 'jili', amount: '0.50' });
    expect(b.mainBalance).toBe(900);
    expect(row(b, 'JILI')).toBe(100);

    b = await transferOk(m.token, { direction: 'IN', vendor: 'EVO' });
    expect(b.mainBalance).toBe(0);
    expect(row(b, 'EVO')).toBe(900);

    b = await transferOk(m.token, { direction: 'OUT', vendor: 'EVO' });
    expect(b.mainBalance).toBe(900);
    expect(row(b, 'EVO')).toBe(0);

    b = await transferOk(m.token, { direction: 'IN', vendor: 'PP', amount: 50 });
    expect(b.mainBalance).toBe(850);

    const requestId = rid();
    b = await transferOk(m.token, { requestId, direction: 'OUT' });
    expect(b).toMatchObject({ mainBalance: 1000, sumBalance: 1000 });
    expect(b.balance.filter((w) => w.vendor !== 'MAIN').every((w) => w.balance === 0)).toBe(true);
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('reference', '=', `TRANSFER:${m.id}:${requestId}`)
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('TRANSFER_OUT');
    const legs = await t.db.db
      .selectFrom('ledger_posting')
      .select('amount')
      .where('entry_id', '=', entry.id)
      .orderBy('amount')
      .execute();
    // JILI -100, PP -50, MAIN +150.
    expect(legs.map((l) => l.amount)).toEqual(['-10000', '-5000', '15000']);
    const kinds = await t.db.db
      .selectFrom('ledger_entry')
      .select('kind')
      .where('member_id', '=', m.id)
      .where('reference', 'like', 'TRANSFER:%')
      .orderBy('id')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual([
      'TRANSFER_IN',
      'TRANSFER_OUT',
      'TRANSFER_IN',
      'TRANSFER_OUT',
      'TRANSFER_IN',
      'TRANSFER_OUT',
    ]);

    // Nothing left in any vendor wallet: a recall has nothing to move.
    const before = await ledgerState();
    await id.fails(
      TRANSFER,
      { token: m.token, body: { requestId: rid(), direction: 'OUT' } },
      400,
      'wallet.insufficient',
    );
    // "All" of an empty wallet, and of a wallet never used.
    await id.fails(
      TRANSFER,
      { token: m.token, body: { requestId: rid(), direction: 'OUT', vendor: 'JILI' } },
      400,
      'wallet.insufficient',
    );
    await id.fails(
      TRANSFER,
      { token: m.token, body: { requestId: rid(), direction: 'OUT', vendor: 'SABA' } },
      400,
      'wallet.insufficient',
    );
    expect(await ledgerState()).toEqual(before);
  });

  it('a retried request moves money once; the same key with other details is a conflict', async () => {
    const requestId = rid();
    const body = { requestId, direction: 'IN', vendor: 'SEXY', amount: '10' };
    const first = await transferOk(m.token, body);
    const entries = await id.count('ledger_entry');
    const again = await transferOk(m.token, body);
    expect(again).toEqual(first);
    expect(await id.count('ledger_entry')).toBe(entries);
    await id.fails(
      TRANSFER,
      { token: m.token, body: { ...body, amount: '11' } },
      409,
      'wallet.reference.conflict',
    );
    await id.fails(
      TRANSFER,
      { token: m.token, body: { ...body, vendor: 'DG' } },
      409,
      'wallet.reference.conflict',
    );
    // An "all" retry does not move what arrived in between.
    const allId = rid();
    const all = await transferOk(m.token, { requestId: allId, direction: 'OUT', vendor: 'SEXY' });
    expect(row(all, 'SEXY')).toBe(0);
    await transferOk(m.token, { direction: 'IN', vendor: 'SEXY', amount: 5 });
    const retried = await transferOk(m.token, { requestId: allId, direction: 'OUT', vendor: 'SEXY' });
    expect(row(retried, 'SEXY')).toBe(5);
    await transferOk(m.token, { direction: 'OUT', vendor: 'SEXY' });
  });

  it('refuses bad input with a clear error and moves nothing', async () => {
    const before = await ledgerState();
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ direction: 'IN', vendor: 'JILI', amount: -5 }, 400, 'request.invalid', 'amount'],
      [{ direction: 'IN', vendor: 'JILI', amount: '-5' }, 400, 'request.invalid', 'amount'],
      [{ direction: 'IN', vendor: 'JILI', amount: 0 }, 400, 'request.invalid', 'amount'],
      [{ direction: 'IN', vendor: 'JILI', amount: '1.005' }, 400, 'request.invalid', 'amount'],
      [{ direction: 'IN', vendor: 'JILI', amount: '1e3' }, 400, 'request.invalid', 'amount'],
      [{ direction: 'IN', amount: 5 }, 400, 'request.invalid', 'vendor'],
      [{ direction: 'IN' }, 400, 'request.invalid', 'vendor'],
      [{ direction: 'OUT', amount: 5 }, 400, 'request.invalid', 'vendor'],
      [{ direction: 'SIDEWAYS', vendor: 'JILI' }, 400, 'request.invalid', 'direction'],
      [{ direction: 'IN', vendor: 'JILI', amount: '1000.01' }, 400, 'wallet.insufficient'],
      [{ direction: 'OUT', vendor: 'JILI', amount: '0.01' }, 400, 'wallet.insufficient'],
      [{ direction: 'IN', vendor: 'NOSUCH', amount: 5 }, 400, 'wallet.vendor.unknown'],
      [{ direction: 'IN', vendor: 'PG', amount: 5 }, 403, 'wallet.transfer.unavailable'],
      [{ direction: 'OUT', vendor: 'HOUSE' }, 403, 'wallet.transfer.unavailable'],
    ];
    for (const [body, status, code, field] of cases) {
      const failure = await id.fails(
        TRANSFER,
        { token: m.token, body: { requestId: rid(), ...body } },
        status,
        code,
      );
      if (field) {
        const fields = (failure.value as { fields: { field: string }[] }).fields.map((f) => f.field);
        expect(fields, JSON.stringify(body)).toContain(field);
      }
    }
    await id.fails(
      TRANSFER,
      { token: m.token, body: { direction: 'IN', vendor: 'JILI', amount: 5 } },
      400,
      'request.invalid',
    );

    // A switched-off vendor is unknown to transfers.
    await t.db.db.updateTable('vendor').set({ enabled: false }).where('code', '=', 'CMD').execute();
    try {
      await id.fails(
        TRANSFER,
        { token: m.token, body: { requestId: rid(), direction: 'IN', vendor: 'CMD', amount: 5 } },
        400,
        'wallet.vendor.unknown',
      );
    } finally {
      await t.db.db.updateTable('vendor').set({ enabled: true }).where('code', '=', 'CMD').execute();
    }

    // A single-wallet brand has nothing to transfer between.
    const lotus = await loginDemo('demo01', 'demo1234', LOTUS);
    await id.fails(
      TRANSFER,
      {
        token: lotus.token,
        host: LOTUS,
        body: { requestId: rid(), direction: 'IN', vendor: 'JILI', amount: 5 },
      },
      403,
      'wallet.transfer.unavailable',
    );
    await id.fails(TRANSFER, { body: { requestId: rid(), direction: 'OUT' } }, 401, 'login.not.session');
    expect(await ledgerState()).toEqual(before);
  });

  it('ten concurrent requests with one requestId move the money once', async () => {
    const body = { requestId: rid(), direction: 'IN', vendor: 'FC', amount: '7.77' };
    const before = (await balance(m.token)).mainBalance;
    const replies = await Promise.all(Array.from({ length: 10 }, () => transfer(m.token, body)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await balance(m.token);
    expect(after.mainBalance).toBeCloseTo(before - 7.77, 2);
    expect(row(after, 'FC')).toBe(7.77);
    const applied = await t.db.db
      .selectFrom('ledger_entry')
      .select('id')
      .where('reference', '=', `TRANSFER:${m.id}:${body.requestId}`)
      .execute();
    expect(applied).toHaveLength(1);

    // "All out" raced by ten copies: still one movement.
    const all = { requestId: rid(), direction: 'OUT' };
    const racing = await Promise.all(Array.from({ length: 10 }, () => transfer(m.token, all)));
    for (const r of racing) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(row(await balance(m.token), 'FC')).toBe(0);
    expect((await balance(m.token)).mainBalance).toBe(before);
  });
});

// ---- upline ------------------------------------------------------------------------------------------

describe('transfer to the upline', () => {
  it('pays the upline agent from the main wallet, once per requestId', async () => {
    const m = await id.registerGolden({ affiliateCode: 'GOLD2026' });
    const agent = await id.memberRow('agent01');
    expect((await id.memberRow(m.username)).upline_id).toBe(agent.id);
    await setPaymentPassword(m);
    await fund(m.username, '500');
    const agentBefore = await t.db.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', agent.id)
      .where('kind', '=', 'MAIN')
      .executeTakeFirstOrThrow();

    const requestId = rid();
    const res = await upline(m.token, { requestId, amount: '120.25', paymentPassword: '654321' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.value!;
    expect(result).toMatchObject({ amount: 120.25, upline: 'agent01', balance: 379.75 });
    expect(new Date(result.createdTime).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await upline(m.token, { requestId, amount: '120.25', paymentPassword: '654321' });
    expect(again.body.value).toMatchObject({ id: result.id, amount: 120.25, balance: 379.75 });
    await id.fails(
      UPLINE,
      { token: m.token, body: { requestId, amount: '20', paymentPassword: '654321' }, encrypt: true },
      409,
      'wallet.reference.conflict',
    );
    const agentAfter = await t.db.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', agent.id)
      .where('kind', '=', 'MAIN')
      .executeTakeFirstOrThrow();
    expect(BigInt(agentAfter.balance) - BigInt(agentBefore.balance)).toBe(12025n);
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('reference', '=', `UPLINE:${m.id}:${requestId}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'UPLINE_TRANSFER', member_id: m.id });

    // Over the balance, a wrong payment password: refused, nothing moved.
    const before = await ledgerState();
    await id.fails(
      UPLINE,
      {
        token: m.token,
        body: { requestId: rid(), amount: '379.76', paymentPassword: '654321' },
        encrypt: true,
      },
      400,
      'wallet.insufficient',
    );
    await id.fails(
      UPLINE,
      { token: m.token, body: { requestId: rid(), amount: '1', paymentPassword: '000000' }, encrypt: true },
      400,
      'payment.password.wrong',
    );
    await id.fails(
      UPLINE,
      { token: m.token, body: { requestId: rid(), amount: '0', paymentPassword: '654321' }, encrypt: true },
      400,
      'request.invalid',
    );
    expect(await ledgerState()).toEqual(before);
  });

  it('needs a payment password, an upline, and a brand that allows it', async () => {
    const before = await ledgerState();
    const withUpline = await id.registerGolden({ affiliateCode: 'GOLD2026' });
    await fund(withUpline.username, '10');
    const after = await ledgerState();
    await id.fails(
      UPLINE,
      {
        token: withUpline.token,
        body: { requestId: rid(), amount: '1', paymentPassword: '123456' },
        encrypt: true,
      },
      400,
      'payment.password.unset',
    );
    const alone = await id.registerGolden();
    await setPaymentPassword(alone);
    await id.fails(
      UPLINE,
      {
        token: alone.token,
        body: { requestId: rid(), amount: '1', paymentPassword: '654321' },
        encrypt: true,
      },
      400,
      'upline.none',
    );
    const lotus = await loginDemo('demo01', 'demo1234', LOTUS);
    await id.fails(
      UPLINE,
      {
        token: lotus.token,
        host: LOTUS,
        body: { requestId: rid(), amount: '1', paymentPassword: '123456' },
        encrypt: true,
      },
      403,
      'upline.transfer.disabled',
    );
    expect(after.entries).toBe(before.entries + 1);
    expect(await ledgerState()).toEqual(after);
  });
});

// ---- operator adjustments and the inbox -------------------------------------------------------------

describe('operator adjustments (maker-checker)', () => {
  it('credits with a turnover requirement, debits, tells the member, and posts once', async () => {
    const m = await id.registerGolden();
    const asked = await id.adjustSend(m.username.toUpperCase(), '100', ADMIN_KEY, {
      turnoverMultiple: 5,
      idempotencyKey: `credit-${m.id}`,
    });
    expect(asked.reply.status, JSON.stringify(asked.reply.body)).toBe(200);
    expect(asked.reply.body.value).toMatchObject({
      username: m.username,
      amount: 100,
      detail: { direction: 'CREDIT', turnoverMultiplier: 5 },
      state: 'APPROVED',
      decidedBy: 'bob',
    });
    const reference = `ADJUST:approval-${asked.approvalId}`;
    expect((await balance(m.token)).mainBalance).toBe(100);
    const requirement = await t.db.db
      .selectFrom('turnover_requirement')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(requirement).toMatchObject({ required: '50000', achieved: '0', source: reference });
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(entry.kind).toBe('ADJUSTMENT');
    // The approver is the operator of the posting; the requester's reason is its reason.
    expect(entry.memo).toMatchObject({ reason: 'Test credit', operator: 'bob' });

    // A retried approval: the same answer, no second credit, requirement or message.
    const again = await id.approveAdjustment(asked.approvalId!, ADMIN_KEY, 'GOLDEN', `credit-${m.id}`);
    expect(again.body).toEqual(asked.reply.body);
    const decided = await id.approveAdjustment(asked.approvalId!, ADMIN_KEY);
    expect(decided.status).toBe(409);
    expect(decided.body.errorCode).toBe('approval.decided');
    expect((await balance(m.token)).mainBalance).toBe(100);
    const requirements = await t.db.db
      .selectFrom('turnover_requirement')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(requirements).toHaveLength(1);

    const funds = await id.ok<ConsolidatedFunds>(CONSOLIDATED, { token: m.token });
    expect(funds).toMatchObject({
      balance: 100,
      lockedBalance: 0,
      turnoverRemaining: 500,
      currencySymbol: 'P',
    });

    const debit = await id.adjust(m.username, '-30.5', ADMIN_KEY, { reason: 'Correction' });
    expect(debit).toMatchObject({ amount: 30.5, detail: { direction: 'DEBIT', turnoverMultiplier: 0 } });
    expect((await balance(m.token)).mainBalance).toBe(69.5);
    // A debit never adds turnover, whatever the multiple says.
    await id.adjust(m.username, '-0.5', ADMIN_KEY, { turnoverMultiple: 3 });
    expect(
      await t.db.db.selectFrom('turnover_requirement').select('id').where('member_id', '=', m.id).execute(),
    ).toHaveLength(1);

    const before = await ledgerState();
    const over = await id.adjustSend(m.username, '-69.01', ADMIN_KEY);
    expect(over.reply.status).toBe(400);
    expect(over.reply.body.errorCode).toBe('wallet.insufficient');
    // The refused request stays pending for a later decision.
    expect(
      (
        await t.db.db
          .selectFrom('approval_request')
          .select('state')
          .where('id', '=', over.approvalId!)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('PENDING');
    const unknown = await ask('999999999', { direction: 'CREDIT', amount: 5 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorCode: 'request.invalid',
      value: { fields: [{ field: 'memberId', message: 'unknown' }] },
    });
    // A member of another brand is unknown to this one.
    const lotusMember = await id.memberRow('agent01', 'LOTUS');
    const otherBrand = await ask(lotusMember.id, { direction: 'CREDIT', amount: 5 });
    expect(otherBrand.body.errorCode).toBe('request.invalid');
    for (const amount of ['0', '-0', '-5', '1.001', 'abc']) {
      const bad = await ask(m.id, { direction: 'CREDIT', amount });
      expect(bad.status, amount).toBe(400);
      expect(bad.body.errorCode).toBe('request.invalid');
    }
    for (const headers of [{ merchant: 'GOLDEN' }, adminHeaders('GOLDEN', 'wrong-key-0123456789')]) {
      await id.fails(
        `/wps/admin/players/${m.id}/adjustments`,
        { method: 'POST', body: { direction: 'CREDIT', amount: 5, reason: 'x' }, headers },
        401,
        'admin.unauthorized',
      );
    }
    // Nobody approves their own request.
    const own = await ask(m.id, { direction: 'CREDIT', amount: 5 });
    const self = await id.send(`/wps/admin/approvals/${own.body.value!.approvalId}/approve`, {
      method: 'POST',
      body: {},
      headers: adminHeaders(),
    });
    expect(self.status).toBe(403);
    expect(self.body.errorCode).toBe('approval.self');
    expect(await ledgerState()).toEqual(before);

    // The member's inbox tells it about each adjustment.
    const inbox = await id.ok<{
      list: { id: string; kind: string; params: Record<string, string | number>; read: boolean }[];
      totalPages: number;
    }>('/wps/member/messages?pageNo=1&pageSize=2', { token: m.token });
    expect(inbox.totalPages).toBe(2);
    expect(inbox.list.map((x) => [x.kind, x.params.amount, x.read])).toEqual([
      ['ADJUSTMENT', -0.5, false],
      ['ADJUSTMENT', -30.5, false],
    ]);
    expect(inbox.list[1]!.params.reason).toBe('Correction');
    expect(await id.ok('/wps/relay/CSP_unreadCount', { token: m.token })).toEqual({ count: 3 });
    expect(
      await id.ok('/wps/member/messages/read', { token: m.token, body: { id: inbox.list[0]!.id } }),
    ).toEqual({
      updated: 1,
    });
    expect(await id.ok('/wps/relay/CSP_unreadCount', { token: m.token })).toEqual({ count: 2 });
    // Another member cannot touch these messages.
    const other = await id.registerGolden();
    expect(
      await id.ok('/wps/member/messages/read', { token: other.token, body: { id: inbox.list[1]!.id } }),
    ).toEqual({
      updated: 0,
    });
    expect(await id.ok('/wps/member/messages/read', { token: m.token, body: {} })).toEqual({ updated: 2 });
    expect(await id.ok('/wps/relay/CSP_unreadCount', { token: m.token })).toEqual({ count: 0 });
    await id.fails(
      '/wps/member/messages/read',
      { token: m.token, body: { id: 'abc' } },
      400,
      'request.invalid',
    );
    await id.fails('/wps/relay/CSP_unreadCount', {}, 401, 'login.not.session');
  });

  it('the posting is keyed by its reference: a repeat answers the first, other details are a conflict', async () => {
    // Approvals post with ADJUST:approval-<id>; the wallet's own rule keeps a reused key honest.
    const m = await id.registerGolden();
    const brand = await t.brands.resolve('GOLDEN', undefined);
    const asked = { requestId: rid(), username: m.username, amount: '10', reason: 'x', turnoverMultiple: 0 };
    const first = await t.services.wallet.wallet.adjust(brand, 'bob', asked);
    expect(first).toMatchObject({ amount: 10, balance: 10 });
    expect(await t.services.wallet.wallet.adjust(brand, 'bob', asked)).toEqual(first);
    for (const other of [{ amount: '9' }, { turnoverMultiple: 1 }, { amount: '-10' }])
      await expect(
        t.services.wallet.wallet.adjust(brand, 'bob', { ...asked, ...other }),
      ).rejects.toMatchObject({
        code: 'wallet.reference.conflict',
      });
    expect((await balance(m.token)).mainBalance).toBe(10);
  });

  it('works during maintenance (operators), on the brand of the Merchant header', async () => {
    const lotus = await loginDemo('agent01', 'agent1234', LOTUS);
    await t.db.db.updateTable('merchant').set({ maintenance_on: true }).where('code', '=', 'LOTUS').execute();
    try {
      const agent = await id.memberRow('agent01', 'LOTUS');
      // A GOLDEN approver cannot see a LOTUS request.
      const asked = await ask(agent.id, { direction: 'CREDIT', amount: '1.00' }, 'LOTUS');
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const approvalId = asked.body.value!.approvalId;
      const elsewhere = await id.approveAdjustment(approvalId, ADMIN_KEY, 'GOLDEN');
      expect(elsewhere.body.errorCode).toBe('approval.not.found');
      const done = await id.approveAdjustment(approvalId, ADMIN_KEY, 'LOTUS');
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    } finally {
      await t.db.db
        .updateTable('merchant')
        .set({ maintenance_on: false })
        .where('code', '=', 'LOTUS')
        .execute();
    }
    expect((await balance(lotus.token, LOTUS)).mainBalance).toBe(10001);
  });
});

// ---- consolidated ------------------------------------------------------------------------------------

describe('consolidated funds', () => {
  it('contract flags follow the module switches for agent types only', async () => {
    const agent = await loginDemo('agent01', 'agent1234');
    const goldenAgent = await id.ok<ConsolidatedFunds>(CONSOLIDATED, { token: agent.token });
    expect(goldenAgent).toMatchObject({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 1,
      realtimesalreqtype: 1,
      currencySymbol: 'P',
    });
    const player = await id.registerGolden();
    expect(await id.ok<ConsolidatedFunds>(CONSOLIDATED, { token: player.token })).toEqual({
      dailysalreqtype: 0,
      divtypereq: 0,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      balance: 0,
      lockedBalance: 0,
      turnoverRemaining: 0,
      currencySymbol: 'P',
    });
    // LOTUS has salary and contracts but no hourly or real-time wages.
    const lotusAgent = await loginDemo('agent01', 'agent1234', LOTUS);
    expect(
      await id.ok<ConsolidatedFunds>(CONSOLIDATED, { token: lotusAgent.token, host: LOTUS }),
    ).toMatchObject({
      dailysalreqtype: 1,
      divtypereq: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
      currencySymbol: 'RM',
    });
    await id.setModule('GOLDEN', 'SALARY', false);
    try {
      expect(await id.ok<ConsolidatedFunds>(CONSOLIDATED, { token: agent.token })).toMatchObject({
        dailysalreqtype: 0,
        divtypereq: 1,
      });
    } finally {
      await id.setModule('GOLDEN', 'SALARY', true);
    }
  });
});

// ---- trial play money --------------------------------------------------------------------------------

describe('trial accounts', () => {
  it('start with play money they can see, but no consolidated funds or records', async () => {
    const trial = await id.freePlay();
    const b = await balance(trial.token);
    expect(b).toMatchObject({ mainBalance: 2000, sumBalance: 2000, lockedBalance: 0 });
    const row = await id.memberRow(trial.username);
    const entry = await t.db.db
      .selectFrom('ledger_entry')
      .selectAll()
      .where('reference', '=', `TRIAL:${row.id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'TRIAL_CREDIT', member_id: row.id });
    await id.fails(CONSOLIDATED, { token: trial.token }, 403, 'member.trial.forbidden');
    await id.fails(
      '/wps/relay/ODSFE2_MemTransDet?startTime=2026-01-01&endTime=2026-01-01',
      { token: trial.token },
      403,
      'member.trial.forbidden',
    );
    await id.fails(
      UPLINE,
      { token: trial.token, body: { requestId: rid(), amount: 1, paymentPassword: '1' }, encrypt: true },
      403,
      'member.trial.forbidden',
    );
    await id.fails('/wps/member/messages', { token: trial.token }, 403, 'member.trial.forbidden');
  });
});

describe('the ledger', () => {
  it('is consistent after everything above', async () => {
    expect(await checkLedger(t.db.db)).toEqual([]);
  });
});
