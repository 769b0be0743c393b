import { REWARD_SOURCES, type Claimable, type ClaimableRewards, type Language } from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { RewardSource } from './reward-source';

/** How long the list waits for one source before it shows the others without it. */
const SOURCE_TIMEOUT_MS = 5_000;

/** Logs a source that failed (the server's logger). */
type RewardLog = (context: Record<string, unknown>, message: string) => void;

const order = (c: Claimable) => REWARD_SOURCES.indexOf(c.source);

/** A source's list, or a rejection once it has taken longer than `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The reward centre: every claimable reward of every source (promotions, missions,
 * rebates, referral; each registered into `sources` by its part) in one list, and a claim passed
 * to the source that listed it. Sources are asked in parallel; one that fails or hangs is logged
 * and left out, so the member still sees and claims the others. Each source keeps its own rules
 * and pays once (see RewardSource).
 */
export class RewardCentreService {
  constructor(
    /** Every source of claimable rewards (rebates, referral, promotions, missions). */
    private readonly sources: readonly RewardSource[],
    private readonly log: RewardLog,
    private readonly timeoutMs = SOURCE_TIMEOUT_MS,
  ) {}

  async claimable(brand: Brand, memberId: string, lang: Language): Promise<ClaimableRewards> {
    const sources = [...this.sources];
    const answers = await Promise.allSettled(
      sources.map((s) => within(s.claimables(brand, memberId, lang), this.timeoutMs)),
    );
    const list: Claimable[] = [];
    answers.forEach((a, i) => {
      if (a.status === 'fulfilled') list.push(...a.value);
      else {
        this.log(
          { err: a.reason, source: sources[i]!.source, merchant: brand.code, memberId },
          'reward source failed; listed without it',
        );
      }
    });
    // Grouped by source in a fixed order; each source's own order within (sort is stable).
    list.sort((a, b) => order(a) - order(b));
    return { list, count: list.length };
  }

  /** Passes the claim to the source of that name; an unknown (or not running) source is refused. */
  async claim(
    brand: Brand,
    memberId: string,
    source: string,
    id: string,
    lang: Language,
  ): Promise<Claimable> {
    const s = this.sources.find((x) => x.source === source);
    if (!s) throw new AppError('request.invalid', { fields: [{ field: 'source', message: 'unknown' }] });
    return s.claim(brand, memberId, id, lang);
  }
}
