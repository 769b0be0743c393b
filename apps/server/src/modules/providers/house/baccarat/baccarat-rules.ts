/**
 * Punto banco as dealt in every casino: cards, their values, the fixed drawing rules (the tableau)
 * and one round dealt from a card source. Nothing here is random: the shoe decides the cards.
 */

export const BACCARAT_OUTCOMES = ['PLAYER', 'BANKER', 'TIE'] as const;
export type BaccaratOutcome = (typeof BACCARAT_OUTCOMES)[number];

// ---- cards ---------------------------------------------------------------------------------------

/**
 * A card is an integer 0..51: suit * 13 + rank, rank 0 = ace .. 12 = king, suits in SUIT_CODES
 * order. Integers keep a 416-card shoe cheap to shuffle and to store; codes are for people and wire.
 */
export type Card = number;

export const CARDS_PER_DECK = 52;
const RANKS = 13;
/** Rank then suit: 'AS', 'TH' (ten), 'KD', '9C'. Always two characters, so a shoe is a plain string. */
const RANK_CODES = 'A23456789TJQK';
const SUIT_CODES = 'SHDC';

/** 0 = ace .. 12 = king. */
export const cardRank = (card: Card): number => card % RANKS;
/** 0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs. */
const cardSuit = (card: Card): number => Math.floor(card / RANKS);

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < CARDS_PER_DECK;
}

export function cardCode(card: Card): string {
  if (!isCard(card)) throw new RangeError(`Not a card: ${card}`);
  return RANK_CODES[cardRank(card)]! + SUIT_CODES[cardSuit(card)]!;
}

export function parseCard(code: string): Card {
  const rank = code.length === 2 ? RANK_CODES.indexOf(code[0]!) : -1;
  const suit = code.length === 2 ? SUIT_CODES.indexOf(code[1]!) : -1;
  if (rank < 0 || suit < 0) throw new RangeError(`Not a card code: ${JSON.stringify(code)}`);
  return suit * RANKS + rank;
}

/** Baccarat value: ace 1, two to nine their pips, ten and faces 0. */
export function cardValue(card: Card): number {
  const rank = cardRank(card);
  return rank < 9 ? rank + 1 : 0;
}

/** A hand's total: the last digit of the sum of its values. */
export function handTotal(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) sum += cardValue(card);
  return sum % 10;
}

// ---- the tableau ---------------------------------------------------------------------------------

/** A natural: a two-card total of 8 or 9 on either side ends the round at once. */
const isNatural = (twoCardTotal: number): boolean => twoCardTotal >= 8;

/** Player (no natural on the table) draws a third card on 0-5 and stands on 6-7. */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * Banker (no natural on the table) with two-card total `bankerTotal`, given the VALUE of the
 * player's third card, or null when the player stood:
 * - player stood: banker draws on 0-5, stands on 6-7 (the same rule as the player);
 * - 0-2 draws; 3 draws unless the player's third card is 8; 4 draws on 2-7; 5 draws on 4-7;
 *   6 draws on 6-7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThirdValue: number | null): boolean {
  if (playerThirdValue === null) return bankerTotal <= 5;
  const v = playerThirdValue;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return v !== 8;
    case 4:
      return v >= 2 && v <= 7;
    case 5:
      return v >= 4 && v <= 7;
    case 6:
      return v === 6 || v === 7;
    default:
      return false;
  }
}

// ---- a round -------------------------------------------------------------------------------------

/** Where a round's cards come from: a shoe, or a scripted list in tests. */
export interface CardSource {
  draw(): Card;
}

export interface BaccaratRound {
  /** In the order dealt; two or three cards each. */
  playerCards: Card[];
  bankerCards: Card[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratOutcome;
  /** The side's first two cards are the same rank (two tens pair; a ten and a king do not). */
  playerPair: boolean;
  bankerPair: boolean;
  /** Either side's first two cards made 8 or 9, so nobody drew. */
  natural: boolean;
}

/**
 * Deals one round: player, banker, player, banker; then the player's third card if any, then the
 * banker's. Draws four to six cards from `source`, in that order.
 */
export function dealRound(source: CardSource): BaccaratRound {
  const p1 = source.draw();
  const b1 = source.draw();
  const p2 = source.draw();
  const b2 = source.draw();
  const playerCards = [p1, p2];
  const bankerCards = [b1, b2];
  const playerTwo = handTotal(playerCards);
  const bankerTwo = handTotal(bankerCards);
  const natural = isNatural(playerTwo) || isNatural(bankerTwo);
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(playerTwo)) {
      const card = source.draw();
      playerCards.push(card);
      playerThird = cardValue(card);
    }
    if (bankerDraws(bankerTwo, playerThird)) bankerCards.push(source.draw());
  }
  const playerTotal = handTotal(playerCards);
  const bankerTotal = handTotal(bankerCards);
  return {
    playerCards,
    bankerCards,
    playerTotal,
    bankerTotal,
    outcome: playerTotal > bankerTotal ? 'PLAYER' : bankerTotal > playerTotal ? 'BANKER' : 'TIE',
    playerPair: cardRank(p1) === cardRank(p2),
    bankerPair: cardRank(b1) === cardRank(b2),
    natural,
  };
}

// ---- exact odds ----------------------------------------------------------------------------------

interface BaccaratOutcomeCounts {
  /** Ordered sequences of the shoe's first six cards (N * (N-1) * ... * (N-5)) by the round's outcome. */
  player: bigint;
  banker: bigint;
  tie: bigint;
  total: bigint;
  /** Ordered pairs of two cards (N * (N-1)) that are the same rank: a side's pair, either side. */
  pairs: bigint;
  pairTotal: bigint;
}

/**
 * Exact outcome counts for a full shoe of `decks` decks, by enumeration: every sequence of card
 * VALUES (ten classes: value 0 has 16 cards a deck, the others 4) for the up-to-six cards of a
 * round, weighted by how many ordered card sequences show it (drawing without replacement), with
 * the same playerDraws/bankerDraws the game deals by. A round that uses fewer than six cards counts
 * once per way to fill the unused places, so every outcome is over the same denominator.
 *
 * Which cards the burn and earlier rounds took is unknown when the bet is placed, so by symmetry
 * these are also the odds of any round of the shoe (the published "off the top" figures).
 * Some 10^5 value sequences of the first four cards and their draws: under 0.1 s once warm.
 */
export function countOutcomes(decks = 8): BaccaratOutcomeCounts {
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) throw new RangeError('decks must be 1..8');
  const left = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const n = CARDS_PER_DECK * decks;
  // Counts stay below n^6 (5e15 for 8 decks): exact as doubles, so the hot loop needs no bigint.
  if (n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5) > Number.MAX_SAFE_INTEGER) {
    throw new RangeError('Too many cards for exact double arithmetic');
  }
  const rest5 = n - 5; // cards left when the sixth is drawn
  const rest4 = n - 4;
  let player = 0;
  let banker = 0;
  let tie = 0;
  const add = (p: number, b: number, ways: number) => {
    if (p > b) player += ways;
    else if (b > p) banker += ways;
    else tie += ways;
  };
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = left[p1]!--;
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = w1 * left[b1]!--;
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = w2 * left[p2]!--;
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = w3 * left[b2]!--;
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (w4 > 0) {
            if (isNatural(p) || isNatural(b)) add(p, b, w4 * rest4 * rest5);
            else if (playerDraws(p)) {
              for (let p3 = 0; p3 < 10; p3++) {
                const w5 = w4 * left[p3]!--;
                const pt = (p + p3) % 10;
                if (w5 > 0) {
                  if (bankerDraws(b, p3)) {
                    for (let b3 = 0; b3 < 10; b3++) add(pt, (b + b3) % 10, w5 * left[b3]!);
                  } else add(pt, b, w5 * rest5);
                }
                left[p3]!++;
              }
            } else if (bankerDraws(b, null)) {
              for (let b3 = 0; b3 < 10; b3++) add(p, (b + b3) % 10, w4 * left[b3]! * rest5);
            } else add(p, b, w4 * rest4 * rest5);
          }
          left[b2]!++;
        }
        left[p2]!++;
      }
      left[b1]!++;
    }
    left[p1]!++;
  }
  const big = BigInt(n);
  const total = big * (big - 1n) * (big - 2n) * (big - 3n) * (big - 4n) * (big - 5n);
  const sum = BigInt(player) + BigInt(banker) + BigInt(tie);
  if (sum !== total) throw new Error(`Baccarat enumeration lost sequences: ${sum} of ${total}`);
  const perRank = BigInt(4 * decks);
  return {
    player: BigInt(player),
    banker: BigInt(banker),
    tie: BigInt(tie),
    total,
    pairs: BigInt(RANKS) * perRank * (perRank - 1n),
    pairTotal: big * (big - 1n),
  };
}
