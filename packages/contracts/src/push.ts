import { z } from 'zod';
import { PUSH_MAX_TOPICS, STAFF_PUSH_QUEUES } from './constants';

/**
 * The push channel (`/wps/push`): the site subscribes to topics and hears that something changed;
 * it then refetches the matching answer as it would have on a timer. Events carry no data, so
 * the channel never holds more than the calls it replaces would answer.
 *
 * The member's own topic is `member` (kinds: wallet, inbox, rewards, cashier, chat), joined by the
 * hello's session token; a visitor's chat conversation is `chat`, joined by the hello's chat token. Public topics: `baccarat:<table>`, `cards:<room>`, `cockfight`,
 * `lottery`, `jackpot`.
 */

const topic = z
  .string()
  .regex(/^(?:(?:baccarat|cards):[A-Za-z0-9_-]{1,40}|cockfight|lottery|jackpot)$/, 'unknown topic');

/** What the site sends on the WebSocket. */
export const pushClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    token: z.string().max(200).optional(),
    /** A visitor's chat token (chat.ts): the connection hears `chat` events of its conversation. */
    chatToken: z.string().max(200).optional(),
  }),
  z.object({ type: z.literal('subscribe'), topics: z.array(topic).min(1).max(PUSH_MAX_TOPICS) }),
  z.object({ type: z.literal('unsubscribe'), topics: z.array(topic).min(1).max(PUSH_MAX_TOPICS) }),
]);
export type PushClientMessage = z.infer<typeof pushClientMessageSchema>;

/** What the back office sends on its WebSocket (STAFF_PUSH_PATH): the queues it shows. */
export const staffPushClientMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  topics: z.array(z.enum(STAFF_PUSH_QUEUES)).min(1).max(STAFF_PUSH_QUEUES.length),
});
export type StaffPushClientMessage = z.infer<typeof staffPushClientMessageSchema>;

export const pushEventSchema = z.object({ topic: z.string(), kind: z.string().optional() });
export type PushEvent = z.infer<typeof pushEventSchema>;

/** What the server sends on the WebSocket. */
export type PushServerMessage =
  | { type: 'ready'; member: boolean }
  | ({ type: 'event' } & PushEvent)
  /** Notices may have been lost (the server lost its bus for a moment): refetch everything shown. */
  | { type: 'resync' }
  | { type: 'error'; code: string; message: string };

export const pushPollQuerySchema = z.object({
  /** Comma-separated public topics (the member topic comes with the session token). */
  topics: z
    .string()
    .max(1000)
    .optional()
    .transform((s, ctx) => {
      const list = (s ?? '').split(',').filter(Boolean);
      if (list.length > PUSH_MAX_TOPICS) {
        ctx.addIssue({ code: 'custom', message: `at most ${PUSH_MAX_TOPICS} topics` });
        return z.NEVER;
      }
      for (const t of list)
        if (!topic.safeParse(t).success) {
          ctx.addIssue({ code: 'custom', message: `unknown topic ${t.slice(0, 50)}` });
          return z.NEVER;
        }
      return [...new Set(list)];
    }),
  /** The previous answer's cursor; absent on the first poll. */
  cursor: z.string().max(60).optional(),
  /** How long to hold the call open waiting for an event, seconds (default 25). */
  wait: z.coerce.number().int().min(0).max(25).optional(),
});

export const pushPollResultSchema = z.object({
  cursor: z.string(),
  /** The cursor could not be resumed (first poll, another server, too old): refetch everything shown. */
  resync: z.boolean(),
  /** Whether the session token named a member (its `member` events are included). */
  member: z.boolean(),
  events: z.array(pushEventSchema),
});
export type PushPollResult = z.infer<typeof pushPollResultSchema>;
