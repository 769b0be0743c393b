/**
 * Lottery odds per brand and prize mode: each brand's return per prize mode
 * (merchant.lottery_rtp_bp, migration 0016) prices the game info's odds and every new slip line;
 * a placed line keeps its odds and is paid at them; the operator's setting
 * (/wps/admin/lottery/rtp) refuses bad values whole; bad stored values fall back to the default.
 * Fast draws are every 8 s here (betting closes 2 s before each draw).
 */
import { randomBytes } from 'node:crypto';
import {
  fromMinor,
  toMinor,
  type LotteryBetResult,
  type LotteryBetType,
  type LotteryGameInfo,
  type LotteryMyBets,
  type PrizeMode,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitsOf, lineOdds, payoutOf, type DrawnResult } from '../src/modules/lottery/lottery-rules';
import { PRIZE_MODE_RTP_BP } from '../src/modules/lottery/lottery-menus.service';
import { BrandResolver, readLotteryRtpBp } from '../src/platform/brand';
import { checkLedger } from '../src/modules/wallet/ledger-check';
import { buildTestApp, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const ENV = { ADMIN_API_KEY: ADMIN_KEY, LOTTERY_FAST_SECONDS: '8' };
const KENO = { vendor: 'ELOTT', gameCode: 'keno' };

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp(ENV);
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rid = () => `lt${randomBytes(8).toString('hex')}`;
const admin = (merchant: string) => ({ merchant, 'x-api-key': ADMIN_KEY });

interface RtpRow {
  prizeMode: PrizeMode;
  rtpBp: number;
  defaultRtpBp: number;
  source: 'BRAND' | 'DEFAULT';
}

const info = (merchant: string, prizeMode: PrizeMode, m?: NewMember) =>
  id.ok<LotteryGameInfo>(`/lgw/lottery/game?gameCode=keno&vendor=ELOTT&prizeMode=${prizeMode}`, {
    headers: { merchant },
    ...(m && { token: m.token }),
  });
/** The decimal odds of a bet type (no numbers) at a return, as the game info shows them. */
const oddsAt = (rtpBp: number, betType: 'BIG' | 'SMALL' | 'ODD' | 'EVEN') =>
  lineOdds('THREE_BALL', betType, [], rtpBp) / 100;
const oddsOf = (g: LotteryGameInfo, betType: string) => g.betTypes.find((b) => b.betType === betType)!.odds;

const setRtp = (merchant: string, rtpBp: unknown) =>
  id.send<{ list: RtpRow[] }>('/wps/admin/lottery/rtp', {
    method: 'POST',
    body: { rtpBp },
    headers: admin(merchant),
  });
const storedRtp = async (merchant: string) =>
  (
    await t.db.db
      .selectFrom('merchant')
      .select('lottery_rtp_bp')
      .where('code', '=', merchant)
      .executeTakeFirstOrThrow()
  ).lottery_rtp_bp;

async function player(amount: string): Promise<NewMember> {
  const m = await id.registerGolden();
  await id.credit(m.username, amount, ADMIN_KEY);
  return m;
}

/** Waits for a GOLDEN keno draw taking bets with at least `leftMs` to its lock. */
async function open(m: NewMember, leftMs = 2_500): Promise<LotteryGameInfo> {
  for (let i = 0; i < 50; i++) {
    const g = await info('GOLDEN', 'Lott', m);
    const d = g.currentDraw!;
    if (d.status === 'OPEN' && d.remainTime >= leftMs) return g;
    await sleep(d.winningTime - g.serverTime + 100);
  }
  throw new Error('no open draw');
}

async function settled(numero: string) {
  for (let i = 0; i < 50; i++) {
    await t.services.lottery.draws.tick(['GOLDEN']);
    const d = await t.db.db
      .selectFrom('lottery_draw')
      .selectAll()
      .where('merchant_code', '=', 'GOLDEN')
      .where('vendor_code', '=', KENO.vendor)
      .where('game_code', '=', KENO.gameCode)
      .where('numero', '=', numero)
      .executeTakeFirst();
    if (d?.status === 'SETTLED') return d;
    await sleep(200);
  }
  throw new Error(`draw ${numero} not settled`);
}

describe('odds per brand and prize mode', () => {
  it('two brands answer different odds for the same game and prize mode', async () => {
    // The seed: Golden Palm keeps the defaults, Royal Lotus pays 93% on Lott and 97.5% on Elott.
    expect(await storedRtp('GOLDEN')).toEqual({});
    expect(await storedRtp('LOTUS')).toEqual({ Lott: 9300, Elott: 9750 });

    const golden = await info('GOLDEN', 'Lott');
    const lotus = await info('LOTUS', 'Lott');
    expect([golden.prizeMode, lotus.prizeMode]).toEqual(['Lott', 'Lott']);
    expect(oddsOf(golden, 'BIG')).toBe(oddsAt(PRIZE_MODE_RTP_BP.Lott, 'BIG'));
    expect(oddsOf(lotus, 'BIG')).toBe(oddsAt(9300, 'BIG'));
    expect(oddsOf(lotus, 'BIG')).toBeLessThan(oddsOf(golden, 'BIG'));
    for (const b of lotus.betTypes) expect(b.rtp).toBeLessThanOrEqual(93);
    expect(Math.max(...golden.betTypes.map((b) => b.rtp))).toBeGreaterThan(93);

    // Elott: Royal Lotus above the default; ZY: a mode it does not set, the same on both.
    expect(oddsOf(await info('LOTUS', 'Elott'), 'BIG')).toBe(oddsAt(9750, 'BIG'));
    expect(oddsOf(await info('GOLDEN', 'Elott'), 'BIG')).toBe(oddsAt(PRIZE_MODE_RTP_BP.Elott, 'BIG'));
    expect(oddsOf(await info('LOTUS', 'ZY'), 'BIG')).toBe(oddsOf(await info('GOLDEN', 'ZY'), 'BIG'));

    const table = await id.ok<{ list: RtpRow[] }>('/wps/admin/lottery/rtp', { headers: admin('LOTUS') });
    expect(table.list).toEqual([
      { prizeMode: 'Lott', rtpBp: 9300, defaultRtpBp: 9500, source: 'BRAND' },
      { prizeMode: 'ZY', rtpBp: 9600, defaultRtpBp: 9600, source: 'DEFAULT' },
      { prizeMode: 'Elott', rtpBp: 9750, defaultRtpBp: 9700, source: 'BRAND' },
      { prizeMode: 'SEA', rtpBp: 9400, defaultRtpBp: 9400, source: 'DEFAULT' },
    ]);
  });

  it('the operator’s setting refuses bad values whole, with a clear message, and changes nothing', async () => {
    const before = await storedRtp('LOTUS');
    const odds = oddsOf(await info('LOTUS', 'Lott'), 'BIG');
    const bad: [unknown, string][] = [
      [{ Lott: 7999 }, 'rtpBp.Lott'],
      [{ Lott: 9901 }, 'rtpBp.Lott'],
      [{ Lott: 9300.5 }, 'rtpBp.Lott'],
      [{ Lott: '9300' }, 'rtpBp.Lott'],
      // One good value with a bad one: neither is stored.
      [{ Lott: 9000, ZY: 100_000 }, 'rtpBp.ZY'],
      [{ Jackpot: 9000 }, 'rtpBp'],
      [{}, 'rtpBp'],
      [[9000], 'rtpBp'],
    ];
    for (const [rtpBp, field] of bad) {
      const r = await setRtp('LOTUS', rtpBp);
      expect(r.status, JSON.stringify(rtpBp)).toBe(400);
      expect(r.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
      const fields = (r.body.value as unknown as { fields: { field: string; message: string }[] }).fields;
      expect(fields.map((f) => f.field)).toContain(field);
      expect(fields.every((f) => f.message.length > 0)).toBe(true);
    }
    const outOfBand = await setRtp('LOTUS', { Lott: 9901 });
    const message = (outOfBand.body.value as unknown as { fields: { message: string }[] }).fields[0]!.message;
    expect(message).toMatch(/8000.*9900/);
    // Without the operator key: refused.
    const anon = await id.send('/wps/admin/lottery/rtp', {
      method: 'POST',
      body: { rtpBp: { Lott: 9000 } },
      headers: { merchant: 'LOTUS' },
    });
    expect(anon.body).toMatchObject({ success: false, errorCode: 'admin.unauthorized' });

    expect(await storedRtp('LOTUS')).toEqual(before);
    expect(oddsOf(await info('LOTUS', 'Lott'), 'BIG')).toBe(odds);
  });

  it('the column refuses bad values written past the API', async () => {
    for (const value of [
      '{"Lott": 50}',
      '{"Lott": 9300.5}',
      '{"Lott": "9300"}',
      '{"Foo": 9000}',
      '[]',
      'null',
    ]) {
      await expect(
        sql`UPDATE merchant SET lottery_rtp_bp = ${value}::jsonb WHERE code = 'LOTUS'`.execute(t.db.db),
        value,
      ).rejects.toThrow();
    }
    expect(await storedRtp('LOTUS')).toEqual({ Lott: 9300, Elott: 9750 });
  });

  it('a slip’s lines are priced at the brand’s return; a later change leaves them, and settlement pays their odds', async () => {
    const set = await setRtp('GOLDEN', { Lott: 9000 });
    expect(set.status).toBe(200);
    expect(set.body.value!.list.find((r) => r.prizeMode === 'Lott')).toEqual({
      prizeMode: 'Lott',
      rtpBp: 9000,
      defaultRtpBp: 9500,
      source: 'BRAND',
    });
    expect(await storedRtp('GOLDEN')).toEqual({ Lott: 9000 });

    const m = await player('50.00');
    const g = await open(m);
    expect(oddsOf(g, 'BIG')).toBe(oddsAt(9000, 'BIG'));
    const numero = g.currentDraw!.numero;
    const placed = await id.ok<LotteryBetResult>('/lgw/lottery/bet', {
      token: m.token,
      headers: { merchant: 'GOLDEN' },
      body: {
        ...KENO,
        prizeMode: 'Lott',
        numero,
        requestId: rid(),
        lines: [
          { betType: 'BIG', numbers: [], amount: '5.00' },
          { betType: 'SMALL', numbers: [], amount: '5.00' },
        ],
      },
    });
    expect(placed.bets.map((b) => b.odds)).toEqual([oddsAt(9000, 'BIG'), oddsAt(9000, 'SMALL')]);
    expect(placed.balance).toBe(40);
    const rows = (
      await t.db.db
        .selectFrom('lottery_bet')
        .select(['bet_type', 'odds'])
        .where('member_id', '=', m.id)
        .orderBy('line_no')
        .execute()
    ).map((r) => ({ betType: r.bet_type as LotteryBetType, odds: r.odds }));
    expect(rows.map((r) => r.odds)).toEqual([
      lineOdds('THREE_BALL', 'BIG', [], 9000),
      lineOdds('THREE_BALL', 'SMALL', [], 9000),
    ]);

    // The operator raises the return before the draw: the placed lines keep their odds.
    expect((await setRtp('GOLDEN', { Lott: 9800 })).status).toBe(200);
    expect(oddsOf(await info('GOLDEN', 'Lott'), 'BIG')).toBe(oddsAt(9800, 'BIG'));

    const wait = g.currentDraw!.winningTime - Date.now() + 100;
    if (wait > 0) await sleep(wait);
    const d = await settled(numero);
    const result = d.result as DrawnResult;
    const pay = rows.reduce(
      (a, r) => a + payoutOf(500n, r.odds, hitsOf('THREE_BALL', r.betType, [], result)),
      0n,
    );
    const atNewOdds = rows.reduce(
      (a, r) =>
        a +
        payoutOf(
          500n,
          lineOdds('THREE_BALL', r.betType, [], 9800),
          hitsOf('THREE_BALL', r.betType, [], result),
        ),
      0n,
    );
    expect(pay).toBeGreaterThan(0n); // BIG or SMALL always wins
    expect(pay).not.toBe(atNewOdds);
    expect((await info('GOLDEN', 'Lott', m)).balance).toBe(fromMinor(toMinor('40.00')! + pay));
    const mine = await id.ok<LotteryMyBets>('/lgw/lottery/bets?gameCode=keno&vendor=ELOTT', {
      token: m.token,
    });
    expect(mine.list.map((b) => b.odds).sort()).toEqual([oddsAt(9000, 'BIG'), oddsAt(9000, 'SMALL')].sort());
    expect(mine.list.reduce((a, b) => a + toMinor(b.payout!)!, 0n)).toBe(pay);
    expect(await checkLedger(t.db.db)).toEqual([]);

    // Back to the default; the other modes were never touched.
    const reset = await setRtp('GOLDEN', { Lott: null });
    expect(reset.body.value!.list.every((r) => r.source === 'DEFAULT')).toBe(true);
    expect(await storedRtp('GOLDEN')).toEqual({});
    expect(oddsOf(await info('GOLDEN', 'Lott'), 'BIG')).toBe(oddsAt(PRIZE_MODE_RTP_BP.Lott, 'BIG'));
  });
});

describe('bad stored values', () => {
  it('are dropped mode by mode when read, so those modes use the default', () => {
    expect(readLotteryRtpBp({ Lott: 9300, ZY: 9600 })).toEqual({
      value: { Lott: 9300, ZY: 9600 },
      rejected: [],
    });
    expect(readLotteryRtpBp({ Lott: 50, ZY: 9600, Foo: 9000, SEA: '9400' })).toEqual({
      value: { ZY: 9600 },
      rejected: ['Lott=50', 'Foo=9000', 'SEA="9400"'],
    });
    expect(readLotteryRtpBp([9000])).toEqual({ value: {}, rejected: ['[9000]'] });
    expect(readLotteryRtpBp('x')).toEqual({ value: {}, rejected: ['"x"'] });
    expect(readLotteryRtpBp(null)).toEqual({ value: {}, rejected: [] });
  });

  it('never break the brand: its lottery answers the default odds for those modes', async () => {
    // As if the rule had been bypassed (a manual fix gone wrong): the CHECK is dropped here only.
    await sql`ALTER TABLE merchant DROP CONSTRAINT merchant_lottery_rtp_bp_valid`.execute(t.db.db);
    await sql`UPDATE merchant SET lottery_rtp_bp = '{"Lott": 50000, "Elott": 9750}'::jsonb WHERE code = 'LOTUS'`.execute(
      t.db.db,
    );
    t.brands.invalidate();
    t.services.lottery.menus.forgetBrand('LOTUS');
    expect(oddsOf(await info('LOTUS', 'Lott'), 'BIG')).toBe(oddsAt(PRIZE_MODE_RTP_BP.Lott, 'BIG'));
    expect(oddsOf(await info('LOTUS', 'Elott'), 'BIG')).toBe(oddsAt(9750, 'BIG'));
    const status = await id.send('/wps/system/status', { headers: { merchant: 'LOTUS' } });
    expect(status.status).toBe(200);
    // Logged once (not on every read) with what was dropped.
    const warned: Record<string, unknown>[] = [];
    const resolver = new BrandResolver(t.db.db, 0, 'GOLDEN', (context) => warned.push(context));
    expect((await resolver.resolve('LOTUS', undefined)).lotteryRtpBp).toEqual({ Elott: 9750 });
    await resolver.resolve('LOTUS', undefined);
    expect(warned).toEqual([{ merchant: 'LOTUS', rejected: ['Lott=50000'] }]);
  });
});
