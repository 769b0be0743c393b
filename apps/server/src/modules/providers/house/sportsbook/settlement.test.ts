import { describe, expect, it } from 'vitest';
import type { Selection } from './pricing';
import { seededRng } from './random';
import {
  cashOutValue,
  checkBet,
  MAX_PARLAY_LEGS,
  payoutFor,
  potentialPayout,
  settleBet,
  settleSelection,
  type Bet,
  type BetLeg,
  type MatchResult,
} from './settlement';

const score = (home: number, away: number): MatchResult => ({ status: 'FINISHED', home, away });
const CANCELLED: MatchResult = { status: 'CANCELLED' };
const HOME_WIN: Selection = { market: 'MATCH_RESULT', pick: 'HOME' };
const leg = (fixtureId: string, odds: number, selection: Selection = HOME_WIN): BetLeg => ({
  fixtureId,
  selection,
  odds,
});
const results = (entries: Record<string, MatchResult>) => new Map(Object.entries(entries));

describe('settleSelection: football', () => {
  it.each([
    [2, 1, 'WON', 'LOST', 'LOST'],
    [1, 1, 'LOST', 'WON', 'LOST'],
    [0, 2, 'LOST', 'LOST', 'WON'],
    [0, 0, 'LOST', 'WON', 'LOST'],
  ] as const)('1X2 at %i-%i: HOME %s, DRAW %s, AWAY %s', (home, away, h, d, a) => {
    expect(settleSelection({ market: 'MATCH_RESULT', pick: 'HOME' }, score(home, away))).toBe(h);
    expect(settleSelection({ market: 'MATCH_RESULT', pick: 'DRAW' }, score(home, away))).toBe(d);
    expect(settleSelection({ market: 'MATCH_RESULT', pick: 'AWAY' }, score(home, away))).toBe(a);
  });

  it.each([
    // line, home, away, HOME outcome: the edge cases sit one goal either side of the line.
    [-1.5, 3, 1, 'WON'], // home by 2 covers -1.5
    [-1.5, 2, 1, 'LOST'], // home by exactly 1 does not
    [-0.5, 1, 0, 'WON'], // any home win covers -0.5
    [-0.5, 1, 1, 'LOST'], // a draw does not
    [0.5, 1, 1, 'WON'], // a draw covers +0.5
    [0.5, 0, 1, 'LOST'], // a one-goal defeat does not
    [1.5, 0, 1, 'WON'], // a one-goal defeat covers +1.5
    [1.5, 0, 2, 'LOST'], // a two-goal defeat does not
    [1.5, 4, 0, 'WON'],
    [-1.5, 0, 0, 'LOST'],
  ] as const)(
    'HANDICAP %s at %i-%i: HOME %s, AWAY the opposite (no push on half lines)',
    (line, home, away, outcome) => {
      expect(settleSelection({ market: 'HANDICAP', line, pick: 'HOME' }, score(home, away))).toBe(outcome);
      expect(settleSelection({ market: 'HANDICAP', line, pick: 'AWAY' }, score(home, away))).toBe(
        outcome === 'WON' ? 'LOST' : 'WON',
      );
    },
  );

  it.each([
    [1.5, 0, 0, 'UNDER'],
    [1.5, 1, 0, 'UNDER'],
    [1.5, 1, 1, 'OVER'],
    [2.5, 1, 1, 'UNDER'],
    [2.5, 2, 1, 'OVER'],
    [3.5, 2, 1, 'UNDER'],
    [3.5, 0, 4, 'OVER'],
  ] as const)('TOTAL_GOALS %s at %i-%i: %s wins', (line, home, away, winner) => {
    const loser = winner === 'OVER' ? 'UNDER' : 'OVER';
    expect(settleSelection({ market: 'TOTAL_GOALS', line, pick: winner }, score(home, away))).toBe('WON');
    expect(settleSelection({ market: 'TOTAL_GOALS', line, pick: loser }, score(home, away))).toBe('LOST');
  });

  it('a cancelled match voids every market', () => {
    const all: Selection[] = [
      HOME_WIN,
      { market: 'HANDICAP', line: -1.5, pick: 'AWAY' },
      { market: 'TOTAL_GOALS', line: 2.5, pick: 'OVER' },
      { market: 'MATCH_WINNER', pick: 'HOME' },
      { market: 'MAP_HANDICAP', line: 1.5, pick: 'HOME' },
      { market: 'TOTAL_MAPS', line: 2.5, pick: 'UNDER' },
    ];
    for (const s of all) expect(settleSelection(s, CANCELLED)).toBe('VOID');
  });

  it('refuses a negative or fractional score', () => {
    expect(() => settleSelection(HOME_WIN, score(-1, 0))).toThrow(RangeError);
    expect(() => settleSelection(HOME_WIN, score(1.5, 0))).toThrow(RangeError);
  });
});

describe('settleSelection: esports best of 3', () => {
  it.each([
    [2, 0, 'WON', 'WON', 'WON', 'UNDER'],
    [2, 1, 'WON', 'LOST', 'WON', 'OVER'],
    [1, 2, 'LOST', 'LOST', 'WON', 'OVER'],
    [0, 2, 'LOST', 'LOST', 'LOST', 'UNDER'],
  ] as const)(
    'maps %i-%i: MATCH_WINNER HOME %s, MAP_HANDICAP -1.5 HOME %s, +1.5 HOME %s, TOTAL_MAPS 2.5 %s wins',
    (home, away, winner, minus, plus, total) => {
      const r = score(home, away);
      expect(settleSelection({ market: 'MATCH_WINNER', pick: 'HOME' }, r)).toBe(winner);
      expect(settleSelection({ market: 'MATCH_WINNER', pick: 'AWAY' }, r)).toBe(
        winner === 'WON' ? 'LOST' : 'WON',
      );
      expect(settleSelection({ market: 'MAP_HANDICAP', line: -1.5, pick: 'HOME' }, r)).toBe(minus);
      expect(settleSelection({ market: 'MAP_HANDICAP', line: 1.5, pick: 'HOME' }, r)).toBe(plus);
      expect(settleSelection({ market: 'MAP_HANDICAP', line: 1.5, pick: 'AWAY' }, r)).toBe(
        plus === 'WON' ? 'LOST' : 'WON',
      );
      expect(settleSelection({ market: 'TOTAL_MAPS', line: 2.5, pick: total }, r)).toBe('WON');
    },
  );

  it('refuses a result that cannot end a best of 3 (1-1, 3-0, 2-2)', () => {
    for (const [h, a] of [
      [1, 1],
      [3, 0],
      [2, 2],
    ] as const) {
      expect(() => settleSelection({ market: 'MATCH_WINNER', pick: 'HOME' }, score(h, a))).toThrow(
        RangeError,
      );
    }
  });
});

describe('payouts', () => {
  it('a single at 1.950 on 10.00 pays 19.50', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950)] };
    expect(potentialPayout(bet)).toBe(1950n);
    expect(settleBet(bet, results({ A: score(1, 0) }))).toEqual({
      status: 'WON',
      legs: ['WON'],
      payout: 1950n,
    });
    expect(settleBet(bet, results({ A: score(0, 0) }))).toEqual({
      status: 'LOST',
      legs: ['LOST'],
      payout: 0n,
    });
  });

  it('a single at 1.333 on 0.07 pays 0.09 (9.331 minor units, rounded down)', () => {
    expect(payoutFor(7n, [1333])).toBe(9n);
  });

  it('a 2-leg parlay at 1.950 and 2.100 pays 40.95 on 10.00', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    expect(potentialPayout(bet)).toBe(4095n);
    expect(settleBet(bet, results({ A: score(2, 0), B: score(3, 1) })).payout).toBe(4095n);
  });

  it('a 3-leg parlay at 1.333 each on 1.00 pays 2.36: rounded once (236.859…), not per leg (which would give 2.35)', () => {
    const bet: Bet = { stake: 100n, legs: [leg('A', 1333), leg('B', 1333), leg('C', 1333)] };
    expect(settleBet(bet, results({ A: score(1, 0), B: score(1, 0), C: score(1, 0) })).payout).toBe(236n);
  });

  it('a 10-leg parlay at 1000.00 each on 0.01 stays exact: 10^30 minor units', () => {
    const legs = Array.from({ length: 10 }, (_, i) => leg(`F${i}`, 1_000_000));
    expect(potentialPayout({ stake: 1n, legs })).toBe(10n ** 30n);
  });

  it('a parlay with a void leg: 1.950 × (cancelled 3.000) × 2.100 on 10.00 pays 40.95, the void leg at 1.000', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 3000), leg('C', 2100)] };
    expect(settleBet(bet, results({ A: score(1, 0), B: CANCELLED, C: score(2, 1) }))).toEqual({
      status: 'WON',
      legs: ['WON', 'VOID', 'WON'],
      payout: 4095n,
    });
  });

  it('a parlay loses on one lost leg, even while another is still pending', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100), leg('C', 1500)] };
    expect(settleBet(bet, results({ A: score(0, 1), C: score(1, 0) }))).toEqual({
      status: 'LOST',
      legs: ['LOST', 'PENDING', 'WON'],
      payout: 0n,
    });
  });

  it('a parlay with a pending leg and no loss is PENDING and pays nothing yet', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    expect(settleBet(bet, results({ A: score(1, 0) }))).toEqual({
      status: 'PENDING',
      legs: ['WON', 'PENDING'],
      payout: 0n,
    });
  });

  it('a cancelled match returns the stake: a single on it pays 10.00, an all-void parlay too', () => {
    expect(settleBet({ stake: 1000n, legs: [leg('A', 1950)] }, results({ A: CANCELLED }))).toEqual({
      status: 'VOID',
      legs: ['VOID'],
      payout: 1000n,
    });
    const parlay: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    expect(settleBet(parlay, results({ A: CANCELLED, B: CANCELLED })).payout).toBe(1000n);
  });

  it('a parlay of every market type: HANDICAP -1.5, TOTAL_GOALS 2.5 UNDER, MAP_HANDICAP +1.5 and TOTAL_MAPS OVER', () => {
    const bet: Bet = {
      stake: 1000n,
      legs: [
        leg('F1', 2500, { market: 'HANDICAP', line: -1.5, pick: 'HOME' }),
        leg('F2', 1800, { market: 'TOTAL_GOALS', line: 2.5, pick: 'UNDER' }),
        leg('E1', 1300, { market: 'MAP_HANDICAP', line: 1.5, pick: 'HOME' }),
        leg('E2', 2200, { market: 'TOTAL_MAPS', line: 2.5, pick: 'OVER' }),
      ],
    };
    const won = settleBet(
      bet,
      results({ F1: score(3, 1), F2: score(1, 1), E1: score(1, 2), E2: score(2, 1) }),
    );
    // 10.00 × 2.5 × 1.8 × 1.3 × 2.2 = 128.70
    expect(won).toEqual({ status: 'WON', legs: ['WON', 'WON', 'WON', 'WON'], payout: 12870n });
    const lost = settleBet(
      bet,
      results({ F1: score(2, 1), F2: score(1, 1), E1: score(1, 2), E2: score(2, 1) }),
    );
    expect(lost.status).toBe('LOST');
  });
});

describe('checkBet', () => {
  it('refuses a parlay with the same match twice (SAME_MATCH_TWICE), and settling it throws', () => {
    const bet: Bet = {
      stake: 1000n,
      legs: [leg('A', 1950), leg('A', 2100, { market: 'TOTAL_GOALS', line: 2.5, pick: 'OVER' })],
    };
    expect(checkBet(bet)).toBe('SAME_MATCH_TWICE');
    expect(() => settleBet(bet, results({ A: score(1, 0) }))).toThrow(RangeError);
    expect(() => potentialPayout(bet)).toThrow(RangeError);
  });

  it('accepts 1 to 10 legs and refuses 0 and 11', () => {
    const legs = (n: number) => Array.from({ length: n }, (_, i) => leg(`F${i}`, 1500));
    expect(checkBet({ stake: 100n, legs: legs(0) })).toBe('NO_LEGS');
    expect(checkBet({ stake: 100n, legs: legs(1) })).toBeNull();
    expect(checkBet({ stake: 100n, legs: legs(MAX_PARLAY_LEGS) })).toBeNull();
    expect(checkBet({ stake: 100n, legs: legs(MAX_PARLAY_LEGS + 1) })).toBe('TOO_MANY_LEGS');
  });

  it('refuses a stake of 0 and odds under 1.01, over 1000.00 or not whole thousandths', () => {
    expect(checkBet({ stake: 0n, legs: [leg('A', 1500)] })).toBe('BAD_STAKE');
    for (const odds of [1000, 1009, 1_000_001, 1500.5]) {
      expect(checkBet({ stake: 100n, legs: [leg('A', odds)] })).toBe('BAD_ODDS');
    }
  });
});

describe('cashOutValue', () => {
  it('a single at 2.000 on 10.00, the selection now 60% likely: 10 × 2.000 × 0.6 × (1 − 5%) = 11.40', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 2000)] };
    expect(cashOutValue(bet, new Map([['A', 0.6]]))).toBe(1140n);
    expect(cashOutValue(bet, new Map([['A', 0.6]]), 0.1)).toBe(1080n);
  });

  it('cashing out right after placing at priced odds returns about 90% of the stake (two margins)', () => {
    // Priced at 1 / (0.4 × 1.05) = 2.38: 10.00 × 2.38 × 0.4 × 0.95 = 9.04.
    expect(cashOutValue({ stake: 1000n, legs: [leg('A', 2380)] }, new Map([['A', 0.4]]))).toBe(904n);
  });

  it('a 2-leg parlay at 1.950 × 2.100 on 10.00, first leg won, second now 50%: 40.95 × 0.5 × 0.95 = 19.45', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    // 4095 × 0.475 = 1945.125, rounded down.
    expect(
      cashOutValue(
        bet,
        new Map([
          ['A', 1],
          ['B', 0.5],
        ]),
      ),
    ).toBe(1945n);
  });

  it('a void leg counts at 1.000: 2.000 × (cancelled 3.000) on 10.00, other leg 50%: 10 × 2 × 0.5 × 0.95 = 9.50', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 2000), leg('B', 3000)] };
    const now = new Map<string, number | 'VOID'>([
      ['A', 0.5],
      ['B', 'VOID'],
    ]);
    expect(cashOutValue(bet, now)).toBe(950n);
  });

  it('no cash-out once a leg has lost (0), and a missing or impossible probability throws', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    expect(
      cashOutValue(
        bet,
        new Map([
          ['A', 0],
          ['B', 0.9],
        ]),
      ),
    ).toBe(0n);
    expect(() => cashOutValue(bet, new Map([['A', 0.5]]))).toThrow(RangeError);
    expect(() =>
      cashOutValue(
        bet,
        new Map([
          ['A', 0.5],
          ['B', 1.2],
        ]),
      ),
    ).toThrow(RangeError);
    expect(() => cashOutValue(bet, new Map([['A', 0.5]]), 1)).toThrow(RangeError);
  });

  it('with every leg won and no cash-out margin it equals the potential payout exactly (40.95)', () => {
    const bet: Bet = { stake: 1000n, legs: [leg('A', 1950), leg('B', 2100)] };
    const won = new Map([
      ['A', 1],
      ['B', 1],
    ]);
    expect(cashOutValue(bet, won, 0)).toBe(4095n);
  });

  it('never exceeds the potential payout: 20,000 random singles and parlays, probabilities 0..1, margins 0..10%', () => {
    const rng = seededRng('cash-out');
    const float = () => rng.int(1_000_001) / 1_000_000;
    let over = 0;
    let offers = 0;
    for (let n = 0; n < 20_000; n++) {
      const legCount = 1 + rng.int(MAX_PARLAY_LEGS);
      const legs = Array.from({ length: legCount }, (_, i) => leg(`F${i}`, 1010 + 10 * rng.int(2_000)));
      const bet: Bet = { stake: BigInt(1 + rng.int(10_000_000)), legs };
      const now = new Map<string, number | 'VOID'>(
        legs.map((l) => [l.fixtureId, rng.int(10) === 0 ? 'VOID' : rng.int(3) === 0 ? 1 : float()]),
      );
      const margin = rng.int(11) / 100;
      const value = cashOutValue(bet, now, margin);
      const effective = legs.map((l) => (now.get(l.fixtureId) === 'VOID' ? 1000 : l.odds));
      if (value > payoutFor(bet.stake, effective) || value < 0n) over++;
      if (value > 0n) offers++;
    }
    expect(over).toBe(0);
    expect(offers).toBeGreaterThan(10_000);
  });
});
