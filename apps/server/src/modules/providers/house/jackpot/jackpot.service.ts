import {
  fromMinor,
  JACKPOT_REFRESH_MS,
  JACKPOT_STEP,
  JACKPOT_STEP_MS,
  type Jackpot,
  type JackpotWinner,
} from '@app/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../../../db/schema';
import { maskAccount } from '../../../../platform/mask';
import type { LedgerService } from '../../../wallet';
import { SecureRng, type Rng } from '../secure-rng';
import {
  accrualOf,
  BRAND_POOL,
  drawsJackpot,
  JACKPOT_TERMS,
  jackpotReturn,
  wholeUnits,
  type JackpotTerms,
} from './jackpot-figures';
import type { JackpotRepository, JackpotWinRow } from './jackpot.repository';

/** Balance shards per pool: enough that concurrent spins rarely wait on one another's row. */
const SHARDS = 8;
/** The public figure is read at most this often per brand and process (every visitor polls it). */
const VIEW_CACHE_MS = 2_000;
/** Growth samples older than this are dropped; the lead is measured over what is left. */
const GROWTH_WINDOW_MS = 120_000;
/** Growth is measured only over at least this long (a shorter span says little). */
const GROWTH_MIN_SPAN_MS = 10_000;
/** Listeners hear of contributions at most this often per brand; of wins sooner. */
const NOTIFY_MS = 1_000;
const NOTIFY_WIN_MS = 50;

/** A paid round that feeds the pool and may win it. */
export interface JackpotRound {
  merchant: string;
  vendor: string;
  roundId: string;
  memberId: string;
  /** The wallet the stake came from and a win goes to: a transfer vendor's, or null for main. */
  walletVendor: string | null;
  gameType: string;
  gameCode: string;
  gameName: string;
  /** Minor units, > 0. */
  stake: bigint;
}

/** Ledger accounts a round's jackpot moves, resolved before its transaction opens. */
export interface JackpotAccounts {
  pool: string;
  house: string;
  wallet: string;
}

export interface JackpotWin {
  roundId: string;
  memberId: string;
  /** Minor units paid. */
  amount: bigint;
  seed: bigint;
}

/** Hears a brand's pool after it moved: `won` when a spin won it (and it was reseeded). */
type Listener = (merchant: string, amountMinor: bigint, won: boolean) => void;

const toWin = (r: JackpotWinRow): JackpotWin => ({
  roundId: r.round_id,
  memberId: r.member_id,
  amount: BigInt(r.amount),
  seed: BigInt(r.seed),
});

/**
 * The progressive jackpot (README.md beside this file). Each eligible spin pays a published share
 * of its stake from the brand's HOUSE account into the pool (ledger entry JACKPOT_IN) and wins
 * the whole pool with a published chance proportional to its stake. A win pays the pool to the
 * spin's wallet (JACKPOT, the member's record shows it) and reseeds it from HOUSE (JACKPOT_SEED),
 * in the round's own transaction: the round's outcome is stored once, so its contribution and
 * its win happen once, and a retried spin reads them back.
 */
export class JackpotService {
  private readonly ready = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly views = new Map<string, { at: number; value: Promise<PoolFigures> }>();
  private readonly growth = new Map<string, { at: number; contributed: bigint }[]>();

  constructor(
    private readonly repo: JackpotRepository,
    private readonly ledger: LedgerService,
    private readonly rng: Rng = new SecureRng(),
    private readonly terms: Readonly<JackpotTerms> = JACKPOT_TERMS,
  ) {}

  /** Whether a spin of this stake wins the pool (one draw of the jackpot's own Rng). */
  draw(stake: bigint): boolean {
    return drawsJackpot(this.rng, stake, this.terms);
  }

  /**
   * The accounts a round of this member moves, and the brand's pool, created and seeded on first
   * use. Call it before the round's transaction (see LedgerService.account).
   */
  async prepare(merchant: string, memberId: string, walletVendor: string | null): Promise<JackpotAccounts> {
    const pool = await this.ensurePool(merchant);
    const house = await this.ledger.account(merchant, 'HOUSE');
    const wallet = walletVendor
      ? await this.ledger.account(merchant, 'VENDOR', memberId, walletVendor)
      : await this.ledger.account(merchant, 'MAIN', memberId);
    return { pool, house, wallet };
  }

  /**
   * Stores a round with its jackpot part, in one transaction: `store` writes the round's outcome
   * (undefined: it was stored before, by another request of the same round, and nothing more
   * happens); then the round's contribution goes in and, if `hit`, the pool is paid to the
   * round's wallet and reseeded. Answers what `store` answered and the win, if any.
   * WARNING: `hit` must be drawn once per round, before this, and never again for a stored round.
   */
  async storeRound<T>(
    accounts: JackpotAccounts,
    round: JackpotRound,
    hit: boolean,
    store: (trx: Transaction<Database>) => Promise<T | undefined>,
  ): Promise<{ stored: T | undefined; win: JackpotWin | null }> {
    const result = await this.repo.transaction(async (trx) => {
      const stored = await store(trx);
      if (stored === undefined) return { stored, win: null };
      // A win locks every shard before touching one, so two wins never wait on each other's shard.
      if (hit) await this.repo.lockShards(trx, round.merchant, BRAND_POOL);
      // Any shard will do (not a matter of fairness): the jackpot's Rng draws wins and nothing else.
      await this.contribute(trx, accounts, round, hit ? 0 : Math.floor(Math.random() * SHARDS));
      const win = hit ? await this.award(trx, accounts, round) : null;
      return { stored, win };
    });
    if (result.stored !== undefined) this.changed(round.merchant, result.win !== null);
    return result;
  }

  /** The win of a round, if it won. */
  async winOf(merchant: string, vendor: string, roundId: string): Promise<JackpotWin | null> {
    const row = await this.repo.winByRound(this.repo.db, merchant, vendor, roundId);
    return row ? toWin(row) : null;
  }

  /**
   * Calls `listener` with the brand's pool a moment after contributions or a win committed (at
   * most about once a second per brand: a burst of spins is one call). A listener's error is
   * its own. Answers a function that removes it.
   */
  onChanged(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pool's balance now, minor units (the seed when the brand has no pool yet). */
  async amount(merchant: string): Promise<bigint> {
    return (await this.figures(merchant)).amount;
  }

  /** The public figure of the brand's pool and its newest winners (GET /wps/game/jackpot). */
  async view(merchant: string, limit: number): Promise<Jackpot> {
    const f = await this.cachedFigures(merchant);
    const r = jackpotReturn(this.terms);
    return {
      pool: BRAND_POOL,
      amount: fromMinor(f.amount),
      seed: fromMinor(this.terms.seedMinor),
      contributionPercent: r.contributionPercent,
      odds: Number(this.terms.oddsMinor / 100n),
      returnPercent: r.percent,
      step: JACKPOT_STEP,
      stepMs: JACKPOT_STEP_MS,
      lead: fromMinor(f.lead),
      refreshMs: JACKPOT_REFRESH_MS,
      time: new Date(f.at).toISOString(),
      winners: await this.winners(merchant, limit),
    };
  }

  /** The brand's newest jackpot winners, masked as the winner board masks them. */
  async winners(merchant: string, limit: number): Promise<JackpotWinner[]> {
    const rows = await this.repo.recentWins(merchant, BRAND_POOL, limit);
    return rows.map((r) => ({
      account: maskAccount(r.username),
      vendor: r.vendor_code,
      gameCode: r.game_code,
      gameName: r.game_name,
      betAmount: fromMinor(r.stake),
      winAmount: fromMinor(r.amount),
      time: new Date(r.created_at).toISOString(),
    }));
  }

  private async ensurePool(merchant: string): Promise<string> {
    const account = await this.ledger.account(merchant, 'JACKPOT_POOL', null, BRAND_POOL);
    if (this.ready.has(merchant)) return account;
    if (!(await this.repo.poolAccount(merchant, BRAND_POOL))) {
      const house = await this.ledger.account(merchant, 'HOUSE');
      await this.repo.transaction(async (trx) => {
        // Whoever creates the pool seeds it; a racing creator finds it made and moves nothing.
        if (!(await this.repo.createPool(trx, merchant, BRAND_POOL, account, SHARDS))) return;
        const seed = this.terms.seedMinor;
        if (seed === 0n) return;
        const posted = await this.ledger.post(trx, {
          merchant,
          reference: `JACKPOT_SEED:${BRAND_POOL}:FIRST`,
          kind: 'JACKPOT_SEED',
          memberId: null,
          memo: { pool: BRAND_POOL },
          postings: [
            { accountId: house, amount: -seed },
            { accountId: account, amount: seed },
          ],
        });
        if (!posted.created) throw new Error(`jackpot ${merchant}: first seed posted without its pool`);
        await this.repo.addToFirstShard(trx, merchant, BRAND_POOL, seed);
      });
    }
    this.ready.add(merchant);
    return account;
  }

  /** The round's share of its stake: into the shard, and its whole units HOUSE → pool. */
  private async contribute(
    trx: Transaction<Database>,
    accounts: JackpotAccounts,
    round: JackpotRound,
    shard: number,
  ): Promise<void> {
    const accrual = accrualOf(round.stake, this.terms);
    if (accrual === 0n) return;
    const after = await this.repo.accrue(trx, round.merchant, BRAND_POOL, shard, accrual);
    const whole = wholeUnits(after - accrual, accrual);
    if (whole === 0n) return;
    const posted = await this.ledger.post(trx, {
      merchant: round.merchant,
      reference: `JACKPOT_IN:${round.vendor}:${round.roundId}`,
      kind: 'JACKPOT_IN',
      memberId: null,
      memo: { pool: BRAND_POOL, vendor: round.vendor, roundId: round.roundId },
      postings: [
        { accountId: accounts.house, amount: -whole },
        { accountId: accounts.pool, amount: whole },
      ],
    });
    // The shard moved with it: a reference applied before means the round was not new after all.
    if (!posted.created) throw new Error(`jackpot contribution ${round.roundId} applied twice`);
  }

  /**
   * Pays the whole pool to the round's wallet and reseeds it, under every shard's lock (taken by
   * the caller): two wins never pay the same money, and a round pays at most once (the win's
   * unique key and the two entries' references).
   */
  private async award(
    trx: Transaction<Database>,
    accounts: JackpotAccounts,
    round: JackpotRound,
  ): Promise<JackpotWin | null> {
    const before = await this.repo.winByRound(trx, round.merchant, round.vendor, round.roundId);
    if (before) return toWin(before);
    const amount = await this.repo.lockShards(trx, round.merchant, BRAND_POOL);
    // Only with no seed and nothing contributed yet: nothing to win.
    if (amount === 0n) return null;
    const seed = this.terms.seedMinor;
    const paid = await this.ledger.post(trx, {
      merchant: round.merchant,
      reference: `JACKPOT_WIN:${round.vendor}:${round.roundId}`,
      kind: 'JACKPOT',
      memberId: round.memberId,
      memo: { pool: BRAND_POOL, vendor: round.vendor, roundId: round.roundId, gameCode: round.gameCode },
      postings: [
        { accountId: accounts.pool, amount: -amount },
        { accountId: accounts.wallet, amount },
      ],
    });
    if (!paid.created) throw new Error(`jackpot win ${round.roundId} paid before`);
    if (seed > 0n) {
      const seeded = await this.ledger.post(trx, {
        merchant: round.merchant,
        reference: `JACKPOT_SEED:${round.vendor}:${round.roundId}`,
        kind: 'JACKPOT_SEED',
        memberId: null,
        memo: { pool: BRAND_POOL, vendor: round.vendor, roundId: round.roundId },
        postings: [
          { accountId: accounts.house, amount: -seed },
          { accountId: accounts.pool, amount: seed },
        ],
      });
      if (!seeded.created) throw new Error(`jackpot reseed after ${round.roundId} posted before`);
    }
    await this.repo.resetShards(trx, round.merchant, BRAND_POOL, seed);
    const row = await this.repo.insertWin(trx, {
      merchant: round.merchant,
      pool: BRAND_POOL,
      vendor: round.vendor,
      roundId: round.roundId,
      memberId: round.memberId,
      gameType: round.gameType,
      gameCode: round.gameCode,
      gameName: round.gameName,
      stake: round.stake,
      amount,
      seed,
      entryId: paid.entryId,
    });
    return toWin(row);
  }

  /** The pool now (uncached) and the lead the counter may run ahead by; samples its growth. */
  private async figures(merchant: string): Promise<PoolFigures> {
    const totals = await this.repo.totals(merchant, BRAND_POOL);
    const at = Date.now();
    if (!totals) return { amount: this.terms.seedMinor, lead: 0n, at };
    return { amount: totals.amount, lead: this.lead(merchant, at, totals.contributed), at };
  }

  private cachedFigures(merchant: string): Promise<PoolFigures> {
    const hit = this.views.get(merchant);
    if (hit && Date.now() - hit.at < VIEW_CACHE_MS) return hit.value;
    const value = this.figures(merchant);
    this.views.set(merchant, { at: Date.now(), value });
    value.catch(() => this.views.delete(merchant));
    return value;
  }

  /**
   * What the pool grew by over a refresh interval of late, from the contributions ever made
   * sampled at each read: the counter may run that far ahead of a figure, and no further.
   */
  private lead(merchant: string, at: number, contributed: bigint): bigint {
    const samples = (this.growth.get(merchant) ?? []).filter((s) => at - s.at <= GROWTH_WINDOW_MS);
    samples.push({ at, contributed });
    this.growth.set(merchant, samples);
    const first = samples[0]!;
    const span = at - first.at;
    if (span < GROWTH_MIN_SPAN_MS) return 0n;
    const grown = contributed - first.contributed;
    return grown <= 0n ? 0n : (grown * BigInt(JACKPOT_REFRESH_MS)) / BigInt(span);
  }

  /** Schedules the listeners' call for a brand whose pool changed (one per burst). */
  private changed(merchant: string, won: boolean): void {
    if (this.listeners.size === 0) return;
    const queued = this.pending.get(merchant);
    if (queued && !won) return;
    if (queued) clearTimeout(queued);
    const timer = setTimeout(
      () => {
        this.pending.delete(merchant);
        void this.figures(merchant).then(
          (f) => {
            for (const listener of this.listeners) {
              try {
                listener(merchant, f.amount, won);
              } catch {
                // A listener's failure is its own; the pool has moved regardless.
              }
            }
          },
          // The database is gone (the app is closing): nobody is left to tell.
          () => undefined,
        );
      },
      won ? NOTIFY_WIN_MS : NOTIFY_MS,
    );
    timer.unref();
    this.pending.set(merchant, timer);
  }
}

interface PoolFigures {
  /** Minor units. */
  amount: bigint;
  lead: bigint;
  /** ms since the epoch. */
  at: number;
}
