import {
  fromMinor,
  SPORTSBOOK_HISTORY_SIZE,
  toMinor,
  type SportsbookBet,
  type SportsbookBetResult,
  type SportsbookBets,
  type SportsbookInfo,
  type SportsbookMatch,
  type SportsbookMatches,
  type SportsbookSelection,
} from '@app/contracts';
import { AppError } from '../../../../platform/app-error';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import { netValidTurnover, type RoundLeg } from '../../../wallet';
import { SecureRng, type Rng } from '../secure-rng';
import { generateFixtures, generateLeagues, localDateOf, type Fixture, type Sport } from './fixtures';
import {
  decideTimeline,
  fairProbability,
  finalScore,
  matchMinutes,
  matchView,
  offeredOdds,
  type MatchView,
  type StoredTimeline,
} from './match-state';
import { checkParlayOddsChange } from './odds-change';
import {
  ESPORTS_MARKETS,
  FOOTBALL_MARKETS,
  HANDICAP_LINES,
  MAP_HANDICAP_LINES,
  marketKey,
  TOTAL_LINES,
  TOTAL_MAPS_LINES,
  type Selection,
} from './pricing';
import {
  cashOutValue,
  checkBet,
  DEFAULT_CASH_OUT_MARGIN,
  MAX_PARLAY_LEGS,
  potentialPayout,
  settleBet,
  settleSelection,
  type Bet,
  type MatchResult,
} from './settlement';
import { SportsbookClock } from './sportsbook-clock';
import { SPORTSBOOK_FIGURES } from './sportsbook-figures';
import type { BetRow, FixtureRow, NewFixture, SportsbookRepository } from './sportsbook.repository';

/** Highest stake of one bet and highest payout of one bet, minor units. */
const MAX_STAKE = 1_000_000n;
const MAX_PAYOUT = 10_000_000n;
/** Lowest stake, minor units (the game's minimum bet if higher). */
const MIN_STAKE = 100n;
/** Finished matches still listed (for their results). */
const FINISHED_SHOWN = 6;
/** The list looks this far ahead and back (sportsbook hours). */
const AHEAD_MS = 36 * 3_600_000;
const BEHIND_MS = 6 * 3_600_000;
/** A bet still PLACING after this long (real time) lost its request: the sweeper rolls it back. */
const STALE_PLACING_MS = 60_000;
/** A settled bet not confirmed credited after this long (real time) is credited again. */
const STALE_CREDIT_MS = 30_000;
const SWEEP_BATCH = 200;

/** A leg as stored on the bet row. */
interface StoredLeg {
  fixtureId: string;
  selection: Selection;
  odds: number;
  leagueName: string;
  home: { name: string; shortName: string };
  away: { name: string; shortName: string };
  kickOff: string;
}

/** The fixture as stored in sportsbook_fixture.detail. */
type StoredFixture = Omit<Fixture, 'kickOff'> & { kickOff: string; leagueName: string };

const seedOf = (merchant: string) => `house-sportsbook|${merchant}`;

function sportOf(t: GameTicket): Sport {
  if (t.gameType === 'SPORTS') return 'FOOTBALL';
  if (t.gameType === 'ESPORTS') return 'ESPORTS';
  throw new AppError('game.token.invalid');
}

function fixtureOf(row: FixtureRow): Fixture & { leagueName: string } {
  const d = row.detail as StoredFixture;
  return { ...d, kickOff: new Date(row.kick_off) };
}

function timelineOf(row: FixtureRow): StoredTimeline | null {
  return (row.timeline as StoredTimeline | null) ?? null;
}

function resultOf(row: FixtureRow): MatchResult | null {
  if (row.status === 'CANCELLED') return { status: 'CANCELLED' };
  if (row.status === 'FINISHED') return { status: 'FINISHED', home: row.final_home!, away: row.final_away! };
  return null;
}

/** The selection a request names, if it is one this sport offers (lines included). */
function parseSelection(s: SportsbookSelection, sport: Sport): Selection | null {
  const markets = sport === 'FOOTBALL' ? FOOTBALL_MARKETS : ESPORTS_MARKETS;
  if (!markets.includes(s.market)) return null;
  const side = s.pick === 'HOME' || s.pick === 'AWAY';
  const total = s.pick === 'OVER' || s.pick === 'UNDER';
  const lineIn = (lines: readonly number[]) => s.line !== undefined && lines.includes(s.line);
  switch (s.market) {
    case 'MATCH_RESULT':
      return s.line === undefined && (side || s.pick === 'DRAW')
        ? { market: 'MATCH_RESULT', pick: s.pick as 'HOME' | 'DRAW' | 'AWAY' }
        : null;
    case 'MATCH_WINNER':
      return s.line === undefined && side
        ? { market: 'MATCH_WINNER', pick: s.pick as 'HOME' | 'AWAY' }
        : null;
    case 'HANDICAP':
      return side && lineIn(HANDICAP_LINES)
        ? ({ market: 'HANDICAP', line: s.line, pick: s.pick } as Selection)
        : null;
    case 'MAP_HANDICAP':
      return side && lineIn(MAP_HANDICAP_LINES)
        ? ({ market: 'MAP_HANDICAP', line: s.line, pick: s.pick } as Selection)
        : null;
    case 'TOTAL_GOALS':
      return total && lineIn(TOTAL_LINES)
        ? ({ market: 'TOTAL_GOALS', line: s.line, pick: s.pick } as Selection)
        : null;
    case 'TOTAL_MAPS':
      return total && lineIn(TOTAL_MAPS_LINES)
        ? ({ market: 'TOTAL_MAPS', line: s.line, pick: s.pick } as Selection)
        : null;
  }
}

/** How many selections a market has: 1X2 three, every other market (two-way lines) two. */
const outcomesOf = (s: Selection): number => (s.market === 'MATCH_RESULT' ? 3 : 2);

const sameSelection = (a: Selection, b: Selection) => marketKey(a) === marketKey(b) && a.pick === b.pick;
const oddsWire = (odds: number) => odds / 1000;

function walletOfRow(row: BetRow): RoundWallet {
  return {
    merchant: row.merchant_code,
    vendor: row.vendor_code,
    memberId: row.member_id,
    walletVendor: row.wallet_vendor,
  };
}

function betOf(row: BetRow): Bet {
  return {
    stake: BigInt(row.stake),
    legs: (row.legs as StoredLeg[]).map((l) => ({
      fixtureId: l.fixtureId,
      selection: l.selection,
      odds: l.odds,
    })),
  };
}

/**
 * The house sportsbook: football and esports fixtures generated per brand and day, prices
 * with a margin, pre-match and in-play singles and parlays, cash-out, and a sweeper that settles
 * ended matches. Money moves through the seamless wallet like any vendor's.
 *
 * WARNING: a bet is named by the member and the client's requestId. Its row is stored (PLACING)
 * before the stake is debited under the same id, then opened; a retry finds the row and finishes
 * the same bet at the odds first accepted. A match's result is drawn once at kick-off and stored;
 * each bet is settled once (compare-and-set on its status) and its credit is idempotent, so any
 * number of sweepers and server processes may run at once.
 */
export class HouseSportsbookService {
  /** Days already generated for a brand (`merchant|date`): stored once, so asked once per process. */
  private readonly generated = new Set<string>();

  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly repo: SportsbookRepository,
    /** Public so tests can move time; the sportsbook's clock (the real one in production). */
    public clock: SportsbookClock = new SportsbookClock(),
    private readonly rng: Rng = new SecureRng(),
  ) {}

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'SPORTSBOOK') throw new AppError('game.token.invalid');
    sportOf(t);
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  private minStake(t: GameTicket): bigint {
    return t.minBet > MIN_STAKE ? t.minBet : MIN_STAKE;
  }

  async info(token: unknown, merchant: string, timeZone: string): Promise<SportsbookInfo> {
    const t = await this.ticket(token, merchant);
    const sport = sportOf(t);
    const markets = sport === 'FOOTBALL' ? FOOTBALL_MARKETS : ESPORTS_MARKETS;
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      sport,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      timeZone,
      minStake: fromMinor(this.minStake(t)),
      maxStake: fromMinor(MAX_STAKE),
      maxPayout: fromMinor(MAX_PAYOUT),
      maxParlayLegs: MAX_PARLAY_LEGS,
      minuteMs: this.clock.minuteMs,
      margins: markets.map((m) => ({ market: m, ...SPORTSBOOK_FIGURES[m] })),
      cashOutFee: DEFAULT_CASH_OUT_MARGIN * 100,
    };
  }

  // ---- fixtures and match state ----------------------------------------------------------------

  /** Stores the brand's fixtures of yesterday, today and tomorrow (its time zone), once. */
  async ensureFixtures(merchant: string, timeZone: string, now = this.clock.now()): Promise<void> {
    const day = 86_400_000;
    const days = [-1, 0, 1].map((d) => localDateOf(new Date(now.getTime() + d * day), timeZone));
    const missing = [...new Set(days)].filter((d) => !this.generated.has(`${merchant}|${d}`));
    if (missing.length === 0) return;
    const seed = seedOf(merchant);
    const leagues = new Map(generateLeagues(seed).map((l) => [l.id, l.name]));
    const rows: NewFixture[] = [];
    for (const date of missing) {
      for (const f of generateFixtures({ seed, from: date, to: date, timeZone })) {
        const detail: StoredFixture = {
          ...f,
          kickOff: f.kickOff.toISOString(),
          leagueName: leagues.get(f.leagueId)!,
        };
        rows.push({
          merchant_code: merchant,
          fixture_id: f.id,
          sport: f.sport,
          league_id: f.leagueId,
          detail,
          kick_off: f.kickOff,
          local_date: f.localDate,
        });
      }
    }
    await this.repo.insertFixtures(rows);
    if (this.generated.size > 10_000) this.generated.clear();
    for (const d of missing) this.generated.add(`${merchant}|${d}`);
  }

  /**
   * The row with its timeline decided if the match has kicked off (drawn here, stored once: a
   * second process drawing at the same moment reads the first one's).
   */
  private async decided(row: FixtureRow, now: Date): Promise<FixtureRow> {
    if (row.timeline || row.status !== 'SCHEDULED' || new Date(row.kick_off) > now) return row;
    const fixture = fixtureOf(row);
    const timeline = decideTimeline(this.rng, fixture);
    const endsAt = new Date(fixture.kickOff.getTime() + matchMinutes(timeline) * 60_000);
    return this.repo.storeTimelineOnce(row.merchant_code, row.fixture_id, timeline, endsAt);
  }

  private async views(
    rows: FixtureRow[],
    now: Date,
  ): Promise<Map<string, { row: FixtureRow; view: MatchView }>> {
    const out = new Map<string, { row: FixtureRow; view: MatchView }>();
    for (const r of rows) {
      const row = await this.decided(r, now);
      // A finished match stays finished whatever the clock says (it never goes back in production).
      const endsAt = row.ends_at ? new Date(row.ends_at) : null;
      const at = row.status === 'FINISHED' && endsAt && endsAt > now ? endsAt : now;
      const view = matchView(fixtureOf(row), timelineOf(row), at, { cancelled: row.status === 'CANCELLED' });
      out.set(row.fixture_id, { row, view });
    }
    return out;
  }

  private matchWire(row: FixtureRow, view: MatchView): SportsbookMatch {
    const f = fixtureOf(row);
    const startsIn = this.clock.toReal(f.kickOff).getTime() - Date.now();
    return {
      id: f.id,
      leagueId: f.leagueId,
      leagueName: f.leagueName,
      ...(f.game ? { game: f.game } : {}),
      home: { name: f.home.name, shortName: f.home.shortName },
      away: { name: f.away.name, shortName: f.away.shortName },
      kickOff: f.kickOff.toISOString(),
      startsInMs: Math.max(0, startsIn),
      status: view.status,
      minute: view.minute,
      phase: view.phase,
      score: view.score,
      markets: view.markets.map((m) => {
        const first = m.outcomes[0]!.selection;
        return {
          key: m.key,
          market: first.market,
          ...('line' in first ? { line: first.line } : {}),
          suspended: m.suspended,
          outcomes: m.outcomes.map((o) => ({ pick: o.selection.pick, odds: oddsWire(o.odds) })),
        };
      }),
    };
  }

  async matches(token: unknown, merchant: string, timeZone: string): Promise<SportsbookMatches> {
    const t = await this.ticket(token, merchant);
    const now = this.clock.now();
    await this.ensureFixtures(merchant, timeZone, now);
    const rows = await this.repo.fixturesBetween(
      merchant,
      sportOf(t),
      new Date(now.getTime() - BEHIND_MS),
      new Date(now.getTime() + AHEAD_MS),
    );
    const views = await this.views(rows, now);
    const all = [...views.values()].map(({ row, view }) => this.matchWire(row, view));
    const finished = all.filter((m) => m.status === 'FINISHED' || m.status === 'CANCELLED');
    return {
      now: now.toISOString(),
      matches: [
        ...all.filter((m) => m.status === 'LIVE'),
        ...all.filter((m) => m.status === 'PRE_MATCH'),
        ...finished.slice(-FINISHED_SHOWN).reverse(),
      ],
    };
  }

  // ---- placing bets ----------------------------------------------------------------------------

  async place(
    token: unknown,
    merchant: string,
    body: {
      requestId: string;
      stake: number | string;
      acceptBetterOdds: boolean;
      legs: (SportsbookSelection & { fixtureId: string; odds: number })[];
    },
  ): Promise<SportsbookBetResult> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    const sport = sportOf(t);
    const stake = toMinor(body.stake);
    const limits = [fromMinor(this.minStake(t)), fromMinor(MAX_STAKE), fromMinor(MAX_PAYOUT)];
    if (stake === null || stake < this.minStake(t) || stake > MAX_STAKE)
      throw new AppError('sportsbook.stake.invalid', undefined, limits);
    const selections = body.legs.map((l) => parseSelection(l, sport));
    if (selections.some((s) => s === null))
      throw new AppError('sportsbook.bet.invalid', undefined, [MAX_PARLAY_LEGS]);
    const betId = `${t.memberId}-${body.requestId}`;

    const existing = await this.repo.bet(merchant, betId);
    if (existing)
      return this.resume(
        t,
        existing,
        stake,
        body.legs.map((l, i) => ({ fixtureId: l.fixtureId, selection: selections[i]! })),
      );

    const seen = body.legs.map((l) => Math.round(l.odds * 1000));
    const draft: Bet = {
      stake,
      legs: body.legs.map((l, i) => ({
        fixtureId: l.fixtureId,
        selection: selections[i]!,
        odds: Math.max(1000, seen[i]!),
      })),
    };
    const problem = checkBet(draft);
    if (problem === 'BAD_STAKE') throw new AppError('sportsbook.stake.invalid', undefined, limits);
    if (problem && problem !== 'BAD_ODDS')
      throw new AppError('sportsbook.bet.invalid', undefined, [MAX_PARLAY_LEGS]);

    const now = this.clock.now();
    const rows = await this.repo.fixturesByIds(merchant, [...new Set(draft.legs.map((l) => l.fixtureId))]);
    const sportName = sport;
    if (rows.length !== draft.legs.length || rows.some((r) => r.sport !== sportName))
      throw new AppError('sportsbook.bet.invalid', undefined, [MAX_PARLAY_LEGS]);
    const views = await this.views(rows, now);
    const current = draft.legs.map((l) => {
      const v = views.get(l.fixtureId)!;
      return v.row.status === 'SCHEDULED' ? offeredOdds(v.view, l.selection) : null;
    });
    if (current.some((o) => o === null))
      throw new AppError('sportsbook.market.closed', {
        odds: current.map((o) => (o === null ? null : oddsWire(o))),
      });
    const now_ = current as number[];
    const check = checkParlayOddsChange(
      seen.map((s) => Math.max(1000, s)),
      now_,
    );
    const unchanged = now_.every((o, i) => o === seen[i]);
    if (!(unchanged || (body.acceptBetterOdds && check.accepted)))
      throw new AppError('sportsbook.odds.changed', { odds: now_.map(oddsWire) });
    const bet: Bet = { stake, legs: draft.legs.map((l, i) => ({ ...l, odds: now_[i]! })) };
    if (potentialPayout(bet) > MAX_PAYOUT) throw new AppError('sportsbook.stake.invalid', undefined, limits);

    const legs: StoredLeg[] = bet.legs.map((l) => {
      const f = fixtureOf(views.get(l.fixtureId)!.row);
      return {
        fixtureId: l.fixtureId,
        selection: l.selection,
        odds: l.odds,
        leagueName: f.leagueName,
        home: { name: f.home.name, shortName: f.home.shortName },
        away: { name: f.away.name, shortName: f.away.shortName },
        kickOff: f.kickOff.toISOString(),
      };
    });
    const { row, created } = await this.repo.insertBetOnce(
      {
        merchant_code: merchant,
        bet_id: betId,
        member_id: t.memberId,
        node_id: t.nodeId,
        vendor_code: t.vendor,
        wallet_vendor: t.walletVendor,
        game_type: t.gameType,
        game_code: t.gameCode,
        game_name: t.gameName,
        stake,
        legs,
      },
      legs.map((l) => l.fixtureId),
    );
    if (!created) return this.resume(t, row, stake, bet.legs);
    return this.open(t, row);
  }

  /** A retried placement: the same bet (stake and selections) is finished, anything else refused. */
  private async resume(
    t: GameTicket,
    row: BetRow,
    stake: bigint,
    legs: readonly { fixtureId: string; selection: Selection }[],
  ): Promise<SportsbookBetResult> {
    const stored = row.legs as StoredLeg[];
    const same =
      row.member_id === t.memberId &&
      BigInt(row.stake) === stake &&
      stored.length === legs.length &&
      stored.every(
        (s, i) => s.fixtureId === legs[i]!.fixtureId && sameSelection(s.selection, legs[i]!.selection),
      );
    if (!same) throw new AppError('wallet.reference.conflict');
    if (row.status === 'REJECTED') throw new AppError('vendor.round.rolled.back');
    if (row.status === 'PLACING') return this.open(t, row);
    return {
      bet: (await this.wire([row]))[0]!,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
    };
  }

  /** Debits the stake of a PLACING bet and opens it. */
  private async open(t: GameTicket, row: BetRow): Promise<SportsbookBetResult> {
    const w = this.walletOf(t);
    let balance: bigint;
    try {
      balance = (
        await this.wallet.debit(w, {
          transactionId: row.bet_id,
          gameType: t.gameType,
          gameCode: t.gameCode,
          gameName: t.gameName,
          amount: BigInt(row.stake),
        })
      ).balance;
    } catch (err) {
      // A refused debit moved nothing: the bet is rejected. Anything else (the database went away)
      // leaves it PLACING for a retry or the sweeper.
      if (err instanceof AppError)
        await this.repo.transition(row.merchant_code, row.bet_id, 'PLACING', { status: 'REJECTED' });
      throw err;
    }
    const opened = await this.repo.transition(row.merchant_code, row.bet_id, 'PLACING', { status: 'OPEN' });
    if (!opened) {
      const now = await this.repo.bet(row.merchant_code, row.bet_id);
      if (now?.status === 'REJECTED') {
        // The sweeper gave this bet up while the debit was in flight: hand the stake back.
        await this.wallet.rollback(w, row.bet_id);
        throw new AppError('vendor.round.rolled.back');
      }
    }
    const fresh = (await this.repo.bet(row.merchant_code, row.bet_id))!;
    return { bet: (await this.wire([fresh]))[0]!, balance: fromMinor(balance) };
  }

  // ---- bets, cash-out --------------------------------------------------------------------------

  /** The cash-out offer on an open bet now (minor units), or null when none is offered. */
  private offer(row: BetRow, views: Map<string, { row: FixtureRow; view: MatchView }>): bigint | null {
    if (row.status !== 'OPEN') return null;
    const bet = betOf(row);
    const now = new Map<string, number | 'VOID'>();
    let running = false;
    for (const leg of bet.legs) {
      const v = views.get(leg.fixtureId);
      if (!v) return null;
      const result = resultOf(v.row);
      if (v.view.status === 'CANCELLED' || result?.status === 'CANCELLED') {
        now.set(leg.fixtureId, 'VOID');
      } else if (result || v.view.status === 'FINISHED') {
        const final = result ?? { status: 'FINISHED' as const, ...finalScore(timelineOf(v.row)!) };
        now.set(leg.fixtureId, settleSelection(leg.selection, final) === 'WON' ? 1 : 0);
      } else {
        const p = fairProbability(v.view, leg.selection);
        if (p === null) return null;
        now.set(leg.fixtureId, p);
        running = true;
      }
    }
    // Every match has ended: the bet is about to be settled, not cashed out.
    if (!running) return null;
    const value = cashOutValue(bet, now);
    return value > 0n ? value : null;
  }

  private async fixtureViews(rows: BetRow[]): Promise<Map<string, { row: FixtureRow; view: MatchView }>> {
    const byMerchant = new Map<string, Set<string>>();
    for (const r of rows) {
      const ids = byMerchant.get(r.merchant_code) ?? new Set<string>();
      for (const l of r.legs as StoredLeg[]) ids.add(l.fixtureId);
      byMerchant.set(r.merchant_code, ids);
    }
    const now = this.clock.now();
    const out = new Map<string, { row: FixtureRow; view: MatchView }>();
    for (const [merchant, ids] of byMerchant) {
      for (const [id, v] of await this.views(await this.repo.fixturesByIds(merchant, [...ids]), now))
        out.set(id, v);
    }
    return out;
  }

  private async wire(
    rows: BetRow[],
    views?: Map<string, { row: FixtureRow; view: MatchView }>,
  ): Promise<SportsbookBet[]> {
    const fv = views ?? (await this.fixtureViews(rows));
    return rows.map((row) => {
      const legs = row.legs as StoredLeg[];
      const results = (row.leg_results as string[] | null) ?? null;
      const bet = betOf(row);
      const offer = this.offer(row, fv);
      return {
        betId: row.bet_id,
        time: new Date(row.placed_at).toISOString(),
        kind: legs.length === 1 ? 'SINGLE' : 'PARLAY',
        stake: fromMinor(row.stake),
        odds: legs.reduce((p, l) => p * oddsWire(l.odds), 1),
        potentialPayout: fromMinor(potentialPayout(bet)),
        status:
          row.status === 'PLACING' || row.status === 'REJECTED'
            ? 'OPEN'
            : (row.status as SportsbookBet['status']),
        payout: row.payout === null ? null : fromMinor(row.payout),
        settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null,
        cashOut: offer === null ? null : fromMinor(offer),
        legs: legs.map((l, i) => {
          const v = fv.get(l.fixtureId);
          return {
            fixtureId: l.fixtureId,
            market: l.selection.market,
            ...('line' in l.selection ? { line: l.selection.line } : {}),
            pick: l.selection.pick,
            leagueName: l.leagueName,
            home: l.home,
            away: l.away,
            kickOff: l.kickOff,
            odds: oddsWire(l.odds),
            status: (results?.[i] as 'WON' | 'LOST' | 'VOID' | undefined) ?? 'PENDING',
            score: v?.view.score ?? null,
          };
        }),
      };
    });
  }

  async bets(token: unknown, merchant: string): Promise<SportsbookBets> {
    const t = await this.ticket(token, merchant);
    const [open, history] = await Promise.all([
      this.repo.open(t.memberId, t.nodeId, 50),
      this.repo.latest(t.memberId, t.nodeId, SPORTSBOOK_HISTORY_SIZE),
    ]);
    const views = await this.fixtureViews([...open, ...history]);
    return { open: await this.wire(open, views), history: await this.wire(history, views) };
  }

  async cashOut(
    token: unknown,
    merchant: string,
    body: { betId: string; value: number | string },
  ): Promise<SportsbookBetResult> {
    const t = await this.ticket(token, merchant);
    const row = await this.repo.bet(merchant, body.betId);
    if (!row || row.member_id !== t.memberId || row.node_id !== t.nodeId)
      throw new AppError('sportsbook.bet.unknown');
    const value = toMinor(body.value);
    if (value === null) throw new AppError('sportsbook.cashout.changed', { value: null });
    const w = this.walletOf(t);
    let done: BetRow | undefined;
    if (row.status === 'CASHED_OUT') {
      // A retried cash-out: the same amount answers as the first (and completes its credit).
      if (BigInt(row.payout!) !== value) throw new AppError('sportsbook.cashout.unavailable');
      done = row;
    } else {
      if (row.status !== 'OPEN') throw new AppError('sportsbook.cashout.unavailable');
      const views = await this.fixtureViews([row]);
      const offer = this.offer(row, views);
      if (offer === null) throw new AppError('sportsbook.cashout.unavailable');
      if (offer !== value) throw new AppError('sportsbook.cashout.changed', { value: fromMinor(offer) });
      done = await this.repo.transition(merchant, row.bet_id, 'OPEN', {
        status: 'CASHED_OUT',
        payout: offer,
        settled: true,
      });
      if (!done) {
        // Settled or cashed out by someone else in between.
        const again = await this.repo.bet(merchant, row.bet_id);
        if (again?.status !== 'CASHED_OUT' || BigInt(again.payout!) !== value)
          throw new AppError('sportsbook.cashout.unavailable');
        done = again;
      }
    }
    // A cash-out counts its stake as placed (no valid bet given: the wallet's default), like any bet
    // settled on its own: it is final and credited now, before the market's other bets settle.
    const settled = await this.wallet.credit(w, done.bet_id, BigInt(done.payout!));
    await this.repo.markCredited(merchant, done.bet_id);
    const fresh = (await this.repo.bet(merchant, done.bet_id))!;
    return { bet: (await this.wire([fresh]))[0]!, balance: fromMinor(settled.balance) };
  }

  // ---- settlement ------------------------------------------------------------------------------

  /** Cancels a match that has not ended: its selections are void (operator action; tests). */
  async cancelFixture(merchant: string, fixtureId: string): Promise<boolean> {
    return this.repo.cancel(merchant, fixtureId);
  }

  /**
   * Pays (or refunds) a settled bet through the wallet; idempotent. The valid turnover is the one
   * stored when the bet settled (a repeat credit must report the same), or the stake when none is.
   */
  private async pay(row: BetRow): Promise<void> {
    const w = walletOfRow(row);
    if (row.status === 'VOID') await this.wallet.rollback(w, row.bet_id);
    else
      await this.wallet.credit(
        w,
        row.bet_id,
        BigInt(row.payout ?? '0'),
        row.valid_bet === null ? undefined : BigInt(row.valid_bet),
      );
    await this.repo.markCredited(row.merchant_code, row.bet_id);
  }

  /**
   * Valid turnover is net exposure: the singles of `ready` on finished matches get their share of
   * their member's net exposure on their market (keyed `merchant|betId`). A member's singles on the
   * other selections of the same market (Home/Away, Over/Under of one line, 1X2) cover each other
   * (netValidTurnover: n x the smallest selection's stake is covered once all n are backed).
   *
   * Worked out over all of the member's staked bets on those matches, settled ones included, so a
   * settlement resumed after a crash gives the bets still open the same figures. One query per
   * brand for the whole batch. Parlays are their own risk (legs on different matches) and are
   * neither netted nor covering: they count their stake. A cashed-out single counts its stake as
   * placed (credited when cashed out), yet it still covers the member's other selections (the hedge
   * stood while both were open): it comes last on its selection, so the cover is taken from the
   * bets settling here first and the market's total is still its net exposure.
   */
  private async marketValid(
    ready: BetRow[],
    fixtures: Map<string, FixtureRow>,
  ): Promise<Map<string, bigint>> {
    const asked = new Map<string, { fixtures: Set<string>; members: Set<string> }>();
    for (const b of ready) {
      const legs = b.legs as StoredLeg[];
      if (legs.length !== 1) continue;
      if (fixtures.get(`${b.merchant_code}|${legs[0]!.fixtureId}`)?.status !== 'FINISHED') continue;
      const a = asked.get(b.merchant_code) ?? { fixtures: new Set<string>(), members: new Set<string>() };
      a.fixtures.add(legs[0]!.fixtureId);
      a.members.add(b.member_id);
      asked.set(b.merchant_code, a);
    }
    const out = new Map<string, bigint>();
    for (const [merchant, a] of asked) {
      const singles = (await this.repo.staked(merchant, [...a.fixtures], [...a.members])).filter(
        (b) => (b.legs as StoredLeg[]).length === 1,
      );
      const ordered = [
        ...singles.filter((b) => b.status !== 'CASHED_OUT'),
        ...singles.filter((b) => b.status === 'CASHED_OUT'),
      ];
      const legs: RoundLeg[] = ordered.map((b) => {
        const { fixtureId, selection } = (b.legs as StoredLeg[])[0]!;
        return {
          id: b.bet_id,
          group: `${b.member_id}|${fixtureId}|${marketKey(selection)}`,
          side: selection.pick,
          sides: outcomesOf(selection),
          valid: BigInt(b.stake),
        };
      });
      for (const [betId, valid] of netValidTurnover(legs)) out.set(`${merchant}|${betId}`, valid);
    }
    return out;
  }

  /**
   * One pass of the settlement job: draw timelines of matches that kicked off, finish matches that
   * ended, settle bets whose matches have all ended, give up bets stuck in PLACING, and complete
   * credits a crash interrupted. Every step is idempotent; returns how many bets it settled.
   */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    for (const row of await this.repo.kickedOffUndecided(now, SWEEP_BATCH)) await this.decided(row, now);
    for (const row of await this.repo.ended(now, SWEEP_BATCH)) {
      const score = finalScore(timelineOf(row)!);
      await this.repo.finish(row.merchant_code, row.fixture_id, score.home, score.away);
    }
    let settled = 0;
    const ready = await this.repo.settleable(SWEEP_BATCH);
    if (ready.length > 0) {
      const fixtures = new Map<string, FixtureRow>();
      const byMerchant = new Map<string, Set<string>>();
      for (const b of ready) {
        const ids = byMerchant.get(b.merchant_code) ?? new Set<string>();
        for (const l of b.legs as StoredLeg[]) ids.add(l.fixtureId);
        byMerchant.set(b.merchant_code, ids);
      }
      for (const [merchant, ids] of byMerchant)
        for (const f of await this.repo.fixturesByIds(merchant, [...ids]))
          fixtures.set(`${merchant}|${f.fixture_id}`, f);
      const valid = await this.marketValid(ready, fixtures);
      for (const b of ready) {
        const results = new Map<string, MatchResult>();
        for (const l of b.legs as StoredLeg[]) {
          const r = resultOf(fixtures.get(`${b.merchant_code}|${l.fixtureId}`)!);
          if (r) results.set(l.fixtureId, r);
        }
        const outcome = settleBet(betOf(b), results);
        if (outcome.status === 'PENDING') continue;
        const done = await this.repo.transition(b.merchant_code, b.bet_id, 'OPEN', {
          status: outcome.status,
          payout: outcome.payout,
          ...(outcome.status === 'VOID' ? {} : { validBet: valid.get(`${b.merchant_code}|${b.bet_id}`) }),
          legResults: outcome.legs,
          settled: true,
        });
        if (!done) continue; // cashed out or settled by another sweeper in between
        await this.pay(done);
        settled++;
      }
    }
    const realNow = Date.now();
    for (const b of await this.repo.stalePlacing(new Date(realNow - STALE_PLACING_MS), SWEEP_BATCH)) {
      // Claim first: the placing request, should it still finish its debit, sees REJECTED and refunds.
      const claimed = await this.repo.transition(b.merchant_code, b.bet_id, 'PLACING', {
        status: 'REJECTED',
      });
      if (claimed) await this.wallet.rollback(walletOfRow(b), b.bet_id);
    }
    for (const b of await this.repo.uncredited(new Date(realNow - STALE_CREDIT_MS), SWEEP_BATCH))
      await this.pay(b);
    return settled;
  }
}
