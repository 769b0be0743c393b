import {
  fromMinor,
  type Claimable,
  type InboxKind,
  type Language,
  type PromotionAction,
  type PromotionCategories,
  type PromotionCounts,
  type PromotionDetail,
  type PromotionList,
  type PromotionMine,
  type PromotionRules,
  type PromotionSummary,
  type RaffleResult,
  type promotionApplySchema,
  type promotionListQuerySchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/repository';
import type { PromotionTerms } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand } from '../../platform/brand';
import { sanitizeContent } from '../../platform/sanitize';
import { validZone } from '../../platform/zoned-time';
import type { ImageService } from '../uploads';
import type { InboxService } from '../messages';
import { totalValid, type BetStatsService } from '../wallet';
import type { BonusAccounts, BonusService } from '../wallet';
import type { LedgerService, PostResult } from '../wallet';
import type { ParticipationRow, PromotionRepository, PromotionRow } from './promotion.repository';
import {
  bpToPercent,
  canActNow,
  capDecision,
  type CapDecision,
  type PromotionCaps,
  decide,
  KIND_ACTION,
  promoReference,
  promotionState,
  promotionWindow,
  turnoverRequired,
  VISITOR,
  type MemberFacts,
  type PromotionFacts,
  type PromotionWindow,
  type StateView,
} from './promotion-rules';
import type { RewardSource } from './reward-source';
import { drawPrize, prizeChances, type Rng } from './raffle-rules';

type PromotionListQuery = z.output<typeof promotionListQuerySchema>;
type PromotionApplyInput = z.output<typeof promotionApplySchema>;

/** What the promotion services are built from. */
interface PromotionServiceDeps {
  repo: PromotionRepository;
  ledger: LedgerService;
  bonus: BonusService;
  betStats: BetStatsService;
  inbox: InboxService;
  images: ImageService;
  /** The member's VIP level (the VIP part); a promotion's minimum level is held against it. */
  vipLevelOf: (merchant: string, memberId: string) => Promise<number>;
  /** The clock (tests move it across periods). */
  now: () => number;
  /** The raffle's random source (crypto in production, scripted in tests). */
  rng: Rng;
  /** Whether the brand's referral programme pays rewards (the referral part); absent: it does. */
  referralPays?: (merchant: string) => Promise<boolean>;
}

/** The rule facts of a promotion row. */
export const factsOf = (r: PromotionRow): PromotionFacts => ({
  kind: r.kind,
  period: r.period,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  minVipLevel: r.min_vip_level,
  stopped:
    r.killed_at !== null ||
    (r.budget_total !== null && BigInt(r.budget_used) >= BigInt(r.budget_total)) ||
    (r.max_claims !== null && r.claims_count >= r.max_claims),
  maxVipLevel: r.max_vip_level,
  newMemberDays: r.new_member_days,
});

/** The figures a participation is taken on: a later edit of the promotion leaves them as they are. */
export const termsOf = (r: PromotionRow): PromotionTerms => ({
  minDeposit: r.min_deposit,
  bonusRateBp: r.bonus_rate_bp,
  maxBonus: r.max_bonus,
  bonusAmount: r.bonus_amount,
  turnoverMultiple: r.turnover_multiple,
});

/**
 * Counts a bonus against the promotion's caps on `trx` (holding the promotion's row lock until it
 * commits, so two payments of one promotion are decided one after the other), or refuses it with
 * the cap's error and counts nothing. Returns the amount to pay (cut to the caps with `fitToCaps`).
 */
export async function chargeCaps(
  repo: PromotionRepository,
  trx: Db,
  promotionId: string,
  memberId: string,
  amount: bigint,
  fitToCaps = false,
): Promise<CapDecision> {
  const c = await repo.capsForUpdate(trx, promotionId);
  const caps: PromotionCaps = {
    killed: c.killed_at !== null,
    budgetTotal: c.budget_total === null ? null : BigInt(c.budget_total),
    budgetUsed: BigInt(c.budget_used),
    maxClaims: c.max_claims,
    claimsCount: c.claims_count,
    perMemberCap: c.per_member_cap === null ? null : BigInt(c.per_member_cap),
  };
  const paid = caps.perMemberCap === null ? 0n : await repo.memberPaid(trx, promotionId, memberId);
  const decision = capDecision(caps, paid, amount, fitToCaps);
  if (decision.kind === 'ok' && decision.amount > 0n) await repo.countPaid(trx, promotionId, decision.amount);
  return decision;
}

/** chargeCaps for a payment that is refused outright when it does not fit. */
async function mustChargeCaps(
  repo: PromotionRepository,
  trx: Db,
  promotionId: string,
  memberId: string,
  amount: bigint,
): Promise<void> {
  const d = await chargeCaps(repo, trx, promotionId, memberId, amount);
  if (d.kind === 'refused') throw new AppError(d.code);
}

const minorOrNull = (v: string | null): number | null => (v === null ? null : fromMinor(v));
const ID = /^\d{1,18}$/;

/** A promotion's bonus paid into the member's main wallet, with its turnover and message, on `trx`. */
export function payPromotion(
  bonus: BonusService,
  trx: Db,
  acc: BonusAccounts,
  p: {
    promotionId: string;
    periodKey: string;
    /** In the brand's default language (kept with the entry; the bonus details page shows it). */
    title: string;
    amount: bigint;
    turnover: bigint;
    message: InboxKind;
  },
): Promise<PostResult> {
  const params: Record<string, string | number> =
    p.message === 'PROMO_BONUS'
      ? { title: p.title, amount: fromMinor(p.amount), turnover: fromMinor(p.turnover) }
      : { title: p.title, amount: fromMinor(p.amount) };
  return bonus.credit(trx, acc, {
    amount: p.amount,
    kind: 'BONUS',
    // WARNING: see promoReference: one promotion, member and period, one reference.
    reference: promoReference(p.promotionId, acc.memberId, p.periodKey),
    turnoverRequired: p.turnover,
    memo: { source: 'PROMOTION', title: p.title, promotionId: p.promotionId, period: p.periodKey },
    message: { kind: p.message, params },
  });
}

/** A promotion with what the rules know of the member at one instant. */
interface Known {
  row: PromotionRow;
  window: PromotionWindow;
  member: MemberFacts;
  participation: ParticipationRow | null;
  view: StateView;
}

/**
 * Promotions for members: categories, the list and detail with the caller's state, the
 * promotion counts, and the actions: join (deposit promotions; the bonus itself is issued by
 * PromotionDepositService when a deposit is credited), apply, claim (turnover), sign in, and the
 * raffle. Every action decides on the same facts the list shows (promotion.rules.ts), then, inside
 * one transaction holding the member's main-wallet row lock, looks for this period's participation
 * again: two clicks of one member are serialised and the second finds the first's row, so a
 * promotion pays once per member and period (the row's unique key and the bonus reference back
 * that up). It is also the reward centre's PROMOTION source.
 */
export class PromotionService {
  constructor(private readonly d: PromotionServiceDeps) {}

  // ---- reads ------------------------------------------------------------------------------------

  async categories(brand: Brand, lang: Language): Promise<PromotionCategories> {
    const rows = await this.d.repo.categories(brand.code);
    return { list: rows.map((c) => ({ id: c.id, code: c.code, name: pickText(c.name, lang, brand) })) };
  }

  async list(
    brand: Brand,
    lang: Language,
    memberId: string | null,
    q: PromotionListQuery,
  ): Promise<PromotionList> {
    const now = this.d.now();
    const { rows, total } = await this.d.repo.page(
      brand.code,
      q.categoryId,
      new Date(now),
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    const known = await this.know(brand, memberId, rows, now);
    return {
      list: known.map((k) => this.summary(k, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  async detail(
    brand: Brand,
    lang: Language,
    memberId: string | null,
    promotionId: string,
  ): Promise<PromotionDetail> {
    const row = await this.mustFind(brand, promotionId);
    const [k] = await this.know(brand, memberId, [row], this.d.now());
    return this.present(k!, brand, lang);
  }

  /** SPEC section 3's promotion counts; a visitor (or a trial account) gets zeros. */
  async counts(brand: Brand, memberId: string | null): Promise<PromotionCounts> {
    const now = this.d.now();
    // Offered when its promotion runs and the programme behind it pays.
    const enabled =
      (await this.d.repo.referralRunning(brand.code, new Date(now))) &&
      (this.d.referralPays ? await this.d.referralPays(brand.code) : true);
    if (!memberId)
      return { availablePromoCount: 0, unreadMessage: 0, availablePromo: { REFERRAL: { enabled } } };
    const known = await this.know(brand, memberId, await this.d.repo.running(brand.code, new Date(now)), now);
    return {
      availablePromoCount: known.filter((k) => canActNow(k.view)).length,
      unreadMessage: await this.d.inbox.unreadCount(memberId),
      availablePromo: { REFERRAL: { enabled } },
    };
  }

  // ---- actions ----------------------------------------------------------------------------------

  /** Joins a deposit promotion (FIRST_DEPOSIT, RELOAD); joining again in the period changes nothing. */
  async join(brand: Brand, lang: Language, memberId: string, promotionId: string): Promise<PromotionDetail> {
    await this.act(brand, memberId, promotionId, 'JOIN', null, async (trx, k) => {
      await this.d.repo.insertParticipation(trx, this.newRow(brand, memberId, k, 'JOINED'));
    });
    return this.detail(brand, lang, memberId, promotionId);
  }

  /**
   * Applies to an APPLY promotion with a remark and the member's own uploaded images; an operator
   * decides (PromotionReviewService). Applying again while the first is pending changes nothing.
   */
  async apply(
    brand: Brand,
    lang: Language,
    memberId: string,
    input: PromotionApplyInput,
  ): Promise<PromotionDetail> {
    // Someone else's image, or one that does not exist, refuses the application (request.invalid)
    // before anything is touched (an image never changes hands, so checking it first is enough).
    const checkImages = async () => {
      if (input.imageIds.length > 0)
        await this.d.images.assertOwned(this.d.repo.db, memberId, input.imageIds);
    };
    await this.act(brand, memberId, input.promotionId, 'APPLY', checkImages, async (trx, k) => {
      await this.d.repo.insertParticipation(trx, {
        ...this.newRow(brand, memberId, k, 'APPLYING'),
        remark: input.remark,
        imageIds: input.imageIds,
      });
    });
    return this.detail(brand, lang, memberId, input.promotionId);
  }

  /** Claims a TURNOVER promotion's bonus once the period's valid turnover reached the target. */
  async claim(brand: Brand, lang: Language, memberId: string, promotionId: string): Promise<PromotionDetail> {
    await this.act(brand, memberId, promotionId, 'CLAIM', null, (trx, k, acc) =>
      this.payFixed(trx, brand, memberId, k, acc, 'CLAIMED'),
    );
    return this.detail(brand, lang, memberId, promotionId);
  }

  /** Today's check-in of a SIGN_IN promotion and its bonus. */
  async sign(brand: Brand, lang: Language, memberId: string, promotionId: string): Promise<PromotionDetail> {
    await this.act(brand, memberId, promotionId, 'SIGN', null, (trx, k, acc) =>
      this.payFixed(trx, brand, memberId, k, acc, 'SIGNED'),
    );
    return this.detail(brand, lang, memberId, promotionId);
  }

  /**
   * The raffle (`MCS2_claimRafflePromotion`): a member who deposited enough in the period draws one
   * prize of the weighted table with the secure RNG, paid at once. A repeated call in the period
   * answers the prize already drawn.
   */
  async draw(brand: Brand, lang: Language, memberId: string, promotionId: string): Promise<RaffleResult> {
    // Read before the transaction: on PGlite a root query inside one would wait for it forever.
    const prizes = ID.test(promotionId)
      ? (await this.d.repo.prizes(promotionId)).map((p) => ({
          seq: p.seq,
          amount: BigInt(p.amount),
          weight: p.weight,
        }))
      : [];
    await this.act(brand, memberId, promotionId, 'DRAW', null, async (trx, k, acc) => {
      if (prizes.length === 0) throw new AppError('reward.not.claimable');
      const prize = drawPrize(prizes, this.d.rng);
      await mustChargeCaps(this.d.repo, trx, k.row.id, memberId, prize.amount);
      const turnover = turnoverRequired(prize.amount, k.row.turnover_multiple);
      const posted = await payPromotion(this.d.bonus, trx, acc, {
        promotionId: k.row.id,
        periodKey: k.window.key,
        title: pickText(k.row.title, brand.defaultLanguage, brand),
        amount: prize.amount,
        turnover,
        message: 'RAFFLE_PRIZE',
      });
      await this.d.repo.insertParticipation(trx, {
        ...this.newRow(brand, memberId, k, 'CLAIMED'),
        amount: prize.amount,
        turnoverRequired: turnover,
        prizeSeq: prize.seq,
        entryId: posted.entryId,
      });
    });
    const promotion = await this.detail(brand, lang, memberId, promotionId);
    if (!promotion.mine || promotion.mine.amount === null) throw new AppError('reward.not.claimable');
    return {
      amount: promotion.mine.amount,
      turnoverRequired: promotion.mine.turnoverRequired ?? 0,
      promotion,
    };
  }

  // ---- the reward centre ------------------------------------------------------------------------

  /** The reward centre's PROMOTION source: promotions in state CLAIM (claim, sign in, draw). */
  readonly rewardSource: RewardSource = {
    source: 'PROMOTION',
    claimables: async (brand, memberId, lang) => {
      const now = this.d.now();
      const known = await this.know(
        brand,
        memberId,
        await this.d.repo.running(brand.code, new Date(now)),
        now,
      );
      return known
        .filter((k) => k.view.state === 'CLAIM' && k.view.eligible)
        .map((k) => this.claimable(k, brand, lang));
    },
    claim: async (brand, memberId, id, lang) => {
      const row = ID.test(id) ? await this.d.repo.promotion(brand.code, id) : undefined;
      const action = row ? KIND_ACTION[row.kind] : null;
      if (!row || (action !== 'CLAIM' && action !== 'SIGN' && action !== 'DRAW'))
        throw new AppError('reward.not.claimable');
      const detail =
        action === 'DRAW'
          ? (await this.draw(brand, lang, memberId, id)).promotion
          : action === 'SIGN'
            ? await this.sign(brand, lang, memberId, id)
            : await this.claim(brand, lang, memberId, id);
      const turnover = detail.mine?.turnoverRequired ?? 0;
      return {
        source: 'PROMOTION',
        id,
        title: detail.title,
        amount: detail.mine?.amount ?? null,
        turnoverRequired: turnover,
        expiresTime: null,
      } satisfies Claimable;
    },
  };

  // ---- internals --------------------------------------------------------------------------------

  private async mustFind(brand: Brand, promotionId: string): Promise<PromotionRow> {
    const row = ID.test(promotionId) ? await this.d.repo.promotion(brand.code, promotionId) : undefined;
    if (!row) throw new AppError('promo.not.found');
    return row;
  }

  /**
   * Decides the action on fresh facts, then runs `perform` in one transaction that holds the
   * member's main-wallet row lock and found no participation of this period (a twin request that
   * got there first made one: its result is the answer, and nothing is done twice).
   */
  private async act(
    brand: Brand,
    memberId: string,
    promotionId: string,
    action: PromotionAction,
    /** Checks of the caller's input, once the action is allowed and before anything is touched. */
    check: (() => Promise<unknown>) | null,
    perform: (trx: Db, k: Known, acc: BonusAccounts) => Promise<unknown>,
  ): Promise<void> {
    const row = await this.mustFind(brand, promotionId);
    const [k] = await this.know(brand, memberId, [row], this.d.now());
    const decision = decide(factsOf(row), k!.view, action);
    if (decision.kind === 'refused') throw new AppError(decision.code, undefined, decision.params);
    if (decision.kind === 'done') return;
    if (check) await check();
    // Resolved before the transaction (LedgerService.account WARNING).
    const acc = await this.d.bonus.accounts(brand.code, memberId);
    await this.d.repo.transaction(async (trx) => {
      await this.d.ledger.lock(trx, [acc.main]);
      const twin = await this.d.repo.participation(trx, row.id, memberId, k!.window.key);
      if (twin) return;
      await perform(trx, k!, acc);
    });
  }

  /** TURNOVER and SIGN_IN: the promotion's fixed bonus, paid and recorded. */
  private async payFixed(
    trx: Db,
    brand: Brand,
    memberId: string,
    k: Known,
    acc: BonusAccounts,
    status: 'CLAIMED' | 'SIGNED',
  ): Promise<void> {
    const amount = BigInt(k.row.bonus_amount!);
    await mustChargeCaps(this.d.repo, trx, k.row.id, memberId, amount);
    const turnover = turnoverRequired(amount, k.row.turnover_multiple);
    const posted = await payPromotion(this.d.bonus, trx, acc, {
      promotionId: k.row.id,
      periodKey: k.window.key,
      title: pickText(k.row.title, brand.defaultLanguage, brand),
      amount,
      turnover,
      message: 'PROMO_BONUS',
    });
    await this.d.repo.insertParticipation(trx, {
      ...this.newRow(brand, memberId, k, status),
      amount,
      turnoverRequired: turnover,
      entryId: posted.entryId,
    });
  }

  private newRow(brand: Brand, memberId: string, k: Known, status: ParticipationRow['status']) {
    return {
      merchant: brand.code,
      promotionId: k.row.id,
      memberId,
      periodKey: k.window.key,
      periodStart: k.window.start,
      periodEnd: k.window.end,
      status,
      terms: termsOf(k.row),
    };
  }

  /**
   * What the rules know of the member for each promotion at `now`: the current period, this
   * period's participation, the VIP level, whether a deposit was made, and the progress of
   * TURNOVER (valid turnover in the period) and RAFFLE (deposits in the period) promotions.
   */
  private async know(
    brand: Brand,
    memberId: string | null,
    rows: PromotionRow[],
    now: number,
  ): Promise<Known[]> {
    const tz = validZone(brand.timezone);
    const windows = rows.map((r) => promotionWindow(factsOf(r), now, tz));
    const targetOf = (r: PromotionRow): bigint | null =>
      r.kind === 'TURNOVER'
        ? BigInt(r.target_turnover!)
        : r.kind === 'RAFFLE'
          ? BigInt(r.min_deposit!)
          : null;
    const out = (member: (r: PromotionRow, i: number) => MemberFacts, parts: ParticipationRow[]) =>
      rows.map((row, i): Known => {
        const m = member(row, i);
        return {
          row,
          window: windows[i]!,
          member: m,
          participation:
            parts.find((p) => p.promotion_id === row.id && p.period_key === windows[i]!.key) ?? null,
          view: promotionState(factsOf(row), now, m),
        };
      });
    if (!memberId) return out((r) => ({ ...VISITOR, target: targetOf(r) }), []);

    const parts = await this.d.repo.participations(
      memberId,
      rows.map((r, i) => ({ promotionId: r.id, periodKey: windows[i]!.key })),
    );
    const vipLevel = rows.some((r) => r.min_vip_level > 0 || r.max_vip_level !== null)
      ? await this.d.vipLevelOf(brand.code, memberId)
      : 0;
    const registeredAt = rows.some((r) => r.new_member_days !== null)
      ? await this.d.repo.registeredAt(memberId)
      : null;
    const firstDepositDone = rows.some((r) => r.kind === 'FIRST_DEPOSIT')
      ? await this.d.repo.hasCreditedDeposit(memberId)
      : false;
    const progress: bigint[] = [];
    const cache = new Map<string, bigint>();
    for (const [i, r] of rows.entries()) {
      const w = windows[i]!;
      const running = now >= r.starts_at.getTime() && (r.ends_at === null || now < r.ends_at.getTime());
      if (!running || (r.kind !== 'TURNOVER' && r.kind !== 'RAFFLE')) {
        progress.push(0n);
        continue;
      }
      const key = `${r.kind}|${w.start.getTime()}|${w.end?.getTime() ?? ''}`;
      let value = cache.get(key);
      if (value === undefined) {
        value =
          r.kind === 'TURNOVER'
            ? totalValid(await this.d.betStats.memberTurnover(memberId, w.start, w.end ?? new Date(now + 1)))
            : await this.d.repo.creditedBetween(memberId, w.start, w.end);
        cache.set(key, value);
      }
      progress.push(value);
    }
    return out(
      (r, i) => ({
        status:
          parts.find((p) => p.promotion_id === r.id && p.period_key === windows[i]!.key)?.status ?? null,
        vipLevel,
        progress: progress[i]!,
        target: targetOf(r),
        firstDepositDone,
        registeredAt,
      }),
      parts,
    );
  }

  private summary(k: Known, brand: Brand, lang: Language): PromotionSummary {
    const r = k.row;
    return {
      id: r.id,
      kind: r.kind,
      categoryId: r.category_id,
      title: pickText(r.title, lang, brand),
      summary: pickText(r.summary, lang, brand),
      // The language's own image, else the promotion's image, else another language's.
      imageUrl: r.images[lang] ?? r.image_path ?? (Object.values(r.images)[0] || null),
      startTime: r.starts_at.toISOString(),
      endTime: r.ends_at?.toISOString() ?? null,
      period: r.period,
      minVipLevel: r.min_vip_level,
      state: k.view.state,
      action: k.view.action,
      eligible: k.view.eligible,
      ineligible: k.view.ineligible,
      progress:
        k.member.target === null
          ? null
          : { current: fromMinor(k.member.progress), target: fromMinor(k.member.target) },
      periodEndTime: r.period === 'NONE' ? null : (k.window.end?.toISOString() ?? null),
    };
  }

  private async present(k: Known, brand: Brand, lang: Language): Promise<PromotionDetail> {
    const r = k.row;
    const prizes =
      r.kind === 'RAFFLE'
        ? prizeChances(
            (await this.d.repo.prizes(r.id)).map((p) => ({
              seq: p.seq,
              amount: BigInt(p.amount),
              weight: p.weight,
            })),
          ).map((p) => ({ amount: fromMinor(p.amount), chance: p.chance }))
        : [];
    const rules: PromotionRules = {
      minDeposit: minorOrNull(r.min_deposit),
      bonusPercent: r.bonus_rate_bp === null ? null : bpToPercent(r.bonus_rate_bp),
      maxBonus: minorOrNull(r.max_bonus),
      bonusAmount: minorOrNull(r.bonus_amount),
      targetTurnover: minorOrNull(r.target_turnover),
      turnoverMultiple: r.turnover_multiple,
      prizes,
    };
    const p = k.participation;
    const mine: PromotionMine | null = p && {
      status: p.status,
      periodKey: p.period_key,
      amount: minorOrNull(p.amount),
      turnoverRequired: minorOrNull(p.turnover_required),
      depositAmount: minorOrNull(p.deposit_amount),
      remark: p.remark,
      imageIds: p.image_ids,
      rejectReason: p.reject_reason,
      createdTime: p.created_at.toISOString(),
      updatedTime: p.updated_at.toISOString(),
    };
    return {
      ...this.summary(k, brand, lang),
      // Stored sanitised; sanitised again on the way out, so a row written some other way is safe too.
      content: sanitizeContent(pickText(r.content, lang, brand)),
      rules,
      mine,
    };
  }

  private claimable(k: Known, brand: Brand, lang: Language): Claimable {
    const r = k.row;
    const amount = r.kind === 'RAFFLE' || r.bonus_amount === null ? null : BigInt(r.bonus_amount);
    return {
      source: 'PROMOTION',
      id: r.id,
      title: pickText(r.title, lang, brand),
      amount: amount === null ? null : fromMinor(amount),
      turnoverRequired: amount === null ? 0 : fromMinor(turnoverRequired(amount, r.turnover_multiple)),
      expiresTime: k.window.end?.toISOString() ?? null,
    };
  }
}
