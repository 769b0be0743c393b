import {
  fromMinor,
  type Claimable,
  type Language,
  type ReferralFriends,
  type ReferralReward,
  type ReferralRewardList,
  type ReferralSummary,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { maskAccount } from '../../platform/mask';
import { periodAt } from '../../platform/periods';
import type { BonusAccounts, BonusService } from '../wallet';
import type {
  FriendRow,
  HoldReason,
  ReferralRepository,
  ReferralRuleRow,
  RewardRow,
} from './referral.repository';
import { friendState, type FriendFacts, type ReferralRule } from './referral-rules';
import type { RewardSource } from './reward-source';

const toRule = (r: ReferralRuleRow): ReferralRule => ({
  enabled: r.enabled,
  minFirstDeposit: BigInt(r.min_first_deposit),
  reward: BigInt(r.reward),
  turnoverMultiple: r.turnover_multiple,
  qualifyDays: r.qualify_days,
  monthlyLimit: r.monthly_limit,
});

const factsOf = (f: FriendRow): FriendFacts => ({
  registeredAt: f.created_at,
  firstDeposit:
    f.first_deposit !== null && f.first_deposit_at !== null
      ? { amount: BigInt(f.first_deposit), at: f.first_deposit_at }
      : null,
  reward: f.reward_status,
});

/** Qualified friends listed as claimable rewards at most (the reward centre shows a page of them). */
const CLAIMABLE_LISTED = 50;

/**
 * The referral programme (invite friends): a member shares its code; a friend who registers with it
 * and whose first credited deposit reaches the brand's minimum in time earns the member a reward,
 * claimed once per friend (on the invite page or in the reward centre) through BonusService.
 */
export class ReferralService implements RewardSource {
  readonly source = 'REFERRAL' as const;

  constructor(
    private readonly repo: ReferralRepository,
    private readonly bonus: BonusService,
    /** Whether the operator paused referral rewards on the brand (held ones can still be decided). */
    private readonly paused: (merchant: string) => Promise<boolean> = async () => false,
  ) {}

  private async rule(merchant: string): Promise<ReferralRule | null> {
    const row = await this.repo.rule(merchant);
    return row ? toRule(row) : null;
  }

  /** Whether the brand runs a referral programme now (promotion counts: availablePromo.REFERRAL.enabled). */
  async enabled(merchant: string): Promise<boolean> {
    return (await this.rule(merchant))?.enabled ?? false;
  }

  async summary(brand: Brand, memberId: string): Promise<ReferralSummary> {
    const [rule, counts, code, qualified] = await Promise.all([
      this.rule(brand.code),
      this.repo.counts(memberId),
      this.repo.referralCode(memberId),
      this.qualifiedFriends(brand.code, memberId),
    ]);
    return {
      referralCode: code,
      rule: rule && {
        enabled: rule.enabled,
        minFirstDeposit: fromMinor(rule.minFirstDeposit),
        reward: fromMinor(rule.reward),
        turnoverMultiple: rule.turnoverMultiple,
        qualifyDays: rule.qualifyDays,
        monthlyLimit: rule.monthlyLimit,
      },
      invited: counts.invited,
      qualified: qualified.length,
      rewarded: counts.rewarded,
      rewardsEarned: fromMinor(counts.earned),
    };
  }

  async friends(brand: Brand, memberId: string, pageNo: number, pageSize: number): Promise<ReferralFriends> {
    const [rule, rows, counts] = await Promise.all([
      this.rule(brand.code),
      this.repo.friends(memberId, (pageNo - 1) * pageSize, pageSize),
      this.repo.counts(memberId),
    ]);
    const now = new Date();
    return {
      list: rows.map((f) => {
        const state = friendState(rule, factsOf(f), now);
        return {
          id: f.id,
          username: maskAccount(f.username),
          registeredTime: f.created_at.toISOString(),
          firstDeposit: f.first_deposit === null ? null : fromMinor(f.first_deposit),
          state,
          reward:
            f.reward !== null && f.reward_status !== 'REJECTED'
              ? fromMinor(f.reward)
              : state === 'QUALIFIED' && rule
                ? fromMinor(rule.reward)
                : null,
        };
      }),
      totalPages: Math.max(1, Math.ceil(counts.invited / pageSize)),
    };
  }

  /** Friends whose reward can be claimed now (newest first, a page at most). */
  private async qualifiedFriends(merchant: string, memberId: string): Promise<FriendRow[]> {
    const rule = await this.rule(merchant);
    if (!rule?.enabled) return [];
    const now = new Date();
    // Friends are few per member; qualified ones are found among the newest few hundred.
    const rows = await this.repo.friends(memberId, 0, 500);
    return rows.filter((f) => friendState(rule, factsOf(f), now) === 'QUALIFIED').slice(0, CLAIMABLE_LISTED);
  }

  async claimables(brand: Brand, memberId: string, _lang: Language): Promise<Claimable[]> {
    const rule = await this.rule(brand.code);
    if (!rule?.enabled) return [];
    return (await this.qualifiedFriends(brand.code, memberId)).map((f) => this.claimable(rule, f));
  }

  private claimable(rule: ReferralRule, f: FriendRow): Claimable {
    return {
      source: 'REFERRAL',
      id: f.id,
      title: maskAccount(f.username),
      amount: fromMinor(rule.reward),
      turnoverRequired: fromMinor(rule.reward * BigInt(rule.turnoverMultiple)),
      expiresTime: null,
    };
  }

  /**
   * Pays the reward for one qualified friend, once: the member's claims are serialised (a row
   * lock), the friend's reward row is unique and the ledger reference is the friend's. A friend who
   * is not this member's, not qualified, already rewarded, or past the monthly limit: refused,
   * nothing moves. A friend tied to the member (same IP address, device or payout account: likely
   * the member's own second account) is not paid: the claim is kept HELD for an operator and
   * answered with referral.reward.review.
   */
  async claim(brand: Brand, memberId: string, friendId: string, _lang: Language): Promise<Claimable> {
    if (!/^\d{1,18}$/.test(friendId))
      throw new AppError('request.invalid', { fields: [{ field: 'friendId', message: 'format' }] });
    if (await this.paused(brand.code)) throw new AppError('reward.paused');
    const accounts = await this.bonus.accounts(brand.code, memberId);
    const done = await this.repo.transaction(async (trx) => {
      await this.repo.lockReferrer(trx, memberId);
      const ruleRow = await this.repo.rule(brand.code, trx);
      const rule = ruleRow ? toRule(ruleRow) : null;
      const friend = await this.repo.friend(trx, memberId, friendId);
      if (!rule || !friend || friendState(rule, factsOf(friend), new Date()) !== 'QUALIFIED')
        throw new AppError('reward.not.claimable');
      const month = periodAt('M', Date.now(), brand.timezone);
      if ((await this.repo.rewardsSince(trx, memberId, month.start)) >= rule.monthlyLimit)
        throw new AppError('reward.not.claimable');
      const turnoverRequired = rule.reward * BigInt(rule.turnoverMultiple);
      const ties = await this.repo.ties(trx, memberId, friend.id);
      // The brand may hold every claim for review; then the reasons list only the ties found.
      if (ties.length > 0 || ruleRow!.review_all) {
        await this.repo.insertReward(trx, {
          merchant: brand.code,
          referrerId: memberId,
          friendId: friend.id,
          amount: rule.reward,
          turnoverRequired,
          entryId: null,
          holdReasons: ties,
        });
        return { held: true as const };
      }
      const posted = await this.pay(trx, accounts, friend.id, friend.username, rule.reward, turnoverRequired);
      if (!posted.created) throw new AppError('reward.not.claimable');
      await this.repo.insertReward(trx, {
        merchant: brand.code,
        referrerId: memberId,
        friendId: friend.id,
        amount: rule.reward,
        turnoverRequired,
        entryId: posted.entryId,
        holdReasons: [],
      });
      return { held: false as const, claimable: this.claimable(rule, friend) };
    });
    // After the commit: the held claim stays recorded, and the member is told it awaits review.
    if (done.held) throw new AppError('referral.reward.review');
    return done.claimable;
  }

  /** The reward's one credit. WARNING: one reward per friend, ever: the friend's id alone names it. */
  private pay(
    trx: Db,
    accounts: BonusAccounts,
    friendId: string,
    friendUsername: string,
    amount: bigint,
    turnoverRequired: bigint,
  ) {
    const friendName = maskAccount(friendUsername);
    return this.bonus.credit(trx, accounts, {
      amount,
      kind: 'BONUS',
      reference: `REFERRAL:${friendId}`,
      turnoverRequired,
      memo: { source: 'REFERRAL', title: friendName, friendId },
      message: { kind: 'REFERRAL_REWARD', params: { friend: friendName, amount: fromMinor(amount) } },
    });
  }

  // ---- operators ---------------------------------------------------------------------------------

  async rewards(
    brand: Brand,
    q: { status?: RewardRow['status']; pageNo: number; pageSize: number },
  ): Promise<ReferralRewardList> {
    const { rows, total } = await this.repo.rewards(
      brand.code,
      q.status,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map(present),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  /**
   * Pays a HELD reward after review, with the amount and turnover it was claimed with. The row is
   * locked and must still be HELD, so two operators deciding at once pay it once.
   */
  async approve(brand: Brand, id: string, operator: string): Promise<ReferralReward> {
    const found = await this.mustFind(brand, id);
    const accounts = await this.bonus.accounts(brand.code, found.referrer_id);
    await this.repo.transaction(async (trx) => {
      const r = await this.repo.reward(trx, brand.code, id, true);
      if (r?.status !== 'HELD') throw new AppError('referral.reward.state');
      const posted = await this.pay(
        trx,
        accounts,
        r.friend_id,
        r.friend,
        BigInt(r.amount),
        BigInt(r.turnover_required),
      );
      await this.repo.decide(trx, id, { status: 'PAID', entryId: posted.entryId, operator, reason: null });
    });
    return present(await this.mustFind(brand, id));
  }

  /** Refuses a HELD reward after review: nothing is paid, and the friend can never be claimed again. */
  async reject(brand: Brand, id: string, reason: string, operator: string): Promise<ReferralReward> {
    await this.mustFind(brand, id);
    await this.repo.transaction(async (trx) => {
      const r = await this.repo.reward(trx, brand.code, id, true);
      if (r?.status !== 'HELD') throw new AppError('referral.reward.state');
      await this.repo.decide(trx, id, { status: 'REJECTED', entryId: null, operator, reason });
    });
    return present(await this.mustFind(brand, id));
  }

  private async mustFind(brand: Brand, id: string): Promise<RewardRow> {
    const r = await this.repo.reward(this.repo.db, brand.code, id);
    if (!r) throw new AppError('referral.reward.unknown');
    return r;
  }
}

const present = (r: RewardRow): ReferralReward => ({
  id: r.id,
  referrer: r.referrer,
  friend: r.friend,
  friendId: r.friend_id,
  amount: fromMinor(r.amount),
  turnoverRequired: fromMinor(r.turnover_required),
  status: r.status,
  holdReasons: r.hold_reasons as HoldReason[],
  reviewedBy: r.reviewed_by,
  reviewedTime: r.reviewed_at?.toISOString() ?? null,
  rejectReason: r.reject_reason,
  createdTime: r.created_at.toISOString(),
});
