/**
 * The language update call: a member's chosen language is saved, answered in the member's info,
 * and used for what the platform sends the member outside a screen (SMS, e-mail) and for the
 * inbox when a request names no language. Bad input changes nothing.
 */
import type { MemberInfo } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from './helper';
import { DIALING, freshIp, freshMobile, GOLDEN, Identity, LOTUS, type NewMember } from './identity-client';

const KEY = 'test-admin-key-language-0123';
let t: TestContext;
let id: Identity;

beforeAll(async () => {
  t = await buildTestApp({ ADMIN_API_KEY: KEY });
  id = new Identity(t);
});
afterAll(async () => {
  await t?.close();
});

const saved = async (m: NewMember) =>
  (await t.db.db.selectFrom('member').select('language').where('id', '=', m.id).executeTakeFirstOrThrow())
    .language;

const choose = (m: { token: string }, language: unknown, lang = 'EN', host = GOLDEN) =>
  id.send<{ language: string }>('/wps/member/language', {
    method: 'PUT',
    body: { language },
    token: m.token,
    lang,
    host,
  });

describe('language update call', () => {
  it('saves one of the brand’s languages and answers it in the member info', async () => {
    const m = await id.registerGolden();
    expect(await saved(m)).toBeNull();
    expect((await id.ok<MemberInfo>('/wps/member/info', { token: m.token })).language).toBeNull();

    const res = await choose(m, 'th');
    expect(res.body).toEqual({ success: true, value: { language: 'TH' } });
    expect(await saved(m)).toBe('TH');
    expect((await id.ok<MemberInfo>('/wps/member/info', { token: m.token })).language).toBe('TH');
  });

  it('refuses a language the brand does not offer, an unknown one, an empty one, and a visitor', async () => {
    const m = await id.registerGolden();
    await choose(m, 'VI');
    // LOTUS offers MY and EN only: its member cannot choose Thai, a language of the platform.
    const lotus = await id.loginOk(
      { username: 'demo01', password: 'demo1234' },
      { ip: freshIp(), host: LOTUS },
    );
    const notOffered = await choose(lotus, 'TH', 'MY', LOTUS);
    expect(notOffered.status).toBe(400);
    expect(notOffered.body).toMatchObject({ success: false, errorCode: 'system.language.unsupported' });
    expect((await choose(lotus, 'EN', 'MY', LOTUS)).body).toEqual({
      success: true,
      value: { language: 'EN' },
    });

    const unsupported = await choose(m, 'XX');
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toMatchObject({ success: false, errorCode: 'system.language.unsupported' });
    const invalid = await choose(m, '');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    const wrongType = await choose(m, 42);
    expect(wrongType.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
    // The refusal is worded in the request's language.
    const inThai = await choose(m, 'XX', 'TH');
    expect(inThai.body.message).not.toBe(unsupported.body.message);
    expect(await saved(m)).toBe('VI');

    const visitor = await id.send('/wps/member/language', { method: 'PUT', body: { language: 'EN' } });
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ success: false, errorCode: 'login.not.session' });
  });

  it('writes the member’s SMS codes, reset e-mails and operator resets in the saved language', async () => {
    const m = await id.registerGolden();
    await choose(m, 'VI');
    // A code for a new number, asked from a site showing English: Vietnamese, the member's choice.
    const number = freshMobile();
    await id.ok('/wps/member/mobile/code', {
      body: { countryDialingCode: DIALING, mobileNum: number },
      token: m.token,
      lang: 'EN',
    });
    const [code] = await id.outbox(`${DIALING}${number}`);
    expect(code!.body).toMatch(/^Mã xác minh của bạn là \d{6}\. Mã hết hạn sau \d+ phút\.$/);

    // Forgot password by e-mail (no session: the account is known by its name and address).
    const email = `${m.username}@example.com`;
    await t.db.db.updateTable('member').set({ email }).where('id', '=', m.id).execute();
    await id.ok('/wps/member/password/email', { body: { username: m.username, email }, lang: 'EN' });
    const [mail] = await id.outbox(email);
    expect(mail!.body).toMatch(/^Mật khẩu tạm thời của bạn là \w+\./);

    // Customer service's reset from the back office.
    const reset = await id.send(`/wps/admin/players/${m.id}/password-reset`, {
      body: { reason: 'member called' },
      headers: { 'x-api-key': KEY, merchant: 'GOLDEN' },
    });
    expect(reset.body).toEqual({ success: true, value: { sentTo: 'SMS' } });
    const [sms] = await id.outbox(`${DIALING}${m.mobileNum}`);
    expect(sms!.body).toMatch(/^Bộ phận chăm sóc khách hàng đã đặt lại mật khẩu của bạn\./);
  });

  it('without a saved language: the request’s language, else the brand’s default', async () => {
    const m = await id.registerGolden();
    const number = freshMobile();
    await id.ok('/wps/member/mobile/code', {
      body: { countryDialingCode: DIALING, mobileNum: number },
      token: m.token,
      lang: 'ID',
    });
    const [code] = await id.outbox(`${DIALING}${number}`);
    expect(code!.body).toMatch(/^Kode verifikasi Anda adalah \d{6}\./);
    // No request behind an operator's reset: GOLDEN's default, English.
    await id.send(`/wps/admin/players/${m.id}/password-reset`, {
      body: { reason: 'member called' },
      headers: { 'x-api-key': KEY, merchant: 'GOLDEN' },
    });
    const [sms] = await id.outbox(`${DIALING}${m.mobileNum}`);
    expect(sms!.body).toMatch(/^Customer service reset your password\./);
  });

  it('gives the inbox in the saved language when a request names none, in the asked one when it does', async () => {
    const m = await id.registerGolden();
    await sql`INSERT INTO member_message (merchant_code, member_id, kind, params)
              VALUES ('GOLDEN', ${m.id}::bigint, 'SYSTEM', ${JSON.stringify({
                broadcastId: 'lang-test',
                title: 'News',
                content: 'Hello',
                'title.EN': 'News',
                'content.EN': 'Hello',
                'title.TY': 'Balita',
                'content.TY': 'Kumusta',
              })}::jsonb)`.execute(t.db.db);
    const titles = async (lang?: string) => {
      const headers: Record<string, string> = {
        host: 'localhost',
        merchant: 'GOLDEN',
        authorization: m.token,
      };
      if (lang) headers.language = lang;
      const res = await t.app.inject({
        method: 'GET',
        url: '/wps/member/messages?pageNo=1&pageSize=10',
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { value: { list: { params: { title?: string } }[] } }).value.list.map(
        (x) => x.params.title,
      );
    };
    expect(await titles()).toEqual(['News']);
    await choose(m, 'TY');
    expect(await titles()).toEqual(['Balita']);
    expect(await titles('EN')).toEqual(['News']);
  });
});
