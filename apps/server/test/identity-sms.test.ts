import type { LoginResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import {
  DIALING,
  freezeTime,
  freshIp,
  freshMobile,
  Identity,
  LOTUS,
  nextWindow,
  type NewMember,
} from './identity-client';

const SEND = '/wps/verification/sms/noLogin';
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

const target = (mobileNum: string) => `${DIALING}${mobileNum}`;
const smsLogin = (
  m: { mobileNum: string },
  verificationCode: string,
  ip = freshIp(),
  extra: Record<string, unknown> = {},
) =>
  id.send<LoginResult>(LOGIN, {
    method: 'POST',
    body: {
      type: 'sms',
      countryDialingCode: `+${DIALING}`,
      mobileNum: m.mobileNum,
      verificationCode,
      ...extra,
    },
    encrypt: true,
    ip,
  });

/** Asks for a login code for a member's number (a second after the last send) and reads it. */
async function loginCode(m: { mobileNum: string }, ip = freshIp()): Promise<string> {
  await id.afterASecond();
  expect(await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip })).toEqual({
    expiredMinutes: 5,
  });
  return id.lastCode(target(m.mobileNum));
}

const other = (code: string) => (code === '000000' ? '000001' : '000000');

async function unusedCodes(m: NewMember) {
  return t.db.db
    .selectFrom('verification_code')
    .selectAll()
    .where('target', '=', target(m.mobileNum))
    .where('purpose', '=', 'LOGIN')
    .orderBy('id', 'desc')
    .execute();
}

describe('SMS login', () => {
  it('logs in with the code from the outbox, from any address, without a forced password change', async () => {
    const m = await id.registerGolden();
    await t.db.db.updateTable('member').set({ must_change_password: true }).where('id', '=', m.id).execute();
    const code = await loginCode(m);
    const [message] = await id.outbox(target(m.mobileNum));
    expect(message!.body).toContain('expires in 5 minutes');
    const res = await smsLogin(m, code, freshIp(), { remember: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({ username: m.username, mustChangePassword: false, isAgent: 0 });
    expect(res.body.value!.rememberToken).toBeDefined();
    expect((await id.info(res.body.value!.token)).status).toBe(200);
    const [event] = await t.db.db
      .selectFrom('login_event')
      .select('method')
      .where('member_id', '=', m.id)
      .orderBy('id', 'desc')
      .execute();
    expect(event!.method).toBe('SMS');
  });

  it('refuses a reused code', async () => {
    const m = await id.registerGolden();
    const code = await loginCode(m);
    expect((await smsLogin(m, code)).status).toBe(200);
    const before = await id.counts();
    await id.fails(
      LOGIN,
      {
        method: 'POST',
        body: { type: 'sms', countryDialingCode: DIALING, mobileNum: m.mobileNum, verificationCode: code },
        encrypt: true,
        ip: freshIp(),
      },
      400,
      'sms.code.invalid',
    );
    expect(await id.counts()).toEqual(before);
  });

  it('refuses an expired code', async () => {
    const m = await id.registerGolden();
    const code = await loginCode(m);
    await t.db.db
      .updateTable('verification_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', target(m.mobileNum))
      .where('purpose', '=', 'LOGIN')
      .execute();
    const before = await id.counts();
    const res = await smsLogin(m, code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'sms.code.expired',
      message: 'The verification code has expired. Please request a new one.',
    });
    expect(await id.counts()).toEqual(before);
  });

  it('counts wrong codes and locks the number for 5 minutes after the fifth', async () => {
    const m = await id.registerGolden();
    const code = await loginCode(m);
    const before = await id.counts();
    for (let i = 1; i <= 4; i++) {
      const res = await smsLogin(m, other(code));
      expect(res.body, `try ${i}`).toMatchObject({ errorCode: 'sms.code.invalid' });
      expect((await unusedCodes(m))[0]!.tries).toBe(i);
    }
    const fifth = await smsLogin(m, other(code));
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({
      errorCode: 'sms.locked',
      message: 'Too many attempts. Please try again after 5 minutes.',
    });
    // The right code no longer works, and no new code can be sent while locked.
    expect((await smsLogin(m, code)).body).toMatchObject({ errorCode: 'sms.locked' });
    await id.afterASecond();
    await id.fails(
      SEND,
      { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip: freshIp() },
      429,
      'sms.locked',
    );
    expect(await id.count('member_session')).toBe(before.member_session);

    // Five minutes later the lock is gone, but the burnt code stays dead.
    await t.db.db
      .updateTable('rate_counter')
      .set({ window_start: new Date(Date.now() - 1000) })
      .where('key', '=', `lock:code:GOLDEN:${target(m.mobileNum)}`)
      .execute();
    expect((await smsLogin(m, code)).body).toMatchObject({ errorCode: 'sms.code.invalid' });
    const fresh = await loginCode(m);
    expect((await smsLogin(m, fresh)).status).toBe(200);
  });

  it('does not take a code sent for another purpose', async () => {
    const mobileNum = freshMobile();
    const registerCode = await id.registerCode(mobileNum);
    const res = await smsLogin({ mobileNum }, registerCode);
    expect(res.body).toMatchObject({ errorCode: 'sms.code.invalid' });
  });

  it('asks for number and code', async () => {
    const ip = freshIp();
    for (const body of [
      { type: 'sms', countryDialingCode: DIALING, mobileNum: '9171234567' },
      { type: 'sms', countryDialingCode: DIALING, verificationCode: '123456' },
      { type: 'sms', countryDialingCode: 'PH', mobileNum: '9171234567', verificationCode: '123456' },
      { type: 'sms', countryDialingCode: DIALING, mobileNum: '12', verificationCode: '123456' },
    ]) {
      await id.fails(LOGIN, { method: 'POST', body, encrypt: true, ip }, 400, 'login.required.fields');
    }
  });

  it('is refused where the brand has SMS login off', async () => {
    await id.fails(
      LOGIN,
      {
        method: 'POST',
        body: { type: 'sms', countryDialingCode: '60', mobileNum: '123456789', verificationCode: '123456' },
        encrypt: true,
        ip: freshIp(),
        host: LOTUS,
      },
      403,
      'system.feature.disabled',
    );
    await id.setModule('GOLDEN', 'MOBILEVERCODELOGIN3', false);
    try {
      const m = await id.registerGolden();
      const code = await loginCode(m);
      expect((await smsLogin(m, code)).body).toMatchObject({ errorCode: 'system.feature.disabled' });
    } finally {
      await id.setModule('GOLDEN', 'MOBILEVERCODELOGIN3', true);
    }
  });

  it('answers a number with no account like any other, and sends nothing', async () => {
    const mobileNum = freshMobile();
    const codes = await id.count('verification_code');
    expect(await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum }, ip: freshIp() })).toEqual({
      expiredMinutes: 5,
    });
    expect(await id.outbox(target(mobileNum))).toEqual([]);
    expect(await id.count('verification_code')).toBe(codes);
    expect((await smsLogin({ mobileNum }, '123456')).body).toMatchObject({ errorCode: 'sms.code.invalid' });
  });

  it('validates the send request', async () => {
    const ip = freshIp();
    await id.fails(SEND, { body: { countryDialingCode: DIALING }, ip }, 400, 'request.invalid');
    await id.fails(
      SEND,
      { body: { countryDialingCode: 'x', mobileNum: '9171234567' }, ip },
      400,
      'request.invalid',
    );
    await id.fails(
      SEND,
      { body: { countryDialingCode: DIALING, mobileNum: '91712a4567' }, ip },
      400,
      'request.invalid',
    );
  });
});

describe('send throttles', () => {
  it('sends once a second per number', async () => {
    const m = await id.registerGolden();
    await id.afterASecond();
    const clock = freezeTime(nextWindow(600));
    try {
      await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip: freshIp() });
      const codes = await id.count('verification_code');
      const res = await id.fails(
        SEND,
        { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip: freshIp() },
        429,
        'sms.throttled',
      );
      expect(res.message).toBe('Too many requests. Please try again later.');
      expect(await id.count('verification_code')).toBe(codes);
      // A number without an account is throttled the same way (nothing tells them apart).
      const stranger = freshMobile();
      await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum: stranger }, ip: freshIp() });
      await id.fails(
        SEND,
        { body: { countryDialingCode: DIALING, mobileNum: stranger }, ip: freshIp() },
        429,
        'sms.throttled',
      );
      clock.advance(1000);
      await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip: freshIp() });
    } finally {
      clock.restore();
    }
  });

  it('locks a number for 5 minutes at the fourth send within 10 minutes, then lets it start again', async () => {
    const m = await id.registerGolden();
    await id.afterASecond();
    const clock = freezeTime(nextWindow(600));
    const send = () =>
      id.send(SEND, { body: { countryDialingCode: DIALING, mobileNum: m.mobileNum }, ip: freshIp() });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await send()).status).toBe(200);
        clock.advance(2000);
      }
      const codes = await id.count('verification_code');
      const fourth = await send();
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({
        errorCode: 'sms.locked',
        message: 'Too many attempts. Please try again after 5 minutes.',
      });
      expect(await id.count('verification_code')).toBe(codes);
      clock.advance(60_000);
      expect((await send()).body).toMatchObject({
        errorCode: 'sms.locked',
        message: 'Too many attempts. Please try again after 4 minutes.',
      });
      // After the 5 minutes (still inside the same 10-minute window) the number may ask again.
      clock.advance(4 * 60_000 + 1000);
      const after = await send();
      expect(after.status, JSON.stringify(after.body)).toBe(200);
    } finally {
      clock.restore();
    }
  });

  it('throttles one address at 20 sends an hour, whatever the numbers', async () => {
    const ip = freshIp();
    const clock = freezeTime(nextWindow(3600));
    try {
      for (let i = 0; i < 20; i++) {
        expect(
          (await id.send(SEND, { body: { countryDialingCode: DIALING, mobileNum: freshMobile() }, ip }))
            .status,
        ).toBe(200);
      }
      await id.fails(
        SEND,
        { body: { countryDialingCode: DIALING, mobileNum: freshMobile() }, ip },
        429,
        'sms.throttled',
      );
      await id.fails(
        '/wps/verification/sms/register',
        { body: { countryDialingCode: DIALING, mobileNo: freshMobile() }, ip },
        429,
        'sms.throttled',
      );
      // Another address is not.
      await id.ok(SEND, { body: { countryDialingCode: DIALING, mobileNum: freshMobile() }, ip: freshIp() });
    } finally {
      clock.restore();
    }
  });
});
