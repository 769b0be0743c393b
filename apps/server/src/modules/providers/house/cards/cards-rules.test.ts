import { describe, expect, it } from 'vitest';
import { SecureRng, type Rng } from '../secure-rng';
import {
  cardOf,
  cardText,
  deal,
  handValue,
  HOUSE_PLAY_SHARE,
  houseSeatPlays,
  rakeOf,
  settleHand,
} from './cards-rules';
import { CARDS_SIMULATIONS, playCardsSeat } from './cards-simulation';
import { SIMULATION_TEST_SE } from '../game-simulation';

const hand = (...cards: string[]) => cards.map(cardOf);
const value = (...cards: string[]) => handValue(hand(...cards));

/** Deals cards in order: the rng always picks the next position (no shuffle). */
const inOrder: Rng = { int: () => 0 };

describe('three card showdown rules', () => {
  it('names cards both ways', () => {
    for (let c = 0; c < 52; c++) expect(cardOf(cardText(c))).toBe(c);
    expect(cardText(cardOf('AS'))).toBe('AS');
    expect(() => cardOf('1S')).toThrow();
  });

  it('ranks the hand categories in three-card order', () => {
    expect(value('QH', 'KH', 'AH').rank).toBe('STRAIGHT_FLUSH');
    expect(value('7C', '7D', '7S').rank).toBe('THREE_OF_A_KIND');
    expect(value('2C', '3D', '4S').rank).toBe('STRAIGHT');
    expect(value('AC', '2D', '3S').rank).toBe('STRAIGHT');
    expect(value('2H', '9H', 'KH').rank).toBe('FLUSH');
    expect(value('9C', '9D', '2S').rank).toBe('PAIR');
    expect(value('AC', 'KD', 'JS').rank).toBe('HIGH_CARD');
    const order = [
      value('2S', '3S', '4S'),
      value('2C', '2D', '2S'),
      value('2C', '3D', '4S'),
      value('2H', '3H', '5H'),
      value('2C', '2D', '3S'),
      value('AC', 'KD', 'JS'),
    ];
    for (let i = 1; i < order.length; i++) expect(order[i - 1]!.score).toBeGreaterThan(order[i]!.score);
  });

  it('breaks ties by the cards: pair first, then kicker; the wheel is the lowest straight', () => {
    expect(value('9C', '9D', '2S').score).toBeGreaterThan(value('8C', '8D', 'AS').score);
    expect(value('9C', '9D', '3S').score).toBeGreaterThan(value('9H', '9S', '2S').score);
    expect(value('AC', '2D', '3S').score).toBeLessThan(value('2C', '3D', '4S').score);
    expect(value('QC', 'KD', 'AS').score).toBeGreaterThan(value('JC', 'QD', 'KS').score);
    expect(value('AC', 'KD', 'JS').score).toBe(value('AH', 'KS', 'JD').score);
    expect(value('KC', 'QD', 'TS').score).toBeGreaterThan(value('KH', 'JS', 'TD').score);
  });

  it('the house seats play Q-6-4 or better', () => {
    expect(houseSeatPlays(hand('QS', '6H', '4D'))).toBe(true);
    expect(houseSeatPlays(hand('QS', '6H', '3D'))).toBe(false);
    expect(houseSeatPlays(hand('2S', '2H', '3D'))).toBe(true);
    expect(HOUSE_PLAY_SHARE).toBeGreaterThan(0.6);
    expect(HOUSE_PLAY_SHARE).toBeLessThan(0.75);
  });

  it('deals distinct cards from one deck', () => {
    const rng = new SecureRng();
    for (let i = 0; i < 200; i++) {
      const cards = deal(rng).flat();
      expect(cards).toHaveLength(18);
      expect(new Set(cards).size).toBe(18);
    }
    expect(deal(inOrder, 2)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it('pays the pot less the rake to the best hand that played', () => {
    const r = settleHand(
      [
        { cards: hand('AS', 'AH', '2D'), play: false }, // best hand, folded: loses the ante
        { cards: hand('KS', 'KH', '2C'), play: true },
        { cards: hand('QS', 'JH', '9C'), play: true },
      ],
      100n,
    );
    expect(r.pot).toBe(500n);
    expect(r.rake).toBe(25n);
    expect(r.seats.map((s) => [s.stake, s.payout, s.winner])).toEqual([
      [100n, 0n, false],
      [200n, 475n, true],
      [200n, 0n, false],
    ]);
  });

  it('splits a tie, the odd minor unit to the first winner; rounds the rake down', () => {
    const r = settleHand(
      [
        { cards: hand('AS', 'KH', 'JD'), play: true },
        { cards: hand('2S', '3H', '5D'), play: false },
        { cards: hand('AH', 'KS', 'JC'), play: true },
      ],
      51n,
    );
    expect(r.pot).toBe(255n);
    expect(r.rake).toBe(12n);
    expect(r.seats.map((s) => s.payout)).toEqual([122n, 0n, 121n]);
    expect(rakeOf(19n)).toBe(0n);
  });

  it('when nobody plays the best hand takes the antes', () => {
    const r = settleHand(
      [
        { cards: hand('2S', '3H', '5D'), play: false },
        { cards: hand('9S', '9H', '5C'), play: false },
      ],
      50n,
    );
    expect(r.seats.map((s) => s.payout)).toEqual([0n, 95n]);
  });

  it('always pays out exactly the pot less the rake', () => {
    const rng = new SecureRng();
    for (let i = 0; i < 20_000; i++) {
      const seats = deal(rng).map((cards) => ({ cards, play: rng.int(2) === 1 }));
      const r = settleHand(seats, BigInt(1 + rng.int(1000)));
      const paid = r.seats.reduce((a, s) => a + s.payout, 0n);
      expect(paid + r.rake).toBe(r.pot);
      expect(r.seats.reduce((a, s) => a + s.stake, 0n)).toBe(r.pot);
      expect(r.seats.some((s) => s.winner)).toBe(true);
    }
  });

  it('simulation: a seat gets back 1 - rake of what it stakes, within 5 standard errors', () => {
    const sim = CARDS_SIMULATIONS[0]!;
    expect(sim.rounds).toBeGreaterThanOrEqual(1_000_000);
    const rng = new SecureRng();
    const n = 200_000;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const x = playCardsSeat(rng);
      sum += x;
      sq += x * x;
    }
    const mean = sum / n;
    const se = Math.sqrt((sq / n - mean * mean) / n);
    expect(se).toBeGreaterThan(0);
    expect(Math.abs(mean - sim.publishedRtp)).toBeLessThan(SIMULATION_TEST_SE * se);
  });
});
