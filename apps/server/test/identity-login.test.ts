import { IDENTITY_LIMITS, type LoginResult, type VerificationRequired } from '@app/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CaptchaImage from '../src/platform/captcha-image';
import { MESSAGES } from '../src/platform/messages';
import type * as Password from '../src/platform/password';
import { hashPassword } from '../src/platform/password';
import { buildAppOn, buildTestApp, type TestContext } from './helper';
import {
  CAPTCHA_TEXT,
  DIALING,
  freezeTime,
  freshIp,
  freshName,
  GOLDEN,
  Identity,
  LOTUS,
  nextWindow,
  type NewMember,
} from './identity-client';

vi.mock('../src/platform/captcha-image', async (importOriginal) => {
  const real = await importOriginal<typeof CaptchaImage>();
  return { ...real, captchaText: () => 'KT7X' };
});

/** Password hashes made, counted: the slow work a call does, whatever its answer. */
const hashes = vi.hoisted(() => ({ made: 0 }));
vi.mock('../src/platform/password', async (importOriginal) => {
  const real = await importOriginal<typeof Password>();
  return {
    ...real,
    hashPassword: (plain: string) => {
      hashes.made++;
      return real.hashPassword(plain);
    },
  };
});

const LOGIN = '/wps/session/login';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const wrong = (m: NewMember) => ({ username: m.username, password: `${m.password}x` });
const right = (m: NewMember) => ({ username: m.username, password: m.password });

describe('password login', () => {
  it('logs in with a new token each time, the username in any case and trimmed', async () => {
    const m = await id.registerGolden();
    const before = await id.count('member_session');
    const a = await id.loginOk(
      { username: ` ${m.username.toUpperCase()} `, password: m.password },
      { ip: m.ip },
    );
    const b = await id.loginOk(right(m), { ip: m.ip });
    expect(a).toMatchObject({
      username: m.username,
      isAgent: 0,
      customerId: Number(m.id),
      mustChangePassword: false,
    });
    expect(a.firstTimeLogin).toBe(false); // the sign-up already logged it in once
    expect(a.rememberToken).toBeUndefined();
    expect(a.token).not.toBe(b.token);
    expect(await id.count('member_session')).toBe(before + 2);
    for (const token of [a.token, b.token, m.token]) expect((await id.info(token)).status).toBe(200);
  });

  it('refuses a wrong password with login.failed, records it and starts no session', async () => {
    const m = await id.registerGolden();
    const before = await id.counts();
    const res = await id.fails(
      LOGIN,
      { method: 'POST', body: wrong(m), encrypt: true, ip: m.ip },
      401,
      'login.failed',
    );
    expect(res.message).toBe('Wrong username or password.');
    expect(res.value).toEqual({ captchaRequired: false });
    expect(await id.counts()).toEqual(before);
    const events = await t.db.db
      .selectFrom('login_event')
      .selectAll()
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .execute();
    expect(events[0]).toMatchObject({ success: false, method: 'PASSWORD', ip: m.ip });
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const m = await id.registerGolden();
    const known = await id.login(wrong(m), { ip: freshIp() });
    const unknown = await id.login(
      { username: freshName('nobody'), password: 'abc12345' },
      { ip: freshIp() },
    );
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('words the failure in the request language', async () => {
    const m = await id.registerGolden();
    const cn = await id.login(wrong(m), { ip: freshIp(), lang: 'CN' });
    expect(cn.body).toMatchObject({ errorCode: 'login.failed', message: MESSAGES.CN['login.failed'] });
    expect(cn.body.message).toBe('用户名或密码错误。');
    // LOTUS speaks MY unless asked otherwise.
    const my = await id.login({ username: 'nosuch1', password: 'abc12345' }, { ip: freshIp(), host: LOTUS });
    expect(my.body.message).toBe(MESSAGES.MY['login.failed']);
  });

  it('asks for both fields', async () => {
    const ip = freshIp();
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', username: 'someone' }, encrypt: true, ip },
      400,
      'login.required.fields',
    );
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', username: '  ', password: 'x' }, encrypt: true, ip },
      400,
      'login.required.fields',
    );
  });

  it('refuses a plaintext body', async () => {
    const m = await id.registerGolden();
    const before = await id.counts();
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m) }, ip: m.ip },
      400,
      'payload.decrypt.failed',
    );
    expect(await id.counts()).toEqual(before);
  });

  it('refuses a disabled account exactly like a wrong password, whatever password is sent', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', m.id).execute();
    const before = await id.count('member_session');
    // The right password, a wrong one and an unknown username: one answer, so no guesser learns
    // that the password was right or that the account exists.
    const answers = [
      await id.login(right(m), { ip: freshIp() }),
      await id.login(wrong(m), { ip: freshIp() }),
      await id.login({ username: freshName('ghost'), password: m.password }, { ip: freshIp() }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[2]!.body);
    }
    expect(answers[0]!.body).toMatchObject({ errorCode: 'login.failed', value: { captchaRequired: false } });
    expect(await id.count('member_session')).toBe(before);
    // Its open session is dead too.
    expect((await id.info(m.token)).status).toBe(401);
  });

  it('refuses a trial account even with its password', async () => {
    const trial = await id.ok<LoginResult>('/wps/session/login/freeplay', {
      body: { os: 'test', platform: 'W', random: 'r' },
      encrypt: true,
      ip: freshIp(),
    });
    await t.db.db
      .updateTable('member')
      .set({ password_hash: await hashPassword('abc12345') })
      .where('username', '=', trial.username)
      .execute();
    await id.fails(
      LOGIN,
      {
        method: 'POST',
        body: { type: 'username', username: trial.username, password: 'abc12345' },
        encrypt: true,
        ip: freshIp(),
      },
      401,
      'login.failed',
    );
  });
});

describe('captcha after failed logins', () => {
  it('serves a base64 PNG and throttles refreshes', async () => {
    const ip = freshIp();
    const png = Buffer.from(await id.captcha(ip), 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const clock = freezeTime(nextWindow(1));
    try {
      await id.captcha(ip);
      await id.captcha(ip);
      await id.fails('/wps/captcha', { ip }, 429, 'system.throttled');
      // Another caller is not held up by it.
      await id.captcha(freshIp());
      clock.advance(1000);
      await id.captcha(ip);
    } finally {
      clock.restore();
    }
  });

  it('is required after the third failure; wrong and missing answers are refused; a right one works once', async () => {
    const m = await id.registerGolden();
    const ip = m.ip;
    for (const expected of [false, false, true]) {
      const res = await id.login(wrong(m), { ip });
      expect(res.body).toMatchObject({ errorCode: 'login.failed', value: { captchaRequired: expected } });
    }
    // Even the right password needs the captcha now.
    const before = await id.counts();
    const required = await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m) }, encrypt: true, ip },
      400,
      'login.captcha.required',
    );
    expect(required.value).toEqual({ captchaRequired: true });
    await id.captcha(ip);
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m), captcha: 'AAAA' }, encrypt: true, ip },
      400,
      'login.captcha.invalid',
    );
    // The wrong answer used the image up.
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m), captcha: CAPTCHA_TEXT }, encrypt: true, ip },
      400,
      'login.captcha.invalid',
    );
    expect(await id.counts()).toEqual(before);

    await id.afterASecond();
    await id.captcha(ip);
    const ok = await id.loginOk({ ...right(m), captcha: CAPTCHA_TEXT.toLowerCase() }, { ip });
    expect(ok.username).toBe(m.username);
    // Single use: the same answer again is refused.
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m), captcha: CAPTCHA_TEXT }, encrypt: true, ip },
      400,
      'login.captcha.invalid',
    );
  });

  it('binds the answer to the address that fetched the image', async () => {
    const m = await id.registerGolden();
    for (let i = 0; i < 3; i++) await id.login(wrong(m), { ip: m.ip });
    const elsewhere = freshIp();
    await id.captcha(elsewhere);
    // The account has three failures, so a captcha is asked from any address.
    await id.fails(
      LOGIN,
      {
        method: 'POST',
        body: { type: 'username', ...right(m), captcha: CAPTCHA_TEXT },
        encrypt: true,
        ip: m.ip,
      },
      400,
      'login.captcha.invalid',
    );
  });

  it('is required from an address and device with three failures, whatever the account', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      await id.login({ username: freshName('ghost'), password: 'abc12345' }, { ip });
    const m = await id.registerGolden({}, { ip });
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m) }, encrypt: true, ip },
      400,
      'login.captcha.required',
    );
    // From a clean address no captcha is asked (only the new-address check).
    expect((await id.login(right(m), { ip: freshIp() })).body.errorCode).toBe('login.verification.required');
  });
});

describe('failures counted per account and per address and device', () => {
  const as = (ip: string, device: string) => ({ ip, headers: { device } });
  // Failures are counted in fixed 15-minute windows: each test runs inside one window.
  let clock: ReturnType<typeof freezeTime>;
  beforeEach(() => {
    clock = freezeTime(nextWindow(15 * 60));
  });
  afterEach(() => clock.restore());

  it('three failures by one member do not put the captcha on another device behind the same address', async () => {
    const ip = freshIp();
    const a = await id.registerGolden({}, { ip });
    const b = await id.registerGolden({}, { ip });
    for (const expected of [false, false, true]) {
      const res = await id.login(wrong(a), as(ip, 'phone-a'));
      expect(res.body).toMatchObject({ errorCode: 'login.failed', value: { captchaRequired: expected } });
    }
    // B, on its own device, logs in without a captcha.
    expect((await id.login(right(b), as(ip, 'phone-b'))).status).toBe(200);
    // A needs it, from its device and from any other (the account has three failures).
    for (const device of ['phone-a', 'phone-c']) {
      await id.fails(
        LOGIN,
        { method: 'POST', body: { type: 'username', ...right(a) }, encrypt: true, ...as(ip, device) },
        400,
        'login.captcha.required',
      );
    }
    // And anyone on A's device needs it too.
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(b) }, encrypt: true, ...as(ip, 'phone-a') },
      400,
      'login.captcha.required',
    );
  });

  it('keeps a much higher ceiling per address, whatever the accounts and devices', async () => {
    const ip = freshIp();
    const m = await id.registerGolden({}, { ip });
    const ceiling = IDENTITY_LIMITS.captchaAfterIpFailures;
    for (let i = 1; i <= ceiling; i++) {
      // The per-address login throttle (30 a minute) is not what this is about.
      if (i % 20 === 0) clock.advance(60_000);
      const res = await id.login({ username: freshName('ghost'), password: 'abc12345' }, as(ip, `d${i}`));
      expect(res.body, `failure ${i}`).toMatchObject({
        errorCode: 'login.failed',
        value: { captchaRequired: i === ceiling },
      });
    }
    await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m) }, encrypt: true, ...as(ip, 'fresh-device') },
      400,
      'login.captcha.required',
    );
    // From another address the same member is asked no captcha (only the new-address check).
    expect((await id.login(right(m), { ip: freshIp() })).body.errorCode).toBe('login.verification.required');
  });
});

describe('attempt limits under concurrent logins', () => {
  const failedLogins = async (memberId: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('login_event')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('member_id', '=', memberId)
          .where('success', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Failures are counted in fixed 15-minute windows: each burst runs inside one window.
  let clock: ReturnType<typeof freezeTime>;
  beforeEach(() => {
    clock = freezeTime(nextWindow(15 * 60));
  });
  afterEach(() => clock.restore());

  it('a burst of 19 wrong passwords and the right one gets no session: the captcha stops it', async () => {
    const m = await id.registerGolden();
    const before = await id.count('member_session');
    const answers = await Promise.all([
      ...Array.from({ length: 19 }, () => id.login(wrong(m), { ip: m.ip })),
      id.login(right(m), { ip: m.ip }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(answers.at(-1)!.body.errorCode).toBe('login.captcha.required');
    // No more passwords were tried than a sequence of logins may try before the captcha.
    expect(await failedLogins(m.id)).toBeLessThanOrEqual(3);
    expect(await id.count('member_session')).toBe(before);
    // The account's and the (IP, device)'s counts are reserved one after the other, so in a burst
    // the first three of one are not always the first three of the other: every attempt may meet
    // the captcha with no password tried, and then nothing was counted against the account.
    // Either way the next login needs the captcha exactly when three failures were counted.
    const tried = await failedLogins(m.id);
    const next = await id.login(right(m), { ip: m.ip });
    expect(next.body.errorCode).toBe(tried >= 3 ? 'login.captcha.required' : undefined);
  });

  it('a burst of 19 wrong passwords and the right one, each with a solved captcha, locks the account', async () => {
    const m = await id.registerGolden();
    const ips = [...Array.from({ length: 19 }, () => freshIp()), m.ip];
    for (const ip of ips) await id.captcha(ip);
    const before = await id.count('member_session');
    // The burst's order of arrival is the server's, not the order the requests were sent in, so
    // the right password follows the wrong ones: within the tries left it would rightly get in.
    const burst = await Promise.all(
      ips.slice(0, 19).map((ip) => id.login({ ...wrong(m), captcha: CAPTCHA_TEXT }, { ip })),
    );
    const answers = [...burst, await id.login({ ...right(m), captcha: CAPTCHA_TEXT }, { ip: m.ip })];
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    expect(answers.at(-1)!.body.errorCode).toBe('login.account.locked');
    expect(await failedLogins(m.id)).toBeLessThanOrEqual(10);
    expect(await id.count('member_session')).toBe(before);
    // Locked: the right password, captcha and all, is refused for the lock's length.
    await id.afterASecond();
    await id.captcha(m.ip);
    await id.fails(
      LOGIN,
      {
        method: 'POST',
        body: { type: 'username', ...right(m), captcha: CAPTCHA_TEXT },
        encrypt: true,
        ip: m.ip,
      },
      403,
      'login.account.locked',
    );
  });
});

describe('no account enumeration', () => {
  it('forgot-by-e-mail answers alike for an unknown username, a wrong e-mail and no e-mail, doing the same work as a match', async () => {
    const withMail = await id.registerGolden({ email: 'enum@example.com' });
    const noMail = await id.registerGolden();
    const ask = async (username: string, email: string) => {
      const made = hashes.made;
      const res = await id.send('/wps/member/password/email', {
        method: 'POST',
        ip: freshIp(),
        body: { username, email },
      });
      return { res, hashed: hashes.made - made };
    };
    const match = await ask(withMail.username, 'enum@example.com');
    expect(match.res.status).toBe(200);
    const misses = [
      await ask(freshName('ghost'), 'enum@example.com'),
      await ask(withMail.username, 'other@example.com'),
      await ask(noMail.username, 'enum@example.com'),
    ];
    for (const miss of misses) {
      expect(miss.res).toEqual(misses[0]!.res);
      // Hashing the temporary password is most of a match's time: a miss does it too.
      expect(miss.hashed).toBe(match.hashed);
    }
    expect(misses[0]!.res.body.errorCode).toBe('reset.account.not.found');
    expect(misses[0]!.res.status).toBe(404);
  });
});

describe('lockout and throttles', () => {
  it('locks the account after 10 failures, even for the right password, for 15 minutes', async () => {
    const m = await id.registerGolden();
    for (let i = 1; i <= 10; i++) {
      const ip = freshIp(); // spread over addresses: the lock is per account
      if (i > 3) await id.captcha(ip);
      const res = await id.login({ ...wrong(m), captcha: CAPTCHA_TEXT }, { ip });
      expect(res.body, `attempt ${i}`).toMatchObject({ errorCode: 'login.failed' });
    }
    const before = await id.counts();
    const locked = await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m) }, encrypt: true, ip: m.ip },
      403,
      'login.account.locked',
    );
    expect(locked.message).toBe('Too many failed attempts. Please try again in 15 minutes.');
    expect(await id.count('member_session')).toBe(before.member_session);
    // Other accounts are not affected.
    const other = await id.registerGolden();
    expect((await id.login(right(other), { ip: other.ip })).status).toBe(200);
  });

  it('throttles logins per address before any password is checked', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    const clock = freezeTime(nextWindow(60));
    try {
      for (let i = 0; i < 30; i++) {
        const res = await id.login({ username: '', password: '' }, { ip });
        expect(res.body.errorCode).toBe('login.required.fields');
      }
      const before = await id.counts();
      await id.fails(
        LOGIN,
        { method: 'POST', body: { type: 'username', ...right(m) }, encrypt: true, ip },
        429,
        'system.throttled',
      );
      expect(await id.counts()).toEqual(before);
      // Another address is not throttled.
      expect((await id.login(right(m), { ip: m.ip })).status).toBe(200);
      clock.advance(60_000);
      expect((await id.login({ username: '', password: '' }, { ip })).body.errorCode).toBe(
        'login.required.fields',
      );
    } finally {
      clock.restore();
    }
  });
});

describe('extra verification from a new address', () => {
  async function pending(m: NewMember, ip: string, extra: Record<string, unknown> = {}) {
    const before = await id.count('member_session');
    const res = await id.fails(
      LOGIN,
      { method: 'POST', body: { type: 'username', ...right(m), ...extra }, encrypt: true, ip },
      403,
      'login.verification.required',
    );
    expect(await id.count('member_session')).toBe(before);
    return res.value as VerificationRequired;
  }
  const verify = (body: Record<string, unknown>, ip: string) =>
    id.send<LoginResult>('/wps/session/login/verify', { method: 'POST', body, encrypt: true, ip });

  it('asks for it with the methods the member has, masked targets and a pending token', async () => {
    const m = await id.registerGolden({ email: 'juan.cruz@example.com' });
    const value = await pending(m, freshIp());
    expect(value.methods).toEqual(['SMS', 'EMAIL', 'BANK_NAME']);
    expect(value.pendingToken.length).toBeGreaterThanOrEqual(22);
    expect(value.targets.SMS).toBe(`+${DIALING} ••••${m.mobileNum.slice(-4)}`);
    expect(value.targets.EMAIL).toBe('j•••@example.com');
    expect(JSON.stringify(value)).not.toContain(m.mobileNum);
    expect(JSON.stringify(value)).not.toContain(m.payeeName);
  });

  it('is not asked of the address the member registered from', async () => {
    const m = await id.registerGolden();
    expect((await id.login(right(m), { ip: m.ip })).status).toBe(200);
  });

  it('verifies by SMS code; the address is then known', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    const { pendingToken } = await pending(m, ip);
    await id.afterASecond();
    expect(
      await id.ok('/wps/session/login/verify/send', { body: { pendingToken, method: 'SMS' }, ip }),
    ).toEqual({ expiredMinutes: 5 });
    const code = await id.lastCode(`${DIALING}${m.mobileNum}`);
    const bad = code === '000000' ? '000001' : '000000';
    expect((await verify({ pendingToken, method: 'SMS', answer: bad }, ip)).body).toMatchObject({
      errorCode: 'sms.code.invalid',
    });
    const result = await verify({ pendingToken, method: 'SMS', answer: code }, ip);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect((await id.info(result.body.value!.token)).status).toBe(200);
    // Used once: the pending token is spent.
    expect((await verify({ pendingToken, method: 'SMS', answer: code }, ip)).body).toMatchObject({
      errorCode: 'login.verification.invalid',
    });
    expect((await id.login(right(m), { ip })).status).toBe(200);
    const [event] = await t.db.db
      .selectFrom('login_event')
      .select('method')
      .where('member_id', '=', m.id)
      .where('ip', '=', ip)
      .orderBy('id')
      .execute();
    expect(event!.method).toBe('PASSWORD+SMS');
  });

  it('verifies by e-mail code', async () => {
    const m = await id.registerGolden({ email: 'maria.e@example.com' });
    const ip = freshIp();
    const { pendingToken } = await pending(m, ip);
    await id.ok('/wps/session/login/verify/send', { body: { pendingToken, method: 'EMAIL' }, ip });
    const [mail] = await id.outbox('maria.e@example.com');
    expect(mail!.channel).toBe('EMAIL');
    const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
    const res = await verify({ pendingToken, method: 'EMAIL', answer: code }, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('verifies by the bank account name, in any case and spacing; wrong names burn the token after 5', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    // Remember-me asked with the password carries over to the verified login.
    const first = await pending(m, ip, { remember: true });
    const ok = await verify(
      { pendingToken: first.pendingToken, method: 'BANK_NAME', answer: '  juan  DELA cruz ' },
      ip,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value!.rememberToken).toBeDefined();

    const ip2 = freshIp();
    const second = await pending(m, ip2);
    for (let i = 0; i < 5; i++) {
      const res = await verify(
        { pendingToken: second.pendingToken, method: 'BANK_NAME', answer: 'Someone Else' },
        ip2,
      );
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('login.verification.invalid');
    }
    const before = await id.count('member_session');
    expect(
      (await verify({ pendingToken: second.pendingToken, method: 'BANK_NAME', answer: m.payeeName }, ip2))
        .body,
    ).toMatchObject({
      errorCode: 'login.verification.invalid',
    });
    expect(await id.count('member_session')).toBe(before);
  });

  it('refuses a method the member does not have, another address, an expired or unknown token', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    const { pendingToken } = await pending(m, ip);
    const before = await id.counts();
    for (const [body, from] of [
      [{ pendingToken, method: 'TOTP', answer: '123456' }, ip],
      [{ pendingToken, method: 'EMAIL', answer: '123456' }, ip],
      [{ pendingToken, method: 'BANK_NAME', answer: m.payeeName }, freshIp()],
      [{ pendingToken: 'x'.repeat(43), method: 'BANK_NAME', answer: m.payeeName }, ip],
    ] as const) {
      const res = await verify(body, from);
      expect(res.body, JSON.stringify(body)).toMatchObject({ errorCode: 'login.verification.invalid' });
    }
    await id.fails(
      '/wps/session/login/verify/send',
      { body: { pendingToken, method: 'SMS' }, ip: freshIp() },
      400,
      'login.verification.invalid',
    );
    await id.fails(
      '/wps/session/login/verify/send',
      { body: { pendingToken, method: 'EMAIL' }, ip },
      400,
      'login.verification.invalid',
    );
    expect(await id.counts()).toEqual(before);

    await t.db.db
      .updateTable('pending_login')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', m.id)
      .execute();
    expect((await verify({ pendingToken, method: 'BANK_NAME', answer: m.payeeName }, ip)).body).toMatchObject(
      {
        errorCode: 'login.verification.invalid',
      },
    );
  });

  it('is not asked of a member with nothing to verify by', async () => {
    const m = await id.registerGolden();
    await t.db.db
      .updateTable('member')
      .set({ payee_name: null, mobile_num: null, country_dialing_code: null })
      .where('id', '=', m.id)
      .execute();
    expect((await id.login(right(m), { ip: freshIp() })).status).toBe(200);
  });
});

describe('remember me', () => {
  const exchange = (rememberToken: string, o: { ip?: string; host?: string } = {}) =>
    id.send<LoginResult>('/wps/session/login/remember', { body: { rememberToken }, ...o });

  it('gives a remember token that is exchanged for a session once, rotating', async () => {
    const m = await id.registerGolden();
    const login = await id.loginOk({ ...right(m), remember: true }, { ip: m.ip });
    expect(login.rememberToken).toBeDefined();
    const row = await id.sessionRow(login.rememberToken!);
    expect(row.kind).toBe('REMEMBER');
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const next = await exchange(login.rememberToken!, { ip: m.ip });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const { token, rememberToken } = next.body.value!;
    expect(rememberToken).toBeDefined();
    expect(rememberToken).not.toBe(login.rememberToken);
    expect((await id.info(token)).status).toBe(200);

    // The old remember token is spent.
    const before = await id.count('member_session');
    expect((await exchange(login.rememberToken!)).body).toMatchObject({ errorCode: 'login.not.session' });
    expect((await exchange(login.rememberToken!)).status).toBe(401);
    expect(await id.count('member_session')).toBe(before);
  });

  it('survives the session expiring and a server restart, but not another brand', async () => {
    const m = await id.registerGolden();
    const login = await id.loginOk({ ...right(m), remember: true }, { ip: m.ip });
    await t.db.db
      .updateTable('member_session')
      .set({ last_seen_at: new Date(Date.now() - 61 * 60_000) })
      .where('id', '=', (await id.sessionRow(login.token)).id)
      .execute();
    expect((await id.info(login.token)).status).toBe(401);

    expect((await exchange(login.rememberToken!, { host: LOTUS })).body).toMatchObject({
      errorCode: 'login.not.session',
    });

    const other = await buildAppOn(t.db);
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/wps/session/login/remember',
        headers: { host: GOLDEN },
        payload: { rememberToken: login.rememberToken },
        remoteAddress: m.ip,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ value: LoginResult }>().value.username).toBe(m.username);
    } finally {
      await other.close();
    }
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await exchange('a'.repeat(43))).status).toBe(401);
    expect((await exchange('short')).body).toMatchObject({ errorCode: 'request.invalid' });
  });
});
