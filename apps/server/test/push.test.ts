/**
 * The push channel: a member's WebSocket hears that its wallet and inbox changed, a visitor hears
 * the public topics it subscribed to, bad frames are refused and change nothing, the long poll
 * gives the same events to a client whose network refuses WebSockets, and (on PostgreSQL) a change
 * made on one instance reaches a subscriber connected to another.
 */
import type { AddressInfo } from 'node:net';
import type { ChatOpenResult, PushPollResult } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { PgBus } from '../src/platform/bus';
import { brandTopic, chatTopic, staffTopic } from '../src/platform/push-topics';
import { JOIN_REPLAY_MS } from '../src/modules/push/push.routes';
import type { Brand } from '../src/platform/brand';
import { openDb } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import { buildPlatformOn, buildTestApp, createPostgresDatabase, type TestContext } from './helper';
import { Identity, type NewMember } from './identity-client';

interface Frame {
  type: string;
  topic?: string;
  kind?: string;
  member?: boolean;
  code?: string;
  message?: string;
}

/** A WebSocket client that keeps every frame and can wait for the next one matching a test. */
class Client {
  readonly frames: Frame[] = [];
  private waiters: Array<{ match: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  /** The close code the server ended the connection with. */
  readonly closed: Promise<number>;
  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
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

  static async open(port: number, headers: Record<string, string> = {}, path = '/wps/push'): Promise<Client> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
      headers: { host: 'localhost', ...headers },
    });
    // Listening before the upgrade completes: a first frame can arrive with the upgrade's answer.
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
    });
    return client;
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The next frame matching `match` (one already received counts), or a failure after `ms`. */
  next(match: (f: Frame) => boolean, ms = 5_000): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame in ${ms} ms: ${JSON.stringify(this.frames)}`)),
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

  /**
   * Resolves once the server has handled every frame sent before it (the hello is answered in
   * order). A hello starts the connection's member over: only for visitors.
   */
  async settle(): Promise<void> {
    this.send({ type: 'hello' });
    await this.next((f) => f.type === 'ready');
  }

  close(): void {
    this.socket.close();
  }
}

/** A connection that said hello as `member` and was answered ready (the member's topic joined). */
async function memberConnection(member: NewMember): Promise<Client> {
  const c = await Client.open(port);
  c.send({ type: 'hello', token: member.token });
  expect(await c.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: true });
  return c;
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Credits a member's main wallet through the ledger, as a deposit or an adjustment would. */
async function credit(member: NewMember, amount: bigint, reference: string) {
  const { ledger } = t.services.wallet;
  await ledger.post(t.db.db, {
    merchant: 'GOLDEN',
    reference,
    kind: 'ADJUSTMENT',
    memberId: member.id,
    postings: [
      { accountId: await ledger.account('GOLDEN', 'ADJUSTMENT'), amount: -amount },
      { accountId: await ledger.account('GOLDEN', 'MAIN', member.id), amount },
    ],
  });
}

describe('WebSocket', () => {
  it('tells a member with the site open that its wallet and inbox changed, and nobody else', async () => {
    const m = await id.registerGolden();
    const other = await id.registerGolden();
    const mine = await memberConnection(m);
    const theirs = await memberConnection(other);

    await credit(m, 5_000n, `push-test:${m.id}`);
    expect(await mine.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: 'member',
      kind: 'wallet',
    });

    await t.services.messages.inbox.notice(
      'GOLDEN',
      { usernames: [m.username] },
      { title: 'Hi', content: 'News' },
    );
    expect(await mine.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: 'member',
      kind: 'inbox',
    });

    // The same reference again moves nothing, so nothing is said.
    await credit(m, 5_000n, `push-test:${m.id}`);
    await quiet(300);
    expect(mine.frames).toEqual([]);
    expect(theirs.frames).toEqual([]);

    // A notice to every member reaches both.
    await t.services.messages.inbox.notice('GOLDEN', 'ALL', { title: 'All', content: 'Everyone' });
    expect(await mine.next((f) => f.type === 'event')).toMatchObject({ topic: 'member', kind: 'inbox' });
    expect(await theirs.next((f) => f.type === 'event')).toMatchObject({ topic: 'member', kind: 'inbox' });
    mine.close();
    theirs.close();
  });

  it('delivers a public topic to its subscribers only, named as they subscribed', async () => {
    // Topics no background job of the test app publishes on (its dealers and draws are running).
    const room = await Client.open(port);
    const jackpot = await Client.open(port);
    room.send({ type: 'subscribe', topics: ['cards:ZZ'] });
    jackpot.send({ type: 'subscribe', topics: ['jackpot'] });
    await room.settle();
    await jackpot.settle();

    t.bus.publish(brandTopic('GOLDEN', 'cards:ZZ'), { kind: 'dealt' });
    expect(await room.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: 'cards:ZZ',
      kind: 'dealt',
    });
    // Another brand's room of the same name, and another room of this brand: not theirs.
    t.bus.publish(brandTopic('LOTUS', 'cards:ZZ'), { kind: 'dealt' });
    t.bus.publish(brandTopic('GOLDEN', 'cards:ZY'), { kind: 'dealt' });
    await quiet(200);
    expect(room.frames).toEqual([]);
    expect(jackpot.frames).toEqual([]);

    room.send({ type: 'unsubscribe', topics: ['cards:ZZ'] });
    await room.settle();
    t.bus.publish(brandTopic('GOLDEN', 'cards:ZZ'), { kind: 'dealt' });
    await quiet(200);
    expect(room.frames).toEqual([]);
    room.close();
    jackpot.close();
  });

  it('refuses bad frames with a clear error and subscribes nothing', async () => {
    const c = await Client.open(port);
    c.send('not json');
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'request.invalid' });
    // One bad topic refuses the whole frame: the good one beside it is not subscribed either.
    c.send({ type: 'subscribe', topics: ['jackpot', 'member'] });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({
      code: 'request.invalid',
      message: 'unknown topic',
    });
    c.send({ type: 'subscribe', topics: ['jackpot', 'cards:R1; drop'] });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'request.invalid' });
    c.send({
      type: 'subscribe',
      topics: ['jackpot', ...Array.from({ length: 20 }, (_, i) => `cards:R${i}`)],
    });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'request.invalid' });
    c.send({ type: 'launch', topics: ['jackpot'] });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'request.invalid' });
    c.send({ type: 'hello', token: 'no-such-session' });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'login.not.session' });
    expect(await c.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: false });
    t.bus.publish(brandTopic('GOLDEN', 'jackpot'), { kind: 'changed' });
    await quiet(200);
    expect(c.frames).toEqual([]);
    c.close();
  });
});

describe('joining after the page read what it shows', () => {
  it("a member's hello replays the member's events of the moment before, once per kind, and nobody else's", async () => {
    const m = await id.registerGolden();
    const other = await id.registerGolden();
    // Money moves twice while the page is loading and before its connection says hello.
    await credit(m, 100n, `push-replay-a:${m.id}`);
    await credit(m, 200n, `push-replay-b:${m.id}`);
    await quiet(300); // notices leave a moment after the change (PushNotices): both are out now

    const mine = await memberConnection(m);
    const theirs = await memberConnection(other);
    // (An earlier test's notice to every member, just before, is replayed too.)
    expect(await mine.next((f) => f.kind === 'wallet')).toEqual({
      type: 'event',
      topic: 'member',
      kind: 'wallet',
    });
    await quiet(200);
    expect(mine.frames.filter((f) => f.kind === 'wallet')).toEqual([]);
    expect(theirs.frames.filter((f) => f.kind === 'wallet')).toEqual([]);

    // Events older than the replay window are not said again.
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + JOIN_REPLAY_MS + 1_000);
    try {
      const afterwards = await memberConnection(m);
      await quiet(200);
      expect(afterwards.frames).toEqual([]);
      afterwards.close();
    } finally {
      later.mockRestore();
    }
    mine.close();
    theirs.close();
  });

  it("a visitor's hello with its chat token replays a reply sent just before", async () => {
    const open = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/open',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      payload: { nickname: 'Guest Replay' },
    });
    expect(open.statusCode, open.body).toBe(200);
    const chat = (open.json() as { value: ChatOpenResult }).value;
    // Support answers while the chat page loads (after its own notices of the opening are out).
    await quiet(300);
    t.bus.publish(chatTopic('GOLDEN', chat.conversation.id), { kind: 'chat' });
    await quiet(20);

    const c = await Client.open(port);
    c.send({ type: 'hello', chatToken: chat.chatToken });
    expect(await c.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: false });
    expect(await c.next((f) => f.type === 'event')).toEqual({ type: 'event', topic: 'chat', kind: 'chat' });
    // A visitor without a token joins nothing and hears nothing of it.
    const stranger = await Client.open(port);
    await stranger.settle();
    await quiet(200);
    expect(stranger.frames).toEqual([]);
    c.close();
    stranger.close();
  });
});

describe('connections per address', () => {
  it('closes a WebSocket beyond the per-address limit with 1013, and takes one again once another closed', async () => {
    const small = await buildTestApp({ PUSH_MAX_PER_IP: '2' });
    try {
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const smallPort = (small.app.server.address() as AddressInfo).port;
      const first = await Client.open(smallPort);
      const second = await Client.open(smallPort);
      const third = await Client.open(smallPort);
      expect(await third.closed).toBe(1013);
      // The two let in still work.
      await second.settle();
      first.close();
      await first.closed;
      // The server counts the address down when its side of the socket has closed too.
      await quiet(200);
      const again = await Client.open(smallPort);
      await again.settle();
      second.close();
      again.close();
    } finally {
      await small.close();
    }
  });
});

describe('back-office queues', () => {
  /** A staff member of `role` on GOLDEN and the cookie of a session opened for it. */
  async function staffOf(role: 'finance' | 'support' | 'risk', name: string) {
    const made = await t.services.staff.admin.createFromCli({
      username: name,
      displayName: name,
      grant: { merchant: 'GOLDEN', role },
    });
    const opened = await t.services.staff.auth.openFor(made.id);
    return { id: made.id, cookie: `bo_session=${opened.token}` };
  }
  const OWN_ORIGIN = { origin: 'http://localhost' };
  const openStaff = (headers: Record<string, string>, merchant = 'GOLDEN') =>
    Client.open(port, headers, `/wps/admin/push?merchant=${merchant}`);
  /** Resolves once every frame sent before it was handled (a refused frame is answered in order). */
  async function settled(c: Client) {
    c.send({ type: 'settle' });
    await c.next((f) => f.type === 'error');
  }
  const golden = (): Promise<Brand> => t.brands.resolve('GOLDEN', undefined);

  it('tells a finance desk that its deposit and approval queues changed, and the member its cashier', async () => {
    const finance = await staffOf('finance', 'push-finance');
    const desk = await openStaff({ ...OWN_ORIGIN, cookie: finance.cookie });
    expect(await desk.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: false });
    desk.send({ type: 'subscribe', topics: ['deposits', 'approvals'] });
    await settled(desk);

    const m = await id.registerGolden();
    const player = await Client.open(port);
    player.send({ type: 'hello', token: m.token });
    await player.next((f) => f.type === 'ready');
    const channel = await t.db.db
      .selectFrom('payment_channel')
      .select('id')
      .where('merchant_code', '=', 'GOLDEN')
      .where('code', '=', 'EWALLET_DEMO')
      .executeTakeFirstOrThrow();
    const { deposits, approvals } = t.services.cashier;
    const order = await deposits.create(await golden(), 'EN', m.id, {
      requestId: `push-dep-${m.id}`,
      channelId: channel.id,
      amount: '300',
    });
    expect(await desk.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: 'deposits',
      kind: 'changed',
    });
    expect(await player.next((f) => f.type === 'event' && f.kind === 'cashier')).toEqual({
      type: 'event',
      topic: 'member',
      kind: 'cashier',
    });

    // A decision that moves the order: both hear it again (the member also its wallet).
    await deposits.reject(await golden(), 'EN', order.id, 'push-finance', 'No payment seen');
    expect(await desk.next((f) => f.type === 'event')).toMatchObject({ topic: 'deposits' });
    expect(await player.next((f) => f.type === 'event' && f.kind === 'cashier')).toBeTruthy();

    await approvals.requestAdjustment(
      'GOLDEN',
      { kind: 'STAFF', id: finance.id, name: 'push-finance' },
      m.id,
      { direction: 'CREDIT', amount: '10', reason: 'goodwill', turnoverMultiplier: 0 },
    );
    expect(await desk.next((f) => f.type === 'event')).toMatchObject({ topic: 'approvals', kind: 'changed' });

    // Another brand's queue, and a queue not subscribed: not this desk's.
    t.bus.publish(staffTopic('LOTUS', 'deposits'), { kind: 'changed' });
    t.bus.publish(staffTopic('GOLDEN', 'kyc'), { kind: 'changed' });
    await quiet(300);
    expect(desk.frames).toEqual([]);
    desk.close();
    player.close();
  });

  it("refuses a queue the staff member's role does not open, and joins nothing of that frame", async () => {
    const support = await staffOf('support', 'push-support');
    const desk = await openStaff({ ...OWN_ORIGIN, cookie: support.cookie });
    await desk.next((f) => f.type === 'ready');
    desk.send({ type: 'subscribe', topics: ['kyc', 'withdrawals'] });
    expect(await desk.next((f) => f.type === 'error')).toMatchObject({ code: 'operator.forbidden' });
    desk.send({ type: 'subscribe', topics: ['queue-of-nothing'] });
    expect(await desk.next((f) => f.type === 'error')).toMatchObject({ code: 'request.invalid' });
    t.bus.publish(staffTopic('GOLDEN', 'kyc'), { kind: 'changed' });
    t.bus.publish(staffTopic('GOLDEN', 'withdrawals'), { kind: 'changed' });
    await quiet(200);
    expect(desk.frames).toEqual([]);
    // Its own queue alone is let in.
    desk.send({ type: 'subscribe', topics: ['kyc'] });
    await settled(desk);
    t.bus.publish(staffTopic('GOLDEN', 'kyc'), { kind: 'changed' });
    expect(await desk.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic: 'kyc',
      kind: 'changed',
    });
    desk.close();
  });

  it('closes a connection without a session, from another site, or on a brand the staff member has no role on', async () => {
    const risk = await staffOf('risk', 'push-risk');
    const nobody = await openStaff(OWN_ORIGIN);
    expect(await nobody.closed).toBe(4401);
    const forged = await openStaff({ origin: 'https://evil.example', cookie: risk.cookie });
    expect(await forged.closed).toBe(4403);
    const noOrigin = await openStaff({ cookie: risk.cookie });
    expect(await noOrigin.closed).toBe(4403);
    // On LOTUS the GOLDEN-only risk officer holds nothing: every queue is refused.
    const elsewhere = await openStaff({ ...OWN_ORIGIN, cookie: risk.cookie }, 'LOTUS');
    await elsewhere.next((f) => f.type === 'ready');
    elsewhere.send({ type: 'subscribe', topics: ['aml'] });
    expect(await elsewhere.next((f) => f.type === 'error')).toMatchObject({ code: 'operator.forbidden' });
    elsewhere.close();
  });
});

const poll = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/push/poll?${query}`,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
  });
const pollValue = async (query: string, token?: string) => {
  const res = await poll(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: PushPollResult }).value;
};

describe('long poll (networks that refuse WebSockets)', () => {
  it('starts with a resync, then answers at the next event on its topics', async () => {
    const first = await pollValue('topics=jackpot,cards:ZZ');
    expect(first).toMatchObject({ resync: true, member: false, events: [] });

    const held = pollValue(`topics=jackpot,cards:ZZ&cursor=${first.cursor}&wait=5`);
    await quiet(100);
    t.bus.publish(brandTopic('GOLDEN', 'cards:ZY'), { kind: 'dealt' });
    t.bus.publish(brandTopic('GOLDEN', 'jackpot'), { kind: 'changed' });
    const second = await held;
    expect(second.resync).toBe(false);
    expect(second.events).toEqual([{ topic: 'jackpot', kind: 'changed' }]);

    // Published between two polls: the next poll gets it at once from its cursor.
    t.bus.publish(brandTopic('GOLDEN', 'cards:ZZ'), { kind: 'dealt' });
    await quiet(20);
    const third = await pollValue(`topics=jackpot,cards:ZZ&cursor=${second.cursor}&wait=5`);
    expect(third.events).toEqual([{ topic: 'cards:ZZ', kind: 'dealt' }]);

    // Nothing happens: the poll answers empty after its wait.
    const fourth = await pollValue(`topics=jackpot&cursor=${third.cursor}&wait=1`);
    expect(fourth).toMatchObject({ resync: false, events: [] });
  });

  it("hears the member's own events with the session token", async () => {
    const m = await id.registerGolden();
    await credit(m, 500n, `push-poll-before:${m.id}`);
    await quiet(300); // notices leave a moment after the change (PushNotices)
    // The first poll joins the member's topic as a hello does: the credit just before is in it.
    const first = await pollValue('', m.token);
    expect(first.member).toBe(true);
    expect(first.events).toContainEqual({ topic: 'member', kind: 'wallet' });
    expect((await pollValue('topics=jackpot')).events).toEqual([]);
    const held = pollValue(`cursor=${first.cursor}&wait=5`, m.token);
    await quiet(50);
    await credit(m, 1_000n, `push-poll:${m.id}`);
    expect((await held).events).toEqual([{ topic: 'member', kind: 'wallet' }]);
  });

  it('starts over from a cursor of another server, and refuses bad queries', async () => {
    expect(await pollValue('topics=lottery&cursor=ffffffff:3')).toMatchObject({ resync: true, events: [] });
    for (const query of [
      'topics=member',
      'topics=lottery,nope',
      'wait=99',
      'wait=x',
      `topics=${'cards:R1,'.repeat(21)}`,
    ]) {
      const res = await poll(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'request.invalid' });
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('several instances on one PostgreSQL', () => {
  it('a wallet change made on one instance reaches the member connected to another', async () => {
    const created = await createPostgresDatabase();
    const dbA = await openDb({ kind: 'postgres', url: created.url });
    const dbB = await openDb({ kind: 'postgres', url: created.url });
    const busA = await PgBus.start(created.url);
    const busB = await PgBus.start(created.url);
    try {
      await migrate(dbA);
      await seedDemo(dbA.db);
      const a = await buildPlatformOn(dbA, {}, busA);
      const b = await buildPlatformOn(dbB, {}, busB);
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const bPort = (b.app.server.address() as AddressInfo).port;
      const ida = new Identity({
        ...t,
        app: a.app,
        db: dbA,
        services: a.services,
        brands: a.brands,
        bus: busA,
      });
      const m = await ida.registerGolden();

      const c = await Client.open(bPort);
      c.send({ type: 'subscribe', topics: ['cards:ZZ'] });
      c.send({ type: 'hello', token: m.token });
      expect(await c.next((f) => f.type === 'ready')).toEqual({ type: 'ready', member: true });

      const { ledger } = a.services.wallet;
      await ledger.post(dbA.db, {
        merchant: 'GOLDEN',
        reference: `push-multi:${m.id}`,
        kind: 'ADJUSTMENT',
        memberId: m.id,
        postings: [
          { accountId: await ledger.account('GOLDEN', 'ADJUSTMENT'), amount: -700n },
          { accountId: await ledger.account('GOLDEN', 'MAIN', m.id), amount: 700n },
        ],
      });
      expect(await c.next((f) => f.topic === 'member')).toEqual({
        type: 'event',
        topic: 'member',
        kind: 'wallet',
      });
      busA.publish(brandTopic('GOLDEN', 'cards:ZZ'), { kind: 'dealt' });
      expect(await c.next((f) => f.topic === 'cards:ZZ')).toEqual({
        type: 'event',
        topic: 'cards:ZZ',
        kind: 'dealt',
      });
      expect(busB.stats.received).toBeGreaterThanOrEqual(2);
      c.close();
      await a.app.close();
      await b.app.close();
    } finally {
      await busA.close();
      await busB.close();
      await dbA.close();
      await dbB.close();
      await created.drop();
    }
  });
});
