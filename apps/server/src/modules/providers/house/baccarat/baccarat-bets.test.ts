import { describe, expect, it } from 'vitest';
import {
  BACCARAT_BET_TYPES,
  bankerCommission,
  baccaratFigures,
  publishedBaccaratFigures,
  settle,
  type BaccaratBetType,
  type BaccaratResult,
} from './baccarat-bets';
import { countOutcomes, type BaccaratOutcome } from './baccarat-rules';

const result = (outcome: BaccaratOutcome, playerPair = false, bankerPair = false): BaccaratResult => ({
  outcome,
  playerPair,
  bankerPair,
});

describe('settle', () => {
  // A stake of 1.00 (100 minor units): [bet, outcome, player pair, banker pair, payout, valid bet].
  const TABLE: [BaccaratBetType, BaccaratOutcome, boolean, boolean, bigint, bigint][] = [
    ['PLAYER', 'PLAYER', false, false, 200n, 100n],
    ['PLAYER', 'BANKER', false, false, 0n, 100n],
    ['PLAYER', 'TIE', false, false, 100n, 0n], // push
    ['BANKER', 'BANKER', false, false, 195n, 100n],
    ['BANKER', 'PLAYER', false, false, 0n, 100n],
    ['BANKER', 'TIE', false, false, 100n, 0n], // push
    ['TIE', 'TIE', false, false, 900n, 100n],
    ['TIE', 'PLAYER', false, false, 0n, 100n],
    ['TIE', 'BANKER', false, false, 0n, 100n],
    ['PLAYER_PAIR', 'PLAYER', true, false, 1200n, 100n],
    ['PLAYER_PAIR', 'BANKER', true, true, 1200n, 100n],
    ['PLAYER_PAIR', 'TIE', true, false, 1200n, 100n], // a tie does not push the pairs
    ['PLAYER_PAIR', 'PLAYER', false, true, 0n, 100n],
    ['PLAYER_PAIR', 'TIE', false, false, 0n, 100n],
    ['BANKER_PAIR', 'BANKER', false, true, 1200n, 100n],
    ['BANKER_PAIR', 'PLAYER', true, true, 1200n, 100n],
    ['BANKER_PAIR', 'TIE', false, true, 1200n, 100n],
    ['BANKER_PAIR', 'BANKER', true, false, 0n, 100n],
    ['BANKER_PAIR', 'TIE', false, false, 0n, 100n],
  ];

  it.each(TABLE)(
    '%s bet on %s (player pair %s, banker pair %s) pays %s, counts %s',
    (type, outcome, pp, bp, payout, validBet) => {
      expect(settle({ type, stake: 100n }, result(outcome, pp, bp))).toEqual({ payout, validBet });
    },
  );

  it('PLAYER and BANKER ignore the pairs', () => {
    expect(settle({ type: 'PLAYER', stake: 100n }, result('PLAYER', true, true))).toEqual({
      payout: 200n,
      validBet: 100n,
    });
    expect(settle({ type: 'BANKER', stake: 100n }, result('TIE', true, true))).toEqual({
      payout: 100n,
      validBet: 0n,
    });
  });

  it('banker commission is 5% rounded down to the minor unit: 0.01 pays 0.02, 1.23 pays 2.40', () => {
    const bankerWins = (stake: bigint) => settle({ type: 'BANKER', stake }, result('BANKER')).payout;
    // 0.01: 5% is 0.0005, rounded down to 0.00, so the win is 0.01.
    expect([bankerCommission(1n), bankerWins(1n)]).toEqual([0n, 2n]);
    // 1.23: 5% is 0.0615, rounded down to 0.06, so the win is 1.17.
    expect([bankerCommission(123n), bankerWins(123n)]).toEqual([6n, 240n]);
    expect([bankerWins(19n), bankerWins(20n), bankerWins(21n), bankerWins(39n), bankerWins(40n)]).toEqual([
      38n,
      39n,
      41n,
      77n,
      78n,
    ]);
    expect(bankerWins(100_000_000_000_000_000n)).toBe(195_000_000_000_000_000n);
  });

  it('other bets on odd amounts pay exact multiples: 0.01 and 1.23', () => {
    expect(settle({ type: 'PLAYER', stake: 123n }, result('PLAYER')).payout).toBe(246n);
    expect(settle({ type: 'TIE', stake: 1n }, result('TIE')).payout).toBe(9n);
    expect(settle({ type: 'TIE', stake: 123n }, result('TIE')).payout).toBe(1107n);
    expect(settle({ type: 'PLAYER_PAIR', stake: 123n }, result('BANKER', true)).payout).toBe(1476n);
    expect(settle({ type: 'BANKER_PAIR', stake: 1n }, result('PLAYER', false, true)).payout).toBe(12n);
    expect(settle({ type: 'BANKER', stake: 123n }, result('TIE'))).toEqual({ payout: 123n, validBet: 0n });
  });

  it('rejects a stake of 0 or less', () => {
    for (const type of BACCARAT_BET_TYPES) {
      expect(() => settle({ type, stake: 0n }, result('PLAYER'))).toThrow(RangeError);
      expect(() => settle({ type, stake: -5n }, result('PLAYER'))).toThrow(RangeError);
    }
  });
});

describe('published figures (exact enumeration of the eight-deck shoe)', () => {
  it('reproduce the known house edges: banker 1.06%, player 1.24%, tie 14.36% at 8:1, pairs 10.36% at 11:1', () => {
    const started = performance.now();
    const f = baccaratFigures(8);
    expect(performance.now() - started).toBeLessThan(2000);
    const percent = Object.fromEntries(BACCARAT_BET_TYPES.map((t) => [t, f.houseEdge[t].percent]));
    expect(percent).toEqual({
      PLAYER: 1.24,
      BANKER: 1.06,
      TIE: 14.36,
      PLAYER_PAIR: 10.36,
      BANKER_PAIR: 10.36,
    });
    const precise = Object.fromEntries(BACCARAT_BET_TYPES.map((t) => [t, f.houseEdge[t].precise]));
    expect(precise).toEqual({
      PLAYER: 1.235081,
      BANKER: 1.057906,
      TIE: 14.359629,
      PLAYER_PAIR: 10.361446,
      BANKER_PAIR: 10.361446,
    });
    // A pair: the second card matches the first's rank in 31 of the 415 left; 12 x 31/415 - 1 = -43/415.
    expect([f.houseEdge.PLAYER_PAIR.numerator, f.houseEdge.PLAYER_PAIR.denominator]).toEqual([43n, 415n]);
    expect(f.outcomePercent).toEqual({ PLAYER: 44.624661, BANKER: 45.859742, TIE: 9.515597 });
    expect(f.rtp).toEqual({
      PLAYER: 98.76,
      BANKER: 98.94,
      TIE: 85.64,
      PLAYER_PAIR: 89.64,
      BANKER_PAIR: 89.64,
    });
    expect(publishedBaccaratFigures()).toEqual(f);
  });

  it('give the known figures for one and six decks too', () => {
    const edges = (decks: number) => {
      const f = baccaratFigures(decks);
      return [f.houseEdge.BANKER.percent, f.houseEdge.PLAYER.percent, f.houseEdge.TIE.percent];
    };
    expect(edges(6)).toEqual([1.06, 1.24, 14.44]);
    expect(edges(1)).toEqual([1.01, 1.29, 15.75]);
  });

  it('equal what settle pays, weighted by the exact outcome counts (stake 0.20: commission exact)', () => {
    const c = countOutcomes(8);
    const f = baccaratFigures(8);
    const stake = 20n;
    for (const type of ['PLAYER', 'BANKER', 'TIE'] as const) {
      const net =
        c.player * (settle({ type, stake }, result('PLAYER')).payout - stake) +
        c.banker * (settle({ type, stake }, result('BANKER')).payout - stake) +
        c.tie * (settle({ type, stake }, result('TIE')).payout - stake);
      const e = f.houseEdge[type];
      // -net / (stake * total) == numerator / denominator
      expect(-net * e.denominator, type).toBe(e.numerator * stake * c.total);
    }
    for (const type of ['PLAYER_PAIR', 'BANKER_PAIR'] as const) {
      const pair = result('PLAYER', true, true);
      const none = result('PLAYER');
      const net =
        c.pairs * (settle({ type, stake }, pair).payout - stake) +
        (c.pairTotal - c.pairs) * (settle({ type, stake }, none).payout - stake);
      const e = f.houseEdge[type];
      expect(-net * e.denominator, type).toBe(e.numerator * stake * c.pairTotal);
    }
  });
});
