import type { Failure } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnstorable } from '../src/platform/input-guard';
import { buildTestApp, type TestContext } from './helper';
import { invalidFields } from './http';
import { Identity, type NewMember } from './identity-client';

/*
 * Text PostgreSQL cannot store (a NUL character; a lone UTF-16 surrogate, which jsonb refuses)
 * is refused as request.invalid before anything reaches SQL, wherever the request carries it.
 */

let t: TestContext;
let id: Identity;
let member: NewMember;
beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  member = await id.registerGolden();
});
afterAll(async () => {
  await t?.close();
});

async function expectRefused(res: { statusCode: number; json: <T>() => T }, field: string): Promise<Failure> {
  const body = res.json<Failure>();
  expect(res.statusCode, JSON.stringify(body)).toBe(400);
  expect(body).toMatchObject({ success: false, errorCode: 'request.invalid' });
  expect(body.message.length).toBeGreaterThan(0);
  expect(invalidFields(body)).toEqual([field]);
  return body;
}

describe('text that cannot be stored', () => {
  it('in the query string, before the brand is looked up (no login needed)', async () => {
    const res = await t.app.inject({ url: '/wps/system/status?host=%00', headers: { host: 'localhost' } });
    await expectRefused(res, 'host');
    // The same call with a storable host still answers.
    const fine = await t.app.inject({ url: '/wps/system/status?host=localhost' });
    expect(fine.statusCode).toBe(200);
  });

  it('in a path parameter, and in a header', async () => {
    await expectRefused(
      await t.app.inject({
        url: '/wps/admin/feedback/ab%00cd/reply',
        method: 'POST',
        headers: { host: 'localhost' },
        payload: { reply: 'hello there' },
      }),
      'id',
    );
    await expectRefused(
      await t.app.inject({
        url: '/wps/system/status',
        headers: { host: 'localhost', merchant: 'GOL\u0000DEN' },
      }),
      'merchant',
    );
  });

  it('in a JSON body (a NUL, a lone surrogate) on a write, which then changes nothing', async () => {
    const before = await id.count('feedback');
    for (const content of ['Bad\u0000feedback text', 'Bad \ud800 feedback', 'Bad \udc00 feedback']) {
      const res = await t.app.inject({
        url: '/wps/feedback',
        method: 'PUT',
        headers: { host: 'localhost', authorization: member.token, 'content-type': 'application/json' },
        // JSON.stringify writes a lone surrogate as its \u escape, as a hostile client would.
        payload: JSON.stringify({
          requestId: `fb-${content.length}-${Date.now()}`,
          category: 'OTHER',
          content,
        }),
      });
      await expectRefused(res, 'content');
    }
    expect(await id.count('feedback')).toBe(before);
    // A surrogate pair (an emoji) is valid Unicode and is taken.
    const ok = await id.send('/wps/feedback', {
      method: 'PUT',
      token: member.token,
      body: { requestId: `fb-ok-${Date.now()}`, category: 'OTHER', content: 'Great site 👍' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await id.count('feedback')).toBe(before + 1);
  });

  it('finds it in object keys and deep in nested values, without overflowing the stack', () => {
    expect(findUnstorable({ a: [1, { ['k\u0000']: 1 }] })).toEqual({
      field: 'a.1.k\u0000',
      message: 'name must not contain a NUL character',
    });
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorable({ deep })?.message).toBe('must be valid Unicode (no lone surrogate)');
    expect(findUnstorable({ ok: ['Great site 👍', 12, null, true], ключ: 'значение' })).toBeNull();
  });

  it('in an encrypted body, once decrypted (login, no session)', async () => {
    const res = await id.login({ username: 'demo\u000001', password: 'demo1234' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'request.invalid' });
  });
});
