import type { Rng } from '../secure-rng';
import {
  CARDS_PER_DECK,
  cardCode,
  cardRank,
  isCard,
  parseCard,
  type Card,
  type CardSource,
} from './baccarat-rules';

export const SHOE_DECKS = 8;
export const SHOE_SIZE = SHOE_DECKS * CARDS_PER_DECK; // 416
/** The cut card goes between 60 and 80 cards (both included) from the end of the shoe. */
const CUT_CARD_MIN_FROM_END = 60;
const CUT_CARD_MAX_FROM_END = 80;
const STATE_VERSION = 1;

/**
 * Shuffles in place with Fisher–Yates: position i (from the end) swaps with a uniform j in [0, i].
 * Every one of the n! orders comes from exactly one sequence of draws, so an unbiased `rng.int`
 * gives an unbiased shuffle (SecureRng rejects the modulo bias). Draws int(n), int(n-1), .., int(2).
 */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}

/** Eight fresh decks in order: deck by deck, spades, hearts, diamonds, clubs, ace to king. */
export function unshuffledShoe(): Card[] {
  return Array.from({ length: SHOE_SIZE }, (_, i) => i % CARDS_PER_DECK);
}

/** Cards burned after the revealed first card: its pips, 10 for a ten or a face (ace 1). */
export function burnCount(firstCard: Card): number {
  const rank = cardRank(firstCard);
  return rank < 9 ? rank + 1 : 10;
}

/** What the server stores between rounds (plain JSON). */
export interface BaccaratShoeState {
  version: typeof STATE_VERSION;
  /** The whole shoe in its shuffled order, as two-character card codes ('AS', 'TH', ..): 832 characters. */
  cards: string;
  /** Index of the next card to deal. */
  position: number;
  /** Index of the first card behind the cut card (SHOE_SIZE - 80 .. SHOE_SIZE - 60). */
  cutIndex: number;
}

/**
 * An eight-deck shoe: shuffled, cut, burned, then dealt from the front until the cut card comes out.
 *
 * The cut card sits just before `cutIndex`; it comes out when the dealer reaches for that card, and
 * from then on `needsShuffle` is true: the round under way is finished from the cards behind it
 * (at least 60, a round takes at most 6), and the table then starts a new shoe (BaccaratShoe.shuffled).
 *
 * Burn: the first card is turned face up and that many further cards (burnCount: its pips, 10 for a
 * ten or a face) are discarded unseen, so dealing starts at index 1 + burnCount(first card).
 *
 * WARNING: the state holds every card still to come. Keep it on the server; never send it to a client.
 */
export class BaccaratShoe implements CardSource {
  private constructor(
    private readonly cards: Uint8Array,
    private next: number,
    readonly cutIndex: number,
  ) {}

  /** A new shoe: the eight decks shuffled by `rng`, then the cut card placed by `rng`, then the burn. */
  static shuffled(rng: Rng): BaccaratShoe {
    const order = shuffleInPlace(unshuffledShoe(), rng);
    const fromEnd = CUT_CARD_MIN_FROM_END + rng.int(CUT_CARD_MAX_FROM_END - CUT_CARD_MIN_FROM_END + 1);
    return BaccaratShoe.arranged(order, SHOE_SIZE - fromEnd);
  }

  /**
   * A shoe in a given order with the cut card before `cutIndex`, burned and ready to deal.
   * For replaying a recorded shoe and for tests; live tables use `shuffled`.
   */
  static arranged(order: readonly Card[], cutIndex: number): BaccaratShoe {
    checkShoe(order, cutIndex);
    const cards = Uint8Array.from(order);
    return new BaccaratShoe(cards, 1 + burnCount(cards[0]!), cutIndex);
  }

  /** Restores a shoe saved with toJSON; throws on anything that is not a whole, valid shoe. */
  static fromJSON(state: unknown): BaccaratShoe {
    if (typeof state !== 'object' || state === null) throw new TypeError('Shoe state must be an object');
    const s = state as Partial<Record<keyof BaccaratShoeState, unknown>>;
    if (s.version !== STATE_VERSION) throw new TypeError(`Unknown shoe state version ${String(s.version)}`);
    if (typeof s.cards !== 'string' || s.cards.length !== SHOE_SIZE * 2) {
      throw new TypeError(`Shoe state must hold ${SHOE_SIZE} cards`);
    }
    const cards = new Uint8Array(SHOE_SIZE);
    for (let i = 0; i < SHOE_SIZE; i++) cards[i] = parseCard(s.cards.slice(2 * i, 2 * i + 2));
    if (typeof s.cutIndex !== 'number') throw new TypeError('Shoe state has no cut index');
    checkShoe(cards, s.cutIndex);
    const first = 1 + burnCount(cards[0]!);
    if (
      !Number.isInteger(s.position) ||
      (s.position as number) < first ||
      (s.position as number) > SHOE_SIZE
    ) {
      throw new RangeError(`Shoe position must be an integer in [${first}, ${SHOE_SIZE}]`);
    }
    return new BaccaratShoe(cards, s.position as number, s.cutIndex);
  }

  toJSON(): BaccaratShoeState {
    let text = '';
    for (const card of this.cards) text += cardCode(card);
    return { version: STATE_VERSION, cards: text, position: this.next, cutIndex: this.cutIndex };
  }

  draw(): Card {
    if (this.next >= SHOE_SIZE) throw new Error('The shoe is empty');
    return this.cards[this.next++]!;
  }

  /** The card turned face up for the burn (the shoe's first card). */
  get burnCard(): Card {
    return this.cards[0]!;
  }

  /** Cards discarded unseen after the burn card. */
  get burned(): number {
    return burnCount(this.cards[0]!);
  }

  /** Index of the next card to deal. */
  get position(): number {
    return this.next;
  }

  get remaining(): number {
    return SHOE_SIZE - this.next;
  }

  /** The cut card has come out: finish the round under way, then start a new shoe. */
  get needsShuffle(): boolean {
    return this.next > this.cutIndex;
  }
}

function checkShoe(cards: ArrayLike<number>, cutIndex: number): void {
  if (cards.length !== SHOE_SIZE) throw new RangeError(`A shoe has ${SHOE_SIZE} cards, not ${cards.length}`);
  const copies = new Array<number>(CARDS_PER_DECK).fill(0);
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if (!isCard(card)) throw new RangeError(`Not a card: ${card}`);
    copies[card]!++;
  }
  const wrong = copies.findIndex((c) => c !== SHOE_DECKS);
  if (wrong >= 0) {
    throw new RangeError(
      `A shoe holds ${SHOE_DECKS} of each card, not ${copies[wrong]} of ${cardCode(wrong)}`,
    );
  }
  if (
    !Number.isInteger(cutIndex) ||
    cutIndex < SHOE_SIZE - CUT_CARD_MAX_FROM_END ||
    cutIndex > SHOE_SIZE - CUT_CARD_MIN_FROM_END
  ) {
    throw new RangeError(
      `The cut card goes ${CUT_CARD_MIN_FROM_END}-${CUT_CARD_MAX_FROM_END} cards from the end, not at ${cutIndex}`,
    );
  }
}
