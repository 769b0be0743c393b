import { IDENTITY_LIMITS, type LoginResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshIp, freshMobile, freshName, Identity, type NewMember } from './identity-client';

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

async function payoutAccountsOf(memberId: string): Promise<number> {
  const row = await id.db
    .selectFrom('payout_account')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('attempt limits under concurrency', () => {
  /**
   * How the right answer sent with a burst of wrong ones is refused, unchecked: locked once the
   * fifth wrong one is counted, or, when the checks ahead of it have not ended within the 10 s it
   * waits for them (a loaded machine), asked to try again. Either way it changes nothing, and the
   * lock holds afterwards (asserted after each burst).
   */
  const REFUSED_UNCHECKED = ['login.account.locked', 'system.throttled'];
  /**
   * 39 wrong answers at once, and the right one while they are still in flight, once five of them
   * have been answered (the lock's threshold). Sent together with them, the right one may overtake
   * the first five guesses on the way in (each request decrypts and reads the session first) and
   * be checked among them, where it rightly passes: that is no brute force.
   */
  async function burstWithRight<A extends { body: { errorCode?: string } }>(
    wrong: () => Promise<A>,
    right: () => Promise<A>,
  ): Promise<A[]> {
    let answered = 0;
    let fifth!: () => void;
    const fiveAnswered = new Promise<void>((resolve) => (fifth = resolve));
    const guesses = Array.from({ length: 39 }, () =>
      wrong().then((a) => {
        if (++answered === 5) fifth();
        return a;
      }),
    );
    await fiveAnswered;
    return Promise.all([...guesses, right()]);
  }
  const setPayment = (m: NewMember, password: string) =>
    id.send('/wps/member/password/payment', {
      method: 'POST',
      encrypt: true,
      token: m.token,
      ip: m.ip,
      body: { password, newPaymentPassword: '135790' },
    });

  it('a burst of 39 wrong own-password confirmations and the right one changes nothing', async () => {
    const m = await id.registerGolden();
    const answers = await burstWithRight(
      () => setPayment(m, 'wrong-pass1'),
      () => setPayment(m, m.password),
    );
    // At most 5 guesses were checked; every other try was refused unhashed, the right one too.
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 'password.old.wrong').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === undefined)).toEqual([]);
    expect(REFUSED_UNCHECKED).toContain(codes.at(-1));
    expect((await id.memberRow(m.username)).payment_password_hash).toBeNull();
    // And the lock holds afterwards.
    expect((await setPayment(m, m.password)).body.errorCode).toBe('login.account.locked');
  });

  it('parallel right confirmations are not mistaken for guesses: all ten pass', async () => {
    const m = await id.registerGolden();
    const answers = await Promise.all(Array.from({ length: 10 }, () => setPayment(m, m.password)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await id.memberRow(m.username)).payment_password_hash).not.toBeNull();
  });

  it('a burst of 39 wrong payment passwords and the right one binds no payout account', async () => {
    const m = await id.registerGolden();
    expect((await setPayment(m, m.password)).status).toBe(200);
    const bind = (paymentPassword: string) =>
      id.send('/wps/cashier/payout-accounts', {
        method: 'POST',
        encrypt: true,
        token: m.token,
        ip: m.ip,
        body: { bankCode: 'BDO', accountName: m.payeeName, accountNo: '1234567890123', paymentPassword },
      });
    const answers = await burstWithRight(
      () => bind('999999'),
      () => bind('135790'),
    );
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 'payment.password.wrong').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === undefined)).toEqual([]);
    expect(REFUSED_UNCHECKED).toContain(codes.at(-1));
    expect(await payoutAccountsOf(m.id)).toBe(0);
    expect((await bind('135790')).body.errorCode).toBe('login.account.locked');
  });

  it('a burst of 10 wrong bank names and the right one at a new-address check gives no session', async () => {
    const m = await id.registerGolden();
    const ip = freshIp();
    const pending = await id.login({ username: m.username, password: m.password }, { ip });
    expect(pending.body.errorCode).toBe('login.verification.required');
    const pendingToken = (pending.body.value as unknown as { pendingToken: string }).pendingToken;
    const verify = (answer: string) =>
      id.send('/wps/session/login/verify', {
        method: 'POST',
        encrypt: true,
        ip,
        body: { pendingToken, method: 'BANK_NAME', answer },
      });
    const before = await id.count('member_session');
    // The burst of wrong names first, all in flight together: with the tries read before and
    // counted after, every one of them would be compared.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => verify(`WRONG NAME ${i}`)));
    expect(answers.filter((a) => a.status === 200)).toEqual([]);
    // No more names were compared than a sequence may try (each compared wrong name is a try).
    const { tries } = await t.db.db
      .selectFrom('pending_login')
      .select('tries')
      .where('member_id', '=', m.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(tries).toBeLessThanOrEqual(IDENTITY_LIMITS.smsMaxTries);
    // The right name after it is refused unchecked: the tries are taken (or the pending login burnt).
    expect(['login.account.locked', 'login.verification.invalid']).toContain(
      (await verify(m.payeeName)).body.errorCode,
    );
    expect(await id.count('member_session')).toBe(before);
  });
});

describe('remember me under concurrency and logout', () => {
  const exchange = (rememberToken: string, ip: string) =>
    id.send<LoginResult>('/wps/session/login/remember', { method: 'POST', ip, body: { rememberToken } });

  it('one remember token redeemed by 20 concurrent requests gives exactly one session', async () => {
    const m = await id.registerGolden();
    const login = await id.loginOk(
      { username: m.username, password: m.password, remember: true },
      { ip: m.ip },
    );
    const before = await id.count('member_session');
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchange(login.rememberToken!, m.ip)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(401);
      expect(lost.body.errorCode).toBe('login.not.session');
    }
    // One new session and its rotated remember token, nothing more.
    expect(await id.count('member_session')).toBe(before + 2);
    expect((await id.info(won[0]!.body.value!.token)).status).toBe(200);
  });

  it('a plain logout also ends the remember token issued with that session, and only that one', async () => {
    const m = await id.registerGolden();
    const here = await id.loginOk(
      { username: m.username, password: m.password, remember: true },
      { ip: m.ip },
    );
    const there = await id.loginOk(
      { username: m.username, password: m.password, remember: true },
      { ip: m.ip },
    );
    await id.ok('/wps/session/logout', { method: 'DELETE', token: here.token, ip: m.ip });
    expect((await exchange(here.rememberToken!, m.ip)).body.errorCode).toBe('login.not.session');
    // The other device stays remembered; the token it rotates to is bound to its new session.
    const next = await exchange(there.rememberToken!, m.ip);
    expect(next.status).toBe(200);
    await id.ok('/wps/session/logout', { method: 'POST', token: next.body.value!.token, ip: m.ip });
    expect((await exchange(next.body.value!.rememberToken!, m.ip)).status).toBe(401);
  });
});

describe('forced password change on the server', () => {
  const AGENT_IP = freshIp();
  const SUB_IP = freshIp();

  it('an agent-created account moves no money and launches nothing until it changes its password', async () => {
    const agent = await id.ok<LoginResult>('/wps/agent/login', {
      method: 'POST',
      encrypt: true,
      ip: AGENT_IP,
      body: { type: 'username', username: 'agent01', password: 'agent1234' },
    });
    const username = freshName('sub');
    await id.ok('/wps/agent/team/register', {
      method: 'POST',
      encrypt: true,
      token: agent.token,
      ip: AGENT_IP,
      body: {
        username,
        password: 'given123',
        confirmPassword: 'given123',
        mobileNum: freshMobile(),
        countryDialingCode: DIALING,
        payeeName: 'Sub Member',
      },
    });
    await id.ok('/wps/agent/transfer/downline', {
      method: 'POST',
      encrypt: true,
      token: agent.token,
      ip: AGENT_IP,
      body: {
        requestId: `fc-${freshName('r')}`,
        memberId: (await id.memberRow(username)).id,
        amount: '300.00',
        paymentPassword: '123456',
      },
    });

    const first = await id.loginOk({ username, password: 'given123' }, { ip: SUB_IP });
    expect(first.mustChangePassword).toBe(true);
    const as = (token: string) => ({ token, ip: SUB_IP });
    const launch = (token: string) =>
      id.send('/wps/game/launchGame?vendor=HOUSE&gameCode=house-dragon-fortune&backUrl=%2Frng', as(token));
    const withdraw = (token: string, payoutAccountId: string) =>
      id.send('/wps/cashier/withdraw', {
        ...as(token),
        method: 'POST',
        encrypt: true,
        body: { requestId: `wd-${freshName('r')}`, payoutAccountId, amount: 100, paymentPassword: '135790' },
      });
    const setPayment = (token: string) =>
      id.send('/wps/member/password/payment', {
        ...as(token),
        method: 'POST',
        encrypt: true,
        body: { password: 'given123', newPaymentPassword: '135790' },
      });
    const toUpline = (token: string) =>
      id.send('/wps/relay/GCS_walletTransfer', {
        ...as(token),
        method: 'POST',
        body: { requestId: `up-${freshName('r')}`, amount: '10.00', paymentPassword: '135790' },
      });

    const before = await id.memberRow(username);
    for (const res of [
      await withdraw(first.token, '1'),
      await toUpline(first.token),
      await launch(first.token),
      await setPayment(first.token),
      await id.send('/wps/v2/wallets/balance', as(first.token)),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.errorCode).toBe('password.change.required');
      expect(res.body.message).toBe('Please change your password before continuing.');
    }
    expect(await id.memberRow(username)).toEqual(before);
    expect(await payoutAccountsOf(before.id)).toBe(0);
    // What it may do: read its info and change the password.
    expect((await id.info(first.token)).status).toBe(200);
    await id.ok('/wps/member/password', {
      ...as(first.token),
      method: 'POST',
      encrypt: true,
      body: { oldPassword: 'given123', newPassword: 'mine4567', confirmNewPassword: 'mine4567' },
    });

    const next = await id.loginOk({ username, password: 'mine4567' }, { ip: SUB_IP });
    expect(next.mustChangePassword).toBe(false);
    expect((await launch(next.token)).status).toBe(200);
    const pay = await id.send('/wps/member/password/payment', {
      ...as(next.token),
      method: 'POST',
      encrypt: true,
      body: { password: 'mine4567', newPaymentPassword: '135790' },
    });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const account = await id.ok<{ id: string }>('/wps/cashier/payout-accounts', {
      ...as(next.token),
      method: 'POST',
      encrypt: true,
      body: {
        bankCode: 'BDO',
        accountName: 'Sub Member',
        accountNo: '9876543210123',
        paymentPassword: '135790',
      },
    });
    const paid = await withdraw(next.token, String(account.id));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });
});
