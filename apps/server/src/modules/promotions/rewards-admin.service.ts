import {
  fromMinor,
  GAME_TYPES,
  MONEY_METRICS,
  REWARD_PAUSE_KINDS,
  REWARDS_ADMIN_LIMITS,
  toMinor,
  type AdminMission,
  type AdminReferral,
  type AdminRebate,
  type AdminVipLevel,
  type MissionInput,
  type RebateForecast,
  type RebateRatesInput,
  type ReferralRuleInput,
  type RewardPause,
  type RewardPauseKind,
  type VipLevelInput,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import { dayOf, dayText, periodAt } from '../../platform/periods';
import { localDay, validZone } from '../../platform/zoned-time';
import type { BetStatsService } from '../wallet';
import { rebateForecast, type ForecastTerms, type MemberDay } from './rebate-forecast';
import type { RewardPauseRepository } from './reward-pause.repository';
import type { AdminMissionRow, RewardsAdminRepository } from './rewards-admin.repository';

/** What a change did, for its audit row. */
export interface Change<T> {
  before: T | null;
  after: T;
}

/** An operator's money figure (already checked by the schema) in minor units. */
const minor = (v: number): bigint => {
  const m = toMinor(v);
  if (m === null) throw new AppError('request.invalid', { fields: [{ field: 'amount', message: 'format' }] });
  return m;
};

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });

/**
 * The back office's rewards setup (missions, VIP ladder, rebate terms and their forecast, the
 * referral programme, pauses). Every change applies to new claims only: claims, upgrades, paid
 * or held referral rewards and rebate days keep the terms they were made under (their rows carry
 * them, or the day's terms are kept in rebate_terms_version).
 */
export class RewardsAdminService {
  constructor(
    private readonly repo: RewardsAdminRepository,
    private readonly pauses: RewardPauseRepository,
    private readonly betStats: BetStatsService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  // ---- pauses --------------------------------------------------------------------------------------

  async pauseList(merchant: string): Promise<RewardPause[]> {
    const rows = await this.pauses.list(merchant);
    return REWARD_PAUSE_KINDS.map((kind) => {
      const row = rows.find((r) => r.kind === kind);
      return {
        kind,
        paused: !!row,
        pausedBy: row?.paused_by ?? null,
        pausedTime: row?.paused_at.toISOString() ?? null,
      };
    });
  }

  async setPause(merchant: string, kind: RewardPauseKind, paused: boolean, by: string) {
    const before = (await this.pauseList(merchant)).find((p) => p.kind === kind)!;
    await this.pauses.set(merchant, kind, paused, by);
    const after = (await this.pauseList(merchant)).find((p) => p.kind === kind)!;
    return { before, after };
  }

  // ---- missions ------------------------------------------------------------------------------------

  async missions(merchant: string): Promise<AdminMission[]> {
    return (await this.repo.missions(merchant)).map(missionOut);
  }

  private missionRow(input: MissionInput) {
    if (input.gameType !== null && input.metric !== 'TURNOVER' && input.metric !== 'WINS')
      throw invalid('gameType', 'metric');
    const money = MONEY_METRICS.includes(input.metric);
    if (!money && !Number.isInteger(input.target)) throw invalid('target', 'integer');
    if (input.metric === 'LOGIN' && input.target > (input.period === 'DAILY' ? 1 : 7))
      throw invalid('target', 'login');
    return {
      period: input.period,
      metric: input.metric,
      game_type: input.gameType,
      target: (money ? minor(input.target) : BigInt(input.target)).toString(),
      reward: minor(input.reward).toString(),
      turnover_multiple: input.turnoverMultiple,
      title: JSON.stringify(input.title),
      description: JSON.stringify(input.description),
      sort: input.sort,
      active: input.active,
    };
  }

  async createMission(merchant: string, input: MissionInput): Promise<AdminMission> {
    const row = this.missionRow(input);
    if (await this.repo.missionCodeTaken(merchant, input.code, null))
      throw new AppError('reward.code.taken', undefined, [input.code]);
    let id: string;
    try {
      id = await this.repo.insertMission({ ...row, merchant_code: merchant, code: input.code });
    } catch (err) {
      if (uniqueViolation(err) === 'mission_code_unique')
        throw new AppError('reward.code.taken', undefined, [input.code]);
      throw err;
    }
    return missionOut((await this.repo.mission(merchant, id))!);
  }

  /** Edits a mission: claims already paid keep the reward and turnover they were paid with. */
  async updateMission(merchant: string, id: string, input: MissionInput): Promise<Change<AdminMission>> {
    const found = await this.mustFindMission(merchant, id);
    const row = this.missionRow(input);
    if (await this.repo.missionCodeTaken(merchant, input.code, id))
      throw new AppError('reward.code.taken', undefined, [input.code]);
    await this.repo.updateMission(merchant, id, { ...row, code: input.code });
    return { before: missionOut(found), after: missionOut((await this.repo.mission(merchant, id))!) };
  }

  async setMissionActive(merchant: string, id: string, active: boolean): Promise<Change<AdminMission>> {
    const found = await this.mustFindMission(merchant, id);
    await this.repo.updateMission(merchant, id, { active });
    return { before: missionOut(found), after: missionOut((await this.repo.mission(merchant, id))!) };
  }

  private async mustFindMission(merchant: string, id: string): Promise<AdminMissionRow> {
    const found = /^\d{1,18}$/.test(id) ? await this.repo.mission(merchant, id) : undefined;
    if (!found) throw new AppError('reward.mission.unknown');
    return found;
  }

  // ---- VIP -----------------------------------------------------------------------------------------

  async vipLevels(merchant: string): Promise<AdminVipLevel[]> {
    return (await this.repo.levels(merchant)).map((l) => ({
      level: l.level,
      label: l.label,
      color: l.color,
      minTurnover: fromMinor(l.min_turnover),
      minDeposit: fromMinor(l.min_deposit),
      upgradeBonus: fromMinor(l.upgrade_bonus),
      turnoverMultiple: l.turnover_multiple,
      benefits: l.benefits,
      members: l.members,
    }));
  }

  /**
   * Replaces the brand's ladder. Levels run 0, 1, 2... without gaps; level 0 (ordinary members)
   * needs and pays nothing; each level needs at least the turnover and the deposits of the one
   * below and more of one of them. A level members hold cannot be removed. Upgrades already paid
   * keep their bonus; members keep their level (levels never go down); new thresholds and bonuses
   * apply to the next upgrades.
   */
  async saveVipLevels(merchant: string, levels: VipLevelInput[]): Promise<Change<AdminVipLevel[]>> {
    const sorted = [...levels].sort((a, b) => a.level - b.level);
    const rows = sorted.map((l) => ({
      ...l,
      turnover: minor(l.minTurnover),
      deposit: minor(l.minDeposit),
      bonus: minor(l.upgradeBonus),
    }));
    rows.forEach((l, i) => {
      if (l.level !== i) throw new AppError('reward.vip.levels.invalid', undefined, [i]);
      if (i === 0) {
        if (l.turnover !== 0n || l.deposit !== 0n || l.bonus !== 0n)
          throw new AppError('reward.vip.levels.invalid', undefined, [0]);
        return;
      }
      const below = rows[i - 1]!;
      const notLess = l.turnover >= below.turnover && l.deposit >= below.deposit;
      const more = l.turnover > below.turnover || l.deposit > below.deposit;
      if (!notLess || !more) throw new AppError('reward.vip.levels.invalid', undefined, [l.level]);
    });
    const before = await this.vipLevels(merchant);
    await this.repo.transaction(async (trx) => {
      const held = await this.repo.membersAbove(trx, merchant, rows.length);
      if (held.length > 0)
        throw new AppError('reward.vip.level.in.use', undefined, [held[0]!.level, held[0]!.members]);
      // Rates of removed levels go with them (no member holds those levels).
      await trx
        .deleteFrom('vip_rebate_rate')
        .where('merchant_code', '=', merchant)
        .where('level', '>=', rows.length)
        .execute();
      await trx
        .deleteFrom('vip_level')
        .where('merchant_code', '=', merchant)
        .where('level', '>=', rows.length)
        .execute();
      for (const l of rows) {
        const values = {
          label: JSON.stringify(l.label),
          color: l.color,
          min_turnover: l.turnover.toString(),
          min_deposit: l.deposit.toString(),
          upgrade_bonus: l.bonus.toString(),
          turnover_multiple: l.turnoverMultiple,
          benefits: JSON.stringify(l.benefits),
        };
        await trx
          .insertInto('vip_level')
          .values({ merchant_code: merchant, level: l.level, ...values })
          .onConflict((oc) => oc.columns(['merchant_code', 'level']).doUpdateSet(values))
          .execute();
      }
    });
    return { before, after: await this.vipLevels(merchant) };
  }

  // ---- rebates -------------------------------------------------------------------------------------

  /** The brand-zone day of `now`. */
  private today(brand: Brand): string {
    return dayOf(periodAt('D', this.now(), validZone(brand.timezone)));
  }

  async rebates(brand: Brand): Promise<AdminRebate> {
    const [rule, rates] = await Promise.all([
      this.repo.rebateRule(brand.code),
      this.repo.rebateRates(brand.code),
    ]);
    const levels = await this.repo.levels(brand.code);
    return {
      rule: rule
        ? {
            minPayout: fromMinor(rule.min_payout),
            dailyCap: rule.daily_cap === null ? null : fromMinor(rule.daily_cap),
            turnoverMultiple: rule.turnover_multiple,
          }
        : null,
      rates: levels.map((l) => ({ level: l.level, rates: Object.fromEntries(rates.get(l.level) ?? []) })),
      effectiveFrom: dayText(localDay(this.now(), validZone(brand.timezone)) + 1),
    };
  }

  private async checkRateLevels(merchant: string, input: RebateRatesInput): Promise<void> {
    const levels = new Set((await this.repo.levels(merchant)).map((l) => l.level));
    const seen = new Set<number>();
    for (const r of input.rates) {
      if (!levels.has(r.level)) throw new AppError('reward.rebate.level.unknown', undefined, [r.level]);
      if (seen.has(r.level)) throw invalid(`rates.${r.level}`, 'duplicate');
      seen.add(r.level);
    }
    if (input.rule.dailyCap !== null && input.rule.dailyCap < input.rule.minPayout)
      throw invalid('rule.dailyCap', 'min');
  }

  private async currentTerms(merchant: string): Promise<ForecastTerms> {
    const [rule, rates] = await Promise.all([
      this.repo.rebateRule(merchant),
      this.repo.rebateRates(merchant),
    ]);
    return {
      rule:
        rule && rule.enabled
          ? {
              minPayout: BigInt(rule.min_payout),
              dailyCap: rule.daily_cap === null ? null : BigInt(rule.daily_cap),
            }
          : null,
      rates,
    };
  }

  private proposedTerms(input: RebateRatesInput): ForecastTerms {
    return {
      rule: {
        minPayout: minor(input.rule.minPayout),
        dailyCap: input.rule.dailyCap === null ? null : minor(input.rule.dailyCap),
      },
      rates: new Map(input.rates.map((r) => [r.level, new Map(Object.entries(r.rates))])),
    };
  }

  /**
   * What the last 30 ended brand-zone days would have paid at the current terms and at the
   * proposed ones: each member-day's valid turnover per game type at the member's level now.
   */
  async forecast(brand: Brand, input: RebateRatesInput): Promise<RebateForecast> {
    await this.checkRateLevels(brand.code, input);
    const tz = validZone(brand.timezone);
    const days = REWARDS_ADMIN_LIMITS.forecastDays;
    const memberDays: { memberId: string; turnover: Map<string, bigint> }[] = [];
    let first = '';
    let last = '';
    let p = periodAt('D', this.now(), tz);
    for (let i = 0; i < days; i++) {
      p = periodAt('D', p.start.getTime() - 1, tz);
      if (i === 0) last = dayOf(p);
      first = dayOf(p);
      const byMember = new Map<string, Map<string, bigint>>();
      for (const l of await this.betStats.brandTurnover(brand.code, p.start, p.end)) {
        const m = byMember.get(l.memberId) ?? new Map<string, bigint>();
        m.set(l.gameType, (m.get(l.gameType) ?? 0n) + l.validBet);
        byMember.set(l.memberId, m);
      }
      for (const [memberId, turnover] of byMember) memberDays.push({ memberId, turnover });
    }
    const levels = await this.repo.memberLevels(brand.code, [...new Set(memberDays.map((d) => d.memberId))]);
    const priced: MemberDay[] = memberDays
      .filter((d) => levels.has(d.memberId))
      .map((d) => ({ level: levels.get(d.memberId)!, turnover: d.turnover }));
    const f = rebateForecast(
      priced,
      await this.currentTerms(brand.code),
      this.proposedTerms(input),
      GAME_TYPES,
    );
    return {
      days,
      from: first,
      to: last,
      turnover: fromMinor(f.turnover),
      currentCost: fromMinor(f.currentCost),
      proposedCost: fromMinor(f.proposedCost),
      lines: f.lines.map((l) => ({
        level: l.level,
        gameType: l.gameType,
        turnover: fromMinor(l.turnover),
        currentCost: fromMinor(l.currentCost),
        proposedCost: fromMinor(l.proposedCost),
      })),
    };
  }

  /**
   * Saves the rule and the rates. WARNING: today's and earlier days keep the terms they were earned
   * under: those are kept in rebate_terms_version before anything changes, and the new terms
   * apply from tomorrow (brand zone). A second save the same day keeps the first version.
   */
  async saveRebates(brand: Brand, input: RebateRatesInput): Promise<Change<AdminRebate>> {
    await this.checkRateLevels(brand.code, input);
    const before = await this.rebates(brand);
    const today = this.today(brand);
    const minPayout = minor(input.rule.minPayout);
    const dailyCap = input.rule.dailyCap === null ? null : minor(input.rule.dailyCap);
    await this.repo.transaction(async (trx) => {
      const rule = await this.repo.rebateRule(brand.code, trx);
      const rates = await this.repo.rebateRates(brand.code, trx);
      await this.repo.keepTerms(
        trx,
        brand.code,
        today,
        rule && rule.enabled
          ? { minPayout: rule.min_payout, dailyCap: rule.daily_cap, turnoverMultiple: rule.turnover_multiple }
          : null,
        Object.fromEntries([...rates].map(([level, r]) => [String(level), Object.fromEntries(r)])),
      );
      const values = {
        min_payout: minPayout.toString(),
        daily_cap: dailyCap === null ? null : dailyCap.toString(),
        turnover_multiple: input.rule.turnoverMultiple,
      };
      await trx
        .insertInto('rebate_rule')
        .values({ merchant_code: brand.code, ...values })
        .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
        .execute();
      for (const r of input.rates) {
        await trx
          .deleteFrom('vip_rebate_rate')
          .where('merchant_code', '=', brand.code)
          .where('level', '=', r.level)
          .execute();
        const lines = Object.entries(r.rates).filter(([, bp]) => bp > 0);
        if (lines.length > 0)
          await trx
            .insertInto('vip_rebate_rate')
            .values(
              lines.map(([game_type, rate_bp]) => ({
                merchant_code: brand.code,
                level: r.level,
                game_type,
                rate_bp,
              })),
            )
            .execute();
      }
    });
    return { before, after: await this.rebates(brand) };
  }

  // ---- referral ------------------------------------------------------------------------------------

  async referral(merchant: string): Promise<AdminReferral> {
    const [rule, held] = await Promise.all([
      this.repo.referralRule(merchant),
      this.repo.heldReferralRewards(merchant),
    ]);
    return {
      rule: rule
        ? {
            minFirstDeposit: fromMinor(rule.min_first_deposit),
            reward: fromMinor(rule.reward),
            turnoverMultiple: rule.turnover_multiple,
            qualifyDays: rule.qualify_days,
            monthlyLimit: rule.monthly_limit,
            reviewAll: rule.review_all,
          }
        : null,
      held,
    };
  }

  /**
   * Saves the programme. Rewards already paid or held for review keep the amount and turnover they
   * were claimed with (their rows carry them); friends not claimed yet qualify under the new rule.
   */
  async saveReferral(merchant: string, input: ReferralRuleInput): Promise<Change<AdminReferral>> {
    const before = await this.referral(merchant);
    const values = {
      min_first_deposit: minor(input.minFirstDeposit).toString(),
      reward: minor(input.reward).toString(),
      turnover_multiple: input.turnoverMultiple,
      qualify_days: input.qualifyDays,
      monthly_limit: input.monthlyLimit,
      review_all: input.reviewAll,
    };
    await this.repo.db
      .insertInto('referral_rule')
      .values({ merchant_code: merchant, ...values })
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet(values))
      .execute();
    return { before, after: await this.referral(merchant) };
  }
}

function missionOut(m: AdminMissionRow): AdminMission {
  const money = MONEY_METRICS.includes(m.metric);
  return {
    id: m.id,
    code: m.code,
    period: m.period,
    metric: m.metric,
    gameType: m.game_type as AdminMission['gameType'],
    target: money ? fromMinor(m.target) : Number(m.target),
    reward: fromMinor(m.reward),
    turnoverMultiple: m.turnover_multiple,
    title: m.title,
    description: m.description,
    sort: m.sort,
    active: m.active,
    claims: m.claims,
  };
}
