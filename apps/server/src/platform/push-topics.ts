import type { StaffPushQueue } from '@app/contracts';
import type { Bus } from './bus';

/**
 * The names of what the push channel carries, as they travel on the bus. Modules publish with
 * these (`ctx.bus.publish(memberTopic(...), { kind })`), the push module delivers them, so the two
 * never disagree on a spelling. A topic is always scoped to one brand.
 */

/** What changed for one member: the site refetches the matching answers (never sent the data). */
export const MEMBER_EVENTS = ['wallet', 'inbox', 'rewards', 'cashier', 'chat'] as const;
export type MemberEvent = (typeof MEMBER_EVENTS)[number];

/** One member's private notices. */
export const memberTopic = (merchant: string, memberId: string) => `m:${merchant}:${memberId}`;

/**
 * A brand's public topic, named as the site subscribes to it: `baccarat:<table>`, `cards:<room>`,
 * `cockfight`, `lottery`, `jackpot`.
 */
export const brandTopic = (merchant: string, name: string) => `b:${merchant}:${name}`;

/** The brand topic every member connection hears besides its own (a notice sent to all members). */
export const BRAND_MEMBERS = 'members';

/**
 * One chat conversation's private notices: what a visitor's connection hears (it has no member
 * topic; its chat token names the conversation).
 */
export const chatTopic = (merchant: string, conversationId: string) => `c:${merchant}:${conversationId}`;

/** Whether a bus topic is one the push channel delivers (not an instance-internal notice). */
export const isPushTopic = (topic: string) =>
  topic.startsWith('m:') || topic.startsWith('b:') || topic.startsWith('s:') || topic.startsWith('c:');

/** A cache every instance keeps and must forget when any instance changes what it holds. */
export const cacheTopic = (name: string) => `cache:${name}`;

/**
 * The back office's live queues: a staff connection hears `queue` events of the brands and queues
 * its permissions open (push module), and the queue page refetches.
 */
export type StaffQueue = StaffPushQueue;

/** A brand's staff queue: only staff connections allowed to read that queue hear it. */
export const staffTopic = (merchant: string, queue: StaffQueue) => `s:${merchant}:${queue}`;

/**
 * Notices that members' data or a staff queue changed, sent a moment after the change: the change
 * is usually made inside a transaction that commits a few milliseconds later, and a notice heard
 * before the commit would make the screen refetch the old figures. Notices within the delay are
 * sent once per topic and kind (a burst of bets is one "wallet changed").
 */
export class PushNotices {
  private pending = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly delayMs = 100,
  ) {}

  /** Something the member sees changed (its balance, inbox, cashier orders, rewards). */
  member(merchant: string, memberId: string, kind: MemberEvent): void {
    this.add(memberTopic(merchant, memberId), kind);
  }

  /** A chat conversation changed (a message, taken, read, closed): its visitor's page refetches. */
  chat(merchant: string, conversationId: string): void {
    this.add(chatTopic(merchant, conversationId), 'chat');
  }

  /** A back-office queue of the brand changed (an order arrived, was decided, was paid). */
  queue(merchant: string, queue: StaffQueue): void {
    this.add(staffTopic(merchant, queue), 'changed');
  }

  private add(topic: string, kind: string): void {
    let kinds = this.pending.get(topic);
    if (!kinds) this.pending.set(topic, (kinds = new Set()));
    kinds.add(kind);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref();
  }

  private flush(): void {
    this.timer = null;
    const pending = this.pending;
    this.pending = new Map();
    for (const [topic, kinds] of pending) for (const kind of kinds) this.bus.publish(topic, { kind });
  }
}
