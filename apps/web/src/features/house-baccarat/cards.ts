import type { BaccaratResult } from '@app/contracts';

/** A card code ('TH', 'AS') as shown: rank text, suit symbol, red or black. */
interface CardFace {
  rank: string;
  suit: string;
  red: boolean;
  /** For screen readers: 'Ten of hearts'-like key parts. */
  rankKey: RankKey;
  suitKey: 'S' | 'H' | 'D' | 'C';
}

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
type RankKey = (typeof RANKS)[number];
const isRank = (r: string): r is RankKey => (RANKS as readonly string[]).includes(r);

const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

export function cardFace(code: string): CardFace {
  const c = code[0] ?? 'A';
  const r: RankKey = isRank(c) ? c : 'A';
  const s = (code[1] ?? 'S') as CardFace['suitKey'];
  return {
    rank: r === 'T' ? '10' : r,
    suit: SUITS[s] ?? '?',
    red: s === 'H' || s === 'D',
    rankKey: r,
    suitKey: s,
  };
}

/** Where each card goes, in the order dealt: player, banker, player, banker, then the third cards. */
interface DealtCard {
  side: 'player' | 'banker';
  /** 0, 1, or 2 (the third card, laid sideways). */
  slot: number;
  code: string;
}

export function dealOrder(r: Pick<BaccaratResult, 'playerCards' | 'bankerCards'>): DealtCard[] {
  const out: DealtCard[] = [];
  for (let i = 0; i < 2; i++) {
    out.push({ side: 'player', slot: i, code: r.playerCards[i]! });
    out.push({ side: 'banker', slot: i, code: r.bankerCards[i]! });
  }
  if (r.playerCards[2]) out.push({ side: 'player', slot: 2, code: r.playerCards[2] });
  if (r.bankerCards[2]) out.push({ side: 'banker', slot: 2, code: r.bankerCards[2] });
  return out;
}

const VALUE: Record<string, number> = { A: 1, T: 0, J: 0, Q: 0, K: 0 };

/** A hand's baccarat total from the cards shown so far (the last digit of the sum). */
export const handTotal = (codes: string[]): number =>
  codes.reduce((sum, c) => sum + (VALUE[c[0]!] ?? Number(c[0])), 0) % 10;

/** Ms between two cards turned over. */
export const CARD_STEP_MS = 650;

/** Countdown seconds left until `at` on the server's clock (0 when passed). */
export function secondsUntil(at: number, serverTime: number, receivedAt: number, now: number): number {
  const serverNow = serverTime + (now - receivedAt);
  return Math.max(0, Math.ceil((at - serverNow) / 1000));
}
