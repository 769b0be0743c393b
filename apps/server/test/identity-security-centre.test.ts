import type { LoginResult, MemberInfo, VerificationRequired } from '@app/contracts';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshIp, freshMobile, Identity, type NewMember } from './identity-client';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const info = async (token: string) => (await id.info(token)).body.value as unknown as MemberInfo;

describe('profile', () => {
  const update = (token: string, body: Record<string, unknown>) =>
    id.send('/wps/member/profile', { method: 'PUT', body, token });

  it('updates nickname and e-mail', async () => {
    const m = await id.registerGolden();
    expect((await update(m.token, { nickname: '  Lucky Juan ', email: 'juan@example.com' })).status).toBe(
      200,
    );
    expect(await info(m.token)).toMatchObject({ nickname: 'Lucky Juan', email: 'juan@example.com' });
    // An empty e-mail clears it (not required on this brand).
    expect((await update(m.token, { email: '' })).status).toBe(200);
    expect((await info(m.token)).email).toBeNull();
  });

  it('an update naming no field changes nothing and succeeds', async () => {
    const m = await id.registerGolden({ email: 'same@example.com' });
    const row = await id.memberRow(m.username);
    const res = await update(m.token, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await id.memberRow(m.username)).toEqual(row);
  });

  it('checks the e-mail and payee name against the brand rules, changing nothing', async () => {
    const m = await id.registerGolden({ email: 'keep@example.com' });
    const row = await id.memberRow(m.username);
    for (const [body, field, patternId] of [
      [{ email: 'not-an-email', nickname: 'Changed' }, 'email', 'EMAIL'],
      [{ payeeName: 'Juan 123' }, 'payeeName', 'ENGLISH_SPACES'],
    ] as const) {
      const res = await id.fails(
        '/wps/member/profile',
        { method: 'PUT', body, token: m.token },
        400,
        'register.field.invalid',
      );
      expect(res.value).toMatchObject({ fields: [{ field, patternId }] });
    }
    expect(await id.memberRow(m.username)).toEqual(row);
  });

  it('sets the payee name once; only the same name is accepted afterwards', async () => {
    const m = await id.registerGolden();
    await id.fails(
      '/wps/member/profile',
      { method: 'PUT', body: { payeeName: 'Someone Else' }, token: m.token },
      403,
      'system.forbidden',
    );
    expect((await id.memberRow(m.username)).payee_name).toBe(m.payeeName);
    expect((await update(m.token, { payeeName: m.payeeName })).status).toBe(200);

    await t.db.db.updateTable('member').set({ payee_name: null }).where('id', '=', m.id).execute();
    expect((await update(m.token, { payeeName: 'Pedro Penduko' })).status).toBe(200);
    expect((await info(m.token)).payeeName).toBe('Pedro Penduko');
    await id.fails(
      '/wps/member/profile',
      { method: 'PUT', body: { payeeName: 'Juan Dela Cruz' }, token: m.token },
      403,
      'system.forbidden',
    );
    expect((await info(m.token)).payeeName).toBe('Pedro Penduko');
  });

  it('needs a session', async () => {
    await id.fails(
      '/wps/member/profile',
      { method: 'PUT', body: { nickname: 'x' } },
      401,
      'login.not.session',
    );
  });
});

describe('mobile number change', () => {
  async function codeFor(m: NewMember, mobileNum: string) {
    await id.afterASecond();
    expect(
      await id.ok('/wps/member/mobile/code', {
        body: { countryDialingCode: DIALING, mobileNum },
        token: m.token,
        ip: m.ip,
      }),
    ).toEqual({
      expiredMinutes: 5,
    });
    return id.lastCode(`${DIALING}${mobileNum}`);
  }
  const changeMobile = (m: NewMember, body: Record<string, unknown>) =>
    id.send('/wps/member/mobile', { method: 'PUT', body, token: m.token });

  it('changes the number with a code sent to the new number and the login password', async () => {
    const m = await id.registerGolden();
    const mobileNum = freshMobile();
    const code = await codeFor(m, mobileNum);
    const res = await changeMobile(m, {
      countryDialingCode: `+${DIALING}`,
      mobileNum,
      verificationCode: code,
      password: m.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await info(m.token)).toMatchObject({ countryDialingCode: DIALING, mobileNum });
    // The old number is free again for someone else's sign-up.
    expect(
      (
        await id.send('/wps/verification/sms/register', {
          body: { countryDialingCode: DIALING, mobileNo: m.mobileNum },
          ip: freshIp(),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a wrong password (keeping the code), a wrong code and a number someone else has', async () => {
    const m = await id.registerGolden();
    const taken = await id.registerGolden();
    const mobileNum = freshMobile();
    const code = await codeFor(m, mobileNum);
    const row = await id.memberRow(m.username);
    const body = { countryDialingCode: DIALING, mobileNum, verificationCode: code, password: m.password };
    expect((await changeMobile(m, { ...body, password: 'wrong1234' })).body.errorCode).toBe(
      'password.old.wrong',
    );
    expect(
      (await changeMobile(m, { ...body, verificationCode: code === '000000' ? '000001' : '000000' })).body
        .errorCode,
    ).toBe('sms.code.invalid');
    expect((await changeMobile(m, { ...body, mobileNum: taken.mobileNum })).body.errorCode).toBe(
      'member.mobile.used',
    );
    await id.fails(
      '/wps/member/mobile/code',
      { body: { countryDialingCode: DIALING, mobileNum: taken.mobileNum }, token: m.token },
      409,
      'member.mobile.used',
    );
    expect((await changeMobile(m, { ...body, mobileNum: 'abc' })).body.errorCode).toBe('request.invalid');
    expect(await id.memberRow(m.username)).toEqual(row);
    // The code survived the refusals.
    expect((await changeMobile(m, body)).status).toBe(200);
  });

  it('holds the new number to the brand mobile rule, as at sign-up', async () => {
    const m = await id.registerGolden();
    const row = await id.memberRow(m.username);
    const codes = await id.count('verification_code');
    // GOLDEN numbers have exactly 10 digits.
    const res = await id.fails(
      '/wps/member/mobile/code',
      { body: { countryDialingCode: DIALING, mobileNum: '9171234' }, token: m.token, ip: m.ip },
      400,
      'register.field.invalid',
    );
    expect(res.value).toMatchObject({
      fields: [{ field: 'mobileNum', patternId: 'DIGITS', min: 10, max: 10 }],
    });
    expect(await id.count('verification_code')).toBe(codes);
    expect(
      (
        await changeMobile(m, {
          countryDialingCode: DIALING,
          mobileNum: '9171234',
          verificationCode: '123456',
          password: m.password,
        })
      ).body,
    ).toMatchObject({
      errorCode: 'register.field.invalid',
    });
    expect(await id.memberRow(m.username)).toEqual(row);
  });
});

describe('payment password', () => {
  const setPayment = (token: string, body: Record<string, unknown>, encrypt = true) =>
    id.send('/wps/member/password/payment', { body, token, encrypt });

  it('is set and changed with the login password, stored as an argon2id hash', async () => {
    const m = await id.registerGolden();
    expect((await info(m.token)).hasPaymentPassword).toBe(false);
    expect((await setPayment(m.token, { password: m.password, newPaymentPassword: '246810' })).status).toBe(
      200,
    );
    expect((await info(m.token)).hasPaymentPassword).toBe(true);
    const first = (await id.memberRow(m.username)).payment_password_hash;
    expect(first).toMatch(/^\$argon2id\$/);
    expect((await setPayment(m.token, { password: m.password, newPaymentPassword: '135790' })).status).toBe(
      200,
    );
    expect((await id.memberRow(m.username)).payment_password_hash).not.toBe(first);
  });

  it('refuses a wrong login password, a payment password that is not 6 digits, and a plaintext body', async () => {
    const m = await id.registerGolden();
    expect(
      (await setPayment(m.token, { password: 'wrong1234', newPaymentPassword: '246810' })).body.errorCode,
    ).toBe('password.old.wrong');
    for (const bad of ['12345', '1234567', '12345a', '']) {
      expect(
        (await setPayment(m.token, { password: m.password, newPaymentPassword: bad })).body.errorCode,
      ).toBe('password.rule');
    }
    expect(
      (await setPayment(m.token, { password: m.password, newPaymentPassword: '246810' }, false)).body
        .errorCode,
    ).toBe('payload.decrypt.failed');
    expect((await id.memberRow(m.username)).payment_password_hash).toBeNull();
  });
});

describe('authenticator (TOTP)', () => {
  const totpOf = (secret: string) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const badCode = (good: string) => String((Number(good) + 500_000) % 1_000_000).padStart(6, '0');

  it('is set up, confirmed with a code, used at a new address, and turned off with password and code', async () => {
    const m = await id.registerGolden();
    const setup = await id.ok<{ secret: string; otpauthUrl: string }>('/wps/member/totp/setup', {
      method: 'POST',
      token: m.token,
    });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(decodeURIComponent(setup.otpauthUrl)).toContain(m.username);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    // Not on until confirmed.
    expect((await info(m.token)).totpEnabled).toBe(false);

    const totp = totpOf(setup.secret);
    await id.fails(
      '/wps/member/totp/enable',
      { body: { code: badCode(totp.generate()) }, token: m.token },
      400,
      'totp.invalid',
    );
    await id.fails(
      '/wps/member/totp/enable',
      { body: { code: '12ab56' }, token: m.token },
      400,
      'request.invalid',
    );
    expect((await info(m.token)).totpEnabled).toBe(false);
    expect(
      await id.ok('/wps/member/totp/enable', { body: { code: totp.generate() }, token: m.token }),
    ).toBeNull();
    expect((await info(m.token)).totpEnabled).toBe(true);
    await id.fails('/wps/member/totp/setup', { method: 'POST', token: m.token }, 409, 'system.conflict');
    await id.fails(
      '/wps/member/totp/enable',
      { body: { code: totp.generate() }, token: m.token },
      409,
      'system.conflict',
    );

    // A login from a new address can be confirmed with the authenticator.
    const ip = freshIp();
    const pending = await id.login({ username: m.username, password: m.password }, { ip });
    const value = pending.body.value as unknown as VerificationRequired;
    expect(value.methods).toContain('TOTP');
    const verify = (answer: string) =>
      id.send<LoginResult>('/wps/session/login/verify', {
        body: { pendingToken: value.pendingToken, method: 'TOTP', answer },
        encrypt: true,
        ip,
      });
    expect((await verify(badCode(totp.generate()))).body.errorCode).toBe('login.verification.invalid');
    expect((await verify(totp.generate())).status).toBe(200);

    const row = await id.memberRow(m.username);
    await id.fails(
      '/wps/member/totp/disable',
      { body: { code: totp.generate(), password: 'wrong1234' }, token: m.token },
      400,
      'password.old.wrong',
    );
    await id.fails(
      '/wps/member/totp/disable',
      { body: { code: badCode(totp.generate()), password: m.password }, token: m.token },
      400,
      'totp.invalid',
    );
    expect(await id.memberRow(m.username)).toEqual(row);
    expect(
      await id.ok('/wps/member/totp/disable', {
        body: { code: totp.generate(), password: m.password },
        token: m.token,
      }),
    ).toBeNull();
    expect((await info(m.token)).totpEnabled).toBe(false);
    expect((await id.memberRow(m.username)).totp_secret).toBeNull();
    await id.fails(
      '/wps/member/totp/disable',
      { body: { code: totp.generate(), password: m.password }, token: m.token },
      409,
      'system.conflict',
    );
  });

  it('cannot be enabled before setup', async () => {
    const m = await id.registerGolden();
    await id.fails(
      '/wps/member/totp/enable',
      { body: { code: '123456' }, token: m.token },
      409,
      'system.conflict',
    );
  });
});

describe('login history', () => {
  it('lists the member’s own logins, newest first, page by page, failures included', async () => {
    const m = await id.registerGolden();
    const bystander = await id.registerGolden();
    await id.login({ username: bystander.username, password: bystander.password }, { ip: bystander.ip });
    await id.login({ username: m.username, password: 'wrong1234' }, { ip: m.ip });
    for (let i = 0; i < 3; i++) {
      await id.login(
        { username: m.username, password: m.password },
        { ip: m.ip, headers: { device: `phone-${i}` } },
      );
    }
    // Sign-up plus 1 failure plus 3 logins: 5 events.
    type History = {
      list: { time: string; ip: string; device: string; success: boolean; method: string }[];
      totalPages: number;
    };
    const page1 = await id.ok<History>('/wps/member/loginHistory?pageNo=1&pageSize=2', { token: m.token });
    expect(page1.totalPages).toBe(3);
    expect(page1.list.map((e) => e.device)).toEqual(['phone-2', 'phone-1']);
    expect(page1.list[0]).toMatchObject({ ip: m.ip, success: true, method: 'PASSWORD' });
    const page3 = await id.ok<History>('/wps/member/loginHistory?pageNo=3&pageSize=2', { token: m.token });
    expect(page3.list).toHaveLength(1);
    expect(page3.list[0]).toMatchObject({ method: 'REGISTER', success: true });
    const all = await id.ok<History>('/wps/member/loginHistory', { token: m.token });
    expect(all.list).toHaveLength(5);
    expect(all.list.filter((e) => !e.success)).toHaveLength(1);
    const times = all.list.map((e) => Date.parse(e.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    await id.fails('/wps/member/loginHistory?pageSize=51', { token: m.token }, 400, 'request.invalid');
    await id.fails('/wps/member/loginHistory?pageNo=0', { token: m.token }, 400, 'request.invalid');
    await id.fails('/wps/member/loginHistory', {}, 401, 'login.not.session');
  });
});

describe('API document', () => {
  it('lists the identity calls', async () => {
    const doc = (await id.send('/docs/json')).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: [string, string][] = [
      ['/wps/session/login', 'post'],
      ['/wps/session/login/verify', 'post'],
      ['/wps/session/login/verify/send', 'post'],
      ['/wps/session/login/remember', 'post'],
      ['/wps/session/login/freeplay', 'post'],
      ['/wps/session/logout', 'delete'],
      ['/wps/session/logout', 'post'],
      ['/wps/session/logout/others', 'post'],
      ['/wps/captcha', 'get'],
      ['/wps/verification/sms/noLogin', 'post'],
      ['/wps/verification/sms/register', 'post'],
      ['/wps/member/register', 'put'],
      ['/wps/member/register/mobile', 'put'],
      ['/wps/member/info', 'get'],
      ['/wps/member/info/icon', 'get'],
      ['/wps/member/password', 'post'],
      ['/wps/member/password/email', 'post'],
      ['/wps/member/password/verification', 'post'],
      ['/wps/member/password/payment', 'post'],
      ['/wps/member/profile', 'put'],
      ['/wps/member/mobile', 'put'],
      ['/wps/member/mobile/code', 'post'],
      ['/wps/member/totp/setup', 'post'],
      ['/wps/member/totp/enable', 'post'],
      ['/wps/member/totp/disable', 'post'],
      ['/wps/member/loginHistory', 'get'],
      ['/wps/agent/affiliate', 'get'],
      ['/wps/system/setting/register', 'get'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
