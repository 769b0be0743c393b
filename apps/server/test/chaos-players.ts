/**
 * The players of the multi-instance chaos test (multi-instance-chaos.test.ts), one loop per game,
 * each calling the public API through the balancer the way the site's game clients do: the card
 * room, the fishing shooter, the cockfight arena, the sportsbook and a fast lottery. A bet cut by a
 * dying instance is sent again, unchanged (the same request id or hand), until an instance answers
 * it; only answered bets are recorded, for the test's invariants.
 */
import { randomUUID } from 'node:crypto';
import {
  COCKFIGHT_SIDES,
  type CardsAction,
  type CardsTable,
  type CockfightBetResult,
  type CockfightInfo,
  type CockfightState,
  type FishInfo,
  type FishShotResult,
  type LotteryBetResult,
  type LotteryGameInfo,
  type SportsbookBetResult,
  type SportsbookInfo,
  type SportsbookMatches,
} from '@app/contracts';

export type Answer<T> = { ok: true; value: T } | { ok: false; code: string };

/** A call through the balancer; a request a dying or closing instance did not answer is cut (isCut). */
export type Call = <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Answer<T>>;

/** What the players saw: answered bets per game, and the calls a dying instance cut. */
export interface Tally {
  cut: number;
  /** Bets a game refused for a reason its clock explains (betting closed, odds moved), by code. */
  refused: Record<string, number>;
  /** Fish shots answered: their round ids. */
  fish: string[];
  /** Card hands joined (ante answered), with the decision answered for them if any. */
  cards: { memberId: string; roomId: string; handNo: number; action: CardsAction | null }[];
  /** Cockfight bets answered: their bet ids. */
  cockfight: string[];
  /** Sportsbook bets answered: their bet ids. */
  sportsbook: string[];
  /** Lottery slips answered, with the number of lines sent. */
  lottery: { memberId: string; requestId: string; lines: number }[];
}

export function newTally(): Tally {
  return { cut: 0, refused: {}, fish: [], cards: [], cockfight: [], sportsbook: [], lottery: [] };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const newRequestId = () => randomUUID().replace(/-/g, '');
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * A request no instance answered: its connection cut by a dying instance ('network'), refused by
 * one closing after a SIGTERM ('closing'), or its database connection lost. Asked again.
 */
export const isCut = (code: string) =>
  code === 'network' || code === 'closing' || code === 'system.db.unavailable';

/**
 * Sends one bet until an instance answers it. Every attempt sends the same body, so a bet that was
 * placed before the cut is found by its retry, never placed twice. `retry` are refusals to wait out
 * (a rate limit); `refuse` are refusals the game's clock explains (its window closed meanwhile):
 * the bet was not answered and null comes back. Any other refusal fails the test.
 */
async function untilAnswered<T>(
  tally: Tally,
  what: string,
  send: () => Promise<Answer<T>>,
  codes: { refuse?: readonly string[]; retry?: readonly string[] } = {},
): Promise<T | null> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const r = await send();
    if (r.ok) return r.value;
    if (codes.refuse?.includes(r.code)) {
      tally.refused[r.code] = (tally.refused[r.code] ?? 0) + 1;
      return null;
    }
    if (isCut(r.code)) tally.cut++;
    else if (!codes.retry?.includes(r.code)) throw new Error(`${what}: ${r.code}`);
    await sleep(150);
  }
  throw new Error(`${what}: no instance answered`);
}

/** A read: null when it was cut (the loop just looks again); any other refusal fails the test. */
async function read<T>(tally: Tally, what: string, r: Promise<Answer<T>>): Promise<T | null> {
  const a = await r;
  if (a.ok) return a.value;
  if (!isCut(a.code)) throw new Error(`${what}: ${a.code}`);
  tally.cut++;
  return null;
}

const token = (ticket: string) => ({ 'x-game-token': ticket });

/** The fishing shooter: a shot at a random species about four times a second. */
export async function playFish(call: Call, ticket: string, tally: Tally, stopped: () => boolean) {
  const info = await untilAnswered(tally, 'fish info', () =>
    call<FishInfo>('GET', '/wps/house/fish/info', undefined, token(ticket)),
  );
  while (!stopped()) {
    const body = {
      requestId: newRequestId(),
      bet: info!.betOptions[0],
      fishSpeciesId: pick(info!.species).id,
    };
    // The shot limit counts only new shots, but a retried shot whose first attempt never stored
    // its outcome counts as new: it waits its turn rather than leaving its stake behind.
    const shot = await untilAnswered(
      tally,
      'fish shot',
      () => call<FishShotResult>('POST', '/wps/house/fish/shoot', body, token(ticket)),
      { retry: ['game.shot.too.fast'] },
    );
    if (shot) tally.fish.push(shot.roundId);
    await sleep(250);
  }
}

/**
 * The card room (bronze): joins the coming hand, waits for its deal, then plays (mostly) or folds.
 * One hand per cycle: the next one is joined while this one is on show.
 */
export async function playCards(
  call: Call,
  ticket: string,
  memberId: string,
  tally: Tally,
  stopped: () => boolean,
) {
  const roomId = 'bronze';
  while (!stopped()) {
    const table = await read(
      tally,
      'cards table',
      call<CardsTable>('GET', `/wps/house/cards/table?roomId=${roomId}`, undefined, token(ticket)),
    );
    if (!table) {
      await sleep(200);
      continue;
    }
    const handNo = table.next.handNo;
    const dealIn = Date.parse(table.next.dealAt) - Date.parse(table.serverTime);
    // When the joined hand is dealt, on this process's clock (by the server's count-down).
    const dealtAt = Date.now() + dealIn;
    // Too close to the deal for a join to land before it: wait for the next hand.
    if (dealIn < 700) {
      await sleep(dealIn + 100);
      continue;
    }
    const joined = await untilAnswered(
      tally,
      'cards join',
      () => call<CardsTable>('POST', '/wps/house/cards/join', { roomId, handNo }, token(ticket)),
      { refuse: ['cards.hand.closed'] },
    );
    if (!joined) continue;
    const seat = { memberId, roomId, handNo, action: null as CardsAction | null };
    tally.cards.push(seat);
    await sleep(Math.max(0, dealtAt - Date.now()) + 300);
    const action: CardsAction = Math.random() < 0.75 ? 'PLAY' : 'FOLD';
    const acted = await untilAnswered(
      tally,
      'cards act',
      () => call<CardsTable>('POST', '/wps/house/cards/act', { roomId, handNo, action }, token(ticket)),
      { refuse: ['cards.hand.closed'] },
    );
    if (acted) seat.action = action;
  }
}

/** The cockfight arena: two bets on sides picked at random in each fight's betting window. */
export async function playCockfight(call: Call, ticket: string, tally: Tally, stopped: () => boolean) {
  const info = await untilAnswered(tally, 'cockfight info', () =>
    call<CockfightInfo>('GET', '/wps/house/cockfight/info', undefined, token(ticket)),
  );
  const betOn = new Set<number>();
  while (!stopped()) {
    const state = await read(
      tally,
      'cockfight state',
      call<CockfightState>('GET', '/wps/house/cockfight/state', undefined, token(ticket)),
    );
    const fight = state?.fight;
    if (
      state &&
      fight &&
      fight.phase === 'BETTING' &&
      !betOn.has(fight.fightNo) &&
      Date.parse(fight.closesAt) - Date.parse(state.serverTime) > 1_200
    ) {
      betOn.add(fight.fightNo);
      for (let n = 0; n < 2; n++) {
        const body = {
          fightNo: fight.fightNo,
          side: pick(COCKFIGHT_SIDES),
          amount: info!.minBet,
          requestId: newRequestId(),
        };
        const bet = await untilAnswered(
          tally,
          'cockfight bet',
          () => call<CockfightBetResult>('POST', '/wps/house/cockfight/bet', body, token(ticket)),
          // A retry after the close: the bet was refused, or voided by the fight's settlement.
          { refuse: ['cockfight.betting.closed', 'vendor.round.rolled.back'] },
        );
        if (bet) tally.cockfight.push(bet.bet.betId);
      }
    }
    await sleep(400);
  }
}

/**
 * The sportsbook: a 1X2 single on a match kicking off within seconds, or, every third bet, a
 * parlay of two such matches, at the odds shown (better odds accepted, as the site's slip does).
 */
export async function playSportsbook(call: Call, ticket: string, tally: Tally, stopped: () => boolean) {
  const info = await untilAnswered(tally, 'sportsbook info', () =>
    call<SportsbookInfo>('GET', '/wps/house/sportsbook/info', undefined, token(ticket)),
  );
  let bets = 0;
  while (!stopped()) {
    const list = await read(
      tally,
      'sportsbook matches',
      call<SportsbookMatches>('GET', '/wps/house/sportsbook/matches', undefined, token(ticket)),
    );
    const soon = (list?.matches ?? []).flatMap((m) => {
      const market = m.markets.find((k) => k.market === 'MATCH_RESULT' && !k.suspended);
      // Kicking off soon enough to end, and be settled, shortly after the play.
      return m.status === 'PRE_MATCH' && m.startsInMs > 800 && m.startsInMs < 10_000 && market
        ? [{ fixtureId: m.id, ...pick(market.outcomes), market: market.market }]
        : [];
    });
    if (soon.length > 0) {
      const legs = ++bets % 3 === 0 && soon.length > 1 ? soon.slice(0, 2) : soon.slice(0, 1);
      const body = { requestId: newRequestId(), stake: info!.minStake, acceptBetterOdds: true, legs };
      const bet = await untilAnswered(
        tally,
        'sportsbook bet',
        () => call<SportsbookBetResult>('POST', '/wps/house/sportsbook/bet', body, token(ticket)),
        { refuse: ['sportsbook.odds.changed', 'sportsbook.market.closed'] },
      );
      if (bet) tally.sportsbook.push(bet.bet.betId);
    }
    await sleep(1_500);
  }
}

/**
 * A fast lottery: one slip per draw (big, small and a sum), placed with the session as the site's
 * lottery page does, while the draw takes bets.
 */
export async function playLottery(
  call: Call,
  session: string,
  memberId: string,
  game: { gameCode: string; vendor: string },
  tally: Tally,
  stopped: () => boolean,
) {
  const auth = { authorization: session };
  const query = new URLSearchParams(game).toString();
  const slipOn = new Set<string>();
  while (!stopped()) {
    const info = await read(
      tally,
      'lottery game',
      call<LotteryGameInfo>('GET', `/lgw/lottery/game?${query}`, undefined, auth),
    );
    const draw = info?.currentDraw;
    if (info && draw && draw.status === 'OPEN' && draw.remainTime > 1_500 && !slipOn.has(draw.numero)) {
      slipOn.add(draw.numero);
      const min = (type: string) => info.betTypes.find((b) => b.betType === type)!.minStake;
      const lines = [
        { betType: 'BIG', numbers: [], amount: min('BIG') },
        { betType: 'SMALL', numbers: [], amount: min('SMALL') },
        { betType: 'SUM', numbers: [String(5 + Math.floor(Math.random() * 18))], amount: min('SUM') },
      ];
      const body = { ...game, numero: draw.numero, requestId: newRequestId(), lines };
      const slip = await untilAnswered(
        tally,
        'lottery bet',
        () => call<LotteryBetResult>('POST', '/lgw/lottery/bet', body, auth),
        { refuse: ['lottery.betting.closed'] },
      );
      if (slip) tally.lottery.push({ memberId, requestId: body.requestId, lines: lines.length });
    }
    await sleep(800);
  }
}
