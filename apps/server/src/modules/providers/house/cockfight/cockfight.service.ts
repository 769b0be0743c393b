import {
  COCKFIGHT_HISTORY_SIZE,
  COCKFIGHT_ROAD_SIZE,
  fromMinor,
  toMinor,
  type CockfightBet,
  type CockfightBetRequest,
  type CockfightBetResult,
  type CockfightFight,
  type CockfightFighter,
  type CockfightHistory,
  type CockfightInfo,
  type CockfightResult,
  type CockfightState,
} from '@app/contracts';
import { AppError } from '../../../../platform/app-error';
import { refuseBlockedBet, type GameTicket, type GameTicketService } from '../../game-ticket.service';
import type { RoundWallet, SeamlessWalletService } from '../../seamless-wallet.service';
import { netValidTurnover } from '../../../wallet';
import { SecureRng, type Rng } from '../secure-rng';
import { COCKFIGHT_FIGURES, decideResult, makeCard, settleBet, type Fighter } from './cockfight-engine';
import type { Arena, BetRow, BetWithFight, CockfightRepository, FightRow } from './cockfight.repository';
import { fightAt, fightSlot, phaseOf, type CockfightTimings } from './cockfight-schedule';

/** Chip values (minor units); a game offers those at or above its minimum bet. */
const CHIPS = [100n, 500n, 1_000n, 5_000n, 10_000n, 50_000n, 100_000n, 500_000n];
/** The largest single bet: 50,000.00. */
const COCKFIGHT_MAX_BET = 5_000_000n;
/** Fights the sweeper decides and settles per run at most (the rest wait for the next run). */
const SWEEP_BATCH = 50;

const pct = (fraction: number) => Math.round(fraction * 10_000) / 100;
const odds = (hundredths: number) => hundredths / 100;

/** The bet's transaction id at the seamless wallet: it names the stake, its settlement and its void. */
const txnOf = (betId: string) => `cf${betId}`;

function fighterWire(f: unknown, oddsHundredths: number): CockfightFighter {
  const { name, weight, plumage } = f as Fighter;
  return { name, weight, plumage, odds: odds(oddsHundredths) };
}

function betWire(b: BetWithFight, nowMs: number): CockfightBet {
  return {
    betId: b.id,
    fightNo: Number(b.fight_no),
    side: b.side,
    stake: fromMinor(b.stake),
    odds: odds(b.odds),
    status: b.status,
    payout: b.payout === null ? null : fromMinor(b.payout),
    result: nowMs >= new Date(b.reveal_at).getTime() ? b.result : null,
    time: new Date(b.created_at).toISOString(),
  };
}

/**
 * The house cockfight arena. An arena is one brand's vendor game (DS88, DIG and WS168
 * each run their games on it): its fights follow the clock schedule, and each fight's card
 * (fighters, chances, fixed odds) is stored the first time the fight is shown. Players bet during
 * the betting window; at its close the result is drawn with the secure RNG and stored once; when
 * the fight has been shown (revealAt) every bet is settled once through the seamless wallet.
 *
 * WARNING: money safety rests on three keys, never on timers or on one process:
 * - a bet is named by the member's request id (unique), and its stake by the bet's id at the
 *   wallet: a retried bet debits once;
 * - a fight's result is written once, by a conditional UPDATE that bet inserts lock against
 *   (FOR SHARE): no bet joins a decided fight, and no result is drawn twice;
 * - a settlement is the wallet's idempotent credit (or rollback) of the bet's transaction id, with
 *   a payout computed from the stored result: settling again, from any instance, moves nothing.
 */
export class HouseCockfightService {
  constructor(
    private readonly tickets: GameTicketService,
    private readonly wallet: SeamlessWalletService,
    private readonly repo: CockfightRepository,
    private readonly timings: CockfightTimings,
    private readonly rng: Rng = new SecureRng(),
    private readonly now: () => number = Date.now,
    /** Heard after a fight's result is drawn or its bets are settled (the push channel tells the arena). */
    private readonly onFight: (merchant: string, kind: 'decided' | 'settled') => void = () => {},
  ) {}

  private async ticket(token: unknown, merchant: string): Promise<GameTicket> {
    const t = await this.tickets.verify(token, merchant);
    if (t.engine !== 'COCKFIGHT') throw new AppError('game.token.invalid');
    return t;
  }

  private walletOf(t: GameTicket): RoundWallet {
    return { merchant: t.merchant, vendor: t.vendor, memberId: t.memberId, walletVendor: t.walletVendor };
  }

  private betWallet(b: BetRow): RoundWallet {
    return {
      merchant: b.merchant_code,
      vendor: b.vendor_code,
      memberId: b.member_id,
      walletVendor: b.wallet_vendor,
    };
  }

  private arenaOf(t: GameTicket): Arena {
    return { merchant: t.merchant, vendor: t.vendor, gameCode: t.gameCode };
  }

  static chips(minBet: bigint): bigint[] {
    const allowed = CHIPS.filter((c) => c >= minBet && c <= COCKFIGHT_MAX_BET);
    return allowed.length > 0 ? allowed : [minBet > 0n ? minBet : CHIPS[0]!];
  }

  private static minBet(t: GameTicket): bigint {
    return t.minBet > 0n ? t.minBet : CHIPS[0]!;
  }

  async info(token: unknown, merchant: string): Promise<CockfightInfo> {
    const t = await this.ticket(token, merchant);
    const f = COCKFIGHT_FIGURES;
    return {
      gameName: t.gameName,
      vendor: t.vendor,
      gameCode: t.gameCode,
      currencySymbol: t.currencySymbol,
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
      chips: HouseCockfightService.chips(HouseCockfightService.minBet(t)).map(fromMinor),
      minBet: fromMinor(HouseCockfightService.minBet(t)),
      maxBet: fromMinor(COCKFIGHT_MAX_BET),
      ...this.timings,
      drawChance: pct(f.drawChance),
      cancelChance: pct(f.cancelChance),
      drawOdds: f.drawOdds,
      rtp: { MERON: pct(f.rtp.MERON), WALA: pct(f.rtp.WALA), DRAW: pct(f.rtp.DRAW) },
    };
  }

  /** The fight's stored card, stored now (drawn with the secure RNG) if this is its first showing. */
  private async ensureFight(a: Arena, fightNo: number): Promise<FightRow> {
    const found = await this.repo.fight(a, fightNo);
    if (found) return found;
    const slot = fightSlot(fightNo, this.timings);
    const card = makeCard(this.rng);
    return this.repo.insertFightOnce(
      {
        merchant_code: a.merchant,
        vendor_code: a.vendor,
        game_code: a.gameCode,
        fight_no: fightNo,
        opens_at: slot.opensAt,
        closes_at: slot.closesAt,
        reveal_at: slot.revealAt,
        edge: card.edge,
        meron: JSON.stringify(card.meron),
        wala: JSON.stringify(card.wala),
        chance_meron: card.chance.MERON,
        chance_wala: card.chance.WALA,
        chance_draw: card.chance.DRAW,
        chance_cancel: card.chance.CANCELLED,
        odds_meron: card.odds.MERON,
        odds_wala: card.odds.WALA,
        odds_draw: card.odds.DRAW,
      },
      a,
      fightNo,
    );
  }

  /** Draws and stores the result of a fight whose betting has closed (once: a stored result stays). */
  private async decide(
    f: Pick<FightRow, 'id' | 'chance_meron' | 'chance_wala' | 'chance_draw' | 'chance_cancel'>,
  ): Promise<FightRow | undefined> {
    const result: CockfightResult = decideResult(this.rng, {
      MERON: f.chance_meron,
      WALA: f.chance_wala,
      DRAW: f.chance_draw,
      CANCELLED: f.chance_cancel,
    });
    return this.repo.decide(f.id, result);
  }

  async state(token: unknown, merchant: string): Promise<CockfightState> {
    const t = await this.ticket(token, merchant);
    const arena = this.arenaOf(t);
    const nowMs = this.now();
    const slot = fightAt(nowMs, this.timings);
    let fight = await this.ensureFight(arena, slot.fightNo);
    // The sweeper does this too; doing it here shows the result the moment it is due.
    const phase = phaseOf(
      { closesAt: new Date(fight.closes_at), revealAt: new Date(fight.reveal_at) },
      nowMs,
    );
    if (phase !== 'BETTING' && fight.status === 'OPEN') fight = (await this.decide(fight)) ?? fight;
    if (phase === 'RESULT' && fight.status === 'DECIDED') {
      // A failure here is left to the sweeper (it retries and logs); the state still answers.
      await this.settleFight(fight.id).catch(() => false);
      fight = (await this.repo.byId(fight.id)) ?? fight;
    }
    const [myBets, road, balance] = await Promise.all([
      this.repo.memberBets(fight.id, t.memberId),
      this.repo.road(arena, COCKFIGHT_ROAD_SIZE),
      this.wallet.balance(this.walletOf(t)),
    ]);
    const shown = phase === 'RESULT' ? fight.result : null;
    const wire: CockfightFight = {
      fightNo: Number(fight.fight_no),
      phase,
      opensAt: new Date(fight.opens_at).toISOString(),
      closesAt: new Date(fight.closes_at).toISOString(),
      revealAt: new Date(fight.reveal_at).toISOString(),
      nextAt: slot.nextAt.toISOString(),
      meron: fighterWire(fight.meron, fight.odds_meron),
      wala: fighterWire(fight.wala, fight.odds_wala),
      drawOdds: odds(fight.odds_draw),
      result: shown,
      settled: fight.status === 'SETTLED',
    };
    return {
      serverTime: new Date(nowMs).toISOString(),
      fight: wire,
      myBets: myBets.map((b) => betWire(b, nowMs)),
      road: road
        .filter((r) => r.result !== null)
        .map((r) => ({ fightNo: Number(r.fight_no), result: r.result! })),
      balance: fromMinor(balance),
    };
  }

  async bet(token: unknown, merchant: string, body: CockfightBetRequest): Promise<CockfightBetResult> {
    const t = await this.ticket(token, merchant);
    refuseBlockedBet(t);
    const stake = toMinor(body.amount);
    if (stake === null || stake < HouseCockfightService.minBet(t) || stake > COCKFIGHT_MAX_BET)
      throw new AppError('game.bet.invalid');
    const arena = this.arenaOf(t);

    let bet = await this.repo.betByRequest(merchant, t.memberId, body.requestId);
    if (!bet) {
      const nowMs = this.now();
      const slot = fightAt(nowMs, this.timings);
      // The player must see the fight it bets on, in its betting window (the database decides
      // the last moment: see insertBet).
      if (body.fightNo !== slot.fightNo || phaseOf(slot, nowMs) !== 'BETTING')
        throw new AppError('cockfight.betting.closed');
      const fight = await this.ensureFight(arena, slot.fightNo);
      const inserted = await this.repo.insertBet({
        fight_id: fight.id,
        merchant_code: merchant,
        member_id: t.memberId,
        node_id: t.nodeId,
        vendor_code: t.vendor,
        wallet_vendor: t.walletVendor,
        request_id: body.requestId,
        side: body.side,
        stake,
        odds:
          body.side === 'MERON' ? fight.odds_meron : body.side === 'WALA' ? fight.odds_wala : fight.odds_draw,
      });
      if (inserted === 'closed') throw new AppError('cockfight.betting.closed');
      bet = inserted;
    }
    // A request id names one bet: its retry must say the same thing.
    const fight = (await this.repo.byId(bet.fight_id))!;
    if (
      bet.node_id !== t.nodeId ||
      Number(fight.fight_no) !== body.fightNo ||
      bet.side !== body.side ||
      BigInt(bet.stake) !== stake
    )
      throw new AppError('wallet.reference.conflict');

    if (bet.status === 'REJECTED') {
      if ((await this.repo.reopenBet(bet)) === 'closed') throw new AppError('cockfight.betting.closed');
      bet = { ...bet, status: 'PLACING' };
    }
    if (bet.status === 'PLACING') await this.placeStake(t, bet);

    const [placed] = (await this.repo.memberBets(bet.fight_id, t.memberId)).filter((b) => b.id === bet.id);
    return {
      bet: betWire(placed!, this.now()),
      balance: fromMinor(await this.wallet.balance(this.walletOf(t))),
    };
  }

  /**
   * Debits the stake of a PLACING bet and marks it OPEN. A refused debit (balance, a conflicting
   * id) leaves the bet REJECTED with nothing moved. If the bet was voided meanwhile (the settlement
   * of an interrupted placement), the stake just taken is given back.
   */
  private async placeStake(t: GameTicket, bet: BetRow): Promise<void> {
    const w = this.walletOf(t);
    const txn = txnOf(bet.id);
    try {
      await this.wallet.debit(w, {
        transactionId: txn,
        gameType: t.gameType,
        gameCode: t.gameCode,
        gameName: t.gameName,
        amount: BigInt(bet.stake),
      });
    } catch (err) {
      if (err instanceof AppError) await this.repo.markBet(bet.id, ['PLACING'], 'REJECTED');
      throw err;
    }
    if (await this.repo.markBet(bet.id, ['PLACING'], 'OPEN')) return;
    const now = await this.repo.betById(bet.id);
    if (now?.status === 'OPEN') return; // a concurrent retry of the same request got there first
    // Voided or refused meanwhile: this debit must not stand.
    await this.wallet.rollback(w, txn);
    throw new AppError('cockfight.betting.closed');
  }

  async history(token: unknown, merchant: string): Promise<CockfightHistory> {
    const t = await this.ticket(token, merchant);
    const nowMs = this.now();
    const rows = await this.repo.latestBets(t.memberId, t.nodeId, COCKFIGHT_HISTORY_SIZE);
    return { list: rows.map((b) => betWire(b, nowMs)) };
  }

  /**
   * Settles every bet of a decided fight whose result may be shown, if this instance can take it
   * (another holding it settles it). Each bet once: a credit (or, for no contest, a rollback) of
   * its transaction id, then its status. A placement that never completed is voided.
   */
  async settleFight(fightId?: string): Promise<boolean> {
    const fight = await this.repo.claimToSettle(fightId);
    if (!fight) return false;
    const bets = await this.repo.fightBets(fight.id);
    // Valid turnover is the member's net exposure on the fight: meron and wala bets cover each
    // other (netValidTurnover), worked out over every live bet, settled ones included, so a
    // settlement resumed after a crash pays the same figures. A bet still PLACING is voided below.
    const valid =
      fight.result === 'CANCELLED'
        ? new Map<string, bigint>()
        : netValidTurnover(
            bets
              .filter((b) => b.status !== 'PLACING')
              .map((b) => ({
                id: b.id,
                group: b.member_id,
                side: b.side === 'MERON' ? 'A' : b.side === 'WALA' ? 'B' : null,
                valid: settleBet(b.side, BigInt(b.stake), b.odds, fight.result!).validBet,
              })),
          );
    for (const bet of bets) {
      if (bet.status !== 'PLACING' && bet.status !== 'OPEN') continue;
      const w = this.betWallet(bet);
      const txn = txnOf(bet.id);
      if (bet.status === 'PLACING' || fight.result === 'CANCELLED') {
        // WARNING: rollback leaves a marker first, so a stake still on its way is voided on arrival.
        const voided = await this.wallet.rollback(w, txn);
        // What came back: the stake, if it was ever taken.
        await this.repo.markBet(bet.id, ['PLACING', 'OPEN'], 'VOID', voided.bet ? BigInt(bet.stake) : 0n);
        continue;
      }
      const s = settleBet(bet.side, BigInt(bet.stake), bet.odds, fight.result!);
      await this.wallet.credit(w, txn, s.payout, valid.get(bet.id) ?? s.validBet);
      await this.repo.markBet(bet.id, ['OPEN'], s.status, s.payout);
    }
    const finished = await this.repo.finishFight(fight.id);
    this.onFight(fight.merchant_code, 'settled');
    return finished;
  }

  /**
   * The sweeper's run: decides every fight whose betting has closed, then settles the fights due
   * (interrupted settlements included: a lease left by a dead instance expires). Safe to run on
   * every instance at once. Answers how many fights it decided and settled.
   */
  async sweep(): Promise<{ decided: number; settled: number }> {
    let decided = 0;
    for (const f of await this.repo.dueToDecide(SWEEP_BATCH)) {
      const fight = await this.decide(f);
      if (fight) this.onFight(fight.merchant_code, 'decided');
      decided++;
    }
    let settled = 0;
    while (settled < SWEEP_BATCH && (await this.settleFight())) settled++;
    return { decided, settled };
  }
}
