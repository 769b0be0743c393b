import { describe, expect, it } from 'vitest';
import { beadRoad, bigRoad, type RoadRound } from './baccarat-roads';
import type { BaccaratOutcome } from './baccarat-rules';

const OUTCOME: Record<string, BaccaratOutcome> = { P: 'PLAYER', B: 'BANKER', T: 'TIE' };

/** 'B Tp Pb' = banker, tie with a player pair, player with a banker pair. */
const rounds = (text: string): RoadRound[] =>
  text
    .split(' ')
    .map((t) => ({ outcome: OUTCOME[t[0]!]!, playerPair: t.includes('p'), bankerPair: t.includes('b') }));

/** The big road as "col,row" per cell, in order. */
const places = (text: string): string[] => bigRoad(rounds(text)).map((c) => `${c.col},${c.row}`);

const SHOE = 'T Bb B P Tp T Ppb B T P';

describe('bead road', () => {
  it('fills 6 rows top to bottom, then the next column, ties and pairs included', () => {
    expect(beadRoad(rounds(SHOE))).toEqual([
      { col: 0, row: 0, round: 0, outcome: 'TIE', playerPair: false, bankerPair: false },
      { col: 0, row: 1, round: 1, outcome: 'BANKER', playerPair: false, bankerPair: true },
      { col: 0, row: 2, round: 2, outcome: 'BANKER', playerPair: false, bankerPair: false },
      { col: 0, row: 3, round: 3, outcome: 'PLAYER', playerPair: false, bankerPair: false },
      { col: 0, row: 4, round: 4, outcome: 'TIE', playerPair: true, bankerPair: false },
      { col: 0, row: 5, round: 5, outcome: 'TIE', playerPair: false, bankerPair: false },
      { col: 1, row: 0, round: 6, outcome: 'PLAYER', playerPair: true, bankerPair: true },
      { col: 1, row: 1, round: 7, outcome: 'BANKER', playerPair: false, bankerPair: false },
      { col: 1, row: 2, round: 8, outcome: 'TIE', playerPair: false, bankerPair: false },
      { col: 1, row: 3, round: 9, outcome: 'PLAYER', playerPair: false, bankerPair: false },
    ]);
  });

  it('takes the number of rows as a parameter and draws nothing for no rounds', () => {
    expect(beadRoad(rounds('B B B B')).map((c) => `${c.col},${c.row}`)).toEqual(['0,0', '0,1', '0,2', '0,3']);
    expect(beadRoad(rounds('B B B B'), 3).map((c) => `${c.col},${c.row}`)).toEqual([
      '0,0',
      '0,1',
      '0,2',
      '1,0',
    ]);
    expect(beadRoad([])).toEqual([]);
  });
});

describe('big road', () => {
  it('streaks go down a column, a change of winner starts the next one, ties count on the last cell', () => {
    expect(bigRoad(rounds(SHOE))).toEqual([
      // The shoe's first round was a tie: it is counted on the first cell.
      {
        col: 0,
        row: 0,
        round: 1,
        outcome: 'BANKER',
        ties: 1,
        playerPair: false,
        bankerPair: true,
        streak: 0,
      },
      {
        col: 0,
        row: 1,
        round: 2,
        outcome: 'BANKER',
        ties: 0,
        playerPair: false,
        bankerPair: false,
        streak: 0,
      },
      {
        col: 1,
        row: 0,
        round: 3,
        outcome: 'PLAYER',
        ties: 2,
        playerPair: false,
        bankerPair: false,
        streak: 1,
      },
      { col: 1, row: 1, round: 6, outcome: 'PLAYER', ties: 0, playerPair: true, bankerPair: true, streak: 1 },
      {
        col: 2,
        row: 0,
        round: 7,
        outcome: 'BANKER',
        ties: 1,
        playerPair: false,
        bankerPair: false,
        streak: 2,
      },
      {
        col: 3,
        row: 0,
        round: 9,
        outcome: 'PLAYER',
        ties: 0,
        playerPair: false,
        bankerPair: false,
        streak: 3,
      },
    ]);
  });

  it('a streak of 8 turns right at the bottom row (dragon tail), and the next streak turns above it', () => {
    const shoe = 'B B B B B B B B P P P P P P P B B B B B B P T T';
    expect(places(shoe)).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5', '2,5'], // 8 bankers
      ...['1,0', '1,1', '1,2', '1,3', '1,4', '2,4', '3,4'], // 7 players: (1,5) is the tail, turn at row 4
      ...['2,0', '2,1', '2,2', '2,3', '3,3', '4,3'], // 6 bankers: turn at row 3
      '3,0', // a player
    ]);
    const road = bigRoad(rounds(shoe));
    expect(road.map((c) => c.streak)).toEqual([
      ...Array(8).fill(0),
      ...Array(7).fill(1),
      ...Array(6).fill(2),
      3,
    ]);
    expect(road.at(-1)?.ties).toBe(2);
  });

  it('nested tails climb to row 0; the streak after a tail along row 0 starts past it', () => {
    const shoe = 'B B B B B B B P P P P P P B B B B B P P P P B B B P P B';
    expect(places(shoe)).toEqual([
      ...['0,0', '0,1', '0,2', '0,3', '0,4', '0,5', '1,5'],
      ...['1,0', '1,1', '1,2', '1,3', '1,4', '2,4'],
      ...['2,0', '2,1', '2,2', '2,3', '3,3'],
      ...['3,0', '3,1', '3,2', '4,2'],
      ...['4,0', '4,1', '5,1'],
      ...['5,0', '6,0'], // (5,1) is taken: the tail runs along the top row
      '7,0', // (6,0) is taken: the seventh streak starts one column further
    ]);
    expect(bigRoad(rounds(shoe)).at(-1)?.streak).toBe(6);
  });

  it('draws nothing for ties only, and takes the number of rows as a parameter', () => {
    expect(bigRoad(rounds('T T T'))).toEqual([]);
    expect(bigRoad([])).toEqual([]);
    expect(bigRoad(rounds('T P P P P'), 3).map((c) => [c.col, c.row, c.ties])).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [0, 2, 0],
      [1, 2, 0],
    ]);
  });
});
