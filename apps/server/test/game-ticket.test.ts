import { Writable } from 'node:stream';
import type { LaunchGame, SlotInfo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { buildTestApp, testConfig, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

const ADMIN_KEY = 'test-admin-key-0123456789';
const LAUNCH = '/wps/game/launchGame?vendor=HOUSE&gameCode=house-dragon-fortune&backUrl=%2Frng';
const INFO = '/wps/house/slot/info';
const EXCHANGE = '/wps/house/ticket';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: ADMIN_KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const game = (token: string) => ({ headers: { 'x-game-token': token } });
const codeOf = (url: string) => new URL(url, 'http://x').searchParams.get('code')!;

async function launch(m: { token: string }): Promise<string> {
  const l = await id.ok<LaunchGame>(LAUNCH, { token: m.token });
  expect(l.url).toMatch(/^\/play\/slot\?code=[A-Za-z0-9_-]{43}&lang=en&backUrl=%2Frng$/);
  return codeOf(l.url);
}

const exchange = (code: unknown, host = 'localhost') =>
  id.send<{ token: string }>(EXCHANGE, { body: { code }, host });

/** A funded member with a live slot ticket it has just played with. */
async function playing(): Promise<{ m: NewMember; ticket: string }> {
  const m = await id.registerGolden();
  const res = await exchange(await launch(m));
  expect(res.status).toBe(200);
  const ticket = res.body.value!.token;
  expect(ticket).toMatch(/^[0-9a-f]{64}$/);
  expect((await id.ok<SlotInfo>(INFO, game(ticket))).balance).toBeDefined();
  return { m, ticket };
}

describe('the launch code', () => {
  it('is what the URL carries; it gives the ticket once, and is no ticket itself', async () => {
    const m = await id.registerGolden();
    const code = await launch(m);
    await id.fails(INFO, game(code), 401, 'game.token.invalid');
    const first = await exchange(code);
    expect(first.status).toBe(200);
    await id.ok(INFO, game(first.body.value!.token));
    // Used up: a second exchange (a replayed or leaked URL) gets nothing, and the ticket still works.
    await id.fails(EXCHANGE, { body: { code } }, 401, 'game.token.invalid');
    await id.ok(INFO, game(first.body.value!.token));
  });

  it('gives one ticket to concurrent exchanges of the same code', async () => {
    const code = await launch(await id.registerGolden());
    const answers = await Promise.all(Array.from({ length: 6 }, () => exchange(code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('expires unused after two minutes', async () => {
    const code = await launch(await id.registerGolden());
    // Two minutes later (the database's clock decides).
    await t.db.db
      .updateTable('game_ticket')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('exchanged_at', 'is', null)
      .execute();
    await id.fails(EXCHANGE, { body: { code } }, 401, 'game.token.invalid');
  });

  it('is refused on another brand, and then spent', async () => {
    const code = await launch(await id.registerGolden());
    const other = await exchange(code, 'lotus.localhost');
    expect(other.body).toMatchObject({ success: false });
    expect(other.status).not.toBe(200);
    await id.fails(EXCHANGE, { body: { code } }, 401, 'game.token.invalid');
  });

  it('refuses malformed codes clearly, issuing nothing', async () => {
    const before = await id.count('game_ticket');
    for (const code of ['', 'x'.repeat(65), 42, null]) {
      const res = await exchange(code);
      expect(res.status, JSON.stringify(code)).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
    await id.fails(EXCHANGE, { body: { code: 'not-a-code' } }, 401, 'game.token.invalid');
    await id.fails(EXCHANGE, { body: { code: 'A'.repeat(43) } }, 401, 'game.token.invalid');
    expect(await id.count('game_ticket')).toBe(before);
  });

  it('cannot be exchanged once its session has ended', async () => {
    const m = await id.registerGolden();
    const code = await launch(m);
    await id.ok('/wps/session/logout', { token: m.token, method: 'POST' });
    await id.fails(EXCHANGE, { body: { code } }, 401, 'game.token.invalid');
  });
});

describe('the game ticket dies with its session and member', () => {
  it('after logout', async () => {
    const { m, ticket } = await playing();
    await id.ok('/wps/session/logout', { token: m.token, method: 'POST' });
    await id.fails(INFO, game(ticket), 401, 'game.token.invalid');
    const entries = await id.count('ledger_entry');
    await id.fails(
      '/wps/house/slot/spin',
      { ...game(ticket), body: { requestId: 'spin-after-logout-01', bet: 1 } },
      401,
      'game.token.invalid',
    );
    expect(await id.count('ledger_entry')).toBe(entries);
  });

  it('after a password change (which ends every session)', async () => {
    const { m, ticket } = await playing();
    await id.ok('/wps/member/password', {
      token: m.token,
      encrypt: true,
      body: { oldPassword: m.password, newPassword: 'xyz98765', confirmNewPassword: 'xyz98765' },
    });
    await id.fails(INFO, game(ticket), 401, 'game.token.invalid');
  });

  it('when the member is disabled, even with the session still open', async () => {
    const { m, ticket } = await playing();
    await t.db.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', m.id).execute();
    await id.fails(INFO, game(ticket), 401, 'game.token.invalid');
    await t.db.db.updateTable('member').set({ status: 'ACTIVE' }).where('id', '=', m.id).execute();
    await id.ok(INFO, game(ticket));
  });

  it('when the session expires', async () => {
    const { m, ticket } = await playing();
    await t.db.db
      .updateTable('member_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    await id.fails(INFO, game(ticket), 401, 'game.token.invalid');
  });

  it('but not when another session of the member ends', async () => {
    const { m, ticket } = await playing();
    const other = await id.loginOk({ username: m.username, password: m.password }, { ip: m.ip });
    await id.ok('/wps/session/logout', { token: other.token, method: 'POST' });
    await id.ok(INFO, game(ticket));
  });
});

describe('the access log', () => {
  it('never shows a launch code or a ticket', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), db: t.db, logStream: sink });
    try {
      const m = await id.registerGolden();
      const l = await id.ok<LaunchGame>(LAUNCH, { token: m.token });
      const code = codeOf(l.url);
      const legacy = 'f'.repeat(64);
      await app.inject({ url: l.url, headers: { host: 'localhost' } });
      // The site's own game page carries the launch URL (a reload sends it to the server).
      await app.inject({ url: `/seamless?url=${encodeURIComponent(l.url)}`, headers: { host: 'localhost' } });
      await app.inject({ url: `/play/slot?lang=en&token=${legacy}`, headers: { host: 'localhost' } });
      const res = await app.inject({
        method: 'POST',
        url: EXCHANGE,
        headers: { host: 'localhost' },
        payload: { code },
      });
      const ticket = res.json<{ value: { token: string } }>().value.token;
      await app.inject({ url: INFO, headers: { host: 'localhost', 'x-game-token': ticket } });

      const requests = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).filter((l) => l.req);
      const urls = requests.map((r) => r.req!.url);
      expect(urls).toContain('/play/slot?code=[REDACTED]&lang=en&backUrl=%2Frng');
      expect(urls).toContain('/play/slot?lang=en&token=[REDACTED]');
      expect(urls).toContain(
        `/seamless?url=${encodeURIComponent('/play/slot?code=[REDACTED]&lang=en&backUrl=%2Frng')}`,
      );
      expect(urls).toContain(INFO);
      const all = lines.join('\n');
      for (const secret of [code, legacy, ticket]) expect(all).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
