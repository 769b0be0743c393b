import {
  permissionsOn,
  STAFF_PUSH_PATH,
  STAFF_SESSION_COOKIE,
  staffPushClientMessageSchema,
  type Permission,
  type PushServerMessage,
  type StaffPushQueue,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { messageFor } from '../../platform/messages';
import type { OperatorPrincipal } from '../../platform/operator-auth';
import { staffTopic } from '../../platform/push-topics';
import { readFrame, type PushHub, type Subscriber } from './push-hub';

/** Any one of these opens a queue's events: the permissions its list route takes. */
const QUEUE_PERMISSIONS: Record<StaffPushQueue, readonly Permission[]> = {
  deposits: ['cashier.deposits.view'],
  withdrawals: ['cashier.withdrawals.view'],
  approvals: ['cashier.adjustments.approve', 'cashier.withdrawals.decide'],
  kyc: ['kyc.review'],
  aml: ['aml.cases'],
  chat: ['chat.answer'],
};

/** A staff session is looked up again this often: signed out or idle, the connection closes. */
const STAFF_RECHECK_MS = 60_000;

/** Close codes the back office reads: 4401 signed out (stop), 4403 not let in from here (stop). */
export const STAFF_CLOSE = { signedOut: 4401, refused: 4403 } as const;

export interface StaffPushOptions {
  hub: PushHub;
  /** The staff member a session cookie names; `slide` false only looks (idle sessions still expire). */
  staffPrincipal: (token: string | undefined, slide: boolean) => Promise<OperatorPrincipal | null>;
  /** The brand's staff address allow-list, as operator routes apply it. */
  allowIp: (merchant: string, ip: string, principal: OperatorPrincipal) => Promise<boolean>;
  /** Registers the socket with the channel's heartbeat and metrics; its frame sender, or null when refused. */
  track: (socket: WebSocket, ip: string) => Subscriber | null;
}

const frame = (m: PushServerMessage) => Buffer.from(JSON.stringify(m));

/**
 * The back office's live queues. The upgrade carries the staff session cookie (a browser sends it
 * on a same-site WebSocket), so the Origin must be this server's own: another site cannot open a
 * staff connection with the cookie riding along. Each queue subscribed is checked against the
 * staff member's permissions on the brand; events name the queue and `changed`, never a row, so
 * nothing personal travels and no audit row is due (the page's refetch is the audited read).
 */
export async function staffPushRoutes(app: FastifyInstance, opts: StaffPushOptions) {
  const { hub, staffPrincipal, allowIp, track } = opts;

  app.get(STAFF_PUSH_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const merchant = request.brand.code;
    const lang = request.lang;
    const token = request.cookies[STAFF_SESSION_COOKIE];
    const origin = request.headers.origin;
    const host = request.headers.host;
    const sameOrigin =
      typeof origin === 'string' && typeof host === 'string' && new URL(origin).host === host;
    const sub = track(socket, request.ip);
    if (!sub) return;
    /** Bus topic → the queue it is. */
    const topics = new Map<string, StaffPushQueue>();
    const may = (p: OperatorPrincipal, q: StaffPushQueue) =>
      QUEUE_PERMISSIONS[q].some((perm) => permissionsOn(p.grants, merchant).has(perm));
    let principal: OperatorPrincipal | null = null;
    // Frames that arrive while the session is still being looked up wait for it.
    const ready = (async () => {
      if (!sameOrigin) return STAFF_CLOSE.refused;
      principal = await staffPrincipal(token, true);
      if (!principal) return STAFF_CLOSE.signedOut;
      if (!(await allowIp(merchant, request.ip, principal))) return STAFF_CLOSE.refused;
      return null;
    })();

    const leaveAll = () => {
      for (const t of topics.keys()) hub.remove(sub, t);
      topics.clear();
    };
    const refuse = (code: 'request.invalid' | 'operator.forbidden', detail?: string) =>
      sub.send(frame({ type: 'error', code, message: detail ?? messageFor(code, lang) }));

    void ready
      .then((closeCode) => {
        if (closeCode !== null) return socket.close(closeCode, closeCode === 4401 ? 'signed out' : 'refused');
        sub.send(frame({ type: 'ready', member: false }));
      })
      .catch(() => socket.close(1011, 'session lookup failed'));

    const recheck = setInterval(() => {
      void staffPrincipal(token, false)
        .then((still) => {
          if (!still) return socket.close(STAFF_CLOSE.signedOut, 'signed out');
          principal = still;
          // A permission taken away since: its queue falls silent.
          for (const [t, q] of topics)
            if (!may(still, q)) {
              topics.delete(t);
              hub.remove(sub, t);
            }
        })
        .catch(() => {});
    }, STAFF_RECHECK_MS);
    recheck.unref();

    socket.on('message', (raw, isBinary) => {
      void ready.then((closeCode) => {
        if (closeCode !== null || !principal) return;
        const read = readFrame(raw, isBinary, staffPushClientMessageSchema);
        if (!read.ok) return refuse('request.invalid', read.detail);
        const { type, topics: queues } = read.message;
        if (type === 'subscribe') {
          const who = principal;
          // One queue the staff member may not read refuses the whole frame: nothing is joined.
          if (!queues.every((q) => may(who, q))) return refuse('operator.forbidden');
          for (const q of queues) {
            topics.set(staffTopic(merchant, q), q);
            hub.add(sub, staffTopic(merchant, q), q);
          }
          return;
        }
        for (const q of queues) {
          topics.delete(staffTopic(merchant, q));
          hub.remove(sub, staffTopic(merchant, q));
        }
      });
    });

    socket.on('close', () => {
      clearInterval(recheck);
      leaveAll();
    });
  });
}
