import type { LoginResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/platform/messages';
import { buildTestApp, type TestContext } from './helper';
import {
  DIALING,
  freezeTime,
  freshIp,
  freshMobile,
  Identity,
  LOTUS,
  nextWindow,
  type Send,
} from './identity-client';

const FREEPLAY = '/wps/session/login/freeplay';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const freePlay = (o: Send = {}) =>
  id.send<LoginResult>(FREEPLAY, {
    body: { os: 'Linux', platform: 'W', random: 'k2j4h5' },
    encrypt: true,
    ip: freshIp(),
    ...o,
  });

describe('free play', () => {
  it('creates a trial account (isAgent 4) and logs it in', async () => {
    const before = await id.count('member');
    const res = await freePlay();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trial = res.body.value!;
    expect(trial).toMatchObject({ isAgent: 4, mustChangePassword: false, firstTimeLogin: true });
    expect(trial.username).toMatch(/^guest[a-z0-9]{8}$/);
    expect(await id.count('member')).toBe(before + 1);
    const row = await id.memberRow(trial.username);
    expect(row).toMatchObject({ is_agent: 4, register_method: 'FREEPLAY', mobile_num: null, email: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    // It may read its own info (the site needs isAgent to show the trial warning).
    const info = await id.info(trial.token);
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: trial.username, isAgent: 4, type: 4 });
    expect((await id.send('/wps/member/info/icon', { token: trial.token })).status).toBe(200);
    // Each free play is a new account.
    expect((await freePlay()).body.value!.username).not.toBe(trial.username);
  });

  it('is refused the member centre: profile, login history, payment password, mobile, authenticator', async () => {
    const { token, username } = (await freePlay()).body.value!;
    const row = await id.memberRow(username);
    const mobileNum = freshMobile();
    const calls: [string, Send][] = [
      ['/wps/member/profile', { method: 'PUT', body: { nickname: 'Guest' } }],
      ['/wps/member/loginHistory', {}],
      [
        '/wps/member/password/payment',
        { body: { password: 'abc12345', newPaymentPassword: '123456' }, encrypt: true },
      ],
      ['/wps/member/mobile/code', { body: { countryDialingCode: DIALING, mobileNum } }],
      [
        '/wps/member/mobile',
        {
          method: 'PUT',
          body: {
            countryDialingCode: DIALING,
            mobileNum,
            verificationCode: '123456',
            password: 'x',
          },
        },
      ],
      ['/wps/member/totp/setup', { method: 'POST' }],
      ['/wps/member/totp/enable', { body: { code: '123456' } }],
      ['/wps/member/totp/disable', { body: { code: '123456', password: 'x' } }],
    ];
    for (const [url, o] of calls) {
      const res = await id.fails(url, { ...o, token }, 403, 'member.trial.forbidden');
      expect(res.message).toBe(MESSAGES.EN['member.trial.forbidden']);
    }
    expect(await id.outbox(`${DIALING}${mobileNum}`)).toEqual([]);
    expect(await id.memberRow(username)).toEqual(row);
    // In the caller's language.
    const cn = await id.send('/wps/member/loginHistory', { token, lang: 'CN' });
    expect(cn.body.message).toBe(MESSAGES.CN['member.trial.forbidden']);
  });

  it('logs out like any session', async () => {
    const { token } = (await freePlay()).body.value!;
    expect(await id.ok('/wps/session/logout', { method: 'DELETE', token })).toBeNull();
    expect((await id.info(token)).status).toBe(401);
  });

  it('cannot recover a password: it has none the member knows', async () => {
    const { username } = (await freePlay()).body.value!;
    await id.fails(
      '/wps/member/password/email',
      { body: { username, email: 'guest@example.com' } },
      404,
      'reset.account.not.found',
    );
  });

  it('is refused where the brand has free play off', async () => {
    const before = await id.count('member');
    const lotus = await freePlay({ host: LOTUS });
    expect(lotus.status).toBe(403);
    expect(lotus.body).toMatchObject({
      errorCode: 'system.feature.disabled',
      message: MESSAGES.MY['system.feature.disabled'],
    });
    await id.setModule('GOLDEN', 'FREEPLAY', false);
    try {
      expect((await freePlay()).body.errorCode).toBe('system.feature.disabled');
    } finally {
      await id.setModule('GOLDEN', 'FREEPLAY', true);
    }
    expect(await id.count('member')).toBe(before);
  });

  it('refuses a plaintext body', async () => {
    const before = await id.count('member');
    await id.fails(
      FREEPLAY,
      { body: { os: 'Linux', platform: 'W' }, ip: freshIp() },
      400,
      'payload.decrypt.failed',
    );
    expect(await id.count('member')).toBe(before);
  });

  it('makes at most 10 trial accounts an hour per address', async () => {
    const ip = freshIp();
    const clock = freezeTime(nextWindow(3600));
    try {
      for (let i = 0; i < 10; i++) expect((await freePlay({ ip })).status).toBe(200);
      const before = await id.count('member');
      const res = await freePlay({ ip });
      expect(res.status).toBe(429);
      expect(res.body.errorCode).toBe('system.throttled');
      expect(await id.count('member')).toBe(before);
      expect((await freePlay()).status).toBe(200);
    } finally {
      clock.restore();
    }
  });
});
