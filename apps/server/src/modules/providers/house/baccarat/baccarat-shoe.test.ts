import { describe, expect, it } from 'vitest';
import { SecureRng, type Rng } from '../secure-rng';
import { cardCode, cardRank, cardValue, dealRound, parseCard, type Card } from './baccarat-rules';
import {
  BaccaratShoe,
  burnCount,
  SHOE_SIZE,
  shuffleInPlace,
  unshuffledShoe,
  type BaccaratShoeState,
} from './baccarat-shoe';

/** An Rng that answers `pick(n)` for each call and records the n it was asked for. */
function recording(pick: (n: number) => number): Rng & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    int(n) {
      asked.push(n);
      const v = pick(n);
      if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`answer ${v} out of range for ${n}`);
      return v;
    },
  };
}

/** An Rng that returns the given answers in order. */
function scripted(answers: number[]): Rng {
  const queue = [...answers];
  return recording(() => {
    const v = queue.shift();
    if (v === undefined) throw new Error('scripted RNG exhausted');
    return v;
  });
}

/** The unshuffled shoe with its first card swapped for the first copy of `code`. */
function startingWith(code: string): Card[] {
  const order = unshuffledShoe();
  const i = order.indexOf(parseCard(code));
  [order[0], order[i]] = [order[i]!, order[0]!];
  return order;
}

const cardsOf = (state: BaccaratShoeState): Card[] =>
  Array.from({ length: state.cards.length / 2 }, (_, i) => parseCard(state.cards.slice(2 * i, 2 * i + 2)));

describe('a new shoe', () => {
  it('holds 416 cards: 8 of each of the 52, so 32 of each rank and 128 worth 0', () => {
    const cards = cardsOf(BaccaratShoe.shuffled(new SecureRng()).toJSON());
    expect(cards).toHaveLength(416);
    const copies = new Map<Card, number>();
    for (const c of cards) copies.set(c, (copies.get(c) ?? 0) + 1);
    expect(copies.size).toBe(52);
    expect([...copies.values()].every((n) => n === 8)).toBe(true);
    expect(cards.filter((c) => cardRank(c) === 0)).toHaveLength(32);
    expect(cards.filter((c) => cardValue(c) === 0)).toHaveLength(128);
  });

  it('asks the RNG for int(416), int(415), .., int(2) (Fisher–Yates), then int(21) for the cut card', () => {
    const rng = recording((n) => n - 1); // j = i every time: nothing moves
    const shoe = BaccaratShoe.shuffled(rng);
    expect(rng.asked).toEqual([...Array.from({ length: 415 }, (_, k) => 416 - k), 21]);
    expect(cardsOf(shoe.toJSON())).toEqual(unshuffledShoe());
    expect(shoe.cutIndex).toBe(416 - 80);
  });

  it('an RNG that always answers 0 gives a known order: the fresh shoe turned left by one card', () => {
    const shoe = BaccaratShoe.shuffled(recording(() => 0));
    const fresh = unshuffledShoe();
    expect(cardsOf(shoe.toJSON())).toEqual(fresh.map((_, i) => fresh[(i + 1) % 416]));
    expect(shoe.cutIndex).toBe(416 - 60);
    // First card 2S: burn 2, deal from index 3, which holds 5S.
    expect([cardCode(shoe.burnCard), shoe.burned, shoe.position, cardCode(shoe.draw())]).toEqual([
      '2S',
      2,
      3,
      '5S',
    ]);
  });

  it('Fisher–Yates maps the 3 x 2 draw sequences on 3 cards one to one onto the 6 orders', () => {
    const orders = new Set<string>();
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 2; b++) orders.add(shuffleInPlace(['x', 'y', 'z'], scripted([a, b])).join(''));
    }
    expect([...orders].sort()).toEqual(['xyz', 'xzy', 'yxz', 'yzx', 'zxy', 'zyx']);
  });

  it('with SecureRng, 24,000 shuffles of 4 items land on each of the 24 orders about equally', () => {
    const rng = new SecureRng();
    const seen = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = shuffleInPlace([0, 1, 2, 3], rng).join('');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(24);
    const chiSquare = [...seen.values()].reduce((sum, n) => sum + (n - 1000) ** 2 / 1000, 0);
    // 23 degrees of freedom: above 60 happens with probability under 1 in 20,000 for a fair shuffle.
    expect(chiSquare).toBeLessThan(60);
  });
});

describe('burn', () => {
  it('turns the first card up and burns its pips: ace 1, 7 seven, 9 nine, ten and faces 10', () => {
    expect(['AS', '2H', '7D', '9C', 'TS', 'JH', 'QD', 'KC'].map((c) => burnCount(parseCard(c)))).toEqual([
      1, 2, 7, 9, 10, 10, 10, 10,
    ]);
    for (const [first, burned] of [
      ['7H', 7],
      ['KS', 10],
      ['TD', 10],
      ['AC', 1],
    ] as const) {
      const order = startingWith(first);
      const shoe = BaccaratShoe.arranged(order, 350);
      expect([cardCode(shoe.burnCard), shoe.burned, shoe.position, shoe.remaining]).toEqual([
        first,
        burned,
        1 + burned,
        416 - 1 - burned,
      ]);
      expect(shoe.draw()).toBe(order[1 + burned]);
    }
  });
});

describe('cut card', () => {
  it('the cut index is 60 + int(21) cards from the end', () => {
    const answers = (cut: number) => [...Array.from({ length: 415 }, () => 0), cut];
    expect(BaccaratShoe.shuffled(scripted(answers(0))).cutIndex).toBe(356);
    expect(BaccaratShoe.shuffled(scripted(answers(7))).cutIndex).toBe(349);
    expect(BaccaratShoe.shuffled(scripted(answers(20))).cutIndex).toBe(336);
  });

  it('comes out when the dealer reaches for the card behind it, not before', () => {
    const shoe = BaccaratShoe.fromJSON({
      ...BaccaratShoe.arranged(unshuffledShoe(), 340).toJSON(),
      position: 340,
    });
    expect(shoe.needsShuffle).toBe(false); // the cut card is next, still in the shoe
    shoe.draw();
    expect(shoe.needsShuffle).toBe(true);
  });

  it('the round in which it comes out is finished, and only then does the shoe ask for a shuffle', () => {
    const shoe = BaccaratShoe.fromJSON({
      ...BaccaratShoe.arranged(unshuffledShoe(), 340).toJSON(),
      position: 338,
    });
    const round = dealRound(shoe); // 338, 339 and the cut card, then 340..
    expect(round.playerCards.length + round.bankerCards.length).toBeGreaterThanOrEqual(4);
    expect(shoe.needsShuffle).toBe(true);
  });

  it('a whole shoe deals rounds until the cut card is out and leaves at least 54 cards unused', () => {
    const rng = new SecureRng();
    for (let s = 0; s < 20; s++) {
      const shoe = BaccaratShoe.shuffled(rng);
      expect(shoe.cutIndex).toBeGreaterThanOrEqual(336);
      expect(shoe.cutIndex).toBeLessThanOrEqual(356);
      let rounds = 0;
      let lastStart = 0;
      while (!shoe.needsShuffle) {
        lastStart = shoe.position;
        dealRound(shoe);
        rounds++;
      }
      expect(lastStart).toBeLessThanOrEqual(shoe.cutIndex); // the last round began before the cut card
      expect(shoe.position).toBeGreaterThan(shoe.cutIndex);
      // The last round starts at the latest cut position (356) and deals at most 6 cards.
      expect(shoe.remaining).toBeGreaterThanOrEqual(416 - 356 - 6);
      expect(rounds).toBeGreaterThan(50);
    }
  });
});

describe('saving a shoe', () => {
  it('round-trips through JSON and deals on exactly as the original does', () => {
    const original = BaccaratShoe.shuffled(new SecureRng());
    for (let i = 0; i < 3; i++) dealRound(original);
    const saved = JSON.parse(JSON.stringify(original)) as unknown;
    const restored = BaccaratShoe.fromJSON(saved);
    expect(restored.toJSON()).toEqual(original.toJSON());
    expect(restored.toJSON().cards).toHaveLength(832);
    expect([restored.position, restored.cutIndex, restored.burnCard]).toEqual([
      original.position,
      original.cutIndex,
      original.burnCard,
    ]);
    for (let i = 0; i < 10; i++) expect(dealRound(restored)).toEqual(dealRound(original));
  });

  it('rejects a state that is not a whole, valid shoe', () => {
    const good = BaccaratShoe.arranged(unshuffledShoe(), 340).toJSON(); // AS first: deal from 2
    expect(BaccaratShoe.fromJSON(good).position).toBe(2);
    const swapOne = `${good.cards.slice(0, 2)}KS${good.cards.slice(4)}`; // 9 kings of spades, 7 twos
    for (const bad of [
      null,
      'shoe',
      { ...good, version: 2 },
      { ...good, cards: good.cards.slice(2) },
      { ...good, cards: swapOne },
      { ...good, cards: `${good.cards.slice(0, 830)}XX` },
      { ...good, position: 1 }, // inside the burn
      { ...good, position: 417 },
      { ...good, position: 2.5 },
      { ...good, cutIndex: 335 },
      { ...good, cutIndex: 357 },
      { ...good, cutIndex: undefined },
    ]) {
      expect(() => BaccaratShoe.fromJSON(bad), JSON.stringify(bad)?.slice(0, 60)).toThrow();
    }
  });

  it('arranged rejects a shoe with wrong counts or things that are not cards', () => {
    const order = unshuffledShoe();
    expect(() => BaccaratShoe.arranged(order.slice(1), 340)).toThrow(RangeError);
    for (const bad of [52, -1, 1.5, 1 + 256]) {
      const copy = [...order];
      copy[5] = bad;
      expect(() => BaccaratShoe.arranged(copy, 340), String(bad)).toThrow(RangeError);
    }
    expect(() => BaccaratShoe.arranged(order, 200)).toThrow(RangeError);
  });

  it('an empty shoe refuses to deal', () => {
    const shoe = BaccaratShoe.fromJSON({
      ...BaccaratShoe.arranged(unshuffledShoe(), 340).toJSON(),
      position: SHOE_SIZE,
    });
    expect(shoe.remaining).toBe(0);
    expect(() => shoe.draw()).toThrow('empty');
  });
});
