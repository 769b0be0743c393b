/**
 * Staff identity and access: sign-in steps, TOTP enrolment and its rules (locks, replays,
 * recovery codes), sessions (CSRF, expiry, sign-out everywhere), roles per brand, API keys,
 * the brand's address allow-list and the audit log's search and export.
 */
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';

let t: TestContext;
let now = Date.now();
const OWNER = { username: 'owner', password: 'DemoOwner!2026', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const FINANCE = {
  username: 'finance',
  password: 'DemoFinance!2026',
  secret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
};
const SUPPORT = {
  username: 'support',
  password: 'DemoSupport!2026',
  secret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
};

beforeAll(async () => {
  t = await buildTestApp();
  t.services.staff.clock.now = () => now;
}, 60_000);
afterAll(() => t.close());
// Each test starts a TOTP period later, so codes of earlier sign-ins are never replays.
beforeEach(() => {
  now += 60_000;
});

const code = (secret: string, at = now) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

interface Call {
  cookie?: string;
  csrf?: string | null;
  merchant?: string;
  body?: object;
  headers?: Record<string, string>;
}
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Call = {}) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      merchant: c.merchant ?? 'GOLDEN',
      ...(c.cookie ? { cookie: `bo_session=${c.cookie}` } : {}),
      ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}),
      ...c.headers,
    },
    ...(c.body ? { payload: c.body } : {}),
  });
  return res;
}
const json = (res: { json(): unknown }) =>
  res.json() as { success: boolean; errorCode?: string; value?: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers vary by route

async function login(username: string, password: string) {
  const res = await call('POST', '/wps/admin/auth/login', { body: { username, password } });
  return json(res);
}

/** Signs in a staff member with an enrolled TOTP: the session cookie and CSRF token. */
async function signIn(who: { username: string; password: string; secret: string }) {
  now += 31_000;
  const first = await login(who.username, who.password);
  expect(first.value).toMatchObject({ step: 'SECOND_FACTOR' });
  const res = await call('POST', '/wps/admin/auth/verify', {
    body: { challenge: first.value.challenge, code: code(who.secret) },
  });
  expect(json(res).success).toBe(true);
  const cookie = res.cookies.find((c) => c.name === 'bo_session')!;
  return { cookie: cookie.value, csrf: json(res).value.csrfToken as string, setCookie: cookie };
}

async function auditCount() {
  const r = await t.db.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('sign-in', () => {
  it('signs the demo owner in with password and TOTP; the cookie is HttpOnly, SameSite=Strict, Path=/', async () => {
    const s = await signIn(OWNER);
    expect(s.setCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const me = json(await call('GET', '/wps/admin/auth/session', { cookie: s.cookie }));
    expect(me.value.staff.username).toBe('owner');
    expect(me.value.csrfToken).toBe(s.csrf);
    expect(me.value.grants).toEqual([expect.objectContaining({ merchant: null, role: 'owner' })]);
    expect(me.value.brands.map((b: { code: string }) => b.code)).toContain('GOLDEN');
  });

  it('refuses a wrong password and an unknown user alike, and no session means 401', async () => {
    expect(await login('owner', 'wrong-password-1')).toMatchObject({
      success: false,
      errorCode: 'staff.login.invalid',
    });
    expect(await login('nobody', 'wrong-password-1')).toMatchObject({
      success: false,
      errorCode: 'staff.login.invalid',
    });
    const res = await call('GET', '/wps/admin/auth/session');
    expect(res.statusCode).toBe(401);
    expect(json(res).errorCode).toBe('admin.unauthorized');
  });

  it('throttles wrong passwords per username, then the right one too until the window passes', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await login('finance', `wrong-password-${i}`)).errorCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('staff.login.invalid'));
    expect(answers[10]).toBe('system.throttled');
    expect((await login('finance', FINANCE.password)).errorCode).toBe('system.throttled');
    await t.db.db.deleteFrom('rate_counter').where('key', 'like', 'staff-login-%').execute();
    expect((await login('finance', FINANCE.password)).success).toBe(true);
  });

  it('walks a new account through password change and TOTP enrolment; recovery codes work once', async () => {
    const created = await t.services.staff.admin.createFromCli({
      username: 'newbie',
      displayName: 'New Bie',
      grant: { merchant: 'GOLDEN', role: 'support' },
    });
    const first = await login('newbie', created.oneTimePassword);
    expect(first.value).toMatchObject({ step: 'CHANGE_PASSWORD', passkeys: false });
    const challenge = first.value.challenge as string;
    // A too-short password changes nothing; the step stays.
    const short = json(
      await call('POST', '/wps/admin/auth/password', { body: { challenge, newPassword: 'short' } }),
    );
    expect(short.errorCode).toBe('staff.password.rule');
    // A step out of order is refused.
    expect(json(await call('POST', '/wps/admin/auth/totp/enrol', { body: { challenge } })).errorCode).toBe(
      'staff.challenge.invalid',
    );
    const changed = json(
      await call('POST', '/wps/admin/auth/password', {
        body: { challenge, newPassword: 'Correct-Horse-42' },
      }),
    );
    expect(changed.value).toMatchObject({ step: 'ENROL_TOTP' });
    const enrol = json(await call('POST', '/wps/admin/auth/totp/enrol', { body: { challenge } }));
    expect(enrol.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(enrol.value.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = enrol.value.secret as string;
    const wrong = json(
      await call('POST', '/wps/admin/auth/totp/confirm', {
        body: { challenge, code: '000000' === code(secret) ? '111111' : '000000' },
      }),
    );
    expect(wrong.errorCode).toBe('staff.totp.invalid');
    const confirm = await call('POST', '/wps/admin/auth/totp/confirm', {
      body: { challenge, code: code(secret) },
    });
    const codes = json(confirm).value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(confirm.cookies.find((c) => c.name === 'bo_session')).toBeTruthy();
    // Stored hashed, never as typed.
    const stored = await t.db.db.selectFrom('staff_recovery_code').select('code_hash').execute();
    expect(stored.every((r) => !r.code_hash.toString('utf8').includes(codes[0]!.slice(0, 5)))).toBe(true);

    // The challenge died with the sign-in.
    expect(json(await call('POST', '/wps/admin/auth/totp/enrol', { body: { challenge } })).errorCode).toBe(
      'staff.challenge.invalid',
    );
    const viaRecovery = async () => {
      const again = await login('newbie', 'Correct-Horse-42');
      return json(
        await call('POST', '/wps/admin/auth/verify', {
          body: { challenge: again.value.challenge, recoveryCode: codes[0]!.toLowerCase() },
        }),
      );
    };
    expect((await viaRecovery()).success).toBe(true);
    expect((await viaRecovery()).errorCode).toBe('staff.totp.invalid');
  });

  it('refuses a replayed TOTP code', async () => {
    const a = await login(FINANCE.username, FINANCE.password);
    const c = code(FINANCE.secret);
    expect(
      json(await call('POST', '/wps/admin/auth/verify', { body: { challenge: a.value.challenge, code: c } }))
        .success,
    ).toBe(true);
    const b = await login(FINANCE.username, FINANCE.password);
    const replay = json(
      await call('POST', '/wps/admin/auth/verify', { body: { challenge: b.value.challenge, code: c } }),
    );
    expect(replay.errorCode).toBe('staff.totp.invalid');
  });

  it('locks the account for 15 minutes after 5 wrong codes', async () => {
    const a = await login(SUPPORT.username, SUPPORT.password);
    const right = code(SUPPORT.secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        json(
          await call('POST', '/wps/admin/auth/verify', {
            body: { challenge: a.value.challenge, code: wrongCode },
          }),
        ).errorCode,
      );
    expect(answers).toEqual([...Array(4).fill('staff.totp.invalid'), 'staff.totp.locked']);
    // The challenge is dead and the right password no longer opens a new one.
    const dead = json(
      await call('POST', '/wps/admin/auth/verify', { body: { challenge: a.value.challenge, code: right } }),
    );
    expect(dead.errorCode).toBe('staff.challenge.invalid');
    expect((await login(SUPPORT.username, SUPPORT.password)).errorCode).toBe('staff.locked');
    now += 15 * 60_000 + 1_000;
    await signIn(SUPPORT);
  });
});

describe('sessions', () => {
  it('refuses a change without the CSRF token or with a wrong one, changing nothing', async () => {
    const s = await signIn(OWNER);
    const before = await auditCount();
    for (const csrf of [null, 'wrong-token']) {
      const res = await call('PUT', '/wps/admin/brand-security', {
        cookie: s.cookie,
        csrf,
        body: { ipAllowList: ['10.0.0.0/8'] },
      });
      expect(res.statusCode).toBe(403);
      expect(json(res).errorCode).toBe('operator.csrf');
    }
    expect(json(await call('GET', '/wps/admin/brand-security', { cookie: s.cookie })).value).toEqual({
      ipAllowList: [],
    });
    expect(await auditCount()).toBe(before);
  });

  it('a role on GOLDEN only is forbidden on LOTUS', async () => {
    const s = await signIn(FINANCE);
    expect((await call('GET', '/wps/admin/deposits', { cookie: s.cookie })).statusCode).not.toBe(403);
    const res = await call('GET', '/wps/admin/deposits', { cookie: s.cookie, merchant: 'LOTUS' });
    expect(res.statusCode).toBe(403);
    expect(json(res).errorCode).toBe('operator.forbidden');
  });

  it('expires after 30 idle minutes, slides while used, and dies at 12 hours regardless', async () => {
    const s = await signIn(OWNER);
    const alive = async () =>
      (await call('GET', '/wps/admin/auth/session', { cookie: s.cookie })).statusCode === 200;
    now += 29 * 60_000;
    expect(await alive()).toBe(true);
    now += 29 * 60_000;
    expect(await alive()).toBe(true);
    now += 31 * 60_000;
    expect(await alive()).toBe(false);

    const long = await signIn(OWNER);
    const longAlive = async () =>
      (await call('GET', '/wps/admin/auth/session', { cookie: long.cookie })).statusCode === 200;
    for (let i = 0; i < 24; i++) {
      now += 25 * 60_000;
      if (!(await longAlive())) break;
    }
    // 24 × 25 min = 10 h: still alive; the next steps cross 12 h.
    expect(await longAlive()).toBe(true);
    now += 25 * 60_000 * 5;
    expect(await longAlive()).toBe(false);
  });

  it('sign-out everywhere ends every session of the staff member', async () => {
    const a = await signIn(OWNER);
    const b = await signIn(OWNER);
    const noCsrf = await call('POST', '/wps/admin/auth/logout-all', { cookie: a.cookie });
    expect(json(noCsrf).errorCode).toBe('operator.csrf');
    expect(
      json(await call('POST', '/wps/admin/auth/logout-all', { cookie: a.cookie, csrf: a.csrf })).success,
    ).toBe(true);
    expect((await call('GET', '/wps/admin/auth/session', { cookie: a.cookie })).statusCode).toBe(401);
    expect((await call('GET', '/wps/admin/auth/session', { cookie: b.cookie })).statusCode).toBe(401);
  });

  it('disabling a staff member ends their sessions at once; enabling lets them sign in again', async () => {
    const owner = await signIn(OWNER);
    const sup = await signIn(SUPPORT);
    const list = json(await call('GET', '/wps/admin/staff', { cookie: owner.cookie })).value as {
      id: string;
      username: string;
    }[];
    const id = list.find((s) => s.username === 'support')!.id;
    expect(
      json(await call('POST', `/wps/admin/staff/${id}/disable`, { cookie: owner.cookie, csrf: owner.csrf }))
        .success,
    ).toBe(true);
    expect((await call('GET', '/wps/admin/auth/session', { cookie: sup.cookie })).statusCode).toBe(401);
    expect((await login(SUPPORT.username, SUPPORT.password)).errorCode).toBe('staff.login.invalid');
    expect(
      json(await call('POST', `/wps/admin/staff/${id}/enable`, { cookie: owner.cookie, csrf: owner.csrf }))
        .success,
    ).toBe(true);
    await signIn(SUPPORT);
  });
});

describe('own account', () => {
  it('changes the own password only with the current one; renews recovery codes with a TOTP code', async () => {
    const created = await t.services.staff.admin.createFromCli({
      username: 'selfserve',
      displayName: 'Self Serve',
      grant: { merchant: 'GOLDEN', role: 'auditor' },
    });
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await t.db.db
      .updateTable('staff')
      .set({ must_change_password: false, totp_secret: secret, totp_enrolled: true })
      .where('id', '=', created.id)
      .execute();
    const who = { username: 'selfserve', password: created.oneTimePassword, secret };
    const s = await signIn(who);
    const change = (currentPassword: string, newPassword: string) =>
      call('POST', '/wps/admin/me/password', {
        cookie: s.cookie,
        csrf: s.csrf,
        body: { currentPassword, newPassword },
      });
    expect(json(await change('not-the-password', 'Another-Long-Pass-1')).errorCode).toBe(
      'staff.password.wrong',
    );
    expect(json(await change(created.oneTimePassword, 'short')).errorCode).toBe('staff.password.rule');
    expect((await login('selfserve', created.oneTimePassword)).success).toBe(true);
    expect(json(await change(created.oneTimePassword, 'Another-Long-Pass-1')).success).toBe(true);
    expect((await login('selfserve', created.oneTimePassword)).errorCode).toBe('staff.login.invalid');

    now += 31_000;
    const renew = (c: string) =>
      call('POST', '/wps/admin/me/recovery-codes', { cookie: s.cookie, csrf: s.csrf, body: { code: c } });
    const wrong = code(secret) === '000000' ? '111111' : '000000';
    expect(json(await renew(wrong)).errorCode).toBe('staff.totp.invalid');
    const renewed = json(await renew(code(secret)));
    expect(renewed.value.recoveryCodes).toHaveLength(10);
    const rows = await t.db.db
      .selectFrom('staff_recovery_code')
      .select('used_at')
      .where('staff_id', '=', created.id)
      .execute();
    expect(rows).toHaveLength(10);
  });
});

describe('roles, keys and the allow-list', () => {
  it('a brand owner cannot grant owner nor change their own role; a platform owner can grant owner', async () => {
    const owner = await signIn(OWNER);
    const made = json(
      await call('POST', '/wps/admin/staff', {
        cookie: owner.cookie,
        csrf: owner.csrf,
        body: { username: 'brandboss', displayName: 'Brand Boss', role: 'owner' },
      }),
    );
    expect(made.success).toBe(true);
    // Set up the brand owner's account for sign-in (password and TOTP) straight in the services.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    await t.db.db
      .updateTable('staff')
      .set({ must_change_password: false, totp_secret: secret, totp_enrolled: true })
      .where('id', '=', made.value.id)
      .execute();
    const boss = await signIn({ username: 'brandboss', password: made.value.oneTimePassword, secret });
    const before = await auditCount();
    const grantOwner = json(
      await call('POST', '/wps/admin/staff', {
        cookie: boss.cookie,
        csrf: boss.csrf,
        body: { username: 'second', displayName: 'Second', role: 'owner' },
      }),
    );
    expect(grantOwner.errorCode).toBe('staff.grant.forbidden');
    const self = json(
      await call('PUT', `/wps/admin/staff/${made.value.id}/role`, {
        cookie: boss.cookie,
        csrf: boss.csrf,
        body: { role: 'finance' },
      }),
    );
    expect(self.errorCode).toBe('staff.self');
    // The platform owner cannot be touched by a brand owner.
    const list = json(await call('GET', '/wps/admin/staff', { cookie: boss.cookie })).value as {
      id: string;
      username: string;
    }[];
    const ownerId = list.find((s) => s.username === 'owner')!.id;
    expect(
      json(await call('POST', `/wps/admin/staff/${ownerId}/reset`, { cookie: boss.cookie, csrf: boss.csrf }))
        .errorCode,
    ).toBe('staff.grant.forbidden');
    expect(await auditCount()).toBe(before);
    // What the brand owner may do: grant a lesser role.
    const ok = json(
      await call('POST', '/wps/admin/staff', {
        cookie: boss.cookie,
        csrf: boss.csrf,
        body: { username: 'helper1', displayName: 'Helper', role: 'support' },
      }),
    );
    expect(ok.value.oneTimePassword).toEqual(expect.any(String));
    const row = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor: 'brandboss',
      actor_kind: 'STAFF',
      role: 'owner',
      merchant_code: 'GOLDEN',
      action: 'staff.create',
    });
  });

  it('API keys hold only permissions their creator holds, and a revoked key stops at once', async () => {
    const owner = await signIn(OWNER);
    const bad = json(
      await call('POST', '/wps/admin/api-keys', {
        cookie: owner.cookie,
        csrf: owner.csrf,
        body: { name: 'x', permissions: ['no.such'] },
      }),
    );
    expect(bad.errorCode).toBe('request.invalid');
    const made = json(
      await call('POST', '/wps/admin/api-keys', {
        cookie: owner.cookie,
        csrf: owner.csrf,
        body: { name: 'reporting', permissions: ['apikeys.manage', 'audit.view'] },
      }),
    );
    const key = made.value.key as string;
    const asKey = (method: 'GET' | 'POST', url: string, body?: object, merchant = 'GOLDEN') =>
      call(method, url, { headers: { 'x-api-key': key }, merchant, ...(body ? { body } : {}) });
    expect((await asKey('GET', '/wps/admin/audit')).statusCode).toBe(200);
    expect(json(await asKey('GET', '/wps/admin/audit', undefined, 'LOTUS')).errorCode).toBe(
      'operator.forbidden',
    );
    // Subset rule: the key cannot mint a key with more than it holds.
    expect(
      json(await asKey('POST', '/wps/admin/api-keys', { name: 'y', permissions: ['staff.manage'] }))
        .errorCode,
    ).toBe('apikey.permissions.forbidden');
    const listed = json(await call('GET', '/wps/admin/api-keys', { cookie: owner.cookie })).value as {
      id: string;
      prefix: string;
    }[];
    expect(listed.find((k) => k.id === made.value.id)!.prefix).toBe(key.slice(0, 12));
    expect(
      json(
        await call('DELETE', `/wps/admin/api-keys/${made.value.id}`, {
          cookie: owner.cookie,
          csrf: owner.csrf,
        }),
      ).success,
    ).toBe(true);
    expect((await asKey('GET', '/wps/admin/audit')).statusCode).toBe(401);
  });

  it('the allow-list refuses bad entries and self-lockout, then refuses other addresses', async () => {
    const owner = await signIn(OWNER);
    const put = (list: string[]) =>
      call('PUT', '/wps/admin/brand-security', {
        cookie: owner.cookie,
        csrf: owner.csrf,
        body: { ipAllowList: list },
      });
    expect(json(await put(['10.0.0.0/33'])).errorCode).toBe('brand.security.ip.invalid');
    expect(json(await put(['10.0.0.0/8'])).errorCode).toBe('brand.security.self.lockout');
    expect(json(await put(['127.0.0.1', '2001:db8::/32'])).success).toBe(true);
    const finance = await signIn(FINANCE);
    expect((await call('GET', '/wps/admin/deposits', { cookie: finance.cookie })).statusCode).toBe(200);
    expect(json(await put(['2001:db8::/32', '127.0.0.1'])).success).toBe(true);
    await t.db.db
      .updateTable('brand_security')
      .set({ ip_allow_list: ['2001:db8::/32'] })
      .execute();
    const res = await call('GET', '/wps/admin/deposits', { cookie: finance.cookie });
    expect(json(res).errorCode).toBe('operator.ip.denied');
    await t.db.db.updateTable('brand_security').set({ ip_allow_list: [] }).execute();
  });
});

describe('the audit log', () => {
  it('searches the brand rows by filter and exports CSV with formulas neutralised', async () => {
    const owner = await signIn(OWNER);
    await call('POST', '/wps/admin/staff', {
      cookie: owner.cookie,
      csrf: owner.csrf,
      body: { username: 'formula', displayName: '=HYPERLINK("x")', role: 'support' },
    });
    const page = json(
      await call('GET', '/wps/admin/audit?action=staff.create&pageSize=1', { cookie: owner.cookie }),
    );
    expect(page.value).toMatchObject({ page: 1, pageSize: 1, hasMore: true });
    expect(page.value.list[0]).toMatchObject({ action: 'staff.create', actor: 'owner' });
    const lotus = json(
      await call('GET', '/wps/admin/audit?action=staff.create', { cookie: owner.cookie, merchant: 'LOTUS' }),
    );
    expect(lotus.value.list).toEqual([]);
    expect(
      json(await call('GET', '/wps/admin/audit?from=yesterday', { cookie: owner.cookie })).errorCode,
    ).toBe('request.invalid');

    await t.db.db
      .insertInto('audit_log')
      .values({
        actor: '=cmd|calc',
        actor_kind: 'STAFF',
        merchant_code: 'GOLDEN',
        action: 'x.test',
        target: 'a,"b"',
      })
      .execute();
    const before = await auditCount();
    const csv = await call('GET', '/wps/admin/audit/export?action=x.test', { cookie: owner.cookie });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('id,createdAt,actor,actorKind,role,action,target,before,after,ip,userAgent');
    expect(lines[1]).toContain(',\'=cmd|calc,STAFF,,x.test,"a,""b""",');
    // The export is itself audited.
    expect(await auditCount()).toBe(before + 1);
  });
});
