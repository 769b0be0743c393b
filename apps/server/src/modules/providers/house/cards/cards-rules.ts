import { CARDS_RAKE_PERCENT, CARDS_SEATS, type CardsHandRank } from '@app/contracts';
import type { Rng } from '../secure-rng';

/**
 * Three Card Showdown, the rules (pure functions: the service, the tests and the simulation all
 * play these). A card is 0..51: rank = card % 13 (0 is a two, 12 an ace), suit = card / 13.
 */

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';

export const cardText = (c: number): string => `${RANKS[c % 13]}${SUITS[Math.floor(c / 13)]}`;

export function cardOf(text: string): number {
  const r = RANKS.indexOf(text[0] ?? '');
  const s = SUITS.indexOf(text[1] ?? '');
  if (r < 0 || s < 0 || text.length !== 2) throw new RangeError(`not a card: ${text}`);
  return s * 13 + r;
}

/**
 * Deals `seats` hands of three cards from a fresh 52-card deck shuffled with `rng` (a
 * Fisher-Yates shuffle of the first 3 x seats positions: every deal equally likely).
 */
export function deal(rng: Rng, seats: number = CARDS_SEATS): number[][] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const need = seats * 3;
  for (let i = 0; i < need; i++) {
    const j = i + rng.int(52 - i);
    const t = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = t;
  }
  return Array.from({ length: seats }, (_, s) => deck.slice(s * 3, s * 3 + 3));
}

const CATEGORY: Record<CardsHandRank, number> = {
  HIGH_CARD: 0,
  PAIR: 1,
  FLUSH: 2,
  STRAIGHT: 3,
  THREE_OF_A_KIND: 4,
  STRAIGHT_FLUSH: 5,
};

interface HandValue {
  rank: CardsHandRank;
  /** Higher is better; equal scores split the pot. */
  score: number;
}

/** Values a three-card hand (A-2-3 is the lowest straight, A-K-Q the highest). */
export function handValue(cards: readonly number[]): HandValue {
  if (cards.length !== 3) throw new RangeError('a hand is three cards');
  const r = cards.map((c) => c % 13).sort((a, b) => b - a) as [number, number, number];
  const flush =
    Math.floor(cards[0]! / 13) === Math.floor(cards[1]! / 13) &&
    Math.floor(cards[1]! / 13) === Math.floor(cards[2]! / 13);
  const wheel = r[0] === 12 && r[1] === 1 && r[2] === 0;
  const straight = (r[0] - r[1] === 1 && r[1] - r[2] === 1) || wheel;
  // Kickers high to low; a pair puts its rank first, and the wheel counts its ace low.
  let kick: number[] = r;
  let rank: CardsHandRank;
  if (straight && flush) rank = 'STRAIGHT_FLUSH';
  else if (r[0] === r[2]) rank = 'THREE_OF_A_KIND';
  else if (straight) rank = 'STRAIGHT';
  else if (flush) rank = 'FLUSH';
  else if (r[0] === r[1] || r[1] === r[2]) {
    rank = 'PAIR';
    kick = r[0] === r[1] ? [r[0], r[0], r[2]] : [r[1], r[1], r[0]];
  } else rank = 'HIGH_CARD';
  if (straight && wheel) kick = [1, 0, -1];
  const score = CATEGORY[rank] * 13 ** 3 + (kick[0]! + 1) * 13 ** 2 + (kick[1]! + 1) * 13 + (kick[2]! + 1);
  return { rank, score };
}

/** The house seats' fixed rule: they play with Queen-6-4 high or better, else fold. */
export const HOUSE_SEAT_RULE = ['QS', '6H', '4D'] as const;
const HOUSE_THRESHOLD = handValue(HOUSE_SEAT_RULE.map(cardOf)).score;

export const houseSeatPlays = (cards: readonly number[]): boolean =>
  handValue(cards).score >= HOUSE_THRESHOLD;

/** Share of all three-card hands the house rule plays (exact, by counting all 22,100 hands). */
export const HOUSE_PLAY_SHARE: number = (() => {
  let all = 0;
  let plays = 0;
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++) {
        all++;
        if (houseSeatPlays([a, b, c])) plays++;
      }
  return plays / all;
})();

interface SeatInHand {
  cards: readonly number[];
  /** True: played (staked the ante twice); false: folded. */
  play: boolean;
}

interface SeatResult {
  stake: bigint;
  payout: bigint;
  winner: boolean;
  rank: CardsHandRank;
}

interface HandResult {
  seats: SeatResult[];
  pot: bigint;
  rake: bigint;
}

/** The rake of a pot: CARDS_RAKE_PERCENT of it, rounded down to the minor unit. */
export const rakeOf = (pot: bigint): bigint => (pot * BigInt(CARDS_RAKE_PERCENT)) / 100n;

/**
 * The showdown. Every seat staked the ante, and the ante again if it played. The pot, less the
 * rake, goes to the best hand among the seats that played; equal best hands split it, the minor
 * units that do not divide going to the first of them in seat order. If no seat played, every
 * hand is shown and the best takes the antes (less the rake) the same way.
 * WARNING: sum(payout) + rake === pot always; a test checks it over many random hands.
 */
export function settleHand(seats: readonly SeatInHand[], ante: bigint): HandResult {
  if (ante <= 0n) throw new RangeError('ante must be positive');
  const values = seats.map((s) => handValue(s.cards));
  const stakes = seats.map((s) => (s.play ? ante * 2n : ante));
  const pot = stakes.reduce((a, b) => a + b, 0n);
  const rake = rakeOf(pot);
  const anyPlay = seats.some((s) => s.play);
  const contenders = seats.map((s, i) => i).filter((i) => !anyPlay || seats[i]!.play);
  const best = Math.max(...contenders.map((i) => values[i]!.score));
  const winners = contenders.filter((i) => values[i]!.score === best);
  const share = (pot - rake) / BigInt(winners.length);
  const odd = pot - rake - share * BigInt(winners.length);
  return {
    pot,
    rake,
    seats: seats.map((_, i) => {
      const winner = winners.includes(i);
      return {
        stake: stakes[i]!,
        payout: winner ? share + (i === winners[0] ? odd : 0n) : 0n,
        winner,
        rank: values[i]!.rank,
      };
    }),
  };
}
