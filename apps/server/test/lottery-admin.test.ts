/**
 * The back office's lottery: each game's schedule and current draw, the draws with their results
 * and the RNG record they were drawn from (replaying it gives the result), the brand's return per
 * prize mode and cancelling a draw, both audited with before and after; refusals change nothing;
 * one brand never sees another's draws. Fast draws are every 8 s here.
 */
import { randomBytes } from 'node:crypto';
import type {
  AdminLotteryDrawPage,
  AdminLotteryGame,
  AdminLotteryRtpRow,
  LotteryCancelResult,
  LotteryGameInfo,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawResult, type Rng } from '../src/modules/lottery/lottery-rules';
import { buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const GAMES_KEY = 'lottery-admin-games-only-key-0123';
const ENV = { ADMIN_API_KEY: ADMIN_KEY, LOTTERY_FAST_SECONDS: '8' };
const KENO = { vendor: 'ELOTT', gameCode: 'keno' };

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp(ENV);
  id = new Identity(t);
  await t.services.staff.admin.insertKey(GAMES_KEY, 'games-only', 'GOLDEN', ['games.manage'], 'test');
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const admin = { 'x-api-key': ADMIN_KEY };
const gamesOnly = { 'x-api-key': GAMES_KEY };
const auditRows = (action: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
const draws = (query: string, host?: string) =>
  id.ok<AdminLotteryDrawPage>(`/wps/admin/lottery/draws?${query}`, {
    headers: admin,
    ...(host ? { host } : {}),
  });

const info = (m: NewMember) =>
  id.ok<LotteryGameInfo>(`/lgw/lottery/game?gameCode=${KENO.gameCode}&vendor=${KENO.vendor}`, {
    token: m.token,
  });

describe('schedules', () => {
  it('lists each lottery game with its schedule and the draw taking bets now', async () => {
    const games = await id.ok<AdminLotteryGame[]>('/wps/admin/lottery/games', { headers: admin });
    const north = games.find((g) => g.gameCode === 'northern-lottery')!;
    expect(north).toMatchObject({
      family: 'DIGIT',
      days: [1, 2, 3, 4, 5, 6, 7],
      drawTime: '18:15',
      lockMinutes: 15,
      intervalSeconds: null,
    });
    expect(north.timeZone).toBeTruthy();
    const keno = games.find((g) => g.gameCode === 'keno')!;
    expect(keno).toMatchObject({ family: 'FAST', intervalSeconds: 8, lockSeconds: 2, days: null });
    expect(Date.parse(keno.current!.drawAt)).toBeGreaterThan(Date.now() - 1000);
    expect((await id.send('/wps/admin/lottery/games', { headers: gamesOnly })).status).toBe(403);
  });
});

describe('draws and their RNG record', () => {
  it('a drawn draw shows its numbers and an RNG record that replays to them; another brand sees none of it', async () => {
    // Let one fast draw pass and be drawn by the job.
    await t.services.lottery.draws.tick(['GOLDEN']);
    const first = (await draws('vendor=ELOTT&gameCode=keno&pageSize=1')).list[0]!;
    await sleep(Date.parse(first.drawAt) - Date.now() + 200);
    let drawn: AdminLotteryDrawPage['list'][number] | undefined;
    for (let i = 0; i < 30 && !drawn; i++) {
      await t.services.lottery.draws.tick(['GOLDEN']);
      drawn = (await draws('vendor=ELOTT&gameCode=keno&pageSize=20')).list.find(
        (d) => d.id === first.id && d.result,
      );
      if (!drawn) await sleep(200);
    }
    expect(drawn).toBeDefined();
    expect(['DRAWN', 'SETTLED']).toContain(drawn!.status);
    expect(drawn!.result!.winningNumber).toMatch(/^\d{3}$/);
    const rng = drawn!.rng!;
    expect(rng.generator).toMatch(/SecureRng/);
    expect(rng.calls.length).toBeGreaterThan(0);
    // Replaying the recorded values through the drawing rule gives the stored result.
    const values = rng.calls.map(([n, v]) => {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(n);
      return v;
    });
    const replay: Rng = { int: () => values.shift()! };
    const stored = await t.db.db
      .selectFrom('lottery_draw')
      .select('result')
      .where('id', '=', drawn!.id)
      .executeTakeFirstOrThrow();
    expect(drawResult('THREE_BALL', replay)).toEqual(stored.result);

    const lotus = await draws('vendor=ELOTT&gameCode=keno&pageSize=100', LOTUS);
    expect(lotus.list.map((d) => d.id)).not.toContain(drawn!.id);
    await id.fails('/wps/admin/lottery/draws?status=LOST', { headers: admin }, 400, 'request.invalid');
    await id.fails('/wps/admin/lottery/draws?pageSize=101', { headers: admin }, 400, 'request.invalid');
  });

  it('cancelling a draw refunds its lines and is audited with the draw before and after', async () => {
    const m = await id.registerGolden();
    await id.credit(m.username, '10.00', ADMIN_KEY);
    let g = await info(m);
    for (let i = 0; i < 20 && !(g.currentDraw!.status === 'OPEN' && g.currentDraw!.remainTime > 2500); i++) {
      await sleep(g.currentDraw!.winningTime - g.serverTime + 100);
      g = await info(m);
    }
    const numero = g.currentDraw!.numero;
    await id.ok('/lgw/lottery/bet', {
      token: m.token,
      body: {
        ...KENO,
        numero,
        requestId: `lt${randomBytes(8).toString('hex')}`,
        lines: [{ betType: 'EVEN', numbers: [], amount: '3.00' }],
      },
    });
    const listed = (await draws(`vendor=ELOTT&gameCode=keno&pageSize=50`)).list.find(
      (d) => d.numero === numero,
    )!;
    expect(listed).toMatchObject({ lines: 1, stake: 3, status: 'OPEN' });

    // Without lottery.manage: refused, nothing changes.
    const refused = await id.send('/wps/admin/lottery/draws/cancel', {
      body: { ...KENO, numero, reason: 'Feed failure' },
      headers: gamesOnly,
    });
    expect(refused.status).toBe(403);
    // A reason is required.
    await id.fails(
      '/wps/admin/lottery/draws/cancel',
      { body: { ...KENO, numero, reason: ' ' }, headers: admin },
      400,
      'request.invalid',
    );
    expect(
      (await draws(`vendor=ELOTT&gameCode=keno&pageSize=50`)).list.find((d) => d.numero === numero)!.status,
    ).toBe('OPEN');

    const audits = (await auditRows('lottery.draw.cancel')).length;
    const done = await id.ok<LotteryCancelResult>('/wps/admin/lottery/draws/cancel', {
      body: { ...KENO, numero, reason: 'Feed failure' },
      headers: admin,
    });
    expect(done).toMatchObject({ refunded: 1, amount: 3 });
    expect((await info(m)).balance).toBe(10);
    const after = (await draws(`vendor=ELOTT&gameCode=keno&status=CANCELLED&pageSize=50`)).list.find(
      (d) => d.numero === numero,
    )!;
    expect(after).toMatchObject({ status: 'CANCELLED', cancelReason: 'Feed failure' });
    const rows = await auditRows('lottery.draw.cancel');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({
      target: `lottery-draw:ELOTT/keno/${numero}`,
      merchant_code: 'GOLDEN',
      before: { status: 'OPEN', lines: 1, stake: 3 },
      after: { status: 'CANCELLED', reason: 'Feed failure', refunded: 1, amount: 3 },
    });
  });
});

describe('brand return per prize mode', () => {
  const table = (host?: string) =>
    id.ok<{ list: AdminLotteryRtpRow[] }>('/wps/admin/lottery/rtp', {
      headers: admin,
      ...(host ? { host } : {}),
    });
  const set = (body: unknown, headers: Record<string, string> = admin) =>
    id.send<{ list: AdminLotteryRtpRow[] }>('/wps/admin/lottery/rtp', { body, headers });

  it('sets and resets a prize mode’s return for this brand only, audited with before and after', async () => {
    const before = await table();
    const elott = before.list.find((r) => r.prizeMode === 'Elott')!;
    expect(elott.source).toBe('DEFAULT');
    const lotusBefore = await table(LOTUS);
    const audits = (await auditRows('lottery.rtp.set')).length;
    const r = await set({ rtpBp: { Elott: 9000 } });
    expect(r.status).toBe(200);
    expect(r.body.value!.list.find((x) => x.prizeMode === 'Elott')).toMatchObject({
      rtpBp: 9000,
      source: 'BRAND',
    });
    // The other brand keeps its own returns.
    expect(await table(LOTUS)).toEqual(lotusBefore);
    const rows = await auditRows('lottery.rtp.set');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({ before: { Elott: elott.rtpBp }, after: { Elott: 9000 } });

    await set({ rtpBp: { Elott: null } });
    expect((await table()).list.find((x) => x.prizeMode === 'Elott')).toMatchObject({
      rtpBp: elott.defaultRtpBp,
      source: 'DEFAULT',
    });
  });

  it('refuses a value out of range, an unknown mode, nothing named and a caller without lottery.manage', async () => {
    const before = await table();
    for (const body of [
      { rtpBp: { Elott: 7999 } },
      { rtpBp: { Elott: 9901 } },
      { rtpBp: { XX: 9000 } },
      { rtpBp: {} },
    ]) {
      expect((await set(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await set({ rtpBp: { Elott: 9000 } }, gamesOnly)).status).toBe(403);
    expect(await table()).toEqual(before);
  });
});
