import type { LoginResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshIp, freshName, Identity, type NewMember } from './identity-client';

const CHANGE = '/wps/member/password';
const FORGOT = '/wps/member/password/email';
const RESET = '/wps/member/password/verification';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const login = (m: NewMember, password = m.password) =>
  id.login({ username: m.username, password }, { ip: m.ip });
const change = (token: string, oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
  id.send(CHANGE, { body: { oldPassword, newPassword, confirmNewPassword }, encrypt: true, token });
const hashOf = async (m: NewMember) => (await id.memberRow(m.username)).password_hash;

async function setBrandExpiry(days: number | null, enforce: boolean) {
  await t.db.db
    .updateTable('merchant')
    .set({ password_expiry_days: days, enforce_password_expiry: enforce })
    .where('code', '=', 'GOLDEN')
    .execute();
  t.brands.invalidate();
}

describe('forced password change', () => {
  it('is asked when someone else chose the password, until it is changed', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ must_change_password: true }).where('id', '=', m.id).execute();
    const res = await login(m);
    expect(res.body.value).toMatchObject({ mustChangePassword: true, passwordExpired: false });
    expect((await change(res.body.value!.token, m.password, 'new12345')).status).toBe(200);
    const row = await id.memberRow(m.username);
    expect(row.must_change_password).toBe(false);
    expect((await login(m, 'new12345')).body.value).toMatchObject({ mustChangePassword: false });
  });

  it('is not asked when the brand has forced change switched off', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ must_change_password: true }).where('id', '=', m.id).execute();
    await id.setModule('GOLDEN', 'FORCECHANGEPASS', false);
    try {
      expect((await login(m)).body.value).toMatchObject({ mustChangePassword: false });
    } finally {
      await id.setModule('GOLDEN', 'FORCECHANGEPASS', true);
    }
  });

  it('is not asked of an SMS login', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ must_change_password: true }).where('id', '=', m.id).execute();
    await id.afterASecond();
    await id.ok('/wps/verification/sms/noLogin', {
      body: { countryDialingCode: DIALING, mobileNum: m.mobileNum },
      ip: m.ip,
    });
    const code = await id.lastCode(`${DIALING}${m.mobileNum}`);
    const res = await id.send<LoginResult>('/wps/session/login', {
      body: { type: 'sms', countryDialingCode: DIALING, mobileNum: m.mobileNum, verificationCode: code },
      encrypt: true,
      ip: m.ip,
    });
    expect(res.body.value).toMatchObject({ mustChangePassword: false });
  });

  it('follows the brand password expiry: reported always, enforced only where the brand says', async () => {
    const m = await id.registerGolden();
    await t.db.db
      .updateTable('member')
      .set({ password_changed_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', m.id)
      .execute();
    try {
      // No expiry configured: a 31-day-old password is fine.
      expect((await login(m)).body.value).toMatchObject({
        passwordExpired: false,
        mustChangePassword: false,
      });
      await setBrandExpiry(30, false);
      expect((await login(m)).body.value).toMatchObject({ passwordExpired: true, mustChangePassword: false });
      await setBrandExpiry(30, true);
      const forced = await login(m);
      expect(forced.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
      await setBrandExpiry(45, true);
      expect((await login(m)).body.value).toMatchObject({
        passwordExpired: false,
        mustChangePassword: false,
      });

      await setBrandExpiry(30, true);
      expect((await change(forced.body.value!.token, m.password, 'new12345')).status).toBe(200);
      expect((await login(m, 'new12345')).body.value).toMatchObject({
        passwordExpired: false,
        mustChangePassword: false,
      });
    } finally {
      await setBrandExpiry(null, false);
    }
  });
});

describe('password change', () => {
  it('refuses a wrong old password, a password breaking the rule and a mismatch, changing nothing', async () => {
    const m = await id.registerGolden();
    const hash = await hashOf(m);
    const cases: [string, string, string, string][] = [
      ['wrong12345', 'new12345', 'new12345', 'password.old.wrong'],
      [m.password, 'onlyletters', 'onlyletters', 'password.rule'],
      [m.password, 'ab1', 'ab1', 'password.rule'],
      [m.password, `a1${'x'.repeat(19)}`, `a1${'x'.repeat(19)}`, 'password.rule'],
      [m.password, 'new12345', 'new12346', 'register.password.mismatch'],
    ];
    for (const [oldPassword, newPassword, confirm, code] of cases) {
      const res = await change(m.token, oldPassword, newPassword, confirm);
      expect(res.status, code).toBe(400);
      expect(res.body.errorCode).toBe(code);
    }
    expect(await hashOf(m)).toBe(hash);
    expect((await id.info(m.token)).status).toBe(200);
    expect((await login(m)).status).toBe(200);
  });

  it('words the errors for the caller', async () => {
    const m = await id.registerGolden();
    const res = await id.send(CHANGE, {
      body: { oldPassword: 'wrong12345', newPassword: 'new12345', confirmNewPassword: 'new12345' },
      encrypt: true,
      token: m.token,
      lang: 'CN',
    });
    expect(res.body.message).toBe('原密码不正确。');
  });

  it('needs a session and an encrypted body', async () => {
    const m = await id.registerGolden();
    await id.fails(
      CHANGE,
      {
        body: { oldPassword: m.password, newPassword: 'new12345', confirmNewPassword: 'new12345' },
        encrypt: true,
      },
      401,
      'login.not.session',
    );
    await id.fails(
      CHANGE,
      {
        body: { oldPassword: m.password, newPassword: 'new12345', confirmNewPassword: 'new12345' },
        token: m.token,
      },
      400,
      'payload.decrypt.failed',
    );
    expect((await login(m)).status).toBe(200);
  });

  it('changes the password: the old one stops working', async () => {
    const m = await id.registerGolden();
    const before = (await id.memberRow(m.username)).password_changed_at;
    expect((await change(m.token, m.password, 'new12345')).status).toBe(200);
    expect((await login(m)).body.errorCode).toBe('login.failed');
    expect((await login(m, 'new12345')).status).toBe(200);
    expect((await id.memberRow(m.username)).password_changed_at.getTime()).toBeGreaterThan(before.getTime());
  });
});

describe('forgot password by e-mail', () => {
  const tempFrom = (body: string) => /temporary password is (\w+)\./.exec(body)?.[1];

  it('mails a temporary password that works beside the old one until used, then must be changed', async () => {
    const m = await id.registerGolden({ email: 'Rosa.Lim@Example.com' });
    expect(
      await id.ok(FORGOT, { ip: freshIp(), body: { username: m.username, email: 'rosa.lim@example.com' } }),
    ).toBeNull();
    const [mail] = await id.outbox('Rosa.Lim@Example.com');
    expect(mail!.channel).toBe('EMAIL');
    const temp = tempFrom(mail!.body)!;
    expect(temp).toMatch(/^\w{10}$/);
    const row = await t.db.db
      .selectFrom('password_reset')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.temp_hash).toMatch(/^\$argon2id\$/);

    // The old password still works while the temporary one is unused.
    expect((await login(m)).body.value).toMatchObject({ mustChangePassword: false });
    const withTemp = await login(m, temp);
    expect(withTemp.status, JSON.stringify(withTemp.body)).toBe(200);
    expect(withTemp.body.value).toMatchObject({ mustChangePassword: true });
    // Now the temporary password is the password: the old one is gone.
    expect((await login(m)).body.errorCode).toBe('login.failed');

    expect((await change(withTemp.body.value!.token, temp, 'fresh1234')).status).toBe(200);
    expect((await login(m, temp)).body.errorCode).toBe('login.failed');
    expect((await login(m, 'fresh1234')).body.value).toMatchObject({ mustChangePassword: false });
  });

  it('accepts the form-encoded body real clients send', async () => {
    const m = await id.registerGolden({ email: 'form@example.com' });
    const res = await id.send(FORGOT, {
      body: `username=${m.username}&email=${encodeURIComponent('form@example.com')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await id.outbox('form@example.com')).toHaveLength(1);
  });

  it('answers reset.account.not.found for an unknown username, a wrong e-mail or a member without one', async () => {
    const m = await id.registerGolden({ email: 'kim@example.com' });
    const noEmail = await id.registerGolden();
    const before = await id.counts();
    for (const body of [
      { username: freshName('nobody'), email: 'kim@example.com' },
      { username: m.username, email: 'other@example.com' },
      { username: noEmail.username, email: 'kim@example.com' },
    ]) {
      const res = await id.fails(FORGOT, { ip: freshIp(), body }, 404, 'reset.account.not.found');
      expect(res.message).toBe('Username or e-mail not found.');
    }
    expect(await id.counts()).toEqual(before);
    expect(await id.outbox('kim@example.com')).toEqual([]);
    await id.fails(FORGOT, { ip: freshIp(), body: { username: m.username } }, 400, 'request.invalid');
  });

  it('does not take an expired temporary password', async () => {
    const m = await id.registerGolden({ email: 'late@example.com' });
    await id.ok(FORGOT, { ip: freshIp(), body: { username: m.username, email: 'late@example.com' } });
    const temp = tempFrom((await id.outbox('late@example.com'))[0]!.body)!;
    await t.db.db
      .updateTable('password_reset')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await login(m, temp)).body.errorCode).toBe('login.failed');
    expect((await login(m)).status).toBe(200);
  });
});

describe('forgot password by mobile', () => {
  async function resetCode(m: NewMember, purpose: 'reset' | 'login' = 'reset') {
    await id.afterASecond();
    await id.ok('/wps/verification/sms/noLogin', {
      body: { countryDialingCode: DIALING, mobileNum: m.mobileNum, purpose },
      ip: freshIp(),
    });
    return id.lastCode(`${DIALING}${m.mobileNum}`);
  }
  const reset = (m: NewMember, verificationCode: string, newPassword: string) =>
    id.send<LoginResult>(RESET, {
      body: { countryDialingCode: DIALING, mobileNum: m.mobileNum, verificationCode, newPassword },
      encrypt: true,
      ip: m.ip,
    });

  it('sets the new password with the reset code and logs in; old password and sessions end', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ must_change_password: true }).where('id', '=', m.id).execute();
    const code = await resetCode(m);
    const res = await reset(m, code, 'reset1234');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ username: m.username, mustChangePassword: false });
    expect((await id.info(res.body.value!.token)).status).toBe(200);
    expect((await id.info(m.token)).status).toBe(401);
    expect((await login(m)).body.errorCode).toBe('login.failed');
    expect((await login(m, 'reset1234')).status).toBe(200);
    expect((await id.memberRow(m.username)).must_change_password).toBe(false);
    // The code is spent.
    expect((await reset(m, code, 'again1234')).body.errorCode).toBe('sms.code.invalid');
  });

  it('refuses a password breaking the rule without using the code, a wrong code, and a login code', async () => {
    const m = await id.registerGolden();
    const hash = await hashOf(m);
    const code = await resetCode(m);
    const before = await id.counts();
    expect((await reset(m, code, 'letters')).body.errorCode).toBe('password.rule');
    expect((await reset(m, code === '000000' ? '000001' : '000000', 'reset1234')).body.errorCode).toBe(
      'sms.code.invalid',
    );
    expect(await id.counts()).toEqual(before);
    expect(await hashOf(m)).toBe(hash);

    const loginCode = await resetCode(m, 'login');
    if (loginCode !== code)
      expect((await reset(m, loginCode, 'reset1234')).body.errorCode).toBe('sms.code.invalid');
    // The reset code itself still works afterwards.
    expect((await reset(m, code, 'reset1234')).status).toBe(200);
  });

  it('refuses a plaintext body', async () => {
    const m = await id.registerGolden();
    await id.fails(
      RESET,
      {
        body: {
          countryDialingCode: DIALING,
          mobileNum: m.mobileNum,
          verificationCode: '123456',
          newPassword: 'reset1234',
        },
      },
      400,
      'payload.decrypt.failed',
    );
  });
});
