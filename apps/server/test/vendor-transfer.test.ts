import type { WalletBalance } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { FakeTransferVendor } from './fakes/transfer-vendor.fake';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TRANSFER = '/wps/relay/GCS_walletTransfer';
/** A GOLDEN transfer-wallet vendor served, in this file, by the fake vendor's adapter. */
const VENDOR = 'FC';

let t: TestContext;
let id: Identity;
let fake: FakeTransferVendor;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  fake = new FakeTransferVendor('FAKE_TRANSFER');
  t.services.providers.providers.register(fake);
  await t.db.db
    .updateTable('vendor')
    .set({ adapter: fake.code })
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', '=', VENDOR)
    .execute();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // Every scenario leaves the ledger consistent.
  expect(await checkLedger(t.db.db)).toEqual([]);
});

let seq = 0;
const rid = () => `vt-${Date.now().toString(36)}-${++seq}`;

const transfer = (m: NewMember, body: Record<string, unknown>) =>
  id.send<WalletBalance>(TRANSFER, { token: m.token, body: { requestId: rid(), ...body } });

async function member(main = '1000'): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, main, ADMIN_KEY);
  return m;
}

/** The member's main and vendor wallet accounts in our ledger (minor units). */
async function held(m: NewMember) {
  const b = await t.services.wallet.ledger.memberBalances(t.db.db, m.id);
  return { main: b.get('MAIN') ?? 0n, vendor: b.get(`VENDOR:${VENDOR}`) ?? 0n };
}

const moves = (m: NewMember) =>
  t.db.db.selectFrom('vendor_transfer').selectAll().where('member_id', '=', m.id).orderBy('id').execute();

const reversals = (m: NewMember) =>
  t.db.db
    .selectFrom('ledger_entry')
    .select('reference')
    .where('member_id', '=', m.id)
    .where('reference', 'like', 'TRANSFER_REVERSAL:%')
    .execute();

/** The reconciliation as its job runs it, for moves of any age. */
const reconcile = () => t.services.wallet.vendorTransfers.reconcile(0);

describe('deposits to a transfer-wallet vendor', () => {
  it('DONE: main debited once, the vendor credited under our reference', async () => {
    const m = await member();
    const res = await transfer(m, { direction: 'IN', vendor: VENDOR, amount: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    expect(fake.balanceOf(m.id)).toBe(100_00n);
    const [row] = await moves(m);
    expect(row).toMatchObject({ direction: 'DEPOSIT', state: 'DONE', amount: '10000', vendor_code: VENDOR });
    expect(fake.moves.get(row!.reference)).toMatchObject({ outcome: 'DONE', amount: 100_00n });
  });

  it('FAILED: the member gets a clear error and main back exactly once', async () => {
    const m = await member();
    fake.queue('deposit', 'FAIL');
    const res = await transfer(m, { direction: 'IN', vendor: VENDOR, amount: 100 });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('wallet.transfer.failed');
    expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
    expect(fake.balanceOf(m.id)).toBe(0n);
    expect((await moves(m)).map((r) => r.state)).toEqual(['FAILED']);
    expect(await reversals(m)).toHaveLength(1);
    // Nothing left for the reconciliation to do.
    await reconcile();
    expect(await reversals(m)).toHaveLength(1);
  });

  it('timeout after the vendor applied it: pending (main debited), reconciled DONE, nothing reversed', async () => {
    const m = await member();
    fake.queue('deposit', 'APPLY_TIMEOUT');
    const res = await transfer(m, { direction: 'IN', vendor: VENDOR, amount: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await moves(m)).map((r) => r.state)).toEqual(['PENDING']);
    // Never spendable twice: the money left main before the call.
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    await reconcile();
    expect((await moves(m)).map((r) => r.state)).toEqual(['DONE']);
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    expect(fake.balanceOf(m.id)).toBe(100_00n);
    expect(await reversals(m)).toHaveLength(0);
  });

  it('timeout before the vendor saw it, or a 5xx: pending, reconciled FAILED, reversed once by two reconcilers at once', async () => {
    for (const behaviour of ['TIMEOUT', 'HTTP_5XX'] as const) {
      const m = await member();
      fake.queue('deposit', behaviour);
      const res = await transfer(m, { direction: 'IN', vendor: VENDOR, amount: 250 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await held(m)).toEqual({ main: 750_00n, vendor: 250_00n });
      const [pending] = await moves(m);
      expect(pending).toMatchObject({ state: 'PENDING' });
      expect(pending!.last_error).toBeTruthy();
      // Two job runs at once (two instances): one reversal.
      await Promise.all([reconcile(), reconcile(), reconcile()]);
      expect((await moves(m)).map((r) => r.state)).toEqual(['FAILED']);
      expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
      expect(await reversals(m)).toHaveLength(1);
      await reconcile();
      expect(await reversals(m)).toHaveLength(1);
      expect(fake.balanceOf(m.id)).toBe(0n);
    }
  });

  it('a retried request moves money once; other details under the same key are a conflict', async () => {
    const m = await member();
    const requestId = rid();
    for (let i = 0; i < 3; i++) {
      const res = await transfer(m, { requestId, direction: 'IN', vendor: VENDOR, amount: 10 });
      expect(res.status).toBe(200);
    }
    expect(await held(m)).toEqual({ main: 990_00n, vendor: 10_00n });
    const [only, ...none] = await moves(m);
    expect(none).toEqual([]);
    expect(fake.calls.filter((c) => c.op === 'deposit' && c.reference === only!.reference)).toHaveLength(1);
    const other = await transfer(m, { requestId, direction: 'IN', vendor: VENDOR, amount: 11 });
    expect(other.body.errorCode).toBe('wallet.reference.conflict');
    expect(await held(m)).toEqual({ main: 990_00n, vendor: 10_00n });
  });
});

describe('withdrawals from a transfer-wallet vendor', () => {
  async function funded(amount = 100): Promise<NewMember> {
    const m = await member();
    const res = await transfer(m, { direction: 'IN', vendor: VENDOR, amount });
    expect(res.status).toBe(200);
    return m;
  }

  it('DONE: main credited once the vendor says so', async () => {
    const m = await funded();
    const res = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 40 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await held(m)).toEqual({ main: 940_00n, vendor: 60_00n });
    expect(fake.balanceOf(m.id)).toBe(60_00n);
    expect((await moves(m)).map((r) => `${r.direction}:${r.state}`)).toEqual([
      'DEPOSIT:DONE',
      'WITHDRAW:DONE',
    ]);
  });

  it('FAILED: a clear error, nothing moved', async () => {
    const m = await funded();
    fake.queue('withdraw', 'FAIL');
    const res = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 40 });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('wallet.transfer.failed');
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    expect(fake.balanceOf(m.id)).toBe(100_00n);
  });

  it('timeout after the vendor paid out: main credited only when reconciled DONE, the amount set aside meanwhile', async () => {
    const m = await funded();
    fake.queue('withdraw', 'APPLY_TIMEOUT');
    const res = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 70 });
    expect(res.status).toBe(200);
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    expect(fake.balanceOf(m.id)).toBe(30_00n);
    // The pending 70 is not withdrawable a second time: "everything" is the 30 left.
    const all = await transfer(m, { direction: 'OUT', vendor: VENDOR });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(await held(m)).toEqual({ main: 930_00n, vendor: 70_00n });
    const more = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 1 });
    expect(more.body.errorCode).toBe('wallet.insufficient');
    await Promise.all([reconcile(), reconcile()]);
    expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
    expect(fake.balanceOf(m.id)).toBe(0n);
    expect((await moves(m)).map((r) => r.state)).toEqual(['DONE', 'DONE', 'DONE']);
  });

  it('timeout before the vendor saw it: reconciled FAILED, nothing moved', async () => {
    const m = await funded();
    fake.queue('withdraw', 'TIMEOUT');
    expect((await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 70 })).status).toBe(200);
    await reconcile();
    expect((await moves(m)).map((r) => r.state)).toEqual(['DONE', 'FAILED']);
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    expect(fake.balanceOf(m.id)).toBe(100_00n);
  });

  it('balance check: at most what the vendor says the member has', async () => {
    const m = await funded();
    // The member lost 65 at the vendor (not yet in our ledger).
    fake.balances.set(m.id, 35_00n);
    const over = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 50 });
    expect(over.body.errorCode).toBe('wallet.insufficient');
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
    const all = await transfer(m, { direction: 'OUT', vendor: VENDOR });
    expect(all.status).toBe(200);
    expect(await held(m)).toEqual({ main: 935_00n, vendor: 65_00n });
    expect(fake.balanceOf(m.id)).toBe(0n);
  });

  it('a vendor that cannot tell the balance: a clear error, nothing moved', async () => {
    const m = await funded();
    fake.queue('balance', 'HTTP_5XX');
    const res = await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 10 });
    expect(res.body.errorCode).toBe('wallet.transfer.failed');
    expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
  });

  it('the recall to main (withdrawal, lottery, main-wallet games) goes through the vendor too', async () => {
    const m = await funded();
    const brand = await t.brands.resolve('GOLDEN', undefined);
    await t.services.wallet.wallet.recallToMain(brand, m.id);
    expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
    expect(fake.balanceOf(m.id)).toBe(0n);
    expect((await moves(m)).map((r) => `${r.direction}:${r.state}`)).toEqual([
      'DEPOSIT:DONE',
      'WITHDRAW:DONE',
    ]);
  });

  it('a recall across the simulated studio and a remote vendor: each through its adapter, main credited once each', async () => {
    const m = await funded();
    expect((await transfer(m, { direction: 'IN', vendor: 'JILI', amount: 50 })).status).toBe(200);
    fake.queue('withdraw', 'APPLY_TIMEOUT');
    const brand = await t.brands.resolve('GOLDEN', undefined);
    await t.services.wallet.wallet.recallToMain(brand, m.id);
    // The studio's money is back at once; the remote vendor's once it confirms.
    const now = await t.services.wallet.ledger.memberBalances(t.db.db, m.id);
    expect([now.get('MAIN'), now.get('VENDOR:JILI'), now.get(`VENDOR:${VENDOR}`)]).toEqual([
      900_00n,
      0n,
      100_00n,
    ]);
    await reconcile();
    expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
    const recalls = await t.db.db
      .selectFrom('ledger_entry')
      .select('reference')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'TRANSFER_OUT')
      .orderBy('id')
      .execute();
    expect(recalls.map((r) => r.reference.replace(/:R[0-9a-f]{24}/, ':R*'))).toEqual([
      `TRANSFER:${m.id}:R*`,
      `TRANSFER:${m.id}:R*:${VENDOR}`,
    ]);
  });

  it('UNKNOWN: asked again on every run, then left to an operator (REVIEW), money untouched', async () => {
    const m = await funded();
    fake.queue('withdraw', 'TIMEOUT');
    fake.unseen = 'UNKNOWN';
    try {
      expect((await transfer(m, { direction: 'OUT', vendor: VENDOR, amount: 70 })).status).toBe(200);
      for (let i = 0; i < 29; i++) await reconcile();
      expect((await moves(m))[1]).toMatchObject({ state: 'PENDING', attempts: 29 });
      await reconcile();
      expect((await moves(m))[1]).toMatchObject({ state: 'REVIEW', attempts: 30 });
      // Operators see it in the back office's list (API key or staff with the permission).
      const listed = await id.send<{ memberId: string; amount: string; direction: string }[]>(
        '/wps/admin/vendor-transfers/review',
        { headers: { merchant: 'GOLDEN', 'x-api-key': ADMIN_KEY } },
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expect(listed.body.value).toContainEqual(
        expect.objectContaining({ memberId: m.id, amount: '70.00', direction: 'WITHDRAW', vendor: VENDOR }),
      );
      const anonymous = await id.send('/wps/admin/vendor-transfers/review', {
        headers: { merchant: 'GOLDEN' },
      });
      expect(anonymous.status).toBeGreaterThanOrEqual(401);
      expect(anonymous.status).toBeLessThanOrEqual(403);
      expect(await held(m)).toEqual({ main: 900_00n, vendor: 100_00n });
      // What REVIEW holds stays set aside: it may still be paid out by the vendor.
      const all = await transfer(m, { direction: 'OUT', vendor: VENDOR });
      expect(all.status).toBe(200);
      expect(await held(m)).toEqual({ main: 930_00n, vendor: 70_00n });
    } finally {
      fake.unseen = 'FAILED';
    }
  });
});

describe('vendors without transfer operations', () => {
  it('a transfer wallet whose adapter cannot move money refuses transfers and moves nothing', async () => {
    const m = await member();
    await t.db.db
      .updateTable('vendor')
      .set({ adapter: 'HOUSE' })
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'CQ9')
      .execute();
    const res = await transfer(m, { direction: 'IN', vendor: 'CQ9', amount: 10 });
    expect(res.body.errorCode).toBe('wallet.transfer.unavailable');
    expect(await held(m)).toEqual({ main: 1000_00n, vendor: 0n });
    await t.db.db
      .updateTable('vendor')
      .set({ adapter: 'SIMULATED' })
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'CQ9')
      .execute();
  });
});
