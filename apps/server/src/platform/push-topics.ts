import type { Bus } from './bus';

/**
 * The names of what the push channel carries, as they travel on the bus. Modules publish with
 * these (`ctx.bus.publish(memberTopic(...), { kind })`), the push module delivers them, so the two
 * never disagree on a spelling. A topic is always scoped to one brand.
 */

/** What changed for one member: the site refetches the matching answers (never sent the data). */
export const MEMBER_EVENTS = ['wallet', 'inbox', 'rewards', 'cashier'] as const;
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

/** Whether a bus topic is one the push channel delivers (not an instance-internal notice). */
export const isPushTopic = (topic: string) => topic.startsWith('m:') || topic.startsWith('b:');

/** A cache every instance keeps and must forget when any instance changes what it holds. */
export const cacheTopic = (name: string) => `cache:${name}`;

/**
 * Notices that members' data changed, sent a moment after the change: the change is usually made
 * inside a transaction that commits a few milliseconds later, and a notice heard before the commit
 * would make the site refetch the old figures. Notices within the delay are sent once per member
 * and kind (a burst of bets is one "wallet changed").
 */
export class MemberNotices {
  private pending = new Map<string, Set<MemberEvent>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly delayMs = 100,
  ) {}

  changed(merchant: string, memberId: string, kind: MemberEvent): void {
    const topic = memberTopic(merchant, memberId);
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
