import type { LoginResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as CaptchaImage from '../src/platform/captcha-image';
import { hashPassword } from '../src/platform/password';
import { randomCode } from '../src/platform/secrets';
import { buildTestApp, type TestContext } from './helper';
import {
  CAPTCHA_TEXT,
  DIALING,
  fieldsOf,
  freshIp,
  freshMobile,
  freshName,
  GOLDEN,
  Identity,
  LOTUS,
} from './identity-client';

vi.mock('../src/platform/captcha-image', async (importOriginal) => {
  const real = await importOriginal<typeof CaptchaImage>();
  return { ...real, captchaText: () => 'KT7X' };
});

const REGISTER = '/wps/member/register';
const REGISTER_MOBILE = '/wps/member/register/mobile';

let t: TestContext;
let id: Identity;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

/** A complete GOLDEN username registration body for a fresh name and number (code still to add). */
function goldenBody(extra: Record<string, unknown> = {}) {
  return {
    username: freshName(),
    password: 'abc12345',
    confirmPassword: 'abc12345',
    mobileNum: freshMobile(),
    countryDialingCode: DIALING,
    payeeName: 'Maria Santos',
    ...extra,
  };
}

const put = (url: string, body: unknown, ip: string, host = GOLDEN) =>
  id.send<LoginResult>(url, { method: 'PUT', body, encrypt: true, ip, host });

/** Seeds an agent with an affiliate code (agents are created by operators, not by sign-up). */
async function seedAgent(isAgent = 1) {
  const affiliateCode = `AG${randomCode(6)}`;
  const row = await t.db.db
    .insertInto('member')
    .values({
      merchant_code: 'GOLDEN',
      username: freshName('agent'),
      password_hash: await hashPassword('agent123'),
      is_agent: isAgent,
      affiliate_code: affiliateCode,
      referral_code: randomCode(8),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, affiliateCode };
}

describe('registration by username (GOLDEN)', () => {
  it('registers with the SMS code from the outbox, logs in and stores only hashes', async () => {
    const ip = freshIp();
    const body = goldenBody({ username: `Ab${freshName()}`.slice(0, 12), email: 'maria@example.com' });
    const sent = await id.ok<{ expiredMinutes: number }>('/wps/verification/sms/register', {
      body: { countryDialingCode: `+${DIALING}`, mobileNo: body.mobileNum },
      ip,
    });
    expect(sent).toEqual({ expiredMinutes: 5 });
    const [message] = await id.outbox(`${DIALING}${body.mobileNum}`);
    expect(message).toMatchObject({ channel: 'SMS', target: `${DIALING}${body.mobileNum}` });
    const code = /\b(\d{6})\b/.exec(message!.body)![1]!;

    const before = await id.counts();
    const result = await id.ok<LoginResult>(REGISTER, {
      method: 'PUT',
      body: { ...body, verificationCode: code },
      encrypt: true,
      ip,
    });
    expect(result).toMatchObject({
      username: body.username.toLowerCase(),
      isAgent: 0,
      mustChangePassword: false,
      passwordExpired: false,
    });
    expect(result.token.length).toBeGreaterThanOrEqual(22);
    expect(await id.counts()).toMatchObject({
      member: before.member! + 1,
      member_session: before.member_session! + 1,
      used_codes: before.used_codes! + 1,
    });

    const info = await id.info(result.token);
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({
      account: body.username.toLowerCase(),
      isAgent: 0,
      payeeName: 'Maria Santos',
      email: 'maria@example.com',
      countryDialingCode: DIALING,
      mobileNum: body.mobileNum,
      toUpline: false,
      hasPaymentPassword: false,
    });

    const row = await id.memberRow(body.username);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('abc12345');
    expect(row.register_ip).toBe(ip);
    const session = await id.sessionRow(result.token);
    expect(session.token_hash).not.toBe(result.token);
    const codes = await t.db.db
      .selectFrom('verification_code')
      .select(['code_hash', 'used_at'])
      .where('target', '=', `${DIALING}${body.mobileNum}`)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]!.code_hash).not.toContain(code);
    expect(codes[0]!.used_at).not.toBeNull();
  });

  it('names every field at fault with its patternId, min and max, and creates nothing', async () => {
    const ip = freshIp();
    const mobileNum = freshMobile();
    const code = await id.registerCode(mobileNum, { ip });
    const before = await id.counts();
    const res = await put(
      REGISTER,
      {
        username: '1abc',
        password: 'abcdefgh',
        confirmPassword: 'abcdefgh',
        mobileNum: '12345',
        countryDialingCode: DIALING,
        payeeName: 'Maria 2',
        email: 'a@b',
        whatsapp: 'call me now',
        verificationCode: code,
      },
      ip,
    );
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('register.field.invalid');
    const fields = fieldsOf(res.body);
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'username',
          patternId: 'LETTER_FIRST_ALNUM',
          min: 2,
          max: 15,
          reason: 'pattern',
        }),
        expect.objectContaining({
          field: 'password',
          patternId: 'LETTERS_AND_DIGITS',
          min: 6,
          max: 20,
          reason: 'pattern',
        }),
        expect.objectContaining({
          field: 'mobileNum',
          patternId: 'DIGITS',
          min: 10,
          max: 10,
          reason: 'length',
        }),
        expect.objectContaining({
          field: 'payeeName',
          patternId: 'ENGLISH_SPACES',
          min: 2,
          max: 50,
          reason: 'pattern',
        }),
        expect.objectContaining({ field: 'email', patternId: 'EMAIL', min: 5, max: 100 }),
        expect.objectContaining({
          field: 'whatsapp',
          patternId: 'DIGITS',
          min: 8,
          max: 15,
          reason: 'pattern',
        }),
      ]),
    );
    expect(await id.counts()).toEqual(before);

    // The code was not used up: with the fields corrected it still works.
    const fixed = await put(REGISTER, goldenBody({ mobileNum, verificationCode: code }), ip);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });

  it('reports required fields and length bounds', async () => {
    const ip = freshIp();
    const before = await id.counts();
    const missing = await put(REGISTER, { password: 'abc12345', confirmPassword: 'abc12345' }, ip);
    expect(missing.status).toBe(400);
    const fields = fieldsOf(missing.body);
    const required = fields.filter((f) => f.reason === 'required').map((f) => f.field);
    expect(required).toEqual(
      expect.arrayContaining(['username', 'mobileNum', 'payeeName', 'verificationCode']),
    );
    // Optional fields (e-mail, WhatsApp) left out are not errors.
    expect(fields.map((f) => f.field)).not.toContain('email');
    expect(fields.map((f) => f.field)).not.toContain('whatsapp');

    const tooLong = await put(
      REGISTER,
      goldenBody({ username: 'a234567890123456', verificationCode: '123456' }),
      ip,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      errorCode: 'register.field.invalid',
      value: { fields: [{ field: 'username', min: 2, max: 15, reason: 'length' }] },
    });
    const tooShort = await put(
      REGISTER,
      goldenBody({ password: 'ab1', confirmPassword: 'ab1', verificationCode: '1' }),
      ip,
    );
    expect(tooShort.body).toMatchObject({ errorCode: 'register.field.invalid' });
    expect(fieldsOf(tooShort.body).map((f) => f.field)).toContain('password');
    expect(await id.counts()).toEqual(before);
  });

  it('refuses a confirmation that differs from the password', async () => {
    const ip = freshIp();
    const body = goldenBody();
    const code = await id.registerCode(body.mobileNum, { ip });
    const before = await id.counts();
    const res = await put(REGISTER, { ...body, confirmPassword: 'abc12346', verificationCode: code }, ip);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'register.password.mismatch',
      message: 'The two passwords are inconsistent.',
      value: { fields: [{ field: 'confirmPassword', reason: 'mismatch' }] },
    });
    expect(await id.counts()).toEqual(before);
  });

  it('refuses a username already taken, in any letter case, without using up the code', async () => {
    const first = await id.registerGolden();
    const ip = freshIp();
    const body = goldenBody({ username: first.username.toUpperCase() });
    const code = await id.registerCode(body.mobileNum, { ip });
    const before = await id.counts();
    await id.fails(
      REGISTER,
      { method: 'PUT', body: { ...body, verificationCode: code }, encrypt: true, ip },
      409,
      'member.account.used',
    );
    expect(await id.counts()).toEqual(before);
    const again = await put(REGISTER, { ...body, username: freshName(), verificationCode: code }, ip);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('answers two sign-ups racing for one username with one account and a conflict, not a server error', async () => {
    await id.setModule('GOLDEN', 'REGMOBVERF3', false);
    try {
      const username = freshName('race');
      const results = await Promise.all([
        put(REGISTER, goldenBody({ username }), freshIp()),
        put(REGISTER, goldenBody({ username }), freshIp()),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.errorCode).toBe('member.account.used');
      const rows = await t.db.db.selectFrom('member').select('id').where('username', '=', username).execute();
      expect(rows).toHaveLength(1);
    } finally {
      await id.setModule('GOLDEN', 'REGMOBVERF3', true);
    }
  });

  it('answers the code call for a registered number exactly as for a free one, sending it no code', async () => {
    const first = await id.registerGolden();
    const ask = (mobileNo: string) =>
      id.send('/wps/verification/sms/register', {
        body: { countryDialingCode: DIALING, mobileNo },
        ip: freshIp(),
      });
    const codesBefore = await id.count('verification_code');
    const target = `${DIALING}${first.mobileNum}`;
    const messagesBefore = (await id.outbox(target)).length;
    // Its registration code was sent just now: past the once-a-second throttle of a number.
    await id.afterASecond();
    const taken = await ask(first.mobileNum);
    const free = await ask(freshMobile());
    expect(taken.status).toBe(200);
    expect(taken).toEqual(free);
    // The free number got its code; the registered one got nothing to read or use.
    expect(await id.count('verification_code')).toBe(codesBefore + 1);
    expect(await id.outbox(target)).toHaveLength(messagesBefore);
  });

  it('tells a sign-up its number is taken only once a code proves the number, changing nothing', async () => {
    const first = await id.registerGolden();
    const ip = freshIp();
    const before = await id.counts();
    // A made-up code: the same answer as for a free number, so it tells nothing.
    const takenNumber = await put(
      REGISTER,
      goldenBody({ mobileNum: first.mobileNum, verificationCode: '123456' }),
      ip,
    );
    const freeNumber = await put(REGISTER, goldenBody({ verificationCode: '123456' }), freshIp());
    expect(takenNumber.status).toBe(400);
    expect(takenNumber.body).toEqual(freeNumber.body);
    expect(takenNumber.body.errorCode).toBe('sms.code.invalid');
    expect(await id.counts()).toEqual(before);
    // Where the brand asks no SMS code, a taken number is told at once, as a taken username is.
    await id.setModule('GOLDEN', 'REGMOBVERF3', false);
    try {
      await id.fails(
        REGISTER,
        { method: 'PUT', body: goldenBody({ mobileNum: first.mobileNum }), encrypt: true, ip },
        409,
        'member.mobile.used',
      );
    } finally {
      await id.setModule('GOLDEN', 'REGMOBVERF3', true);
    }
    expect(await id.counts()).toEqual(before);
  });

  it('refuses a wrong code, a code for another number and a missing code', async () => {
    const ip = freshIp();
    const body = goldenBody();
    const code = await id.registerCode(body.mobileNum, { ip });
    const otherNumber = freshMobile();
    const otherCode = await id.registerCode(otherNumber, { ip });
    const before = await id.counts();
    const wrong = code === '000000' ? '000001' : '000000';
    await id.fails(
      REGISTER,
      { method: 'PUT', body: { ...body, verificationCode: wrong }, encrypt: true, ip },
      400,
      'sms.code.invalid',
    );
    if (otherCode !== code) {
      await id.fails(
        REGISTER,
        { method: 'PUT', body: { ...body, verificationCode: otherCode }, encrypt: true, ip },
        400,
        'sms.code.invalid',
      );
    }
    const missing = await put(REGISTER, body, ip);
    expect(missing.body).toMatchObject({
      errorCode: 'register.field.invalid',
      value: { fields: [{ field: 'verificationCode', reason: 'required' }] },
    });
    expect(await id.counts()).toEqual(before);
  });

  it('refuses a plaintext body on the encrypted route', async () => {
    const ip = freshIp();
    const body = goldenBody();
    const code = await id.registerCode(body.mobileNum, { ip });
    const before = await id.counts();
    await id.fails(
      REGISTER,
      { method: 'PUT', body: { ...body, verificationCode: code }, ip },
      400,
      'payload.decrypt.failed',
    );
    expect(await id.counts()).toEqual(before);
  });

  it('ignores fields the brand has not enabled', async () => {
    // GOLDEN has QQ, LINE, ID number and payment password switched off: garbage there is no error.
    const m = await id.registerGolden({ qqNum: 'not a number', idNumber: '!', line: 'has spaces in it' });
    const row = await id.memberRow(m.username);
    expect(row.qq_num).toBeNull();
    expect(row.id_number).toBeNull();
    expect(row.line).toBeNull();
  });

  it('is refused when the brand has username sign-up switched off', async () => {
    const ip = freshIp();
    const body = goldenBody();
    const code = await id.registerCode(body.mobileNum, { ip });
    await id.setModule('GOLDEN', 'USERNAMEREG3', false);
    try {
      const before = await id.counts();
      await id.fails(
        REGISTER,
        { method: 'PUT', body: { ...body, verificationCode: code }, encrypt: true, ip },
        403,
        'system.feature.disabled',
      );
      expect(await id.counts()).toEqual(before);
    } finally {
      await id.setModule('GOLDEN', 'USERNAMEREG3', true);
    }
  });

  it('needs no SMS code when the brand does not verify mobiles on sign-up', async () => {
    await id.setModule('GOLDEN', 'REGMOBVERF3', false);
    try {
      const res = await put(REGISTER, goldenBody(), freshIp());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      await id.setModule('GOLDEN', 'REGMOBVERF3', true);
    }
  });
});

describe('affiliate and referral codes', () => {
  it('checks an affiliate code: an active agent of this brand only', async () => {
    const agent = await seedAgent();
    expect(await id.ok(`/wps/agent/affiliate?code=${agent.affiliateCode}&domain=localhost`)).toEqual({
      valid: true,
    });
    expect(await id.ok('/wps/agent/affiliate?code=NOSUCH99')).toEqual({ valid: false });
    // Another brand does not know this brand's agents.
    expect(await id.ok(`/wps/agent/affiliate?code=${agent.affiliateCode}`, { host: LOTUS })).toEqual({
      valid: false,
    });
    await id.fails('/wps/agent/affiliate', {}, 400, 'request.invalid');
  });

  it('links the new member to the agent of a valid affiliate code', async () => {
    const agent = await seedAgent(41);
    const m = await id.registerGolden({ affiliateCode: agent.affiliateCode });
    expect((await id.memberRow(m.username)).upline_id).toBe(agent.id);
    expect((await id.info(m.token)).body.value).toMatchObject({ toUpline: true });
  });

  it('refuses an unknown affiliate code (and a non-agent member code) without using up the SMS code', async () => {
    const ip = freshIp();
    const body = goldenBody();
    const code = await id.registerCode(body.mobileNum, { ip });
    const member = await seedAgent(0);
    const before = await id.counts();
    for (const affiliateCode of ['NOSUCH99', member.affiliateCode]) {
      const res = await id.fails(
        REGISTER,
        { method: 'PUT', body: { ...body, affiliateCode, verificationCode: code }, encrypt: true, ip },
        400,
        'affiliate.code.invalid',
      );
      expect(res.message).toBe('The invitation code is not valid.');
    }
    expect(await id.counts()).toEqual(before);
    // Without the bad code the same SMS code still completes the sign-up.
    const ok = await put(REGISTER, { ...body, verificationCode: code }, ip);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses an affiliate code that breaks the field rule as a field error', async () => {
    const res = await put(
      REGISTER,
      goldenBody({ affiliateCode: 'a-b', verificationCode: '123456' }),
      freshIp(),
    );
    expect(res.body).toMatchObject({
      errorCode: 'register.field.invalid',
      value: { fields: [{ field: 'affiliateCode', patternId: 'ALNUM', min: 4, max: 20 }] },
    });
  });

  it('records the member whose referral code it brings as its referrer, never as its upline', async () => {
    const referrer = await id.registerGolden();
    const code = (await id.memberRow(referrer.username)).referral_code;
    expect((await id.info(referrer.token)).body.value).toMatchObject({ referralCode: code });
    const invited = await id.registerGolden({ referralCode: code.toLowerCase() });
    expect(await id.memberRow(invited.username)).toMatchObject({ referrer_id: referrer.id, upline_id: null });
    // An unknown referral code from a shared link does not stop the sign-up.
    const stray = await id.registerGolden({ referralCode: 'ZZZZZZZZ' });
    expect(await id.memberRow(stray.username)).toMatchObject({ referrer_id: null, upline_id: null });
  });
});

describe('registration by mobile (GOLDEN)', () => {
  it('registers with the number and the SMS code; the account is named after the number', async () => {
    const ip = freshIp();
    const mobileNum = freshMobile();
    const code = await id.registerCode(mobileNum, { ip });
    const result = await id.ok<LoginResult>(REGISTER_MOBILE, {
      method: 'PUT',
      body: {
        mobileNum,
        countryDialingCode: DIALING,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        payeeName: 'Ana Reyes',
        verificationCode: code,
      },
      encrypt: true,
      ip,
    });
    expect(result.username).toBe(`m${DIALING}${mobileNum}`);
    const row = await id.memberRow(result.username);
    expect(row).toMatchObject({
      mobile_num: mobileNum,
      country_dialing_code: DIALING,
      register_method: 'WEB',
    });
    // The number logs in by SMS straight away.
    expect((await id.info(result.token)).status).toBe(200);
  });

  it('requires the number and its code, and refuses a wrong code', async () => {
    const ip = freshIp();
    const mobileNum = freshMobile();
    const before = await id.counts();
    const body = {
      mobileNum,
      countryDialingCode: DIALING,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      payeeName: 'Ana Reyes',
    };
    const missing = await put(REGISTER_MOBILE, body, ip);
    expect(missing.body).toMatchObject({ errorCode: 'register.field.invalid' });
    await id.registerCode(mobileNum, { ip });
    const wrong = await put(REGISTER_MOBILE, { ...body, verificationCode: '999999' }, ip);
    const code = await id.lastCode(`${DIALING}${mobileNum}`);
    if (code !== '999999') expect(wrong.body).toMatchObject({ errorCode: 'sms.code.invalid' });
    const noNumber = await put(
      REGISTER_MOBILE,
      { ...body, mobileNum: undefined, verificationCode: code },
      ip,
    );
    expect(noNumber.body).toMatchObject({
      errorCode: 'register.field.invalid',
      value: {
        fields: expect.arrayContaining([expect.objectContaining({ field: 'mobileNum', reason: 'required' })]),
      },
    });
    expect(await id.counts()).toEqual(before);
  });

  it('is refused when the brand has mobile sign-up switched off', async () => {
    const before = await id.counts();
    await id.fails(
      REGISTER_MOBILE,
      {
        method: 'PUT',
        body: {
          mobileNum: '123456789',
          countryDialingCode: '60',
          password: 'abcd12345',
          confirmPassword: 'abcd12345',
        },
        encrypt: true,
        host: LOTUS,
        ip: freshIp(),
      },
      403,
      'system.feature.disabled',
    );
    await id.setModule('GOLDEN', 'MOBILENUMREG3', false);
    try {
      await id.fails(
        REGISTER_MOBILE,
        { method: 'PUT', body: goldenBody({ verificationCode: '123456' }), encrypt: true, ip: freshIp() },
        403,
        'system.feature.disabled',
      );
    } finally {
      await id.setModule('GOLDEN', 'MOBILENUMREG3', true);
    }
    expect(await id.counts()).toEqual(before);
  });
});

describe('registration on LOTUS (captcha and payment password required)', () => {
  const lotusBody = (extra: Record<string, unknown> = {}) => ({
    username: freshName('l'),
    password: 'abcd12345',
    confirmPassword: 'abcd12345',
    mobileNum: freshMobile(),
    countryDialingCode: '60',
    payeeName: 'SITI AMINAH',
    email: 'siti@example.com',
    paymentPassword: '123456',
    ...extra,
  });

  it('requires the captcha, refuses a wrong one, accepts the right one once', async () => {
    const ip = freshIp();
    const body = lotusBody();
    const before = await id.counts();
    await id.fails(
      REGISTER,
      { method: 'PUT', body, encrypt: true, ip, host: LOTUS },
      400,
      'login.captcha.required',
    );
    const png = Buffer.from(await id.captcha(ip, LOTUS), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await id.fails(
      REGISTER,
      { method: 'PUT', body: { ...body, captcha: 'WRNG' }, encrypt: true, ip, host: LOTUS },
      400,
      'login.captcha.invalid',
    );
    // A wrong answer used the image up: even the right text fails until a new image is fetched.
    await id.fails(
      REGISTER,
      { method: 'PUT', body: { ...body, captcha: CAPTCHA_TEXT }, encrypt: true, ip, host: LOTUS },
      400,
      'login.captcha.invalid',
    );
    expect(await id.counts()).toEqual(before);

    await id.afterASecond();
    await id.captcha(ip, LOTUS);
    const result = await id.ok<LoginResult>(REGISTER, {
      method: 'PUT',
      body: { ...body, captcha: CAPTCHA_TEXT.toLowerCase() },
      encrypt: true,
      ip,
      host: LOTUS,
    });
    expect(result.username).toBe(body.username);
    const row = await id.memberRow(body.username, 'LOTUS');
    expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
    // The captcha answer is bound to the address that asked for it.
    await id.afterASecond();
    await id.captcha(ip, LOTUS);
    await id.fails(
      REGISTER,
      {
        method: 'PUT',
        body: { ...lotusBody(), captcha: CAPTCHA_TEXT },
        encrypt: true,
        ip: freshIp(),
        host: LOTUS,
      },
      400,
      'login.captcha.invalid',
    );
  });

  it('applies the brand own rules: upper-case payee, required e-mail and payment password', async () => {
    const res = await put(
      REGISTER,
      lotusBody({ payeeName: 'Siti Aminah', email: '', paymentPassword: '12ab', username: 'abc' }),
      freshIp(),
      LOTUS,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'register.field.invalid' });
    expect(res.body.message).toBe('Sila betulkan ruangan yang ditandakan.'); // LOTUS speaks MY by default
    const fields = fieldsOf(res.body);
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'username',
          patternId: 'LETTER_FIRST_ALNUM',
          min: 4,
          max: 12,
          reason: 'length',
        }),
        expect.objectContaining({ field: 'payeeName', patternId: 'UPPER_SPACES', reason: 'pattern' }),
        expect.objectContaining({ field: 'email', reason: 'required' }),
        expect.objectContaining({ field: 'paymentPassword', patternId: 'DIGITS', min: 6, max: 6 }),
      ]),
    );
  });
});
