import { describe, expect, it } from 'vitest';
import {
  type Rng,
  betTypesOf,
  canonicalNumbers,
  drawResult,
  expectedHits,
  hitsOf,
  isResultOf,
  lineOdds,
  oddsFor,
  payoutOf,
  pickOf,
  presentResult,
  prizesWith,
  rtpPercent,
  TABLE_TIERS,
  THREE_BALL_SUM_WAYS,
  type DrawnResult,
} from './lottery-rules';

/** A northern result: special 12345 ... 7th prizes 45, 07, 45, 99. */
const NORTH: DrawnResult = {
  prizes: [
    { tier: 'SPECIAL', numbers: ['12345'] },
    { tier: 'FIRST', numbers: ['67890'] },
    { tier: 'SECOND', numbers: ['11145', '22207'] },
    { tier: 'THIRD', numbers: ['30001', '30002', '30003', '30004', '30005', '30345'] },
    { tier: 'FOURTH', numbers: ['4001', '4002', '4003', '4004'] },
    { tier: 'FIFTH', numbers: ['5001', '5002', '5003', '5004', '5005', '5006'] },
    { tier: 'SIXTH', numbers: ['601', '602', '603'] },
    { tier: 'SEVENTH', numbers: ['45', '07', '45', '99'] },
  ],
};
const THREE = (a: number, b: number, c: number): DrawnResult => ({
  prizes: [{ tier: 'BALLS', numbers: [String(a), String(b), String(c)] }],
});

describe('result tables', () => {
  it('the northern table has 27 numbers, the southern 18 (an 8th prize of 2 digits), 4D 23, Thai 6', () => {
    const count = (t: keyof typeof TABLE_TIERS) => TABLE_TIERS[t].reduce((a, x) => a + x.count, 0);
    expect(count('NORTH')).toBe(27);
    expect(count('SOUTH')).toBe(18);
    expect(TABLE_TIERS.SOUTH.at(-1)).toEqual({ tier: 'EIGHTH', count: 1, digits: 2 });
    expect(count('FOUR_D')).toBe(23);
    expect(count('THAI')).toBe(6);
    expect(prizesWith('NORTH', 3)).toBe(23);
    expect(prizesWith('SOUTH', 3)).toBe(17);
  });

  it('a drawn result fits its table; Mega 6/45 draws six different numbers 01-45 in order', () => {
    let seed = 7;
    const rng: Rng = { int: (n) => (seed = (seed * 48271) % 2147483647) % n };
    for (const table of ['NORTH', 'SOUTH', 'THAI', 'FOUR_D', 'MEGA645', 'THREE_BALL'] as const) {
      for (let i = 0; i < 50; i++) {
        const r = drawResult(table, rng);
        expect(isResultOf(table, r)).toBe(true);
        if (table === 'MEGA645') {
          const six = r.prizes[0]!.numbers.map(Number);
          expect(new Set(six).size).toBe(6);
          expect([...six].sort((a, b) => a - b)).toEqual(six);
          expect(Math.min(...six)).toBeGreaterThanOrEqual(1);
          expect(Math.max(...six)).toBeLessThanOrEqual(45);
        }
      }
    }
    expect(isResultOf('NORTH', THREE(1, 2, 3))).toBe(false);
  });

  it('the winning number is the special (digit tables), the six joined (Mega), the balls (fast) with their sum', () => {
    expect(presentResult('NORTH', NORTH)).toMatchObject({ winningNumber: '12345', sum: null });
    expect(presentResult('THREE_BALL', THREE(3, 5, 7))).toMatchObject({ winningNumber: '357', sum: 15 });
    expect(
      presentResult('MEGA645', {
        prizes: [{ tier: 'NUMBERS', numbers: ['01', '09', '12', '23', '34', '45'] }],
      }).winningNumber,
    ).toBe('01,09,12,23,34,45');
  });
});

describe('bet types and picks', () => {
  it('digit tables take lo, de, xien, head and tail; DE4 only where the special has 4 digits; Mega lo and xien; fast games their six', () => {
    expect(betTypesOf('NORTH')).toEqual([
      'LO2',
      'LO3',
      'DE2',
      'DE3',
      'DE4',
      'XIEN2',
      'XIEN3',
      'XIEN4',
      'HEAD',
      'TAIL',
    ]);
    expect(betTypesOf('FOUR_D')).toContain('DE4');
    expect(betTypesOf('MEGA645')).toEqual(['LO2', 'XIEN2', 'XIEN3', 'XIEN4']);
    expect(betTypesOf('THREE_BALL')).toEqual(['BIG', 'SMALL', 'ODD', 'EVEN', 'SUM', 'NUMBER']);
  });

  it('numbers are padded to the pick ("7" is "07"), xien numbers distinct and sorted, out-of-range refused', () => {
    expect(canonicalNumbers('NORTH', 'LO2', ['7'])).toEqual(['07']);
    expect(canonicalNumbers('NORTH', 'XIEN3', ['45', '07', '99'])).toEqual(['07', '45', '99']);
    expect(canonicalNumbers('NORTH', 'XIEN2', ['45', '45'])).toBeNull();
    expect(canonicalNumbers('NORTH', 'XIEN2', ['45'])).toBeNull();
    expect(canonicalNumbers('NORTH', 'LO2', ['100'])).toBeNull();
    expect(canonicalNumbers('NORTH', 'LO2', ['-1'])).toBeNull();
    expect(canonicalNumbers('NORTH', 'LO2', ['1e1'])).toBeNull();
    expect(canonicalNumbers('NORTH', 'SUM', ['13'])).toBeNull();
    expect(canonicalNumbers('MEGA645', 'LO2', ['00'])).toBeNull();
    expect(canonicalNumbers('MEGA645', 'LO2', ['46'])).toBeNull();
    expect(canonicalNumbers('MEGA645', 'DE2', ['12'])).toBeNull();
    expect(canonicalNumbers('THREE_BALL', 'SUM', ['28'])).toBeNull();
    expect(canonicalNumbers('THREE_BALL', 'SUM', ['7'])).toEqual(['07']);
    expect(canonicalNumbers('THREE_BALL', 'BIG', [])).toEqual([]);
    expect(canonicalNumbers('THREE_BALL', 'BIG', ['1'])).toBeNull();
    expect(canonicalNumbers('THREE_BALL', 'NUMBER', ['057'])).toEqual(['057']);
    expect(pickOf('NORTH', 'DE3')).toEqual({ count: 1, digits: 3, min: 0, max: 999, distinct: false });
  });
});

describe('settlement, worked examples on the northern result (special 12345; 7th prizes 45 07 45 99)', () => {
  const hits = (betType: Parameters<typeof hitsOf>[1], ...numbers: string[]) =>
    hitsOf('NORTH', betType, canonicalNumbers('NORTH', betType, numbers)!, NORTH);

  it('LO2 45 hits 5 times (special 12345, 2nd 11145, 3rd 30345, 7th 45 twice): 10.00 at 3.50 pays 175.00', () => {
    expect(hits('LO2', '45')).toBe(5);
    expect(payoutOf(1000n, 350, 5)).toBe(17_500n);
  });
  it('LO2 07 hits twice (2nd 22207, 7th 07); LO2 08 misses and pays 0', () => {
    expect(hits('LO2', '07')).toBe(2);
    expect(hits('LO2', '08')).toBe(0);
    expect(payoutOf(1000n, 350, 0)).toBe(0n);
  });
  it('LO3 345 hits twice (special 12345, 3rd 30345); the 2-digit 7th prizes never count for LO3', () => {
    expect(hits('LO3', '345')).toBe(2);
    expect(hits('LO3', '045')).toBe(0);
  });
  it('DE2 45 wins (special ends 45); DE3 345 wins; DE4 2345 wins; DE2 44 loses', () => {
    expect(hits('DE2', '45')).toBe(1);
    expect(hits('DE3', '345')).toBe(1);
    expect(hits('DE4', '2345')).toBe(1);
    expect(hits('DE2', '44')).toBe(0);
  });
  it('XIEN2 45+07 wins once, XIEN3 45+07+99 wins, XIEN2 45+08 loses (08 is not a lo number)', () => {
    expect(hits('XIEN2', '45', '07')).toBe(1);
    expect(hits('XIEN3', '45', '07', '99')).toBe(1);
    expect(hits('XIEN4', '45', '07', '99', '01')).toBe(1);
    expect(hits('XIEN2', '45', '08')).toBe(0);
  });
  it('HEAD 4 and TAIL 5 win (the special ends 45); HEAD 5 loses', () => {
    expect(hits('HEAD', '4')).toBe(1);
    expect(hits('TAIL', '5')).toBe(1);
    expect(hits('HEAD', '5')).toBe(0);
  });
  it('a payout rounds down to the minor unit: 0.33 at 95.37 pays 31.47 (31.4721)', () => {
    expect(payoutOf(33n, 9537, 1)).toBe(3147n);
  });
});

describe('settlement of fast draws, worked examples', () => {
  it('balls 3 5 7 (sum 15): BIG wins, SMALL loses, ODD wins, EVEN loses, SUM 15 wins, NUMBER 357 wins, 375 loses', () => {
    const r = THREE(3, 5, 7);
    const h = (b: Parameters<typeof hitsOf>[1], ...n: string[]) => hitsOf('THREE_BALL', b, n, r);
    expect([h('BIG'), h('SMALL'), h('ODD'), h('EVEN')]).toEqual([1, 0, 1, 0]);
    expect(h('SUM', '15')).toBe(1);
    expect(h('SUM', '14')).toBe(0);
    expect(h('NUMBER', '357')).toBe(1);
    expect(h('NUMBER', '375')).toBe(0);
  });
  it('balls 4 5 4 (sum 13) is SMALL and ODD; balls 0 0 0 (sum 0) is SMALL and EVEN', () => {
    expect(hitsOf('THREE_BALL', 'SMALL', [], THREE(4, 5, 4))).toBe(1);
    expect(hitsOf('THREE_BALL', 'ODD', [], THREE(4, 5, 4))).toBe(1);
    expect(hitsOf('THREE_BALL', 'EVEN', [], THREE(0, 0, 0))).toBe(1);
    expect(hitsOf('THREE_BALL', 'SUM', ['00'], THREE(0, 0, 0))).toBe(1);
  });
});

describe('exact probabilities, odds and RTP', () => {
  it('three balls make 1000 outcomes; sums 13 and 14 have 75 ways, 0 and 27 one; BIG and SMALL are even money', () => {
    expect(THREE_BALL_SUM_WAYS.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(THREE_BALL_SUM_WAYS[13]).toBe(75);
    expect(THREE_BALL_SUM_WAYS[14]).toBe(75);
    expect(THREE_BALL_SUM_WAYS[0]).toBe(1);
    expect(expectedHits('THREE_BALL', 'BIG')).toEqual({ num: 500n, den: 1000n });
    expect(expectedHits('THREE_BALL', 'ODD')).toEqual({ num: 500n, den: 1000n });
  });

  it('lo expects 27/100 hits per line on the northern table: at a 95% target the odds are 3.51 and the RTP 94.77%', () => {
    const p = expectedHits('NORTH', 'LO2');
    expect(p).toEqual({ num: 27n, den: 100n });
    expect(oddsFor(9500, p)).toBe(351);
    expect(rtpPercent(351, p)).toBe(94.77);
  });

  it('de pays 95.00 at a 95% target (1 in 100); 3-cang 950.00; DE4 9500.00; head/tail 9.50', () => {
    expect(oddsFor(9500, expectedHits('NORTH', 'DE2'))).toBe(9500);
    expect(oddsFor(9500, expectedHits('NORTH', 'DE3'))).toBe(95_000);
    expect(oddsFor(9500, expectedHits('SOUTH', 'DE4'))).toBe(950_000);
    expect(oddsFor(9500, expectedHits('NORTH', 'HEAD'))).toBe(950);
    expect(rtpPercent(9500, expectedHits('NORTH', 'DE2'))).toBe(95);
  });

  it('xien 2 on the northern table: 1 - 2(0.99^27) + 0.98^27 = 0.05781..., odds 16.43 at 95%', () => {
    const p = expectedHits('NORTH', 'XIEN2');
    const exact = 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
    expect(Number(p.num) / Number(p.den)).toBeCloseTo(exact, 12);
    expect(oddsFor(9500, p)).toBe(Math.floor(95 / exact));
    // The chance falls with each number: xien 3 and 4 pay more.
    const p3 = expectedHits('NORTH', 'XIEN3');
    const p4 = expectedHits('NORTH', 'XIEN4');
    expect(Number(p3.num) / Number(p3.den)).toBeLessThan(exact);
    expect(Number(p4.num) / Number(p4.den)).toBeLessThan(Number(p3.num) / Number(p3.den));
  });

  it('Mega 6/45: a number comes up 6 times in 45; two numbers both with C(43,4)/C(45,6) = 1/66', () => {
    expect(expectedHits('MEGA645', 'LO2')).toEqual({ num: 6n, den: 45n });
    const p = expectedHits('MEGA645', 'XIEN2');
    expect(Number(p.den) / Number(p.num)).toBeCloseTo(66, 10);
  });

  it('SUM odds follow each sum: sum 0 pays 950.00, sums 13/14 pay 12.66 at 95%; every published RTP stays at or under target', () => {
    expect(lineOdds('THREE_BALL', 'SUM', ['00'], 9500)).toBe(95_000);
    expect(lineOdds('THREE_BALL', 'SUM', ['13'], 9500)).toBe(1266);
    for (const table of ['NORTH', 'SOUTH', 'THAI', 'FOUR_D', 'MEGA645', 'THREE_BALL'] as const) {
      for (const betType of betTypesOf(table)) {
        const p = expectedHits(table, betType, 10);
        const odds = oddsFor(9600, p);
        expect(odds).toBeGreaterThan(100);
        expect(rtpPercent(odds, p)).toBeLessThanOrEqual(96);
        expect(rtpPercent(odds, p)).toBeGreaterThan(90);
      }
    }
  });

  it('the lo expectation matches a count over random results (sanity of the exact figure)', () => {
    let seed = 99;
    const rng: Rng = { int: (n) => (seed = (seed * 48271) % 2147483647) % n };
    let hitsTotal = 0;
    const rounds = 5_000;
    for (let i = 0; i < rounds; i++) hitsTotal += hitsOf('NORTH', 'LO2', ['45'], drawResult('NORTH', rng));
    expect(hitsTotal / rounds).toBeCloseTo(0.27, 1);
  });
});
