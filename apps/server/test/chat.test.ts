/**
 * The built-in customer-service chat: members and visitors open conversations (VIP members in the
 * VIP queue), send idempotently, read and count what is unread; a visitor's token reaches its own
 * conversation and nothing else; bad input is refused clearly and changes nothing; staff take,
 * answer, read and close from the desk (one answerer per conversation), search, keep canned
 * replies and settings with opening hours, each change audited; and every side hears its push
 * events (member and visitor WebSockets, the long poll, the staff queue).
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  CHAT_LIMITS,
  CHAT_TOKEN_HEADER,
  type ChatCanned,
  type ChatMessage,
  type ChatMessages,
  type ChatOpenResult,
  type ChatQueuePage,
  type ChatQueueRow,
  type ChatSearchPage,
  type ChatSettings,
  type ChatStaffConversation,
  type ChatStatusInfo,
  type ChatUnread,
  type PushPollResult,
  type Role,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestContext } from './helper';
import {
  freezeTime,
  freshIp,
  freshName,
  Identity,
  nextWindow,
  type NewMember,
  type Reply,
} from './identity-client';
import { jpegHeader, solidPng } from './image-bytes';

let t: TestContext;
let id: Identity;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  id = new Identity(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

const PNG = solidPng(4, 4);
const JPEG = Buffer.concat([jpegHeader(8, 6), Buffer.alloc(32, 7)]);

// ---- players ---------------------------------------------------------------------------------------

/** Who calls a player route: a member by its session, a visitor by its chat token, or nobody. */
type Player = { member: NewMember } | { chatToken: string } | { nobody: true };

const auth = (who: Player): { token?: string; headers?: Record<string, string> } =>
  'member' in who
    ? { token: who.member.token }
    : 'chatToken' in who
      ? { headers: { [CHAT_TOKEN_HEADER]: who.chatToken } }
      : {};

function play<T>(
  who: Player,
  url: string,
  o: { method?: 'GET' | 'POST'; body?: unknown; lang?: string; ip?: string } = {},
): Promise<Reply<T>> {
  return id.send<T>(url, { ...auth(who), ...o });
}

async function playOk<T>(
  who: Player,
  url: string,
  o: { method?: 'GET' | 'POST'; body?: unknown; lang?: string; ip?: string } = {},
): Promise<T> {
  const res = await play<T>(who, url, o);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.value as T;
}

async function playFails(
  who: Player,
  url: string,
  o: { method?: 'GET' | 'POST'; body?: unknown; lang?: string; ip?: string },
  status: number,
  errorCode: string,
) {
  const res = await play(who, url, o);
  expect(res.body, `${url}: ${JSON.stringify(res.body)}`).toMatchObject({ success: false, errorCode });
  expect(res.status).toBe(status);
  expect(res.body.message?.length ?? 0).toBeGreaterThan(0);
}

/** A visitor's new conversation: its token (from a fresh address, so no test meets another's limit). */
async function visitor(
  nickname = 'Guest Ann',
): Promise<{ who: { chatToken: string }; open: ChatOpenResult }> {
  const open = await playOk<ChatOpenResult>({ nobody: true }, '/wps/chat/open', {
    body: { nickname },
    ip: freshIp(),
  });
  expect(open.chatToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { who: { chatToken: open.chatToken! }, open };
}

const say = (who: Player, text: string, requestId = `req-${randomUUID()}`) =>
  playOk<ChatMessage>(who, '/wps/chat/messages', { body: { requestId, text } });

function upload(who: Player, bytes: Buffer | string, contentType = 'image/png') {
  const a = auth(who);
  return t.app.inject({
    method: 'POST',
    url: '/wps/chat/images',
    headers: {
      host: 'localhost',
      'content-type': contentType,
      ...(a.token ? { authorization: a.token } : {}),
      ...a.headers,
    },
    payload: bytes,
  });
}

async function uploadOk(who: Player, bytes: Buffer = PNG): Promise<string> {
  const res = await upload(who, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: { imageId: string } }).value.imageId;
}

function fetchImage(who: Player, imageId: string) {
  const a = auth(who);
  return t.app.inject({
    method: 'GET',
    url: `/wps/chat/images/${imageId}`,
    headers: { host: 'localhost', ...(a.token ? { authorization: a.token } : {}), ...a.headers },
  });
}

// ---- staff -----------------------------------------------------------------------------------------

interface Desk {
  id: string;
  username: string;
  cookie: string;
  csrf: string;
  displayName: string;
}

async function desk(role: Role, displayName: string): Promise<Desk> {
  const username = freshName('desk');
  const made = await t.services.staff.admin.createFromCli({
    username,
    displayName,
    grant: { merchant: 'GOLDEN', role },
  });
  const opened = await t.services.staff.auth.openFor(made.id);
  return {
    id: made.id,
    username,
    cookie: `bo_session=${opened.token}`,
    csrf: opened.view.csrfToken,
    displayName,
  };
}

async function staff<T>(
  who: Desk,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  raw?: { bytes: Buffer | string; type: string },
) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      host: 'localhost',
      merchant: 'GOLDEN',
      cookie: who.cookie,
      'x-csrf-token': who.csrf,
      ...(raw ? { 'content-type': raw.type } : {}),
    },
    ...(raw ? { payload: raw.bytes } : body !== undefined ? { payload: body as object } : {}),
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  return { status: res.statusCode, body: json as Reply<T>['body'] | null, raw: res };
}

async function staffOk<T>(who: Desk, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await staff<T>(who, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body!.value as T;
}

async function staffFails(
  who: Desk,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  status: number,
  errorCode: string,
) {
  const res = await staff(who, method, url, body);
  expect(res.body, `${method} ${url}`).toMatchObject({ success: false, errorCode });
  expect(res.status).toBe(status);
}

const queueOf = (who: Desk, query = '') =>
  staffOk<ChatQueuePage>(who, 'GET', `/wps/admin/chat/queue${query}`);

// ---- the database ------------------------------------------------------------------------------------

async function counts() {
  const n = async (table: 'chat_conversation' | 'chat_message' | 'chat_image' | 'chat_canned') =>
    (
      await t.db.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return {
    conversations: await n('chat_conversation'),
    messages: await n('chat_message'),
    images: await n('chat_image'),
    canned: await n('chat_canned'),
  };
}

/** An audit row's before or after as an object (whichever way the driver hands jsonb back). */
const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

const auditRows = (action: string, target?: string) => {
  let q = t.db.db.selectFrom('audit_log').selectAll().where('action', '=', action);
  if (target !== undefined) q = q.where('target', '=', target);
  return q.orderBy('id').execute();
};

async function setSettings(who: Desk, patch: Partial<ChatSettings>): Promise<ChatSettings> {
  const now = await staffOk<ChatSettings>(who, 'GET', '/wps/admin/chat/settings');
  return staffOk<ChatSettings>(who, 'PUT', '/wps/admin/chat/settings', { ...now, ...patch });
}

let owner: Desk;
let anna: Desk;
let ben: Desk;
let finance: Desk;

beforeAll(async () => {
  owner = await desk('owner', 'Olivia Owner');
  anna = await desk('support', 'Anna Support');
  ben = await desk('support', 'Ben Support');
  finance = await desk('finance', 'Fin Ance');
});

// ---- tests -----------------------------------------------------------------------------------------

describe('opening a conversation', () => {
  it('tells the site the demo chat is on and open, in the caller’s language', async () => {
    const th = await playOk<ChatStatusInfo>({ nobody: true }, '/wps/chat/status', { lang: 'TH' });
    expect(th).toMatchObject({ enabled: true, open: true });
    expect(th.greeting).toContain('Golden Palm');
    expect(th.greeting).toContain('ยินดีต้อนรับ');
    const en = await playOk<ChatStatusInfo>({ nobody: true }, '/wps/chat/status');
    expect(en.greeting).toMatch(/^Welcome to Golden Palm/);
    expect(en.awayMessage).toBeTruthy();
  });

  it('puts a member in the GENERAL queue, a member with VIP service in the VIP queue, with the greeting', async () => {
    const plain = await id.registerGolden();
    const vip = await id.registerGolden();
    await t.services.vip.levels.setLevel('GOLDEN', vip.id, 5);

    const a = await playOk<ChatOpenResult>({ member: plain }, '/wps/chat/open', { body: {}, lang: 'TH' });
    expect(a.chatToken).toBeNull();
    expect(a.conversation).toMatchObject({ queue: 'GENERAL', status: 'WAITING', nickname: plain.username });
    const b = await playOk<ChatOpenResult>({ member: vip }, '/wps/chat/open', { body: {} });
    expect(b.conversation.queue).toBe('VIP');

    // The greeting is the first line, in the language the member opened it in.
    const msgs = await playOk<ChatMessages>({ member: plain }, '/wps/chat/messages');
    expect(msgs.list).toHaveLength(1);
    expect(msgs.list[0]).toMatchObject({ sender: 'SYSTEM', staffName: null, imageId: null });
    expect(msgs.list[0]!.text).toContain('ยินดีต้อนรับ');
    expect(msgs.more).toBe(false);

    // Opening again answers the same conversation; a nickname is ignored for a member.
    const again = await playOk<ChatOpenResult>({ member: plain }, '/wps/chat/open', {
      body: { nickname: 'Someone' },
    });
    expect(again.conversation.id).toBe(a.conversation.id);
    expect(again.conversation.nickname).toBe(plain.username);
  });

  it('gives a visitor with a nickname a token that reaches its conversation again', async () => {
    const before = await counts();
    const { who, open } = await visitor('Guest Bo');
    expect(open.conversation).toMatchObject({
      nickname: 'Guest Bo',
      queue: 'GENERAL',
      status: 'WAITING',
      unread: 0,
    });
    const back = await playOk<ChatOpenResult>(who, '/wps/chat/open', { body: {} });
    expect(back).toEqual({ conversation: open.conversation, chatToken: null });
    const msgs = await playOk<ChatMessages>(who, '/wps/chat/messages');
    expect(msgs.conversation.id).toBe(open.conversation.id);
    expect((await counts()).conversations).toBe(before.conversations + 1);
    // Only the hash of the token is kept.
    const row = await t.db.db
      .selectFrom('chat_conversation')
      .select(['visitor_token_hash', 'member_id'])
      .where('id', '=', open.conversation.id)
      .executeTakeFirstOrThrow();
    expect(row.member_id).toBeNull();
    expect(Buffer.from(row.visitor_token_hash!).toString('base64url')).not.toBe(who.chatToken);
    expect(Buffer.from(row.visitor_token_hash!).toString()).not.toContain(who.chatToken);
  });

  it('refuses a visitor without a good nickname and creates nothing', async () => {
    const before = await counts();
    await playFails(
      { nobody: true },
      '/wps/chat/open',
      { body: {}, ip: freshIp() },
      400,
      'chat.nickname.required',
    );
    for (const nickname of [
      'A',
      'x'.repeat(CHAT_LIMITS.nicknameMax + 1),
      '<b>bold</b>',
      'tab\there',
      '   ',
      42,
    ])
      await playFails(
        { nobody: true },
        '/wps/chat/open',
        { body: { nickname }, ip: freshIp() },
        400,
        'request.invalid',
      );
    // A token that names nothing, without a nickname: nothing to come back to.
    await playFails({ chatToken: 'x'.repeat(43) }, '/wps/chat/open', { body: {} }, 404, 'chat.not.found');
    expect(await counts()).toEqual(before);
  });

  it('refuses a session that no longer works rather than treating it as a visitor', async () => {
    const before = await counts();
    await id.fails(
      '/wps/chat/open',
      { token: 'dead-session-token', body: { nickname: 'Ghost' } },
      401,
      'login.not.session',
    );
    expect(await counts()).toEqual(before);
  });
});

describe('a visitor’s token', () => {
  it('reaches its own conversation and images only, and never member data', async () => {
    const a = await visitor('Visitor A');
    const b = await visitor('Visitor B');
    await say(a.who, 'hello from A');
    await say(b.who, 'hello from B');
    const imageOfB = await uploadOk(b.who);

    const seenByA = await playOk<ChatMessages>(a.who, '/wps/chat/messages');
    expect(seenByA.conversation.id).toBe(a.open.conversation.id);
    expect(seenByA.list.map((m) => m.text)).not.toContain('hello from B');
    // B's image is not found for A, nor for nobody; B sees it.
    expect((await fetchImage(a.who, imageOfB)).statusCode).toBe(404);
    expect((await fetchImage({ nobody: true }, imageOfB)).statusCode).toBe(404);
    const mine = await fetchImage(b.who, imageOfB);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toContain('private');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    // A cannot send B's image either.
    await playFails(
      a.who,
      '/wps/chat/messages',
      { body: { requestId: `req-${randomUUID()}`, imageId: imageOfB } },
      400,
      'chat.image.unknown',
    );

    // On member routes a chat token is no session.
    await id.fails(
      '/wps/member/info',
      { headers: { [CHAT_TOKEN_HEADER]: a.who.chatToken } },
      401,
      'login.not.session',
    );
    await id.fails(
      '/wps/feedback',
      { headers: { [CHAT_TOKEN_HEADER]: a.who.chatToken } },
      401,
      'login.not.session',
    );
    // A member's image is not a visitor's either.
    const m = await id.registerGolden();
    await playOk({ member: m }, '/wps/chat/open', { body: {} });
    const memberImage = await uploadOk({ member: m }, JPEG);
    expect((await fetchImage(a.who, memberImage)).statusCode).toBe(404);
    const own = await fetchImage({ member: m }, memberImage);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');

    // Anything that is not a token of this brand reaches nothing.
    for (const token of ['short', a.who.chatToken.slice(1) + 'A', '!'.repeat(43)])
      await playFails({ chatToken: token }, '/wps/chat/messages', { method: 'GET' }, 404, 'chat.not.found');
    const lotus = await id.send('/wps/chat/messages', {
      host: 'lotus.localhost',
      headers: { [CHAT_TOKEN_HEADER]: a.who.chatToken },
    });
    expect(lotus.body).toMatchObject({ success: false, errorCode: 'chat.not.found' });
  });
});

describe('sending', () => {
  it('is idempotent on the request id', async () => {
    const m = await id.registerGolden();
    await playOk({ member: m }, '/wps/chat/open', { body: {} });
    const before = await counts();
    const first = await say({ member: m }, 'Where is my deposit?', 'req-same-0001');
    const again = await say({ member: m }, 'Where is my deposit?', 'req-same-0001');
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      sender: 'PLAYER',
      staffName: null,
      text: 'Where is my deposit?',
      imageId: null,
    });
    expect((await counts()).messages).toBe(before.messages + 1);
    // Another text under the same id is another request reusing a key: refused, nothing stored.
    await playFails(
      { member: m },
      '/wps/chat/messages',
      { body: { requestId: 'req-same-0001', text: 'Something else' } },
      409,
      'idempotency.mismatch',
    );
    expect((await counts()).messages).toBe(before.messages + 1);
  });

  it('refuses bad text, unknown, foreign and used images, and non-images, changing nothing', async () => {
    const m = await id.registerGolden();
    await playOk({ member: m }, '/wps/chat/open', { body: {} });
    const other = await visitor('Other one');
    const foreign = await uploadOk(other.who);
    const usedOnce = await uploadOk({ member: m });
    await playOk({ member: m }, '/wps/chat/messages', {
      body: { requestId: `req-${randomUUID()}`, imageId: usedOnce },
    });
    const before = await counts();

    const send = (body: Record<string, unknown>) =>
      play({ member: m }, '/wps/chat/messages', { body: { requestId: `req-${randomUUID()}`, ...body } });
    for (const body of [
      { text: 'x'.repeat(CHAT_LIMITS.textMax + 1) },
      { text: '' },
      { text: '    ' },
      {},
      { imageId: 'not-a-uuid' },
      { text: 42 },
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorCode).toBe('request.invalid');
    }
    const badId = await play({ member: m }, '/wps/chat/messages', { body: { requestId: 'no', text: 'hi' } });
    expect(badId.body.errorCode).toBe('request.invalid');
    for (const imageId of [randomUUID(), foreign, usedOnce]) {
      const res = await send({ imageId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'chat.image.unknown' });
      expect(res.body.message).toMatch(/not found|already sent/);
    }
    // The longest text allowed goes through.
    await say({ member: m }, 'y'.repeat(CHAT_LIMITS.textMax));
    const after = await counts();
    expect(after.messages).toBe(before.messages + 1);

    // Uploads: JSON, text, a fake PNG, a GIF, an empty body, too large.
    const refused: [Buffer | string, string, number, string][] = [
      [JSON.stringify({ image: 'x' }), 'application/json', 400, 'chat.image.invalid'],
      ['just some text', 'text/plain', 400, 'chat.image.invalid'],
      ['not really a png', 'image/png', 400, 'chat.image.invalid'],
      [
        Buffer.concat([PNG.subarray(0, 8), Buffer.from('garbage garbage garbage')]),
        'image/png',
        400,
        'chat.image.invalid',
      ],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 400, 'chat.image.invalid'],
      [
        Buffer.concat([PNG, Buffer.alloc(CHAT_LIMITS.imageMaxBytes + 1 - PNG.length)]),
        'image/png',
        413,
        'chat.image.too.large',
      ],
      [
        Buffer.concat([PNG, Buffer.alloc(CHAT_LIMITS.imageMaxBytes * 2)]),
        'application/octet-stream',
        413,
        'chat.image.too.large',
      ],
    ];
    for (const [bytes, type, status, code] of refused) {
      const res = await upload({ member: m }, bytes, type);
      expect(res.statusCode, `${type} ${String(bytes).slice(0, 20)}`).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorCode: code });
    }
    const tooLarge = await upload(
      { member: m },
      Buffer.concat([PNG, Buffer.alloc(CHAT_LIMITS.imageMaxBytes)]),
    );
    expect((tooLarge.json() as { message: string }).message).toContain('5 MB');
    expect(await counts()).toEqual(after);
    // A PNG declared as octet-stream is still a PNG.
    expect((await upload({ member: m }, PNG, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('throttles a conversation’s messages per minute', async () => {
    const m = await id.registerGolden();
    await playOk({ member: m }, '/wps/chat/open', { body: {} });
    const clock = freezeTime(nextWindow(60));
    try {
      for (let i = 0; i < 20; i++) await say({ member: m }, `line ${i}`);
      await playFails(
        { member: m },
        '/wps/chat/messages',
        { body: { requestId: `req-${randomUUID()}`, text: 'one too many' } },
        429,
        'system.throttled',
      );
      clock.advance(60_000);
      await say({ member: m }, 'a minute later');
    } finally {
      clock.restore();
    }
  });
});

describe('the desk', () => {
  it('lists waiting conversations once the player wrote; one staff member takes and answers; reads count on both sides', async () => {
    const m = await id.registerGolden();
    await t.services.vip.levels.setLevel('GOLDEN', m.id, 6);
    const opened = await playOk<ChatOpenResult>({ member: m }, '/wps/chat/open', { body: {} });
    const cid = opened.conversation.id;
    // Silent: not in the queue yet.
    expect((await queueOf(anna, '?queue=VIP')).list.map((r) => r.id)).not.toContain(cid);
    const waitingBefore = (await queueOf(anna)).waiting.VIP;

    const asked = await say({ member: m }, 'I need help with a withdrawal');
    const page = await queueOf(anna, '?queue=VIP');
    const row = page.list.find((r) => r.id === cid)!;
    expect(row).toMatchObject({
      status: 'WAITING',
      queue: 'VIP',
      memberId: m.id,
      username: m.username,
      vipLevel: 6,
      staffName: null,
      lastText: 'I need help with a withdrawal',
      unread: 1,
      closedTime: null,
    });
    expect(page.waiting.VIP).toBe(waitingBefore + 1);

    // Opening it shows the player (an audited read); refetching what came after is not another.
    const view = await staffOk<ChatStaffConversation>(anna, 'GET', `/wps/admin/chat/${cid}`);
    expect(view.list.map((x) => x.sender)).toEqual(['SYSTEM', 'PLAYER']);
    expect(view.player).toMatchObject({
      memberId: m.id,
      username: m.username,
      vipLevel: 6,
      status: 'ACTIVE',
      balance: '0.00',
      kycState: 'NOT_SUBMITTED',
      language: 'EN',
    });
    expect((await auditRows('chat.view', `member:${m.id}`)).length).toBe(1);
    const later = await staffOk<ChatStaffConversation>(
      anna,
      'GET',
      `/wps/admin/chat/${cid}?after=${asked.id}`,
    );
    expect(later.list).toEqual([]);
    expect((await auditRows('chat.view', `member:${m.id}`)).length).toBe(1);
    // Asking "after" without having opened it is no way around the record.
    await staffOk(ben, 'GET', `/wps/admin/chat/${cid}?after=0`);
    expect((await auditRows('chat.view', `member:${m.id}`)).map((r) => r.actor)).toEqual([
      anna.username,
      ben.username,
    ]);

    // Anna takes it; Ben cannot take it or write in it; Anna taking again changes nothing.
    const taken = await staffOk<ChatQueueRow>(anna, 'POST', `/wps/admin/chat/${cid}/take`);
    expect(taken).toMatchObject({ status: 'OPEN', staffName: 'Anna Support' });
    await staffFails(ben, 'POST', `/wps/admin/chat/${cid}/take`, undefined, 409, 'chat.taken');
    await staffFails(
      ben,
      'POST',
      `/wps/admin/chat/${cid}/messages`,
      { requestId: `st-${randomUUID()}`, text: 'Ben here' },
      409,
      'chat.taken',
    );
    await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/take`);
    expect(await auditRows('chat.take', `chat:${cid}`)).toHaveLength(1);
    expect((await auditRows('chat.take', `chat:${cid}`))[0]).toMatchObject({
      actor: anna.username,
      actor_kind: 'STAFF',
      role: 'support',
      merchant_code: 'GOLDEN',
    });

    const answer = await staffOk<ChatMessage>(anna, 'POST', `/wps/admin/chat/${cid}/messages`, {
      requestId: 'staff-req-0001',
      text: 'Let me check that for you.',
    });
    expect(answer).toMatchObject({
      sender: 'STAFF',
      staffName: 'Anna Support',
      text: 'Let me check that for you.',
    });
    // Idempotent for staff too.
    expect(
      await staffOk<ChatMessage>(anna, 'POST', `/wps/admin/chat/${cid}/messages`, {
        requestId: 'staff-req-0001',
        text: 'Let me check that for you.',
      }),
    ).toEqual(answer);
    expect(await auditRows('chat.send', `chat:${cid}`)).toHaveLength(1);
    // Answering marked the player's messages read.
    expect((await queueOf(anna, '?status=OPEN&mine=true')).list.find((r) => r.id === cid)?.unread).toBe(0);
    expect((await queueOf(ben, '?status=OPEN&mine=true')).list.map((r) => r.id)).not.toContain(cid);

    // The player sees the answer and who gave it, unread until it reads it.
    const unread = await playOk<ChatUnread>({ member: m }, '/wps/chat/unread');
    expect(unread).toEqual({ unread: 1, conversationId: cid });
    const seen = await playOk<ChatMessages>({ member: m }, `/wps/chat/messages?after=${asked.id}`);
    expect(seen.list).toEqual([answer]);
    expect(seen.conversation).toMatchObject({ status: 'OPEN', staffName: 'Anna Support', unread: 1 });
    expect(await playOk<ChatUnread>({ member: m }, '/wps/chat/read', { body: { upTo: answer.id } })).toEqual({
      unread: 0,
      conversationId: cid,
    });
    // A marker beyond the last message stops at it; one before never moves it back.
    await playOk({ member: m }, '/wps/chat/read', { body: { upTo: '999999999999' } });
    await playOk({ member: m }, '/wps/chat/read', { body: { upTo: '1' } });
    expect((await playOk<ChatUnread>({ member: m }, '/wps/chat/unread')).unread).toBe(0);
    await playFails({ member: m }, '/wps/chat/read', { body: { upTo: 'abc' } }, 400, 'request.invalid');

    // The player writes twice more: two unread for staff until Anna reads them (audited).
    const p1 = await say({ member: m }, 'Thanks');
    const p2 = await say({ member: m }, 'Any news?');
    expect((await queueOf(anna, '?status=OPEN')).list.find((r) => r.id === cid)?.unread).toBe(2);
    expect(await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/read`, { upTo: p1.id })).toEqual({
      unread: 1,
    });
    expect(await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/read`, { upTo: p2.id })).toEqual({
      unread: 0,
    });
    expect(await auditRows('chat.read', `chat:${cid}`)).toHaveLength(2);
    // Reading again moves nothing and writes nothing.
    await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/read`, { upTo: p2.id });
    expect(await auditRows('chat.read', `chat:${cid}`)).toHaveLength(2);

    // Closing: anyone at the desk may; then nothing more is sent, and opening starts anew.
    const closed = await staffOk<ChatQueueRow>(ben, 'POST', `/wps/admin/chat/${cid}/close`);
    expect(closed.status).toBe('CLOSED');
    expect(closed.closedTime).not.toBeNull();
    expect(await auditRows('chat.close', `chat:${cid}`)).toHaveLength(1);
    await staffFails(ben, 'POST', `/wps/admin/chat/${cid}/close`, undefined, 409, 'chat.closed');
    await staffFails(anna, 'POST', `/wps/admin/chat/${cid}/take`, undefined, 409, 'chat.closed');
    const before = await counts();
    await playFails(
      { member: m },
      '/wps/chat/messages',
      { body: { requestId: `req-${randomUUID()}`, text: 'hello?' } },
      409,
      'chat.closed',
    );
    await staffFails(
      anna,
      'POST',
      `/wps/admin/chat/${cid}/messages`,
      { requestId: `st-${randomUUID()}`, text: 'late' },
      409,
      'chat.closed',
    );
    expect(await counts()).toEqual(before);
    // The closed conversation can still be read; the badge counts only a conversation not closed.
    expect((await playOk<ChatMessages>({ member: m }, '/wps/chat/messages')).conversation.status).toBe(
      'CLOSED',
    );
    expect(await playOk<ChatUnread>({ member: m }, '/wps/chat/unread')).toEqual({
      unread: 0,
      conversationId: null,
    });
    const next = await playOk<ChatOpenResult>({ member: m }, '/wps/chat/open', { body: {} });
    expect(next.conversation.id).not.toBe(cid);
    expect(next.conversation.status).toBe('WAITING');
    expect((await queueOf(anna, '?status=CLOSED')).list[0]?.id).toBe(cid);
  });

  it('takes a waiting conversation when a staff member answers it first; staff images reach the player', async () => {
    const v = await visitor('Guest Cy');
    const cid = v.open.conversation.id;
    await say(v.who, 'hi there');
    const imageId = (
      await staff<{ imageId: string }>(anna, 'POST', '/wps/admin/chat/images', undefined, {
        bytes: JPEG,
        type: 'image/jpeg',
      })
    ).body!.value!.imageId;
    expect(await auditRows('chat.image.upload', `chat-image:${imageId}`)).toHaveLength(1);
    // A player cannot send a staff member's image, and cannot see it before it is sent.
    await playFails(
      v.who,
      '/wps/chat/messages',
      { body: { requestId: `req-${randomUUID()}`, imageId } },
      400,
      'chat.image.unknown',
    );
    expect((await fetchImage(v.who, imageId)).statusCode).toBe(404);

    const sent = await staffOk<ChatMessage>(anna, 'POST', `/wps/admin/chat/${cid}/messages`, {
      requestId: `st-${randomUUID()}`,
      imageId,
    });
    expect(sent).toMatchObject({ sender: 'STAFF', imageId, text: null });
    const row = (await queueOf(anna, '?status=OPEN&mine=true')).list.find((r) => r.id === cid);
    expect(row).toMatchObject({
      staffName: 'Anna Support',
      lastText: '[image]',
      username: null,
      vipLevel: null,
    });
    const [audit] = await auditRows('chat.send', `chat:${cid}`);
    expect(json(audit!.after)).toMatchObject({ taken: true, image: true });
    expect((await fetchImage(v.who, imageId)).statusCode).toBe(200);
    // Sent once: not again, not in another conversation.
    const other = await visitor('Guest Di');
    await say(other.who, 'me too');
    await staffFails(
      anna,
      'POST',
      `/wps/admin/chat/${other.open.conversation.id}/messages`,
      { requestId: `st-${randomUUID()}`, imageId },
      400,
      'chat.image.unknown',
    );
    // Staff see any image of the brand's chats; a visitor's view has no player profile.
    const got = await staff(ben, 'GET', `/wps/admin/chat/images/${imageId}`);
    expect(got.status).toBe(200);
    expect(got.raw.headers['content-type']).toBe('image/jpeg');
    const view = await staffOk<ChatStaffConversation>(ben, 'GET', `/wps/admin/chat/${cid}`);
    expect(view.player).toBeNull();
    expect(await auditRows('chat.view', `chat:${cid}`)).toHaveLength(1);
    // Staff uploads are checked like the players'.
    const bad = await staff(anna, 'POST', '/wps/admin/chat/images', undefined, {
      bytes: 'nope',
      type: 'image/png',
    });
    expect(bad.body).toMatchObject({ errorCode: 'chat.image.invalid' });
  });

  it('refuses staff without chat.answer, and another brand’s conversations', async () => {
    const v = await visitor('Guest Ed');
    await say(v.who, 'anyone?');
    const cid = v.open.conversation.id;
    for (const [method, url] of [
      ['GET', '/wps/admin/chat/queue'],
      ['GET', `/wps/admin/chat/${cid}`],
      ['POST', `/wps/admin/chat/${cid}/take`],
      ['GET', '/wps/admin/chat/search?q=anyone'],
    ] as const)
      await staffFails(finance, method, url, undefined, 403, 'operator.forbidden');
    // Support answers but does not change settings or canned replies.
    await staffFails(anna, 'GET', '/wps/admin/chat/settings', undefined, 403, 'operator.forbidden');
    await staffFails(
      anna,
      'POST',
      '/wps/admin/chat/canned',
      { lang: 'EN', title: 'x', text: 'y' },
      403,
      'operator.forbidden',
    );

    const lotusOpen = await id.ok<ChatOpenResult>('/wps/chat/open', {
      host: 'lotus.localhost',
      body: { nickname: 'Lotus Guest' },
      ip: freshIp(),
    });
    await staffFails(
      anna,
      'GET',
      `/wps/admin/chat/${lotusOpen.conversation.id}`,
      undefined,
      404,
      'chat.not.found',
    );
    await staffFails(
      anna,
      'POST',
      `/wps/admin/chat/${lotusOpen.conversation.id}/take`,
      undefined,
      404,
      'chat.not.found',
    );
  });

  it('searches the brand’s messages (an audited read)', async () => {
    const v = await visitor('Searcher');
    const word = `zebra${Date.now()}`;
    const hit = await say(v.who, `my ${word} account has 100% problems`);
    await say(v.who, 'nothing to see');
    const found = await staffOk<ChatSearchPage>(anna, 'GET', `/wps/admin/chat/search?q=${word}`);
    expect(found.list).toEqual([
      { conversationId: v.open.conversation.id, nickname: 'Searcher', username: null, message: hit },
    ]);
    expect(found.totalPages).toBe(1);
    const audits = await auditRows('chat.search');
    expect(json(audits.at(-1)!.after)).toMatchObject({ query: { q: word } });
    // The brand's greeting, in every conversation, is not a finding.
    expect(
      (await staffOk<ChatSearchPage>(anna, 'GET', '/wps/admin/chat/search?q=Welcome%20to')).list,
    ).toEqual([]);
    // Wildcards are taken literally.
    expect(
      (await staffOk<ChatSearchPage>(anna, 'GET', `/wps/admin/chat/search?q=${encodeURIComponent('0% p')}`))
        .list,
    ).toHaveLength(1);
    expect(
      (
        await staffOk<ChatSearchPage>(
          anna,
          'GET',
          `/wps/admin/chat/search?q=${encodeURIComponent('_%_%_%_x')}`,
        )
      ).list,
    ).toEqual([]);
    // Days of the brand's calendar: a range before today finds nothing.
    expect(
      (
        await staffOk<ChatSearchPage>(
          anna,
          'GET',
          `/wps/admin/chat/search?q=${word}&from=2020-01-01&to=2020-01-02`,
        )
      ).list,
    ).toEqual([]);
    for (const query of [
      'q=a',
      `q=${word}&from=2026-02-30`,
      `q=${word}&from=2026-03-02&to=2026-03-01`,
      'q=' + 'x'.repeat(101),
    ])
      await staffFails(anna, 'GET', `/wps/admin/chat/search?${query}`, undefined, 400, 'request.invalid');
  });

  it('keeps canned replies per language (changes audited)', async () => {
    const before = await counts();
    const th = await staffOk<ChatCanned>(owner, 'POST', '/wps/admin/chat/canned', {
      lang: 'TH',
      title: '  ทดสอบ ',
      text: 'ข้อความทดสอบ',
    });
    expect(th).toMatchObject({ lang: 'TH', title: 'ทดสอบ', text: 'ข้อความทดสอบ' });
    const thList = await staffOk<{ list: ChatCanned[] }>(anna, 'GET', '/wps/admin/chat/canned?lang=TH');
    expect(thList.list.every((c) => c.lang === 'TH')).toBe(true);
    expect(thList.list.map((c) => c.id)).toContain(th.id);
    // The demo seed's replies: English and Thai.
    const all = await staffOk<{ list: ChatCanned[] }>(anna, 'GET', '/wps/admin/chat/canned');
    expect(new Set(all.list.map((c) => c.lang))).toEqual(new Set(['EN', 'TH']));
    expect(
      (await staffOk<{ list: ChatCanned[] }>(anna, 'GET', '/wps/admin/chat/canned?lang=VI')).list,
    ).toEqual([]);

    const changed = await staffOk<ChatCanned>(owner, 'PUT', `/wps/admin/chat/canned/${th.id}`, {
      lang: 'EN',
      title: 'Test',
      text: 'A test reply',
    });
    expect(changed).toEqual({ id: th.id, lang: 'EN', title: 'Test', text: 'A test reply' });
    await staffOk(owner, 'DELETE', `/wps/admin/chat/canned/${th.id}`);
    expect(await counts()).toEqual(before);
    const actions = (
      await t.db.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `chat-canned:${th.id}`)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['chat.canned.create', 'chat.canned.update', 'chat.canned.delete']);

    await staffFails(
      owner,
      'PUT',
      `/wps/admin/chat/canned/${th.id}`,
      { lang: 'EN', title: 'x', text: 'y' },
      404,
      'chat.canned.not.found',
    );
    await staffFails(
      owner,
      'DELETE',
      `/wps/admin/chat/canned/${th.id}`,
      undefined,
      404,
      'chat.canned.not.found',
    );
    for (const body of [
      { lang: 'XX', title: 'x', text: 'y' },
      { lang: 'EN', title: '', text: 'y' },
      { lang: 'EN', title: 'x'.repeat(CHAT_LIMITS.cannedTitleMax + 1), text: 'y' },
      { lang: 'EN', title: 'x', text: 'y'.repeat(CHAT_LIMITS.cannedTextMax + 1) },
    ])
      await staffFails(owner, 'POST', '/wps/admin/chat/canned', body, 400, 'request.invalid');
    expect(await counts()).toEqual(before);
  });

  it('follows the opening hours: the away message outside them; a brand with the chat off refuses', async () => {
    const { chat } = t.services.chat;
    const saved = await staffOk<ChatSettings>(owner, 'GET', '/wps/admin/chat/settings');
    expect(saved.enabled).toBe(true);
    // Monday 2026-03-02, 10:00 in Manila (GOLDEN's zone).
    const monday10 = new Date('2026-03-02T02:00:00Z');
    chat.clock = () => monday10;
    try {
      const hours = [
        { day: 1, open: '09:00', close: '18:00' },
        { day: 2, open: '09:00', close: '18:00' },
      ];
      const out = await setSettings(owner, { alwaysOpen: false, hours: [...hours].reverse() });
      expect(out.hours).toEqual(hours);
      const [audit] = (await auditRows('chat.settings', 'brand:GOLDEN')).slice(-1);
      expect(json(audit!.before)).toMatchObject({ alwaysOpen: true });
      expect(json(audit!.after)).toMatchObject({ alwaysOpen: false, hours });
      expect((await playOk<ChatStatusInfo>({ nobody: true }, '/wps/chat/status')).open).toBe(true);
      const inHours = await visitor('Early Bird');
      expect(
        (await playOk<ChatMessages>(inHours.who, '/wps/chat/messages')).list.map((x) => x.sender),
      ).toEqual(['SYSTEM']);

      // 19:00: closed. A new conversation gets the greeting and the away message.
      chat.clock = () => new Date('2026-03-02T11:00:00Z');
      const status = await playOk<ChatStatusInfo>({ nobody: true }, '/wps/chat/status', { lang: 'VI' });
      expect(status.open).toBe(false);
      expect(status.awayMessage).toContain('vắng mặt');
      const late = await playOk<ChatOpenResult>({ nobody: true }, '/wps/chat/open', {
        body: { nickname: 'Night Owl' },
        lang: 'VI',
        ip: freshIp(),
      });
      const lines = (await playOk<ChatMessages>({ chatToken: late.chatToken! }, '/wps/chat/messages')).list;
      expect(lines.map((x) => x.sender)).toEqual(['SYSTEM', 'SYSTEM']);
      expect(lines[1]!.text).toBe(status.awayMessage);
      // Outside opening hours a conversation still opens and waits.
      await say({ chatToken: late.chatToken! }, 'Hello?');

      // Texts: an empty one is dropped; unknown languages and bad hours are refused.
      const texts = await setSettings(owner, { greeting: { EN: 'Hi!', TH: '   ' } });
      expect(texts.greeting).toEqual({ EN: 'Hi!' });
      for (const patch of [
        { hours: [{ day: 7, open: '09:00', close: '10:00' }] },
        { hours: [{ day: 1, open: '9:00', close: '10:00' }] },
        { hours: [{ day: 1, open: '09:00', close: '24:00' }] },
        {
          hours: [
            { day: 1, open: '09:00', close: '10:00' },
            { day: 1, open: '11:00', close: '12:00' },
          ],
        },
        { greeting: { XX: 'hi' } },
        { awayMessage: { EN: 'x'.repeat(CHAT_LIMITS.awayMessageMax + 1) } },
      ])
        await staffFails(
          owner,
          'PUT',
          '/wps/admin/chat/settings',
          { ...saved, ...patch },
          400,
          'request.invalid',
        );

      // Switched off: the site is told, and nothing new starts.
      await setSettings(owner, { enabled: false });
      expect(await playOk<ChatStatusInfo>({ nobody: true }, '/wps/chat/status')).toEqual({
        enabled: false,
        open: false,
        awayMessage: null,
        greeting: null,
      });
      const before = await counts();
      await playFails(
        { nobody: true },
        '/wps/chat/open',
        { body: { nickname: 'Too Late' }, ip: freshIp() },
        403,
        'chat.disabled',
      );
      await playFails(
        { chatToken: late.chatToken! },
        '/wps/chat/messages',
        { body: { requestId: `req-${randomUUID()}`, text: 'still there?' } },
        403,
        'chat.disabled',
      );
      expect((await upload({ chatToken: late.chatToken! }, PNG)).json()).toMatchObject({
        errorCode: 'chat.disabled',
      });
      expect(await counts()).toEqual(before);
    } finally {
      chat.clock = () => new Date();
      await staffOk(owner, 'PUT', '/wps/admin/chat/settings', saved);
    }
  });
});

describe('at the same moment', () => {
  it('makes one conversation of simultaneous opens, one message of a repeated request, one taker', async () => {
    const m = await id.registerGolden();
    const opens = await Promise.all(
      [1, 2, 3].map(() => playOk<ChatOpenResult>({ member: m }, '/wps/chat/open', { body: {} })),
    );
    expect(new Set(opens.map((o) => o.conversation.id)).size).toBe(1);
    const cid = opens[0]!.conversation.id;

    const sends = await Promise.all([1, 2, 3].map(() => say({ member: m }, 'only once', 'req-race-0001')));
    expect(new Set(sends.map((x) => x.id)).size).toBe(1);
    const stored = await t.db.db
      .selectFrom('chat_message')
      .select('id')
      .where('conversation_id', '=', cid)
      .where('request_id', '=', 'req-race-0001')
      .execute();
    expect(stored).toHaveLength(1);

    const takes = await Promise.all([
      staff(anna, 'POST', `/wps/admin/chat/${cid}/take`),
      staff(ben, 'POST', `/wps/admin/chat/${cid}/take`),
    ]);
    expect(takes.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(takes.find((x) => x.status === 409)?.body).toMatchObject({ errorCode: 'chat.taken' });
    expect(await auditRows('chat.take', `chat:${cid}`)).toHaveLength(1);
  });
});

// ---- push ------------------------------------------------------------------------------------------

interface Frame {
  type: string;
  topic?: string;
  kind?: string;
  member?: boolean;
  code?: string;
}

/** A WebSocket client keeping every frame, able to wait for the next matching one. */
class Client {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as Frame;
      this.frames.push(f);
      for (const w of [...this.waiters])
        if (w.match(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        }
    });
  }

  static async open(headers: Record<string, string> = {}, path = '/wps/push'): Promise<Client> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      headers: { host: 'localhost', ...headers },
    });
    // Listening before the upgrade completes: a first frame can arrive with the upgrade's answer.
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(value: unknown): void {
    this.socket.send(JSON.stringify(value));
  }

  next(match: (f: Frame) => boolean, ms = 5_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame: ${JSON.stringify(this.frames)}`)),
        ms,
      );
      this.waiters.push({
        match,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (f: Frame) => f.type === 'event';

describe('push', () => {
  it('tells the member, the visitor and the desk that their conversations changed', async () => {
    const m = await id.registerGolden();
    const memberOpen = await playOk<ChatOpenResult>({ member: m }, '/wps/chat/open', { body: {} });
    const v = await visitor('Pushed Guest');
    const other = await visitor('Not Me');

    const staffSocket = await Client.open(
      { origin: 'http://localhost', cookie: anna.cookie },
      '/wps/admin/push?merchant=GOLDEN',
    );
    await staffSocket.next((f) => f.type === 'ready');
    staffSocket.send({ type: 'subscribe', topics: ['chat'] });
    const memberSocket = await Client.open();
    memberSocket.send({ type: 'hello', token: m.token });
    expect(await memberSocket.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: true });
    const visitorSocket = await Client.open();
    visitorSocket.send({ type: 'hello', chatToken: v.who.chatToken });
    expect(await visitorSocket.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: false });
    const otherSocket = await Client.open();
    otherSocket.send({ type: 'hello', chatToken: other.who.chatToken });
    await otherSocket.next((f) => f.type === 'ready');

    // A player writes: the desk hears its queue changed.
    await say(v.who, 'ping');
    expect(await staffSocket.next(event)).toEqual({ type: 'event', topic: 'chat', kind: 'changed' });
    await quiet(200);
    // Staff answer: the visitor hears its conversation, nobody else's socket hears it.
    for (const c of [visitorSocket, memberSocket, otherSocket]) c.frames.length = 0;
    await staffOk(anna, 'POST', `/wps/admin/chat/${v.open.conversation.id}/messages`, {
      requestId: `st-${randomUUID()}`,
      text: 'pong',
    });
    expect(await visitorSocket.next(event)).toEqual({ type: 'event', topic: 'chat', kind: 'chat' });
    await quiet(300);
    expect(otherSocket.frames.filter(event)).toEqual([]);
    expect(memberSocket.frames.filter(event)).toEqual([]);

    // The member hears its own conversation on its member topic: taken, answered, read, closed.
    const cid = memberOpen.conversation.id;
    await say({ member: m }, 'hello desk');
    await quiet(300);
    memberSocket.frames.length = 0;
    await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/take`);
    expect(await memberSocket.next(event)).toEqual({ type: 'event', topic: 'member', kind: 'chat' });
    await quiet(300);
    memberSocket.frames.length = 0;
    staffSocket.frames.length = 0;
    await staffOk(anna, 'POST', `/wps/admin/chat/${cid}/close`);
    expect(await memberSocket.next(event)).toEqual({ type: 'event', topic: 'member', kind: 'chat' });
    expect(await staffSocket.next(event)).toEqual({ type: 'event', topic: 'chat', kind: 'changed' });

    // A token that names nothing is refused, and the connection hears nothing of chats.
    const stray = await Client.open();
    stray.send({ type: 'hello', chatToken: 'nothing-like-a-token' });
    expect(await stray.next((f) => f.type === 'error')).toMatchObject({ code: 'chat.not.found' });
    expect(await stray.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: false });

    for (const c of [staffSocket, memberSocket, visitorSocket, otherSocket, stray]) c.close();
  });

  it('opens the desk’s chat queue to chat.answer only', async () => {
    const socket = await Client.open(
      { origin: 'http://localhost', cookie: finance.cookie },
      '/wps/admin/push?merchant=GOLDEN',
    );
    await socket.next((f) => f.type === 'ready');
    socket.send({ type: 'subscribe', topics: ['chat'] });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({ code: 'operator.forbidden' });
    socket.close();
  });

  it('gives a visitor’s long poll its conversation’s events by the chat token header', async () => {
    const v = await visitor('Polling Guest');
    await say(v.who, 'are you there?');
    await quiet(300);
    const poll = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/push/poll?${query}`,
        headers: { host: 'localhost', [CHAT_TOKEN_HEADER]: v.who.chatToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { value: PushPollResult }).value;
    };
    const first = await poll('');
    expect(first).toMatchObject({ resync: true, member: false });
    const held = poll(`cursor=${first.cursor}&wait=5`);
    await quiet(50);
    await staffOk(ben, 'POST', `/wps/admin/chat/${v.open.conversation.id}/take`);
    expect((await held).events).toEqual([{ topic: 'chat', kind: 'chat' }]);
  });
});
