import {
  fromMinor,
  type Claimable,
  type Language,
  type ReferralFriends,
  type ReferralSummary,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { maskAccount } from '../../platform/mask';
import { periodAt } from '../../platform/periods';
import type { BonusService } from '../wallet/bonus.service';
import type { FriendRow, ReferralRepository, ReferralRuleRow } from './referral.repository';
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
  rewarded: f.reward !== null,
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
            f.reward !== null
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
   * nothing moves.
   */
  async claim(brand: Brand, memberId: string, friendId: string, _lang: Language): Promise<Claimable> {
    if (!/^\d{1,18}$/.test(friendId))
      throw new AppError('request.invalid', { fields: [{ field: 'friendId', message: 'format' }] });
    const accounts = await this.bonus.accounts(brand.code, memberId);
    return this.repo.transaction(async (trx) => {
      await this.repo.lockReferrer(trx, memberId);
      const ruleRow = await this.repo.rule(brand.code, trx);
      const rule = ruleRow ? toRule(ruleRow) : null;
      const friend = await this.repo.friend(trx, memberId, friendId);
      if (!rule || !friend || friendState(rule, factsOf(friend), new Date()) !== 'QUALIFIED')
        throw new AppError('reward.not.claimable');
      const month = periodAt('M', Date.now(), brand.timezone);
      if ((await this.repo.rewardsSince(trx, memberId, month.start)) >= rule.monthlyLimit)
        throw new AppError('reward.not.claimable');
      const friendName = maskAccount(friend.username);
      const posted = await this.bonus.credit(trx, accounts, {
        amount: rule.reward,
        kind: 'BONUS',
        // WARNING: one reward per friend, ever: the friend's id alone names it.
        reference: `REFERRAL:${friend.id}`,
        turnoverRequired: rule.reward * BigInt(rule.turnoverMultiple),
        memo: { source: 'REFERRAL', title: friendName, friendId: friend.id },
        message: { kind: 'REFERRAL_REWARD', params: { friend: friendName, amount: fromMinor(rule.reward) } },
      });
      if (!posted.created) throw new AppError('reward.not.claimable');
      await this.repo.insertReward(trx, {
        merchant: brand.code,
        referrerId: memberId,
        friendId: friend.id,
        amount: rule.reward,
        entryId: posted.entryId,
      });
      return this.claimable(rule, friend);
    });
  }
}
