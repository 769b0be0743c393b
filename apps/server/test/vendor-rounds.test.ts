import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { FakeTransferVendor } from './fakes/transfer-vendor.fake';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const TRANSFER = '/wps/relay/GCS_walletTransfer';
/** GOLDEN vendors served, in this file, by the fake: a transfer wallet and a seamless one. */
const TRANSFER_VENDOR = 'CQ9';
const SEAMLESS_VENDOR = 'PG';

let t: TestContext;
let id: Identity;
let fake: FakeTransferVendor;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
  fake = new FakeTransferVendor('FAKE_ROUNDS');
  t.services.providers.providers.register(fake);
  await t.db.db
    .updateTable('vendor')
    .set({ adapter: fake.code })
    .where('merchant_code', '=', 'GOLDEN')
    .where('code', 'in', [TRANSFER_VENDOR, SEAMLESS_VENDOR])
    .execute();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  expect(await checkLedger(t.db.db)).toEqual([]);
});

let seq = 0;
const roundId = () => `R${Date.now().toString(36)}${++seq}`;

async function member(): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, '1000', ADMIN_KEY);
  return m;
}

async function held(m: NewMember) {
  const b = await t.services.wallet.ledger.memberBalances(t.db.db, m.id);
  return { main: b.get('MAIN') ?? 0n, vendor: b.get(`VENDOR:${TRANSFER_VENDOR}`) ?? 0n };
}

const bets = (m: NewMember) =>
  t.db.db
    .selectFrom('bet_record')
    .select(['vendor_code', 'round_id', 'stake', 'payout', 'status'])
    .where('member_id', '=', m.id)
    .orderBy('id')
    .execute();

const watermark = () =>
  t.db.db
    .selectFrom('vendor_round_sync')
    .select('synced_to')
    .where('merchant_code', '=', 'GOLDEN')
    .where('adapter', '=', fake.code)
    .executeTakeFirst();

const sync = (now: Date) => t.services.providers.roundSync.syncAll(now);
const golden = (results: Awaited<ReturnType<typeof sync>>) => results.find((r) => r.merchant === 'GOLDEN')!;

describe('round-history sync', () => {
  it('records settled rounds once as bets on the wallet they were played from; the watermark follows', async () => {
    const m = await member();
    const moved = await id.send(TRANSFER, {
      token: m.token,
      body: { requestId: roundId(), direction: 'IN', vendor: TRANSFER_VENDOR, amount: 100 },
    });
    expect(moved.status).toBe(200);
    const now = new Date();
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    fake.settled.push(
      {
        roundId: roundId(),
        vendor: TRANSFER_VENDOR,
        memberId: m.id,
        gameCode: 'cq9-1',
        stake: 10_00n,
        payout: 25_00n,
        settledAt: at(10),
      },
      {
        roundId: roundId(),
        vendor: TRANSFER_VENDOR,
        memberId: m.id,
        gameCode: 'cq9-1',
        stake: 20_00n,
        payout: 0n,
        settledAt: at(9),
      },
      {
        roundId: roundId(),
        vendor: SEAMLESS_VENDOR,
        memberId: m.id,
        gameCode: 'pg-1',
        stake: 5_00n,
        payout: 7_50n,
        settledAt: at(8),
      },
      // Settled within the lag: left for a later run.
      {
        roundId: roundId(),
        vendor: TRANSFER_VENDOR,
        memberId: m.id,
        gameCode: 'cq9-1',
        stake: 1_00n,
        payout: 0n,
        settledAt: at(0.5),
      },
    );

    const first = golden(await sync(now));
    expect(first.error).toBeUndefined();
    expect(first).toMatchObject({ rounds: 3, recorded: 3 });
    // CQ9 (transfer wallet): 100 - 10 + 25 - 20; PG (seamless): from main, 900 - 5 + 7.50.
    expect(await held(m)).toEqual({ main: 902_50n, vendor: 95_00n });
    expect((await bets(m)).map((b) => `${b.vendor_code}:${b.stake}:${b.payout}:${b.status}`)).toEqual([
      'CQ9:1000:2500:SETTLED',
      'CQ9:2000:0:SETTLED',
      'PG:500:750:SETTLED',
    ]);
    expect((await watermark())?.synced_to.getTime()).toBe(now.getTime() - 60_000);

    // The same rounds again (the watermark put back: a vendor answering a window twice): once.
    await t.db.db.deleteFrom('vendor_round_sync').execute();
    const again = golden(await sync(now));
    expect(again).toMatchObject({ rounds: 3, recorded: 0 });
    expect(await held(m)).toEqual({ main: 902_50n, vendor: 95_00n });
    expect(await bets(m)).toHaveLength(3);

    // The next run picks up the round that was too recent, and only that one.
    const later = new Date(now.getTime() + 120_000);
    const next = golden(await sync(later));
    expect(next).toMatchObject({ rounds: 1, recorded: 1 });
    expect(await held(m)).toEqual({ main: 902_50n, vendor: 94_00n });
    expect((await watermark())?.synced_to.getTime()).toBe(later.getTime() - 60_000);
  });

  it('a vendor outage or a round that cannot be stored keeps the watermark; the retry records each round once', async () => {
    const m = await member();
    const before = await watermark();
    const now = new Date((before?.synced_to.getTime() ?? Date.now()) + 5 * 60_000);
    const at = (msAfter: number) =>
      new Date((before?.synced_to.getTime() ?? now.getTime() - 3_600_000) + msAfter);

    fake.roundsDown = true;
    try {
      expect(golden(await sync(now)).error).toMatch(/503/);
    } finally {
      fake.roundsDown = false;
    }
    expect(await watermark()).toEqual(before);

    const stranger = await t.db.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '<>', 'GOLDEN')
      .executeTakeFirstOrThrow();
    const good = { roundId: roundId(), vendor: SEAMLESS_VENDOR, memberId: m.id, gameCode: 'pg-1' };
    const bad = { roundId: roundId(), vendor: SEAMLESS_VENDOR, memberId: stranger.id, gameCode: 'pg-1' };
    fake.settled.push(
      { ...good, stake: 3_00n, payout: 0n, settledAt: at(1_000) },
      { ...bad, stake: 3_00n, payout: 0n, settledAt: at(2_000) },
    );
    const refused = golden(await sync(now));
    expect(refused.error).toMatch(/not a member of GOLDEN/);
    expect(await watermark()).toEqual(before);
    expect(await bets(m)).toHaveLength(1);
    const strangerBets = await t.db.db
      .selectFrom('bet_record')
      .select('id')
      .where('member_id', '=', stranger.id)
      .execute();
    expect(strangerBets).toHaveLength(0);

    // The vendor corrects its report: the window is asked again and the stored round is not doubled.
    fake.settled.splice(
      fake.settled.findIndex((r) => r.roundId === bad.roundId),
      1,
    );
    const retried = golden(await sync(now));
    expect(retried.error).toBeUndefined();
    expect(await bets(m)).toHaveLength(1);
    expect((await held(m)).main).toBe(997_00n);
    expect((await watermark())?.synced_to.getTime()).toBe(now.getTime() - 60_000);
  });
});
