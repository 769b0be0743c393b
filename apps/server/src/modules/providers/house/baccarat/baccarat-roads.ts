import type { BaccaratOutcome, BaccaratRound } from './baccarat-rules';

/**
 * The scoreboards ("roads") of a shoe, drawn from its rounds in order. Pure layout: each function
 * returns the cells with their grid coordinates (col 0 at the left, row 0 at the top); the client
 * only paints them. Rows are 6, as on every baccarat scoreboard.
 */

const ROAD_ROWS = 6;

export type RoadRound = Pick<BaccaratRound, 'outcome' | 'playerPair' | 'bankerPair'>;

interface BeadCell {
  col: number;
  row: number;
  /** Index of the round in the list given. */
  round: number;
  outcome: BaccaratOutcome;
  playerPair: boolean;
  bankerPair: boolean;
}

/** Bead road: one cell per round, ties included, filling each column top to bottom, then the next. */
export function beadRoad(rounds: readonly RoadRound[], rows = ROAD_ROWS): BeadCell[] {
  return rounds.map((r, i) => ({
    col: Math.floor(i / rows),
    row: i % rows,
    round: i,
    outcome: r.outcome,
    playerPair: r.playerPair,
    bankerPair: r.bankerPair,
  }));
}

interface BigRoadCell {
  col: number;
  row: number;
  /** Index of the round that made the cell. */
  round: number;
  outcome: Exclude<BaccaratOutcome, 'TIE'>;
  /** Ties since this round (drawn as a slash with the count on the cell). */
  ties: number;
  /** Pairs of the round that made the cell. */
  playerPair: boolean;
  bankerPair: boolean;
  /**
   * The cell's streak, counting from 0: its logical column. It equals `col` until a dragon tail
   * pushes later streaks to the right; the derived roads (big eye boy and the others) read streaks.
   */
  streak: number;
}

/**
 * Big road: only player and banker wins make cells. A win continues its streak down the column; a
 * change of winner starts a new streak at the top of the next column (the column after the one
 * where the previous streak started, moved right past any cell already there).
 *
 * Ties make no cell: each adds 1 to the tie count of the last cell. Ties before the first win of the
 * shoe are counted on the first cell when it comes (a shoe of ties only draws nothing).
 *
 * Dragon tail: a streak that cannot go down, because it reached the bottom row or the cell below is
 * taken by an earlier tail, turns right and runs along its row from then on.
 */
export function bigRoad(rounds: readonly RoadRound[], rows = ROAD_ROWS): BigRoadCell[] {
  const cells: BigRoadCell[] = [];
  const taken = new Set<string>();
  const at = (col: number, row: number) => `${col},${row}`;
  let leadingTies = 0;
  let last: BigRoadCell | undefined;
  let streakCol = -1; // column where the current streak started
  let streak = -1;
  let turned = false;

  rounds.forEach((r, round) => {
    if (r.outcome === 'TIE') {
      if (last) last.ties++;
      else leadingTies++;
      return;
    }
    let col: number;
    let row: number;
    if (!last || last.outcome !== r.outcome) {
      streak++;
      col = streakCol + 1;
      while (taken.has(at(col, 0))) col++;
      row = 0;
      streakCol = col;
      turned = false;
    } else if (!turned && last.row + 1 < rows && !taken.has(at(last.col, last.row + 1))) {
      col = last.col;
      row = last.row + 1;
    } else {
      turned = true;
      col = last.col + 1;
      row = last.row;
      // Tails nest inside earlier ones, so this cell is free; the loop only guards the layout.
      while (taken.has(at(col, row))) col++;
    }
    const cell: BigRoadCell = {
      col,
      row,
      round,
      outcome: r.outcome,
      ties: last ? 0 : leadingTies,
      playerPair: r.playerPair,
      bankerPair: r.bankerPair,
      streak,
    };
    taken.add(at(col, row));
    cells.push(cell);
    last = cell;
  });
  return cells;
}
