import {
  GAME_TYPES,
  REBATE_LIMITS,
  fromMinor,
  type GameType,
  type Language,
  type ManualRebate,
  type RebateClaimResult,
  type RebateHistory,
  type RebateRule,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Brand, BrandResolver } from '../../platform/brand';
import { dayOf, dayText, periodAt, type Period } from '../../platform/periods';
import { localDay, validZone } from '../../platform/zoned-time';
import type { BetStatsService, TurnoverLine } from '../wallet';
import type { BonusService } from '../wallet';
import {
  canClaim,
  dayPayout,
  dueRebateDays,
  rebateFigure,
  rebateRest,
  type RebateFigure,
} from './rebate-formula';
import type { RebateRepository, RebateRuleRow } from './rebate.repository';

/** The rebate's name in each language (reward centre titles, the bonus details' memo). */
export const REBATE_TITLE: Record<Language, string> = {
  CN: '每日返水',
  EN: 'Daily rebate',
  ID: 'Rabat harian',
  MY: 'Rebat harian',
  TH: 'เงินคืนรายวัน',
  TY: 'Pang-araw-araw na rebate',
  VI: 'Hoàn trả hằng ngày',
};

/** What settling one member's ended day did. */
type DayOutcome = 'PAID' | 'NONE' | 'DONE';

const notClaimable = () => new AppError('reward.not.claimable');

const ruleOut = (r: RebateRuleRow): RebateRule => ({
  minPayout: fromMinor(r.minPayout),
  dailyCap: r.dailyCap === null ? null : fromMinor(r.dailyCap),
  turnoverMultiple: r.turnoverMultiple,
});

const byGameType = (lines: readonly TurnoverLine[]): Map<string, bigint> => {
  const out = new Map<string, bigint>();
  for (const l of lines) out.set(l.gameType, (out.get(l.gameType) ?? 0n) + l.validBet);
  return out;
};

/** Today's rebate of a member so far, and what is claimed and claimable. */
interface Today {
  period: Period;
  day: string;
  asOf: Date;
  level: number;
  rule: RebateRuleRow | null;
  figure: RebateFigure;
  claimed: bigint;
  rest: bigint;
}

/**
 * Rebates: a share of the member's valid turnover per game type at the rates of its VIP
 * level, per brand-zone day, cut to the brand's daily cap.
 *
 * Two ways a day is paid, one row deciding both: the member claims today's rebate so far from the
 * rebate page (manual claims, each paying what is not yet claimed, under a reference carrying the
 * cumulative amount claimed), and once the day has ended the daily job pays what is left. Every
 * payout first locks the (member, day) row, so a double click pays once, two instances' jobs pay
 * once, and the job pays only what the claims left. Trial accounts get none.
 */
export class RebateService {
  constructor(
    private readonly repo: RebateRepository,
    private readonly betStats: BetStatsService,
    private readonly bonus: BonusService,
    private readonly brands: BrandResolver,
    private readonly levelOf: (merchant: string, memberId: string) => Promise<number>,
    private readonly log?: FastifyBaseLogger,
    /** When the operator paused rebates on the brand (null: running). */
    private readonly pausedAt: (merchant: string) => Promise<Date | null> = async () => null,
  ) {}

  /** The brand's rule as answers show it (null: no rebates). */
  async rule(merchant: string): Promise<RebateRule | null> {
    const r = await this.repo.rule(merchant);
    return r && ruleOut(r);
  }

  private async today(brand: Brand, memberId: string, now = Date.now()): Promise<Today> {
    const period = periodAt('D', now, validZone(brand.timezone));
    const day = dayOf(period);
    const asOf = new Date(now);
    const [rule, level, row] = await Promise.all([
      this.repo.rule(brand.code, day),
      this.levelOf(brand.code, memberId),
      this.repo.day(brand.code, memberId, day),
    ]);
    const claimed = BigInt(row?.claimed ?? 0);
    if (!rule) {
      const figure = rebateFigure(new Map(), new Map(), null, GAME_TYPES);
      return { period, day, asOf, level, rule, figure, claimed, rest: 0n };
    }
    // Only bets already settled count: the window ends now.
    const [lines, rates] = await Promise.all([
      this.betStats.memberTurnover(memberId, period.start, asOf),
      this.repo.ratesAt(brand.code, level, day),
    ]);
    const figure = rebateFigure(byGameType(lines), rates, rule.dailyCap, GAME_TYPES);
    return { period, day, asOf, level, rule, figure, claimed, rest: rebateRest(figure.rebate, claimed) };
  }

  /** `GET /wps/rebate/manual`: today's rebate so far per game type and what can be claimed now. */
  async manual(brand: Brand, memberId: string): Promise<ManualRebate> {
    const [t, paused] = await Promise.all([this.today(brand, memberId), this.pausedAt(brand.code)]);
    return {
      enabled: t.rule !== null && !paused,
      day: t.day,
      asOfTime: t.asOf.toISOString(),
      level: t.level,
      lines: t.figure.lines.map((l) => ({
        gameType: l.gameType as GameType,
        turnover: fromMinor(l.turnover),
        rate: l.rateBp / 100,
        rebate: fromMinor(l.rebate),
      })),
      turnover: fromMinor(t.figure.turnover),
      rebate: fromMinor(t.figure.rebate),
      capped: t.figure.capped,
      claimed: fromMinor(t.claimed),
      claimable: fromMinor(t.rest),
      canClaim: t.rule !== null && !paused && canClaim(t.rest, t.rule.minPayout),
      rule: t.rule && ruleOut(t.rule),
    };
  }

  /** Today's claimable rebate when it can be claimed now (the reward centre lists it), else null. */
  async claimable(
    brand: Brand,
    memberId: string,
  ): Promise<{ day: string; amount: bigint; turnoverRequired: bigint; expires: Date } | null> {
    if (await this.pausedAt(brand.code)) return null;
    const t = await this.today(brand, memberId);
    if (!t.rule || !canClaim(t.rest, t.rule.minPayout)) return null;
    if ((await this.repo.eligibleLevels(brand.code, [memberId])).size === 0) return null;
    return {
      day: t.day,
      amount: t.rest,
      turnoverRequired: t.rest * BigInt(t.rule.turnoverMultiple),
      expires: t.period.end,
    };
  }

  /**
   * `POST /wps/rebate/manual/claim`: pays today's claimable rebate at once when it reaches the
   * minimum payout. `day` is the day the member confirmed; once it has ended the claim is refused
   * (the daily job pays the rest of an ended day). Refused with nothing moved when there is nothing
   * to claim, including a second click of the same claim.
   */
  async claim(brand: Brand, memberId: string, day: string): Promise<RebateClaimResult> {
    if (await this.pausedAt(brand.code)) throw new AppError('reward.paused');
    const t = await this.today(brand, memberId);
    const rule = t.rule;
    // Checked first without a lock so a refusal creates nothing (not even the wallet's account);
    // checked again under the day's lock below, where it decides.
    if (!rule || day !== t.day || !canClaim(t.rest, rule.minPayout)) throw notClaimable();
    if ((await this.repo.eligibleLevels(brand.code, [memberId])).size === 0) throw notClaimable();
    // WARNING: accounts are looked up before the transaction (LedgerService.account says why); so
    // is the turnover (a claim racing a settling bet may miss it: the next claim or the job pays it).
    const accounts = await this.bonus.accounts(brand.code, memberId);
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.lockDay(trx, brand.code, memberId, day);
      if (row.status === 'SETTLED') throw notClaimable();
      const claimed = BigInt(row.claimed);
      const amount = rebateRest(t.figure.rebate, claimed);
      if (!canClaim(amount, rule.minPayout)) throw notClaimable();
      const total = claimed + amount;
      // WARNING: the reference carries the day's cumulative claimed amount, which only grows: each
      // claim has its own, and one computed twice (two requests seeing the same claimed) is one.
      const reference = `REBATE:${memberId}:${day}:${total}`;
      const turnoverRequired = amount * BigInt(rule.turnoverMultiple);
      const posted = await this.bonus.credit(trx, accounts, {
        amount,
        kind: 'REBATE',
        reference,
        turnoverRequired,
        memo: { source: 'REBATE', title: `${REBATE_TITLE[brand.defaultLanguage]} ${day}`, day, manual: true },
        message: { kind: 'REBATE', params: { day, amount: fromMinor(amount) } },
      });
      // The row's lock makes a repeat impossible; a repeat here means the row and the ledger disagree.
      if (!posted.created) throw new Error(`rebate ${reference} already applied`);
      await this.repo.updateClaimed(trx, row.id, {
        turnover: t.figure.turnover,
        rebate: t.figure.rebate,
        claimed: total,
      });
      await this.repo.insertPayout(trx, {
        merchant: brand.code,
        memberId,
        day,
        kind: 'MANUAL',
        turnover: t.figure.turnover,
        amount,
        reference,
        entryId: posted.entryId,
      });
      return {
        day,
        amount: fromMinor(amount),
        claimed: fromMinor(total),
        turnoverRequired: fromMinor(turnoverRequired),
      };
    });
  }

  /** `GET /wps/rebate/history`: the member's payouts of the last `days` days (today included). */
  async history(
    brand: Brand,
    memberId: string,
    days: number = REBATE_LIMITS.historyDays,
  ): Promise<RebateHistory> {
    const today = localDay(Date.now(), validZone(brand.timezone));
    const rows = await this.repo.history(brand.code, memberId, dayText(today - days + 1));
    return {
      list: rows.map((r) => ({
        day: r.day,
        kind: r.kind,
        turnover: fromMinor(r.turnover),
        amount: fromMinor(r.amount),
        time: r.created_at.toISOString(),
      })),
      total: fromMinor(rows.reduce((sum, r) => sum + BigInt(r.amount), 0n)),
    };
  }

  // ---- the daily job ---------------------------------------------------------------------------

  /** Every brand's ended days not paid yet: what the job runs every minute. Returns members paid. */
  async runDue(now = Date.now()): Promise<number> {
    let paid = 0;
    for (const brand of await this.repo.brandsWithRule()) {
      const pausedAt = await this.pausedAt(brand.code);
      for (const p of dueRebateDays(now, validZone(brand.timezone))) {
        if (await this.repo.runDone(brand.code, dayOf(p))) continue;
        // A day still running when the operator paused rebates earns nothing more (what was
        // claimed by hand stays); closed so a later resume does not pay it. Days that ended
        // before the pause were earned: they are paid.
        if (pausedAt && p.end.getTime() > pausedAt.getTime()) {
          await this.repo.insertRun(brand.code, dayOf(p), 0, 0n);
          continue;
        }
        paid += (await this.payDay(brand.code, p, now)).paid;
      }
    }
    return paid;
  }

  /**
   * Pays a brand's ended day: every member with valid turnover that day gets the day's rebate less
   * what it claimed by hand, once (see the class comment), at its VIP level when the day is paid.
   * Then the day is marked finished so later passes skip it. Refuses a day that has not ended.
   */
  async payDay(merchant: string, p: Period, now = Date.now()): Promise<{ members: number; paid: number }> {
    if (now < p.end.getTime()) throw new Error(`rebate day ${p.key} has not ended`);
    const day = dayOf(p);
    // The terms the day was earned under, even if the operator changed them since.
    const rule = await this.repo.rule(merchant, day);
    if (!rule) return { members: 0, paid: 0 };
    const perMember = new Map<string, TurnoverLine[]>();
    for (const l of await this.betStats.brandTurnover(merchant, p.start, p.end)) {
      perMember.set(l.memberId, [...(perMember.get(l.memberId) ?? []), l]);
    }
    const levels = await this.repo.eligibleLevels(merchant, [...perMember.keys()]);
    const rates = new Map<number, Map<string, number>>();
    let paid = 0;
    let total = 0n;
    let failed = 0;
    for (const [memberId, level] of levels) {
      if (!rates.has(level)) rates.set(level, await this.repo.ratesAt(merchant, level, day));
      const figure = rebateFigure(
        byGameType(perMember.get(memberId)!),
        rates.get(level)!,
        rule.dailyCap,
        GAME_TYPES,
      );
      try {
        const { outcome, amount } = await this.settleMember(merchant, memberId, day, figure, rule);
        if (outcome === 'PAID') {
          paid++;
          total += amount;
        }
      } catch (err) {
        // One member's failure must not hold up the others; the day stays unfinished, so the next
        // pass comes back for it (the members already settled are skipped under their rows).
        failed++;
        this.log?.warn({ err, merchant, day, memberId }, 'rebate payout failed');
      }
    }
    // Every member of the day is SETTLED (here or by another instance): later passes skip the day.
    if (failed === 0) await this.repo.insertRun(merchant, day, levels.size, total);
    return { members: levels.size, paid };
  }

  /** Settles one member's ended day under its row's lock: pays the rest once, or records none. */
  private async settleMember(
    merchant: string,
    memberId: string,
    day: string,
    figure: RebateFigure,
    rule: RebateRuleRow,
  ): Promise<{ outcome: DayOutcome; amount: bigint }> {
    const accounts = await this.bonus.accounts(merchant, memberId);
    const brand = await this.brands.resolve(merchant, undefined);
    return this.repo.transaction(async (trx) => {
      // Waits for a manual claim or another instance holding the row: after it, the row says
      // SETTLED (nothing more) or what was claimed (the rest is paid here).
      const row = await this.repo.lockDay(trx, merchant, memberId, day);
      if (row.status === 'SETTLED') return { outcome: 'DONE', amount: 0n };
      const amount = dayPayout(figure.rebate, BigInt(row.claimed), rule.minPayout);
      if (amount === 0n) {
        await this.repo.settleDay(trx, row.id, {
          turnover: figure.turnover,
          rebate: figure.rebate,
          paid: 0n,
        });
        return { outcome: 'NONE', amount: 0n };
      }
      // WARNING: one reference per (member, day) for the job's payout: paid once, ever.
      const reference = `REBATE:${memberId}:${day}`;
      const posted = await this.bonus.credit(trx, accounts, {
        amount,
        kind: 'REBATE',
        reference,
        turnoverRequired: amount * BigInt(rule.turnoverMultiple),
        memo: {
          source: 'REBATE',
          title: `${REBATE_TITLE[brand.defaultLanguage]} ${day}`,
          day,
          manual: false,
        },
        message: { kind: 'REBATE', params: { day, amount: fromMinor(amount) } },
      });
      if (!posted.created) throw new Error(`rebate ${reference} already applied`);
      await this.repo.settleDay(trx, row.id, {
        turnover: figure.turnover,
        rebate: figure.rebate,
        paid: amount,
      });
      await this.repo.insertPayout(trx, {
        merchant,
        memberId,
        day,
        kind: 'DAILY',
        turnover: figure.turnover,
        amount,
        reference,
        entryId: posted.entryId,
      });
      return { outcome: 'PAID', amount };
    });
  }
}
