import {
  EXCLUSION_TERMS,
  type Exclusion,
  type ExclusionInput,
  fromMinor,
  minorText,
  type LimitInput,
  type ProtectionEvent,
  type ProtectionLimit,
  type PlayerProtection,
  type ProtectedPlayer,
  type ProtectionSession,
  type ProtectionSettings,
  type RealityCheckReport,
  type ProtectionState,
  SESSION_MINUTES_MAX,
  TIMEOUT_DAYS_MAX,
  toMinor,
} from '@app/contracts';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../db/repository';
import type { Brand } from '../../platform/brand';
import type { LimitRow, ProtectionRepository } from './protection.repository';
import {
  ageOn,
  cancelPending,
  confirmLimit,
  exclusionEnd,
  type ExclusionTerm,
  headroom,
  type LimitPeriod,
  mayReturn,
  periodStarts,
  requestLimit,
  type StoredLimit,
  timeoutEnd,
} from './protection-rules';

const HOUR_MS = 3_600_000;

/** Today's calendar date (yyyy-mm-dd) in a time zone. */
function todayIn(timezone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A real calendar date (2001-02-30 is not). */
function validDate(ymd: string): boolean {
  const d = new Date(`${ymd}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === ymd;
}
const MONEY_KINDS = new Set(['DEPOSIT', 'LOSS', 'WAGER']);

/** The brand's rules, with the defaults of a brand that never set them. */
export interface ProtectionRules {
  coolingOffHours: number;
  realityCheckMinutes: number | null;
  minAge: number;
  exclusionTerms: ExclusionTerm[];
  offerLimits: 'NONE' | 'REGISTRATION' | 'FIRST_DEPOSIT';
  operatorGroup: string | null;
  askBirthDate: boolean;
}

const DEFAULT_RULES: ProtectionRules = {
  coolingOffHours: 24,
  realityCheckMinutes: null,
  minAge: 18,
  exclusionTerms: [...EXCLUSION_TERMS],
  offerLimits: 'NONE',
  operatorGroup: null,
  askBirthDate: false,
};

const stored = (r: LimitRow | undefined): StoredLimit =>
  r
    ? {
        amount: r.amount === null ? null : BigInt(r.amount),
        pending: r.pending
          ? { amount: r.pending_amount === null ? null : BigInt(r.pending_amount), from: r.pending_from! }
          : null,
      }
    : { amount: null, pending: null };

/** Money kinds travel in major units; the session limit in minutes. */
const wire = (kind: LimitRow['kind'], v: bigint | null) =>
  v === null ? null : MONEY_KINDS.has(kind) ? fromMinor(v) : Number(v);

/**
 * Player protection: a member's limits and exclusions, changed only as the rules allow (tighter
 * at once, looser after the cooling-off and a confirmation; an exclusion never ends early), each
 * change kept in the append-only history in the same transaction. The money paths ask it what a
 * member may still do (`depositRoom`, `exclusion`).
 */
export class ProtectionService {
  constructor(
    private readonly repo: ProtectionRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async rules(merchant: string): Promise<ProtectionRules> {
    const row = await this.repo.settings(merchant);
    if (!row) return DEFAULT_RULES;
    return {
      coolingOffHours: row.cooling_off_hours,
      realityCheckMinutes: row.reality_check_minutes,
      minAge: row.min_age,
      exclusionTerms: row.exclusion_terms.filter((t): t is ExclusionTerm =>
        (EXCLUSION_TERMS as readonly string[]).includes(t),
      ),
      offerLimits: row.offer_limits,
      operatorGroup: row.operator_group,
      askBirthDate: row.ask_birth_date,
    };
  }

  async state(brand: Brand, memberId: string): Promise<ProtectionState> {
    const now = this.clock();
    const [rules, rows, exclusion] = await Promise.all([
      this.rules(brand.code),
      this.repo.limits(memberId),
      this.exclusion(brand, memberId),
    ]);
    const starts = periodStarts(now.getTime(), brand.timezone);
    const usage = new Map<string, bigint>();
    const used = async (kind: LimitRow['kind'], period: LimitRow['period']): Promise<bigint | null> => {
      if (period === 'S') return null;
      const key = `${kind}:${period}`;
      const hit = usage.get(key);
      if (hit !== undefined) return hit;
      const value = await this.usedSince(memberId, kind, starts[period]);
      usage.set(key, value);
      return value;
    };
    const limits: ProtectionLimit[] = [];
    for (const r of rows) {
      const s = stored(r);
      const u = await used(r.kind, r.period);
      limits.push({
        kind: r.kind,
        period: r.period,
        amount: wire(r.kind, s.amount),
        pending: s.pending
          ? {
              amount: wire(r.kind, s.pending.amount),
              from: s.pending.from.toISOString(),
              confirmable: now >= s.pending.from,
            }
          : null,
        used: u === null ? null : fromMinor(u),
      });
    }
    return {
      limits,
      exclusion,
      rules: {
        coolingOffHours: rules.coolingOffHours,
        exclusionTerms: rules.exclusionTerms,
        timeoutMaxDays: TIMEOUT_DAYS_MAX,
        sessionMinutesMax: SESSION_MINUTES_MAX,
      },
    };
  }

  /** Sets one limit: tighter now, looser waiting (answers which). Refused while excluded: nothing to play. */
  async setLimit(brand: Brand, memberId: string, input: LimitInput, actor = 'MEMBER') {
    const now = this.clock();
    const rules = await this.rules(brand.code);
    const requested =
      input.amount === null ? null : input.kind === 'SESSION' ? BigInt(input.amount) : toMinor(input.amount);
    if (input.amount !== null && (requested === null || requested <= 0n))
      throw new AppError('request.invalid', { fields: [{ field: 'amount', message: 'amount.format' }] });
    return this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, memberId);
      const row = await this.repo.lockLimit(trx, memberId, input.kind, input.period);
      const current = stored(row);
      const next = requestLimit(current, requested, now, rules.coolingOffHours * HOUR_MS);
      if (next.effect === 'UNCHANGED' && !current.pending) return { effect: next.effect };
      await this.repo.saveLimit(trx, {
        member_id: memberId,
        merchant_code: brand.code,
        kind: input.kind,
        period: input.period,
        amount: next.amount === null ? null : next.amount.toString(),
        pending: next.pending !== null,
        pending_amount: next.pending?.amount?.toString() ?? null,
        pending_from: next.pending?.from ?? null,
      });
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action:
          next.effect === 'NOW' ? 'limit.set' : next.effect === 'PENDING' ? 'limit.requested' : 'limit.kept',
        detail: {
          kind: input.kind,
          period: input.period,
          before: wire(input.kind, current.amount),
          after: wire(input.kind, next.amount),
          ...(next.pending
            ? { pending: wire(input.kind, next.pending.amount), from: next.pending.from.toISOString() }
            : {}),
        },
        actor,
      });
      return { effect: next.effect };
    });
  }

  /** Applies a waiting loosening once its cooling-off is over (protection.cooling before that). */
  async confirm(brand: Brand, memberId: string, kind: LimitRow['kind'], period: LimitRow['period']) {
    return this.changePending(brand, memberId, kind, period, 'confirm');
  }

  /** Drops a waiting loosening. */
  async cancel(brand: Brand, memberId: string, kind: LimitRow['kind'], period: LimitRow['period']) {
    return this.changePending(brand, memberId, kind, period, 'cancel');
  }

  private async changePending(
    brand: Brand,
    memberId: string,
    kind: LimitRow['kind'],
    period: LimitRow['period'],
    what: 'confirm' | 'cancel',
  ): Promise<void> {
    const now = this.clock();
    await this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, memberId);
      const row = await this.repo.lockLimit(trx, memberId, kind, period);
      const current = stored(row);
      if (!current.pending) throw new AppError('protection.nothing.pending');
      const next = what === 'confirm' ? confirmLimit(current, now) : cancelPending(current);
      if (!next) throw new AppError('protection.cooling', undefined, [current.pending.from.toISOString()]);
      await this.repo.saveLimit(trx, {
        member_id: memberId,
        merchant_code: brand.code,
        kind,
        period,
        amount: next.amount === null ? null : next.amount.toString(),
        pending: false,
        pending_amount: null,
        pending_from: null,
      });
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action: what === 'confirm' ? 'limit.confirmed' : 'limit.cancelled',
        detail: { kind, period, before: wire(kind, current.amount), after: wire(kind, next.amount) },
        actor: 'MEMBER',
      });
    });
  }

  /**
   * Starts a time-out or a self-exclusion. One already in force is replaced only by one that ends
   * later (a member can lengthen, never shorten, a break).
   */
  async exclude(brand: Brand, memberId: string, input: ExclusionInput, actor = 'MEMBER'): Promise<Exclusion> {
    const now = this.clock();
    const rules = await this.rules(brand.code);
    if (input.kind === 'SELF_EXCLUSION' && !rules.exclusionTerms.includes(input.term))
      throw new AppError('request.invalid', { fields: [{ field: 'term', message: 'not.offered' }] });
    const term = input.kind === 'TIMEOUT' ? `${input.days}D` : input.term;
    const endsAt = input.kind === 'TIMEOUT' ? timeoutEnd(now, input.days) : exclusionEnd(now, input.term);
    await this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, memberId);
      const open = await this.repo.openExclusion(memberId, trx);
      if (open && mayReturn({ endsAt: open.ends_at, returnFrom: open.return_from }, now) !== 'RETURNED') {
        const longer = open.ends_at !== null && (endsAt === null || endsAt > open.ends_at);
        if (!longer) throw new AppError('protection.excluded.longer');
      }
      if (open) await this.repo.closeExclusion(trx, open.id, now);
      await this.repo.insertExclusion(trx, {
        memberId,
        merchant: brand.code,
        kind: input.kind,
        term,
        startsAt: now,
        endsAt,
        allBrands: input.allBrands,
      });
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action: input.kind === 'TIMEOUT' ? 'timeout.started' : 'exclusion.started',
        detail: { term, endsAt: endsAt?.toISOString() ?? null, allBrands: input.allBrands },
        actor,
      });
      if (input.allBrands && rules.operatorGroup)
        await this.excludeElsewhere(trx, brand, memberId, rules.operatorGroup, {
          kind: input.kind,
          term,
          startsAt: now,
          endsAt,
          actor,
        });
    });
    return (await this.exclusion(brand, memberId))!;
  }

  /**
   * The same break on the person's accounts at the other brands of the operator group (same
   * e-mail or mobile number, see the repository), in the caller's transaction, each with its own
   * history row naming where it came from. An account already on a break that ends later keeps it.
   */
  private async excludeElsewhere(
    trx: Db,
    brand: Brand,
    memberId: string,
    group: string,
    b: {
      kind: 'TIMEOUT' | 'SELF_EXCLUSION';
      term: string;
      startsAt: Date;
      endsAt: Date | null;
      actor: string;
    },
  ): Promise<void> {
    const me = await this.repo.identity(memberId, trx);
    if (!me) return;
    const others = await this.repo.sameIdentityElsewhere(
      trx,
      { id: me.id, email: me.email, dialing: me.country_dialing_code, mobile: me.mobile_num },
      group,
    );
    for (const other of others) {
      await this.repo.lockMember(trx, other.id);
      const open = await this.repo.openExclusion(other.id, trx);
      if (open && this.inForce(open, b.startsAt)) {
        const longer = open.ends_at !== null && (b.endsAt === null || b.endsAt > open.ends_at);
        if (!longer) continue;
      }
      if (open) await this.repo.closeExclusion(trx, open.id, b.startsAt);
      await this.repo.insertExclusion(trx, {
        memberId: other.id,
        merchant: other.merchant_code,
        kind: b.kind,
        term: b.term,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        allBrands: true,
      });
      await this.repo.event(trx, {
        memberId: other.id,
        merchant: other.merchant_code,
        action: b.kind === 'TIMEOUT' ? 'timeout.started' : 'exclusion.started',
        detail: {
          term: b.term,
          endsAt: b.endsAt?.toISOString() ?? null,
          allBrands: true,
          fromBrand: brand.code,
          fromMember: memberId,
        },
        actor: b.actor,
      });
    }
  }

  /** Asks to return after an exclusion's period: allowed from now + the cooling-off. */
  async requestReturn(brand: Brand, memberId: string): Promise<Exclusion | null> {
    const now = this.clock();
    const rules = await this.rules(brand.code);
    await this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, memberId);
      const open = await this.repo.openExclusion(memberId, trx);
      if (!open) throw new AppError('protection.nothing.pending');
      const status = mayReturn({ endsAt: open.ends_at, returnFrom: open.return_from }, now);
      if (status === 'EXCLUDED') throw new AppError('protection.excluded');
      if (status !== 'ASK') return;
      const from = new Date(now.getTime() + rules.coolingOffHours * HOUR_MS);
      await this.repo.setReturnFrom(trx, open.id, from);
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action: 'exclusion.return.requested',
        detail: { from: from.toISOString() },
        actor: 'MEMBER',
      });
    });
    return this.exclusion(brand, memberId);
  }

  /** The exclusion in force, or null; one whose return has come is closed here (lazily, once). */
  async exclusion(brand: Brand, memberId: string): Promise<Exclusion | null> {
    const now = this.clock();
    const open = await this.repo.openExclusion(memberId);
    if (!open) return null;
    const status = mayReturn({ endsAt: open.ends_at, returnFrom: open.return_from }, now);
    if (status === 'RETURNED' || (open.kind === 'TIMEOUT' && status !== 'EXCLUDED')) {
      // A time-out simply ends; a self-exclusion ends once its return request has waited.
      await this.repo.transaction(async (trx) => {
        await this.repo.lockMember(trx, memberId);
        const still = await this.repo.openExclusion(memberId, trx);
        if (still?.id !== open.id) return;
        await this.repo.closeExclusion(trx, open.id, now);
        await this.repo.event(trx, {
          memberId,
          merchant: brand.code,
          action: open.kind === 'TIMEOUT' ? 'timeout.ended' : 'exclusion.ended',
          detail: { term: open.term },
          actor: 'SYSTEM',
        });
      });
      return null;
    }
    return {
      kind: open.kind,
      term: open.term,
      startsAt: open.starts_at.toISOString(),
      endsAt: open.ends_at?.toISOString() ?? null,
      allBrands: open.all_brands,
      status,
      returnFrom: open.return_from?.toISOString() ?? null,
    };
  }

  /**
   * What the cashier asks before it takes a deposit order: refused on a break
   * (protection.excluded) or above what the deposit limits leave (protection.limit.deposit, with
   * the amount still allowed). Called under the member's cashier lock, so two orders at once
   * cannot both fit in the same room.
   */
  async assertDeposit(brand: Brand, memberId: string, amount: bigint, db?: Db): Promise<void> {
    // Reads only, on the caller's transaction when given (the embedded database has one connection).
    const open = await this.repo.openExclusion(memberId, db);
    if (open && this.inForce(open, this.clock())) throw new AppError('protection.excluded');
    const room = await this.depositRoom(brand, memberId, db);
    if (room !== null && amount > room)
      throw new AppError('protection.limit.deposit', undefined, [minorText(room)]);
  }

  /**
   * Refuses what only play needs (a game launch, a lottery bet, money into a game vendor's
   * wallet) during a break (protection.excluded) or once the session has lasted the member's
   * session time limit (protection.limit.session), as bet_place_batch() refuses the stake itself.
   */
  async assertMayPlay(_brand: Brand, memberId: string): Promise<void> {
    await this.assertNotExcluded(memberId);
    const left = await this.sessionMinutesLeft(memberId);
    if (left !== null && left <= 0) throw new AppError('protection.limit.session');
  }

  /** Refuses promotions, bonuses, missions and deposits to a member on a break. */
  async assertNotExcluded(memberId: string): Promise<void> {
    const open = await this.repo.openExclusion(memberId);
    if (open && this.inForce(open, this.clock())) throw new AppError('protection.excluded');
  }

  /** Whether a member is on a break now (marketing skips them). */
  async isExcluded(memberId: string, db?: Db): Promise<boolean> {
    const open = await this.repo.openExclusion(memberId, db);
    return !!open && this.inForce(open, this.clock());
  }

  /** Minutes left of the session time limit (may be ≤ 0); null without a limit or a login. */
  private async sessionMinutesLeft(memberId: string, started?: Date | null): Promise<number | null> {
    const limit = (await this.repo.limits(memberId)).find((r) => r.kind === 'SESSION');
    if (!limit || limit.amount === null) return null;
    const start = started === undefined ? await this.repo.sessionStart(memberId) : started;
    if (!start) return null;
    const played = (this.clock().getTime() - start.getTime()) / 60_000;
    return Math.ceil(Number(limit.amount) - played);
  }

  /**
   * This session as a reality check shows it: since the member's latest login, the time played
   * and the stakes and payouts of bets placed or settled since then. The client's timer only
   * decides when to ask; the numbers are these.
   */
  async session(brand: Brand, memberId: string): Promise<ProtectionSession> {
    const now = this.clock();
    const [rules, pref, started, excluded, limits, hasDeposited] = await Promise.all([
      this.rules(brand.code),
      this.repo.preference(memberId),
      this.repo.sessionStart(memberId),
      this.isExcluded(memberId),
      this.repo.limits(memberId),
      this.repo.hasDeposited(memberId),
    ]);
    const { staked, paid } = started
      ? await this.repo.betsSince(memberId, started)
      : { staked: 0n, paid: 0n };
    const limit = limits.find((r) => r.kind === 'SESSION');
    const own = pref?.reality_check_minutes ?? null;
    const left = await this.sessionMinutesLeft(memberId, started);
    return {
      startedAt: started?.toISOString() ?? null,
      playedMinutes: started ? Math.max(0, Math.floor((now.getTime() - started.getTime()) / 60_000)) : 0,
      staked: fromMinor(staked),
      paid: fromMinor(paid),
      net: fromMinor(paid - staked),
      realityCheckMinutes: own ?? rules.realityCheckMinutes,
      realityCheckOwn: own,
      realityCheckDefault: rules.realityCheckMinutes,
      sessionLimitMinutes: limit?.amount ? Number(limit.amount) : null,
      sessionMinutesLeft: left === null ? null : Math.max(0, left),
      excluded,
      offerLimits: rules.offerLimits,
      hasDeposited,
      offerLimitsNow: await this.offerNow(rules.offerLimits, memberId, {
        excluded,
        hasDeposited,
        hasLimits: limits.length > 0,
      }),
    };
  }

  /**
   * Whether the brand's limits step is due for this member: never once they set a limit (any
   * kind; a limit removed later keeps its row) or deposited, nor on a break; with REGISTRATION
   * only in the session the sign-up opened (a later login is no longer "at registration").
   */
  private async offerNow(
    offer: ProtectionRules['offerLimits'],
    memberId: string,
    m: { excluded: boolean; hasDeposited: boolean; hasLimits: boolean },
  ): Promise<boolean> {
    if (offer === 'NONE' || m.excluded || m.hasDeposited || m.hasLimits) return false;
    if (offer === 'REGISTRATION') return (await this.repo.loginCount(memberId)) <= 1;
    return true;
  }

  /** The member's reality-check interval (null: back to the brand's default), with its history row. */
  async setRealityInterval(brand: Brand, memberId: string, minutes: number | null): Promise<void> {
    await this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, memberId);
      await this.repo.savePreference(trx, memberId, brand.code, minutes);
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action: 'reality.interval.set',
        detail: { minutes },
        actor: 'MEMBER',
      });
    });
  }

  /**
   * A reality check was shown and answered: kept with the numbers the member saw (the report of
   * interventions counts these). Answering LOGOUT is followed by the client's logout call.
   */
  async answerRealityCheck(brand: Brand, memberId: string, choice: 'CONTINUE' | 'LOGOUT'): Promise<void> {
    const s = await this.session(brand, memberId);
    await this.repo.transaction(async (trx) => {
      await this.repo.event(trx, {
        memberId,
        merchant: brand.code,
        action: 'reality.check',
        detail: { choice, playedMinutes: s.playedMinutes, staked: s.staked, paid: s.paid, net: s.net },
        actor: 'MEMBER',
      });
    });
  }

  /** What the sign-up form needs: whether it asks the date of birth, and the brand's minimum age. */
  async signup(brand: Brand): Promise<{ askBirthDate: boolean; minAge: number }> {
    const rules = await this.rules(brand.code);
    return { askBirthDate: rules.askBirthDate, minAge: rules.minAge };
  }

  /**
   * The sign-up's date of birth: required where the brand asks it, and when given, the person
   * must be at least the brand's minimum age today in the brand's zone (register.underage).
   */
  async checkBirthDate(brand: Brand, birth: string | undefined): Promise<void> {
    const rules = await this.rules(brand.code);
    if (!birth) {
      if (rules.askBirthDate)
        throw new AppError('request.invalid', { fields: [{ field: 'dateOfBirth', message: 'required' }] });
      return;
    }
    const age = ageOn(birth, todayIn(brand.timezone, this.clock()));
    if (age === null || !validDate(birth) || age < 0)
      throw new AppError('request.invalid', { fields: [{ field: 'dateOfBirth', message: 'date.invalid' }] });
    if (age < rules.minAge) throw new AppError('register.underage', undefined, [String(rules.minAge)]);
  }

  /** How much more the member may deposit now (minor units); null: no deposit limit. */
  async depositRoom(brand: Brand, memberId: string, db?: Db): Promise<bigint | null> {
    const rows = (await this.repo.limits(memberId, db)).filter((r) => r.kind === 'DEPOSIT');
    if (rows.length === 0) return null;
    const starts = periodStarts(this.clock().getTime(), brand.timezone);
    const limits: Partial<Record<LimitPeriod, StoredLimit>> = {};
    const used: Record<LimitPeriod, bigint> = { D: 0n, W: 0n, M: 0n };
    for (const r of rows) {
      if (r.period === 'S') continue;
      limits[r.period] = stored(r);
      used[r.period] = await this.repo.depositsSince(memberId, starts[r.period], db);
    }
    return headroom(limits, used);
  }

  /** Whether an open exclusion row still keeps the member from play at `now` (as bet_place_batch reads it). */
  private inForce(
    open: { kind: 'TIMEOUT' | 'SELF_EXCLUSION'; ends_at: Date | null; return_from: Date | null },
    now: Date,
  ): boolean {
    if (open.kind === 'TIMEOUT') return open.ends_at !== null && now < open.ends_at;
    return open.return_from === null || now < open.return_from;
  }

  async history(memberId: string, page: number, pageSize: number): Promise<ProtectionEvent[]> {
    const rows = await this.repo.history(memberId, (page - 1) * pageSize, pageSize);
    return rows.map((r) => ({ at: r.at.toISOString(), action: r.action, detail: r.detail, actor: r.actor }));
  }

  private async usedSince(memberId: string, kind: LimitRow['kind'], from: Date): Promise<bigint> {
    if (kind === 'DEPOSIT') return this.repo.depositsSince(memberId, from);
    const { staked, paid } = await this.repo.betsSince(memberId, from);
    return kind === 'WAGER' ? staked : staked - paid;
  }

  // ---- back office ------------------------------------------------------------------------------

  /** Members of the brand with a limit or a break in force (the protection register). */
  async protectedPlayers(
    brand: Brand,
    f: { kind: 'ALL' | 'LIMIT' | 'TIMEOUT' | 'SELF_EXCLUSION'; q?: string; page: number; pageSize: number },
  ): Promise<{ list: ProtectedPlayer[]; page: number; pageSize: number; hasMore: boolean }> {
    const rows = await this.repo.protectedMembers(brand.code, {
      kind: f.kind,
      ...(f.q ? { q: f.q } : {}),
      offset: (f.page - 1) * f.pageSize,
      limit: f.pageSize + 1,
    });
    const page = rows.slice(0, f.pageSize);
    const ids = page.map((r) => r.id);
    const [limits, breaks] = await Promise.all([this.repo.limitsOf(ids), this.repo.openExclusionsOf(ids)]);
    const list = page.map((r): ProtectedPlayer => {
      const open = breaks.find((b) => b.member_id === r.id);
      const at = r.last_change_at as Date | string | null;
      return {
        memberId: r.id,
        username: r.username,
        limits: limits
          .filter((l) => l.member_id === r.id)
          .map((l) => {
            const st = stored(l);
            return {
              kind: l.kind,
              period: l.period,
              amount: wire(l.kind, st.amount),
              pending: st.pending
                ? {
                    amount: wire(l.kind, st.pending.amount),
                    from: st.pending.from.toISOString(),
                    confirmable: this.clock() >= st.pending.from,
                  }
                : null,
            };
          }),
        exclusion: open
          ? {
              kind: open.kind,
              term: open.term,
              startsAt: open.starts_at.toISOString(),
              endsAt: open.ends_at?.toISOString() ?? null,
              allBrands: open.all_brands,
              returnFrom: open.return_from?.toISOString() ?? null,
            }
          : null,
        lastChangeAt: at ? new Date(at).toISOString() : null,
      };
    });
    return { list, page: f.page, pageSize: f.pageSize, hasMore: rows.length > f.pageSize };
  }

  /** Reality checks answered on the brand in [from, to). */
  async realityReport(brand: Brand, from: Date, to: Date): Promise<RealityCheckReport> {
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      ...(await this.repo.realityChecks(brand.code, from, to)),
    };
  }

  async settings(brand: Brand): Promise<ProtectionSettings> {
    const r = await this.rules(brand.code);
    return {
      coolingOffHours: r.coolingOffHours,
      realityCheckMinutes: r.realityCheckMinutes,
      minAge: r.minAge,
      askBirthDate: r.askBirthDate,
      exclusionTerms: r.exclusionTerms,
      offerLimits: r.offerLimits,
      operatorGroup: r.operatorGroup,
    };
  }

  /** Staff change the brand's rules; answers before and after for the audit row. */
  async saveSettings(brand: Brand, next: ProtectionSettings, staff: string) {
    const before = await this.settings(brand);
    await this.repo.transaction((trx) =>
      this.repo.saveSettings(trx, brand.code, {
        cooling_off_hours: next.coolingOffHours,
        reality_check_minutes: next.realityCheckMinutes,
        min_age: next.minAge,
        ask_birth_date: next.askBirthDate,
        exclusion_terms: [...new Set(next.exclusionTerms)],
        offer_limits: next.offerLimits,
        operator_group: next.operatorGroup,
        updated_by: staff,
      }),
    );
    return { before, after: await this.settings(brand) };
  }

  /** The player page's protection tab: limits with what they used, the break, the history. */
  async playerProtection(
    brand: Brand,
    memberId: string,
    page: number,
    pageSize: number,
  ): Promise<PlayerProtection> {
    if (!(await this.repo.memberOf(brand.code, memberId))) throw new AppError('player.not.found');
    const state = await this.state(brand, memberId);
    return {
      limits: state.limits,
      exclusion: state.exclusion,
      history: await this.history(memberId, page, pageSize),
    };
  }
}
