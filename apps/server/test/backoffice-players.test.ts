import type { LaunchGame } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/platform/app-error';
import { MESSAGES } from '../src/platform/messages';
import { ticketOf } from './game-ticket';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, Identity, LOTUS, freshIp, type NewMember } from './identity-client';

const KEY = 'test-admin-key-players-0123456789';
const admin = (merchant = 'GOLDEN') => ({ merchant, 'x-api-key': KEY });

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

interface ListItem {
  memberId: string;
  username: string;
  mobile: string | null;
  email: string | null;
  status: string;
  blocks: Record<string, boolean>;
  tags: string[];
}
interface Paged<T> {
  list: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const search = (query: string, merchant = 'GOLDEN') =>
  id.ok<Paged<ListItem>>(`/wps/admin/players?${query}`, { headers: admin(merchant) });
const idsOf = (p: Paged<ListItem>) => p.list.map((r) => r.memberId);

const auditRows = (target: string) =>
  t.db.db.selectFrom('audit_log').selectAll().where('target', '=', target).orderBy('id', 'desc').execute();

/** A GOLDEN member with an e-mail, a device and a second login from another address. */
async function player(): Promise<NewMember & { device: string; loginIp: string }> {
  const device = `dev-${Math.random().toString(36).slice(2, 12)}`;
  const m = await id.registerGolden({}, { headers: { 'x-device-id': device } });
  const email = `${m.username}@Example.com`;
  await t.db.db
    .updateTable('member')
    .set({ email, affiliate_code: `AFF${m.id}` })
    .where('id', '=', m.id)
    .execute();
  const loginIp = freshIp();
  await t.db.db
    .insertInto('login_event')
    .values({
      merchant_code: 'GOLDEN',
      member_id: m.id,
      ip: loginIp,
      device,
      method: 'PASSWORD',
      success: true,
    })
    .execute();
  return { ...m, email, device, loginIp };
}

describe('player search', () => {
  let a: Awaited<ReturnType<typeof player>>;
  let b: Awaited<ReturnType<typeof player>>;
  beforeAll(async () => {
    a = await player();
    b = await player();
  });

  it('finds a member by every kind of q, and not the other one', async () => {
    const cases: [string, string][] = [
      ['member id', a.id],
      ['username prefix, any case', a.username.toUpperCase()],
      ['mobile', a.mobileNum],
      ['mobile with dialing code', `${DIALING}${a.mobileNum}`],
      ['mobile with +dialing code', `+${DIALING}${a.mobileNum}`],
      ['e-mail prefix, any case', a.email!.toUpperCase().slice(0, a.username.length + 3)],
      ['register ip', a.ip],
      ['login-event ip', a.loginIp],
      ['device', a.device],
      ['affiliate code', `aff${a.id}`],
    ];
    for (const [kind, q] of cases) {
      const found = idsOf(await search(`q=${encodeURIComponent(q)}`));
      expect(found, kind).toContain(a.id);
      expect(found, kind).not.toContain(b.id);
    }
  });

  it('finds by real name prefix and by upline username', async () => {
    const name = `Zed ${a.id} Qa`;
    await t.db.db
      .updateTable('member')
      .set({ payee_name: name, upline_id: b.id })
      .where('id', '=', a.id)
      .execute();
    expect(idsOf(await search(`q=${encodeURIComponent(`zed ${a.id}`)}`))).toEqual([a.id]);
    expect(idsOf(await search(`q=${b.username}`))).toContain(a.id);
    const row = (await search(`q=${a.id}`)).list.find((r) => r.memberId === a.id)!;
    expect(row).toMatchObject({ username: a.username, status: 'ACTIVE' });
  });

  it('masks mobile and e-mail in the list; the player page shows them in full (audited)', async () => {
    const row = (await search(`q=${a.id}`)).list.find((r) => r.memberId === a.id)!;
    expect(row.mobile).toBe(`+${DIALING}${'*'.repeat(a.mobileNum.length - 3)}${a.mobileNum.slice(-3)}`);
    expect(row.email).toBe(`${a.email![0]}***@Example.com`);
    const page = await id.ok<{ mobile: string; email: string }>(`/wps/admin/players/${a.id}`, {
      headers: admin(),
    });
    expect(page).toMatchObject({ mobile: `+${DIALING}${a.mobileNum}`, email: a.email });
    const [audit] = await auditRows(`member:${a.id}`);
    expect(audit).toMatchObject({ action: 'players.view', actor: 'alice', merchant_code: 'GOLDEN' });
  });

  it('filters by status, pages newest first with hasMore, and never shows another brand', async () => {
    await t.db.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', b.id).execute();
    const locked = idsOf(await search('status=LOCKED&pageSize=100'));
    expect(locked).toContain(b.id);
    expect(locked).not.toContain(a.id);
    await t.db.db.updateTable('member').set({ status: 'ACTIVE' }).where('id', '=', b.id).execute();

    const first = await search('pageSize=1');
    expect(first.hasMore).toBe(true);
    const second = await search('pageSize=1&page=2');
    expect(Number(first.list[0]!.memberId)).toBeGreaterThan(Number(second.list[0]!.memberId));

    await t.db.db
      .insertInto('member_vip')
      .values({ member_id: a.id, merchant_code: 'GOLDEN', level: 2 })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ level: 2 }))
      .execute();
    const vip2 = idsOf(await search('vipLevel=2&pageSize=100'));
    expect(vip2).toContain(a.id);
    expect(vip2).not.toContain(b.id);
    expect(idsOf(await search(`q=${b.id}&vipLevel=0`))).toEqual([b.id]);
    expect(idsOf(await search(`q=${a.id}&vipLevel=0`))).toEqual([]);

    const past = new Date(Date.now() - 3_600_000).toISOString();
    await t.db.db.updateTable('member').set({ last_login_at: new Date() }).where('id', '=', a.id).execute();
    await t.db.db.updateTable('member').set({ last_login_at: null }).where('id', '=', b.id).execute();
    const recent = idsOf(await search(`lastLoginFrom=${encodeURIComponent(past)}&pageSize=100`));
    expect(recent).toContain(a.id);
    expect(recent).not.toContain(b.id);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await search(`registeredFrom=${encodeURIComponent(future)}`)).list).toEqual([]);

    // LOTUS sees none of GOLDEN's members, whatever it types.
    expect(idsOf(await search(`q=${a.id}`, 'LOTUS'))).not.toContain(a.id);
    expect(idsOf(await search(`q=${a.username}`, 'LOTUS'))).toEqual([]);
  });

  it('refuses bad filters and a missing key', async () => {
    await id.fails('/wps/admin/players?pageSize=500', { headers: admin() }, 400, 'request.invalid');
    await id.fails('/wps/admin/players?status=GONE', { headers: admin() }, 400, 'request.invalid');
    await id.fails('/wps/admin/players', { headers: { merchant: 'GOLDEN' } }, 401, 'admin.unauthorized');
  });
});

describe('player actions', () => {
  const post = (
    m: NewMember,
    path: string,
    body: unknown,
    method: 'POST' | 'PUT' = 'POST',
    merchant = 'GOLDEN',
  ) => id.send(`/wps/admin/players/${m.id}/${path}`, { method, body, headers: admin(merchant) });

  it('lock ends the sessions and refuses login; unlock lets the member back in; both audited', async () => {
    const m = await player();
    expect((await post(m, 'status', { locked: true, reason: 'fraud check' })).status).toBe(200);
    expect((await id.info(m.token)).status).toBe(401);
    const refused = await id.login({ username: m.username, password: m.password }, { ip: m.ip });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'login.failed' });
    const [audit] = await auditRows(`member:${m.id}`);
    expect(audit).toMatchObject({ action: 'players.lock', before: { locked: false } });
    expect(audit!.after).toMatchObject({ locked: true, reason: 'fraud check' });

    expect((await post(m, 'status', { locked: false, reason: 'cleared' })).status).toBe(200);
    await id.loginOk({ username: m.username, password: m.password }, { ip: m.ip });
  });

  it('refuses a missing reason, an unknown member and another brand’s member: nothing changes', async () => {
    const m = await player();
    const audits = await id.count('audit_log');
    expect((await post(m, 'status', { locked: true })).status).toBe(400);
    expect((await post(m, 'status', { locked: true, reason: '   ' })).status).toBe(400);
    await id.fails(
      '/wps/admin/players/999999999/status',
      { method: 'POST', body: { locked: true, reason: 'x' }, headers: admin() },
      404,
      'player.not.found',
    );
    const other = await post(m, 'status', { locked: true, reason: 'x' }, 'POST', 'LOTUS');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({
      errorCode: 'player.not.found',
      message: MESSAGES.MY['player.not.found'],
    });
    await id.fails(`/wps/admin/players/${m.id}`, { headers: admin('LOTUS') }, 404, 'player.not.found');
    expect(
      (await post(m, 'blocks', { login: true, deposit: true, withdrawal: true, betting: true }, 'PUT'))
        .status,
    ).toBe(400);
    expect((await id.memberRow(m.username)).status).toBe('ACTIVE');
    expect((await id.memberRow(m.username)).block_login).toBe(false);
    expect(await id.count('audit_log')).toBe(audits);
  });

  it('the login block refuses every login with its own code; sessions end', async () => {
    const m = await player();
    const blocks = { login: true, deposit: false, withdrawal: false, betting: false };
    expect((await post(m, 'blocks', { ...blocks, reason: 'chargeback' }, 'PUT')).status).toBe(200);
    expect((await id.info(m.token)).status).toBe(401);
    const res = await id.login({ username: m.username, password: m.password }, { ip: m.ip });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'login.account.disabled' });
    const [audit] = await auditRows(`member:${m.id}`);
    expect(audit).toMatchObject({
      action: 'players.blocks',
      before: { login: false, deposit: false, withdrawal: false, betting: false },
      after: { ...blocks, reason: 'chargeback' },
    });
  });

  it('deposit and withdrawal blocks refuse new requests', async () => {
    const m = await player();
    await post(
      m,
      'blocks',
      { login: false, deposit: true, withdrawal: true, betting: false, reason: 'kyc' },
      'PUT',
    );
    const brand = await t.brands.resolve('GOLDEN', undefined);
    await expect(
      t.services.cashier.deposits.create(brand, 'EN', m.id, {
        requestId: 'dep-blocked-1',
        channelId: '1',
        amount: '100',
      } as Parameters<typeof t.services.cashier.deposits.create>[3]),
    ).rejects.toMatchObject({ code: 'cashier.deposit.blocked' } satisfies Partial<AppError>);
    await expect(
      t.services.cashier.withdrawals.create(brand, m.id, {
        requestId: 'wd-blocked-1',
        payoutAccountId: '1',
        amount: '100',
        paymentPassword: '123456',
      } as Parameters<typeof t.services.cashier.withdrawals.create>[2]),
    ).rejects.toMatchObject({ code: 'cashier.withdrawal.blocked' });
    expect(await id.count('deposit')).toBeGreaterThanOrEqual(0);
    const deposits = await t.db.db.selectFrom('deposit').select('id').where('member_id', '=', m.id).execute();
    expect(deposits).toEqual([]);
  });

  it('the betting block refuses a launch and a stake in a game already open', async () => {
    const m = await player();
    await id.credit(m.username, '50.00', KEY);
    const l = await id.ok<LaunchGame>('/wps/game/launchGame?vendor=HOUSE&gameCode=house-ocean-king', {
      token: m.token,
    });
    const ticket = await ticketOf(t.app, l.url);
    await post(
      m,
      'blocks',
      { login: false, deposit: false, withdrawal: false, betting: true, reason: 'abuse' },
      'PUT',
    );
    await id.fails(
      '/wps/game/launchGame?vendor=HOUSE&gameCode=house-ocean-king',
      { token: m.token },
      403,
      'game.betting.blocked',
    );
    await id.fails(
      '/wps/house/fish/shoot',
      {
        headers: { 'x-game-token': ticket },
        body: { requestId: 'shot-blocked-1', bet: 1, fishSpeciesId: 'CLOWNFISH' },
      },
      403,
      'game.betting.blocked',
    );
    const bets = await t.db.db.selectFrom('bet_record').select('id').where('member_id', '=', m.id).execute();
    expect(bets).toEqual([]);
  });

  it('force sign-out ends every session', async () => {
    const m = await player();
    const second = await id.loginOk({ username: m.username, password: m.password }, { ip: m.ip });
    expect((await post(m, 'sign-out', { reason: 'shared device' })).status).toBe(200);
    expect((await id.info(m.token)).status).toBe(401);
    expect((await id.info(second.token)).status).toBe(401);
    const [audit] = await auditRows(`member:${m.id}`);
    expect(audit).toMatchObject({ action: 'players.sign-out', after: { reason: 'shared device' } });
  });

  it('password reset sends a temporary password by SMS, forces the change, never shows it', async () => {
    const m = await player();
    const res = await post(m, 'password-reset', { reason: 'member called' });
    expect(res.body).toEqual({ success: true, value: { sentTo: 'SMS' } });
    const [sms] = await id.outbox(`${DIALING}${m.mobileNum}`);
    const temp = /temporary password is (\w+)/.exec(sms!.body)?.[1];
    expect(temp).toBeDefined();
    expect(JSON.stringify(res.body)).not.toContain(temp!);
    const [audit] = await auditRows(`member:${m.id}`);
    expect(JSON.stringify(audit)).not.toContain(temp!);
    expect(audit).toMatchObject({
      action: 'players.password.reset',
      after: { sentTo: 'SMS', reason: 'member called' },
    });
    expect((await id.info(m.token)).status).toBe(401);
    expect((await id.login({ username: m.username, password: m.password }, { ip: m.ip })).status).not.toBe(
      200,
    );
    const session = await id.loginOk({ username: m.username, password: temp! }, { ip: m.ip });
    expect((await id.memberRow(m.username)).must_change_password).toBe(true);
    expect(session).toBeDefined();
  });

  it('password reset goes by e-mail without a mobile; with neither it is refused and nothing changes', async () => {
    const m = await player();
    await t.db.db
      .updateTable('member')
      .set({ mobile_num: null, country_dialing_code: null })
      .where('id', '=', m.id)
      .execute();
    const res = await post(m, 'password-reset', { reason: 'member wrote in' });
    expect(res.body).toEqual({ success: true, value: { sentTo: 'EMAIL' } });
    const [mail] = await id.outbox(m.email!);
    expect(mail!.body).toMatch(/temporary password is \w+/);

    const n = await player();
    await t.db.db
      .updateTable('member')
      .set({ mobile_num: null, country_dialing_code: null, email: null })
      .where('id', '=', n.id)
      .execute();
    const before = await id.memberRow(n.username);
    await id.fails(
      `/wps/admin/players/${n.id}/password-reset`,
      { method: 'POST', body: { reason: 'x' }, headers: admin() },
      409,
      'player.reset.no.contact',
    );
    const after = await id.memberRow(n.username);
    expect(after.password_hash).toBe(before.password_hash);
    expect(after.must_change_password).toBe(false);
    expect((await id.info(n.token)).status).toBe(200);
  });

  it('changes the VIP level (only to a level the brand has), audited with before and after', async () => {
    const m = await player();
    const [level] = await sql<{
      level: number;
    }>`SELECT max(level)::int AS level FROM vip_level WHERE merchant_code = 'GOLDEN'`
      .execute(t.db.db)
      .then((r) => r.rows);
    const top = level!.level;
    expect((await post(m, 'vip', { level: top, reason: 'high roller' }, 'PUT')).status).toBe(200);
    const [audit] = await auditRows(`member:${m.id}`);
    const page = await id.ok<{ vipLevel: number }>(`/wps/admin/players/${m.id}`, { headers: admin() });
    expect(page.vipLevel).toBe(top);
    expect(audit).toMatchObject({
      action: 'players.vip.change',
      before: { vipLevel: 0 },
      after: { vipLevel: top },
    });
    await id.fails(
      `/wps/admin/players/${m.id}/vip`,
      { method: 'PUT', body: { level: top + 1, reason: 'x' }, headers: admin() },
      400,
      'player.vip.level.unknown',
    );
    expect(
      (await id.ok<{ vipLevel: number }>(`/wps/admin/players/${m.id}`, { headers: admin() })).vipLevel,
    ).toBe(top);
  });

  it('notes are appended and listed newest first; tags replace the set', async () => {
    const m = await player();
    await post(m, 'notes', { text: 'first call' });
    await post(m, 'notes', { text: 'second call' });
    const notes = await id.ok<Paged<{ text: string; author: string }>>(`/wps/admin/players/${m.id}/notes`, {
      headers: admin(),
    });
    expect(notes.list.map((n) => n.text)).toEqual(['second call', 'first call']);
    expect(notes.list[0]!.author).toBe('alice');
    expect((await post(m, 'notes', { text: '' })).status).toBe(400);

    const tagged = await post(m, 'tags', { tags: ['vip', 'watch', 'vip'] }, 'PUT');
    expect(tagged.body).toEqual({ success: true, value: { tags: ['vip', 'watch'] } });
    const [audit] = await auditRows(`member:${m.id}`);
    expect(audit).toMatchObject({
      action: 'players.tags',
      before: { tags: [] },
      after: { tags: ['vip', 'watch'] },
    });
    expect((await search(`q=${m.id}`)).list[0]!.tags).toEqual(['vip', 'watch']);
  });
});

describe('player page tabs and linked accounts', () => {
  it('lists logins, ledger, deposits, bets and linked accounts sharing an IP or device', async () => {
    const a = await player();
    const b = await player();
    await id.credit(a.username, '20.00', KEY);
    // b logs in from a's address: linked by IP.
    await t.db.db
      .insertInto('login_event')
      .values({ merchant_code: 'GOLDEN', member_id: b.id, ip: a.loginIp, method: 'PASSWORD', success: true })
      .execute();
    const tab = <T>(name: string) =>
      id.ok<Paged<T>>(`/wps/admin/players/${a.id}/${name}`, { headers: admin() });

    const linked = await tab<{ memberId: string; via: string; value: string }>('linked');
    expect(linked.list).toContainEqual(
      expect.objectContaining({ memberId: b.id, via: 'IP', value: a.loginIp }),
    );
    expect(await t.services.players.players.countLinked('GOLDEN', a.id)).toBe(1);

    const logins = await tab<{ ip: string }>('logins');
    expect(logins.list.map((l) => l.ip)).toContain(a.loginIp);
    const ledger = await tab<{ amount: number; kind: string }>('ledger');
    expect(ledger.list[0]).toMatchObject({ amount: 20 });
    expect((await tab('deposits')).list).toEqual([]);
    expect((await tab('bonuses')).list).toEqual([]);
    expect((await tab('withdrawals')).list).toEqual([]);

    // c shares a's device: linked by device too; the count is per member.
    const c = await player();
    await t.db.db
      .insertInto('login_event')
      .values({
        merchant_code: 'GOLDEN',
        member_id: c.id,
        ip: c.ip,
        device: a.device,
        method: 'PASSWORD',
        success: true,
      })
      .execute();
    const again = await tab<{ memberId: string; via: string; value: string }>('linked');
    expect(again.list).toContainEqual(
      expect.objectContaining({ memberId: c.id, via: 'DEVICE', value: a.device }),
    );
    expect(await t.services.players.players.countLinked('GOLDEN', a.id)).toBe(2);

    // A house-game stake shows with the round the game kept.
    const l = await id.ok<LaunchGame>('/wps/game/launchGame?vendor=HOUSE&gameCode=house-ocean-king', {
      token: a.token,
    });
    const ticket = await ticketOf(t.app, l.url);
    await id.ok('/wps/house/fish/shoot', {
      headers: { 'x-game-token': ticket },
      body: { requestId: 'shot-tab-1', bet: 1, fishSpeciesId: 'CLOWNFISH' },
    });
    const bets = await tab<{ stake: number; vendor: string; detail: unknown }>('bets');
    expect(bets.list).toHaveLength(1);
    expect(bets.list[0]).toMatchObject({ stake: 1, vendor: 'HOUSE' });
    expect(bets.list[0]!.detail).toMatchObject({ captured: expect.any(Boolean) });

    await id.fails(`/wps/admin/players/${a.id}/linked`, { headers: admin('LOTUS') }, 404, 'player.not.found');
    expect(LOTUS).toBeDefined();
  });
});
