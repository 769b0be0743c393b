import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { freshIp, Identity } from './identity-client';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

describe('limits on guessing behind a live session', () => {
  it('locks sensitive changes after 5 wrong confirmations of the own password', async () => {
    const m = await id.registerGolden({ email: 'guess@example.com' });
    const change = (password: string) =>
      id.send('/wps/member/password/payment', {
        method: 'POST',
        encrypt: true,
        token: m.token,
        ip: m.ip,
        body: { password, newPaymentPassword: '123456' },
      });
    for (let i = 0; i < 5; i++)
      expect((await change('wrong-pass1')).body.errorCode).toBe('password.old.wrong');
    // Locked now, even with the right password: nothing is changed.
    expect((await change(m.password)).body.errorCode).toBe('login.account.locked');
    const row = await id.memberRow(m.username);
    expect(row?.payment_password_hash).toBeNull();
  });

  it('refuses a password change from a trial account', async () => {
    const trial = await id.ok<{ token: string }>('/wps/session/login/freeplay', {
      method: 'POST',
      encrypt: true,
      ip: freshIp(),
      body: { platform: 'W' },
    });
    const res = await id.send('/wps/member/password', {
      method: 'POST',
      encrypt: true,
      token: trial.token,
      body: { oldPassword: 'x', newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('member.trial.forbidden');
  });
});

describe('forgot password by e-mail', () => {
  it('is limited per account: the fourth request within an hour is throttled and sends nothing', async () => {
    const m = await id.registerGolden({ email: 'limit@example.com' });
    const ask = (ip: string) =>
      id.send('/wps/member/password/email', {
        method: 'POST',
        ip,
        body: { username: m.username, email: 'limit@example.com' },
      });
    for (let i = 0; i < 3; i++) expect((await ask(freshIp())).status).toBe(200);
    const before = (await id.outbox('limit@example.com')).length;
    const refused = await ask(freshIp());
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('system.throttled');
    expect((await id.outbox('limit@example.com')).length).toBe(before);
  });

  it('is limited per address, whatever the account', async () => {
    const ip = freshIp();
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await id.send('/wps/member/password/email', {
        method: 'POST',
        ip,
        body: { username: `nobody${i}`, email: `nobody${i}@example.com` },
      });
      codes.push(res.body.errorCode);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('reset.account.not.found'));
    expect(codes[5]).toBe('system.throttled');
  });
});

describe('sessions and pending logins', () => {
  it('logout with the remember token forgets this device', async () => {
    const m = await id.registerGolden();
    const login = await id.loginOk(
      { username: m.username, password: m.password, remember: true },
      { ip: m.ip },
    );
    await id.ok('/wps/session/logout', {
      method: 'POST',
      token: login.token,
      ip: m.ip,
      body: { rememberToken: login.rememberToken },
    });
    const again = await id.send('/wps/session/login/remember', {
      method: 'POST',
      ip: m.ip,
      body: { rememberToken: login.rememberToken },
    });
    expect(again.status).toBe(401);
  });

  it('a password change ends a pending new-IP login', async () => {
    const m = await id.registerGolden();
    const elsewhere = freshIp();
    const pending = await id.login({ username: m.username, password: m.password }, { ip: elsewhere });
    expect(pending.body.errorCode).toBe('login.verification.required');
    const pendingToken = (pending.body.value as unknown as { pendingToken: string }).pendingToken;
    await id.ok('/wps/member/password', {
      method: 'POST',
      encrypt: true,
      token: m.token,
      ip: m.ip,
      body: { oldPassword: m.password, newPassword: 'newpass123', confirmNewPassword: 'newpass123' },
    });
    const verify = await id.send('/wps/session/login/verify', {
      method: 'POST',
      encrypt: true,
      ip: elsewhere,
      body: { pendingToken, method: 'BANK_NAME', answer: m.payeeName },
    });
    expect(verify.body.errorCode).toBe('login.verification.invalid');
  });

  it('bank-name answers are limited per member across pending logins', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      const pending = await id.login({ username: m.username, password: m.password }, { ip });
      const pendingToken = (pending.body.value as unknown as { pendingToken: string }).pendingToken;
      const res = await id.send('/wps/session/login/verify', {
        method: 'POST',
        encrypt: true,
        ip,
        body: { pendingToken, method: 'BANK_NAME', answer: i < 5 ? 'WRONG NAME' : m.payeeName },
      });
      answers.push(res.body.errorCode);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('login.verification.invalid'));
    // The right name no longer helps while the lock lasts.
    expect(answers[5]).toBe('login.account.locked');
  });
});
