import {
  DEFAULT_LABEL_COLOR,
  GAME_TYPES,
  TRIAL_IS_AGENT,
  fromMinor,
  type GameType,
  type Language,
  type RebateRule,
  type VipLevels,
  type VipMe,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/repository';
import type { LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand, type BrandResolver } from '../../platform/brand';
import type { InboxService } from '../messages';
import type { BonusService } from '../wallet';
import { hasVipService, levelDefinitions } from '../vip';
import { levelFor, nextLevel, stillNeeded, upgradesTo, type LevelThresholds } from './vip-formula';
import type { VipRepository } from './vip.repository';

/** A level as the server holds it: minor units, basis points, texts in every language. */
interface VipLevelDef extends LevelThresholds {
  label: LocalizedText;
  color: string;
  upgradeBonus: bigint;
  turnoverMultiple: number;
  benefits: LocalizedText[];
  /** Daily rebate rates per game type, basis points. */
  ratesBp: Map<string, number>;
}

/** What evaluating a member's level found (and paid). */
interface VipEvaluation {
  level: number;
  reachedAt: Date | null;
  turnover: bigint;
  deposits: bigint;
  /** The levels reached by this evaluation (each paid its upgrade bonus once), lowest first. */
  upgraded: number[];
}

/** Members whose levels one pass evaluates at most (the rest stay dirty for the next pass). */
const DIRTY_PER_PASS = 500;

/**
 * VIP levels. A member's level is the highest whose thresholds its lifetime valid
 * turnover and lifetime approved deposits meet; it never goes down and is stored (member_vip), so
 * reads are cheap. The VIP job counts each brand's newly settled bets and credited deposits into
 * the stored figures every minute and evaluates the members they changed; a member opening /vip is
 * evaluated on the spot. Reaching a level pays its upgrade bonus once: evaluations of one member
 * run one at a time under its row's lock, and the upgrade row and the ledger reference
 * VIP:<level>:<member> are both unique. Trial accounts never get a level.
 */
export class VipService {
  constructor(
    private readonly repo: VipRepository,
    private readonly bonus: BonusService,
    private readonly inbox: InboxService,
    private readonly brands: BrandResolver,
    private readonly rebateRule: (merchant: string) => Promise<RebateRule | null>,
    private readonly log?: FastifyBaseLogger,
    /**
     * Whether the member is on a break (time-out or self-exclusion), read in the caller's
     * transaction. A level passed during a break is held, bonus and message with it, until an
     * evaluation after the break: an upgrade bonus is an inducement to play.
     */
    private readonly onBreak: (memberId: string, trx: Db) => Promise<boolean> = async () => false,
  ) {}

  /** The brand's levels, lowest first, with their rates. */
  async definitions(merchant: string): Promise<VipLevelDef[]> {
    const [levels, rates] = await Promise.all([
      levelDefinitions(this.repo.db, merchant),
      this.repo.rates(this.repo.db, merchant),
    ]);
    return levels.map((l) => ({
      level: l.level,
      label: l.label,
      color: l.color,
      minTurnover: BigInt(l.min_turnover),
      minDeposit: BigInt(l.min_deposit),
      upgradeBonus: BigInt(l.upgrade_bonus),
      turnoverMultiple: l.turnover_multiple,
      benefits: l.benefits,
      ratesBp: new Map(rates.filter((r) => r.level === l.level).map((r) => [r.game_type, r.rate_bp])),
    }));
  }

  /** `GET /wps/vip/levels`: every level of the brand and the rebate rule, in the request language. */
  async levels(brand: Brand, lang: Language): Promise<VipLevels> {
    const [defs, rule] = await Promise.all([this.definitions(brand.code), this.rebateRule(brand.code)]);
    return {
      levels: defs.map((d) => ({
        level: d.level,
        label: pickText(d.label, lang, brand),
        color: d.color,
        minTurnover: fromMinor(d.minTurnover),
        minDeposit: fromMinor(d.minDeposit),
        upgradeBonus: fromMinor(d.upgradeBonus),
        turnoverMultiple: d.turnoverMultiple,
        benefits: d.benefits.map((b) => pickText(b, lang, brand)),
        rebates: GAME_TYPES.filter((g) => (d.ratesBp.get(g) ?? 0) > 0).map((g: GameType) => ({
          gameType: g,
          rate: d.ratesBp.get(g)! / 100,
        })),
        vipService: hasVipService(d.level),
      })),
      rebate: rule,
    };
  }

  /** `GET /wps/vip/me`: the member's level, evaluated now, and what the next level still needs. */
  async me(brand: Brand, memberId: string, lang: Language): Promise<VipMe> {
    const e = await this.evaluate(brand.code, memberId);
    const defs = await this.definitions(brand.code);
    const def = defs.find((d) => d.level === e.level);
    const next = nextLevel(defs, e.level);
    return {
      level: e.level,
      label: def ? pickText(def.label, lang, brand) : '',
      color: def?.color ?? DEFAULT_LABEL_COLOR,
      reachedTime: e.reachedAt?.toISOString() ?? null,
      turnover: fromMinor(e.turnover),
      deposits: fromMinor(e.deposits),
      vipService: hasVipService(e.level),
      next: next && {
        level: next.level,
        label: pickText(next.label, lang, brand),
        color: next.color,
        minTurnover: fromMinor(next.minTurnover),
        minDeposit: fromMinor(next.minDeposit),
        turnoverNeeded: fromMinor(stillNeeded(next.minTurnover, e.turnover)),
        depositNeeded: fromMinor(stillNeeded(next.minDeposit, e.deposits)),
      },
    };
  }

  /**
   * Evaluates a member's level now and pays the upgrade bonus of every level it passes, once.
   * Safe to run at any moment from anywhere (job, page load, another instance): see the class
   * comment. A trial account stays at level 0 and nothing is stored for it.
   */
  async evaluate(merchant: string, memberId: string): Promise<VipEvaluation> {
    const member = await this.repo.member(this.repo.db, merchant, memberId);
    if (!member) throw new AppError('login.not.session');
    if (member.is_agent === TRIAL_IS_AGENT) {
      return { level: 0, reachedAt: null, turnover: 0n, deposits: 0n, upgraded: [] };
    }
    // WARNING: accounts and the brand are looked up before the transaction (LedgerService.account
    // says why); so are the levels (an operator's edit meanwhile applies from the next evaluation).
    const [defs, accounts, brand] = await Promise.all([
      this.definitions(merchant),
      this.bonus.accounts(merchant, memberId),
      this.brands.resolve(merchant, undefined),
    ]);
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.lockMemberVip(trx, merchant, memberId);
      // Read under the row's lock: a pass adding to this member waits for us, so the figures
      // cannot change between this read and the level we store.
      const life = await this.repo.lifetime(trx, merchant, memberId);
      const target = levelFor(defs, life.turnover, life.deposits);
      if (target > row.level && (await this.onBreak(memberId, trx))) {
        // Held, not skipped: the stored level stays, so the evaluation after the break (the
        // member's next counted bet or deposit, or opening the VIP page) reaches and pays it.
        await this.repo.setEvaluated(trx, memberId, {
          level: row.level,
          reachedAt: row.reached_at,
          deposits: life.deposits,
        });
        this.log?.info({ memberId, level: row.level, target }, 'VIP upgrade held during a break');
        return {
          level: row.level,
          reachedAt: row.reached_at,
          turnover: life.turnover,
          deposits: life.deposits,
          upgraded: [],
        };
      }
      const upgraded: number[] = [];
      for (const level of upgradesTo(defs, row.level, target)) {
        const def = defs.find((d) => d.level === level)!;
        const label = pickText(def.label, brand.defaultLanguage, brand);
        const message = {
          kind: 'VIP_UPGRADE' as const,
          params: { level, label, amount: fromMinor(def.upgradeBonus) },
        };
        if (def.upgradeBonus > 0n) {
          // WARNING: the reference names the level and the member: a level pays once, ever.
          const posted = await this.bonus.credit(trx, accounts, {
            amount: def.upgradeBonus,
            kind: 'BONUS',
            reference: `VIP:${level}:${memberId}`,
            turnoverRequired: def.upgradeBonus * BigInt(def.turnoverMultiple),
            memo: { source: 'VIP', title: `VIP ${level} ${label}`, level },
            message,
          });
          if (posted.created) {
            await this.repo.insertUpgrade(trx, {
              merchant,
              memberId,
              level,
              bonus: def.upgradeBonus,
              entryId: posted.entryId,
            });
          }
        } else if (
          await this.repo.insertUpgrade(trx, { merchant, memberId, level, bonus: 0n, entryId: null })
        ) {
          await this.inbox.notify(trx, { merchant, memberId, ...message });
        }
        upgraded.push(level);
      }
      const level = Math.max(row.level, target);
      const reachedAt = upgraded.length > 0 ? new Date() : row.reached_at;
      await this.repo.setEvaluated(trx, memberId, { level, reachedAt, deposits: life.deposits });
      return { level, reachedAt, turnover: life.turnover, deposits: life.deposits, upgraded };
    });
  }

  /**
   * One VIP pass of a brand: counts the bets settled and deposits credited since the last pass
   * into members' figures, then evaluates the members whose figures changed. Returns null when
   * another instance holds the brand's pass.
   */
  async runPass(merchant: string): Promise<{ counted: number; evaluated: number } | null> {
    const counted = await this.repo.countWindow(merchant);
    if (counted === null) return null;
    let evaluated = 0;
    for (const memberId of await this.repo.dirtyMembers(merchant, DIRTY_PER_PASS)) {
      try {
        await this.evaluate(merchant, memberId);
        evaluated++;
      } catch (err) {
        // One member's failure must not hold up the others; it stays dirty and is tried again.
        this.log?.warn({ err, merchant, memberId }, 'VIP evaluation failed');
      }
    }
    return { counted, evaluated };
  }

  /** A pass of every brand with VIP levels: what the job runs every minute. */
  async runDue(): Promise<void> {
    for (const merchant of await this.repo.brandsWithLevels()) await this.runPass(merchant);
  }
}
