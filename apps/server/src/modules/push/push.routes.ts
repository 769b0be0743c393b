import {
  CHAT_TOKEN_HEADER,
  ok,
  PUSH_CHAT_TOPIC,
  PUSH_MAX_TOPICS,
  PUSH_MEMBER_TOPIC,
  PUSH_PATH,
  PUSH_POLL_PATH,
  pushClientMessageSchema,
  pushPollQuerySchema,
  pushPollResultSchema,
  type PushServerMessage,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import type { SessionMember } from '../../platform/auth';
import { ok as envelope } from '../../platform/envelope';
import { messageFor } from '../../platform/messages';
import { BRAND_MEMBERS, brandTopic, chatTopic, memberTopic } from '../../platform/push-topics';
import { readFrame, type PushEvent, type PushHub, type Subscriber } from './push-hub';
import { staffPushRoutes, type StaffPushOptions } from './staff-push.routes';

type VerifyToken = (token: string, merchantCode: string) => Promise<SessionMember | null>;

/** A connection that has not answered a ping within this long is dropped. */
const HEARTBEAT_MS = 30_000;
/** A member's session is looked up again this often, so a logged-out session stops hearing its events. */
const RECHECK_MS = 5 * 60_000;
/** A client this far behind (bytes queued) is skipped for a frame rather than let grow the heap. */
const MAX_BUFFERED = 256 * 1024;
const POLL_WAIT_S = 25;
/**
 * Joining a member's (or a chat's) topic replays its events of this long before: the page read the
 * balance or the chat before its connection said hello (the connection's code loads after the page,
 * the session lookup takes a round trip), and an event in between would otherwise be heard only at
 * the next poll, minutes later. A replayed event costs one refetch; events only ever mean "refetch".
 */
export const JOIN_REPLAY_MS = 30_000;

export interface PushRoutesOptions extends Omit<StaffPushOptions, 'track'> {
  hub: PushHub;
  /** WebSockets one address may hold open here (config.PUSH_MAX_PER_IP). */
  maxPerIp: number;
  verify: VerifyToken;
  /** Open connections (the metrics read it). */
  connections: Set<WebSocket>;
  /** The chat conversation a visitor's chat token names (chat module); null when it names none. */
  chatConversation: (merchant: string, token: string) => Promise<string | null>;
}

const frame = (m: PushServerMessage) => Buffer.from(JSON.stringify(m));

/**
 * The site's push channel: a WebSocket at /wps/push, and the same events by long poll for
 * networks that refuse WebSockets. The brand is the request's (Merchant header or host), the
 * member is the session token the hello (or the poll's Authorization header) carries, and a
 * visitor's chat conversation the chat token the hello (or the poll's CHAT_TOKEN_HEADER) carries.
 */
export async function pushRoutes(app: FastifyInstance, opts: PushRoutesOptions) {
  const { hub, verify, connections, chatConversation } = opts;
  /** The conversation a chat token names; null for none (or a lookup that failed). */
  const chatOf = (merchant: string, token: string | undefined) =>
    token ? chatConversation(merchant, token).catch(() => null) : Promise.resolve(null);
  const alive = new WeakSet<WebSocket>();

  const perIp = new Map<string, number>();

  /**
   * Every socket of the channel: counted, pinged, and sent frames only while it keeps up. Null
   * (and the socket closed with 1013, "try again later") when its address holds too many already.
   */
  const track = (socket: WebSocket, ip: string): Subscriber | null => {
    const held = perIp.get(ip) ?? 0;
    if (held >= opts.maxPerIp) {
      socket.close(1013, 'too many connections from this address');
      return null;
    }
    perIp.set(ip, held + 1);
    connections.add(socket);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      connections.delete(socket);
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    });
    return {
      send(text) {
        // A text frame: the site reads JSON text, whatever buffer it was encoded into.
        if (socket.readyState === socket.OPEN && socket.bufferedAmount < MAX_BUFFERED)
          socket.send(text, { binary: false });
      },
    };
  };

  const heartbeat = setInterval(() => {
    for (const socket of connections) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of connections) socket.close(1001, 'server shutting down');
  });

  app.get(PUSH_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const merchant = request.brand.code;
    const lang = request.lang;
    const sub = track(socket, request.ip);
    if (!sub) return;
    const topics = new Map<string, string>();
    let memberId: string | null = null;
    let chatBusTopic: string | null = null;
    let recheck: NodeJS.Timeout | null = null;
    /** Counts hellos: the answer to one superseded by a later hello is dropped. */
    let hellos = 0;

    const refuse = (code: 'request.invalid' | 'login.not.session' | 'chat.not.found', detail?: string) =>
      sub.send(frame({ type: 'error', code, message: detail ?? messageFor(code, lang) }));
    const leaveMember = () => {
      if (!memberId) return;
      hub.remove(sub, memberTopic(merchant, memberId));
      hub.remove(sub, brandTopic(merchant, BRAND_MEMBERS));
      memberId = null;
      if (recheck) clearInterval(recheck);
      recheck = null;
    };
    const leaveChat = () => {
      if (chatBusTopic) hub.remove(sub, chatBusTopic);
      chatBusTopic = null;
    };

    socket.on('message', (raw, isBinary) => {
      const read = readFrame(raw, isBinary, pushClientMessageSchema);
      if (!read.ok) return refuse('request.invalid', read.detail);
      const m = read.message;
      if (m.type === 'hello') {
        leaveMember();
        leaveChat();
        const hello = ++hellos;
        if (!m.token && !m.chatToken) return sub.send(frame({ type: 'ready', member: false }));
        const token = m.token;
        void Promise.all([
          token ? verify(token, merchant) : Promise.resolve(null),
          chatOf(merchant, m.chatToken),
        ])
          .then(([found, conversationId]) => {
            if (socket.readyState !== socket.OPEN || hello !== hellos) return;
            if (token && !found) refuse('login.not.session');
            if (m.chatToken && !conversationId) refuse('chat.not.found');
            const joined = new Map<string, string>();
            if (conversationId) {
              // A visitor's conversation: its own topic, named as the site listens for it.
              chatBusTopic = chatTopic(merchant, conversationId);
              joined.set(chatBusTopic, PUSH_CHAT_TOPIC);
            }
            if (found && token) {
              memberId = found.memberId;
              joined.set(memberTopic(merchant, found.memberId), PUSH_MEMBER_TOPIC);
              joined.set(brandTopic(merchant, BRAND_MEMBERS), PUSH_MEMBER_TOPIC);
            }
            for (const [busTopic, siteTopic] of joined) hub.add(sub, busTopic, siteTopic);
            const replay = () => {
              for (const e of hub.recent(joined, JOIN_REPLAY_MS)) sub.send(frame({ type: 'event', ...e }));
            };
            if (!found || !token) {
              sub.send(frame({ type: 'ready', member: false }));
              return replay();
            }
            recheck = setInterval(() => {
              void verify(token, merchant)
                .then((still) => {
                  if (!still) {
                    leaveMember();
                    refuse('login.not.session');
                  }
                })
                .catch(() => {});
            }, RECHECK_MS);
            recheck.unref();
            sub.send(frame({ type: 'ready', member: true }));
            replay();
          })
          .catch(() => refuse('request.invalid'));
        return;
      }
      if (m.type === 'subscribe') {
        const fresh = m.topics.filter((t) => !topics.has(brandTopic(merchant, t)));
        if (topics.size + fresh.length > PUSH_MAX_TOPICS)
          return refuse('request.invalid', `at most ${PUSH_MAX_TOPICS} topics`);
        for (const t of fresh) {
          topics.set(brandTopic(merchant, t), t);
          hub.add(sub, brandTopic(merchant, t), t);
        }
        return;
      }
      for (const t of m.topics) {
        topics.delete(brandTopic(merchant, t));
        hub.remove(sub, brandTopic(merchant, t));
      }
    });

    socket.on('close', () => {
      leaveMember();
      leaveChat();
      for (const busTopic of topics.keys()) hub.remove(sub, busTopic);
      topics.clear();
    });
  });

  await app.register(staffPushRoutes, {
    hub,
    staffPrincipal: opts.staffPrincipal,
    allowIp: opts.allowIp,
    track,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    PUSH_POLL_PATH,
    {
      config: { auth: 'optional' },
      schema: {
        summary:
          'The push channel by long poll: answers at the first event on the topics after the cursor (or after `wait` seconds)',
        tags: ['push'],
        querystring: pushPollQuerySchema,
        response: { 200: ok(pushPollResultSchema) },
      },
    },
    async (request) => {
      const merchant = request.brand.code;
      const busTopics = new Map<string, string>(
        request.query.topics.map((t) => [brandTopic(merchant, t), t] as const),
      );
      // The member's and the chat's topics, joined by the session and the chat token.
      const joined = new Map<string, string>();
      if (request.member) {
        joined.set(memberTopic(merchant, request.member.memberId), PUSH_MEMBER_TOPIC);
        joined.set(brandTopic(merchant, BRAND_MEMBERS), PUSH_MEMBER_TOPIC);
      }
      const chatToken = request.headers[CHAT_TOKEN_HEADER];
      const conversationId = await chatOf(merchant, typeof chatToken === 'string' ? chatToken : undefined);
      if (conversationId) joined.set(chatTopic(merchant, conversationId), PUSH_CHAT_TOPIC);
      for (const [busTopic, siteTopic] of joined) busTopics.set(busTopic, siteTopic);
      const member = !!request.member;
      const start = (events: PushEvent[] = []) =>
        envelope({ cursor: hub.cursor(), resync: true, member, events });
      // A first poll joins the member's and the chat's topics as a hello does, with their replay.
      if (!request.query.cursor) return start(hub.recent(joined, JOIN_REPLAY_MS));
      const cursor = request.query.cursor;
      const now = hub.since(cursor, busTopics);
      if (now === null) return start();
      if (now.length > 0 || busTopics.size === 0)
        return envelope({ cursor: hub.cursor(), resync: false, member, events: now });
      // Nothing yet: hold the call until an event on these topics, the wait, or the client leaving.
      const left = new AbortController();
      request.raw.once('close', () => left.abort());
      await hub.wait(busTopics.keys(), (request.query.wait ?? POLL_WAIT_S) * 1000, left.signal);
      const events = hub.since(cursor, busTopics);
      if (events === null) return start();
      return envelope({ cursor: hub.cursor(), resync: false, member, events });
    },
  );
}
