/**
 * A brand switches a lottery game off and on in the back office: off, the game leaves the lottery
 * menus, takes no new slip and gets no new draw, while the draw already taking bets still draws
 * and settles its slips; the other brand keeps the game. The regional draws' official times are
 * shown, never changed here. Bad input and callers without lottery.manage change nothing; each
 * switch leaves one audit row with before and after. Fast draws are every 8 s here.
 */
import { randomBytes } from 'node:crypto';
import type { AdminLotteryDrawPage, AdminLotteryGame, LotteryGameInfo, LotteryMenu } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { Identity, LOTUS, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const GAMES_KEY = 'lottery-schedule-games-only-key-0123';
const KENO = { vendor: 'ELOTT', gameCode: 'keno' };

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY, LOTTERY_FAST_SECONDS: '8' });
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
const settings = () =>
  t.db.db.selectFrom('lottery_game_setting').selectAll().orderBy('merchant_code').execute();
const adminGames = (host?: string) =>
  id.ok<AdminLotteryGame[]>('/wps/admin/lottery/games', { headers: admin, ...(host ? { host } : {}) });
const switchGame = (
  g: { vendor: string; gameCode: string },
  body: unknown,
  headers: Record<string, string> = admin,
) =>
  id.send<AdminLotteryGame>(`/wps/admin/lottery/games/${g.vendor}/${g.gameCode}`, {
    method: 'PUT',
    body,
    headers,
  });
const menuCodes = async (host?: string) =>
  (await id.ok<LotteryMenu[]>('/lgw/games/game_menus', host ? { host } : {})).flatMap((m) =>
    m.gameMenus.map((i) => i.gameCode),
  );
const info = (m: NewMember) =>
  id.send<LotteryGameInfo>(`/lgw/lottery/game?gameCode=${KENO.gameCode}&vendor=${KENO.vendor}`, {
    token: m.token,
  });
const bet = (m: NewMember, numero: string) =>
  id.send('/lgw/lottery/bet', {
    token: m.token,
    body: {
      ...KENO,
      numero,
      requestId: `lt${randomBytes(8).toString('hex')}`,
      lines: [{ betType: 'EVEN', numbers: [], amount: '3.00' }],
    },
  });
const kenoDraws = () =>
  id.ok<AdminLotteryDrawPage>('/wps/admin/lottery/draws?vendor=ELOTT&gameCode=keno&pageSize=100', {
    headers: admin,
  });

describe('switching a lottery game off and on', () => {
  it('off: hidden from the menus, no new slip or draw; the open draw still settles; the other brand keeps it; audited', async () => {
    expect((await adminGames()).find((g) => g.gameCode === 'keno')).toMatchObject({ enabled: true });
    expect(await menuCodes()).toContain('keno');

    // A slip on the draw taking bets now.
    const m = await id.registerGolden();
    await id.credit(m.username, '10.00', ADMIN_KEY);
    let g = (await info(m)).body.value!;
    for (let i = 0; i < 20 && !(g.currentDraw!.status === 'OPEN' && g.currentDraw!.remainTime > 2500); i++) {
      await sleep(g.currentDraw!.winningTime - g.serverTime + 100);
      g = (await info(m)).body.value!;
    }
    const numero = g.currentDraw!.numero;
    expect((await bet(m, numero)).status).toBe(200);

    const audits = (await auditRows('lottery.game.switch')).length;
    const off = await switchGame(KENO, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.value).toMatchObject({ gameCode: 'keno', enabled: false, intervalSeconds: 8 });

    expect(await menuCodes()).not.toContain('keno');
    const groups = await id.ok<{ gameMenus: { gameCode: string }[] }[]>('/lgw/vn/games/game_menu');
    expect(groups.flatMap((x) => x.gameMenus.map((i) => i.gameCode))).not.toContain('keno');
    await id.fails(
      `/lgw/lottery/game?gameCode=keno&vendor=ELOTT`,
      { token: m.token },
      409,
      'lottery.game.off',
    );
    const refused = await bet(m, numero);
    expect(refused.body).toMatchObject({ success: false, errorCode: 'lottery.game.off' });
    expect(refused.status).toBe(409);
    // The other brand still lists and takes it.
    expect(await menuCodes(LOTUS)).toContain('keno');
    expect((await adminGames()).find((x) => x.gameCode === 'keno')!.enabled).toBe(false);
    expect((await adminGames(LOTUS)).find((x) => x.gameCode === 'keno')!.enabled).toBe(true);

    // The draw the slip is on still draws and settles.
    const drawAt = g.currentDraw!.winningTime;
    await sleep(Math.max(0, drawAt - Date.now()) + 300);
    for (let i = 0; i < 5; i++) await t.services.lottery.draws.tick(['GOLDEN']);
    const settled = (await kenoDraws()).list.find((d) => d.numero === numero)!;
    expect(settled).toMatchObject({ status: 'SETTLED', lines: 1, stake: 3 });
    // No draw after it was stored for the game switched off (the job would store the next one now).
    expect((await kenoDraws()).list.filter((d) => Date.parse(d.lockAt) >= drawAt)).toEqual([]);

    const rows = await auditRows('lottery.game.switch');
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({
      merchant_code: 'GOLDEN',
      target: 'lottery-game:ELOTT/keno',
      before: { enabled: true },
      after: { enabled: false },
    });

    // On again: listed and taking slips.
    const on = await switchGame(KENO, { enabled: true });
    expect(on.body.value).toMatchObject({ enabled: true });
    expect(await menuCodes()).toContain('keno');
    expect((await info(m)).status).toBe(200);
    expect((await auditRows('lottery.game.switch')).at(-1)).toMatchObject({
      before: { enabled: false },
      after: { enabled: true },
    });
  });

  it('refuses an unknown game, a schedule change, bad input and a caller without lottery.manage; nothing changes', async () => {
    const before = await settings();
    const north = { vendor: 'VNLOTT', gameCode: 'northern-lottery' };
    const listed = (await adminGames()).find((g) => g.gameCode === north.gameCode)!;
    north.vendor = listed.vendor;
    for (const body of [
      {},
      { enabled: 'no' },
      { enabled: true, drawTime: '19:00' },
      { intervalSeconds: 30 },
    ]) {
      const r = await switchGame(north, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
    expect(
      (await switchGame({ vendor: 'ELOTT', gameCode: 'no-such-game' }, { enabled: false })).body,
    ).toMatchObject({
      errorCode: 'game.unknown',
    });
    expect((await switchGame({ vendor: 'bad vendor', gameCode: 'keno' }, { enabled: false })).status).toBe(
      400,
    );
    expect((await switchGame(KENO, { enabled: false }, gamesOnly)).status).toBe(403);
    expect(await settings()).toEqual(before);
    expect(await menuCodes()).toContain('keno');
    // The regional draw keeps its official time.
    expect((await adminGames()).find((g) => g.gameCode === north.gameCode)).toMatchObject({
      drawTime: listed.drawTime,
      enabled: true,
    });
  });
});
