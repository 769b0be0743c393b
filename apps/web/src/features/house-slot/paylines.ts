import { SLOT_SYMBOLS, type SlotLineWin, type SlotSymbol } from '@app/contracts';

/**
 * Geometry of the payline overlay: an SVG whose viewBox is the grid, one CELL × CELL square per
 * symbol (reel r, row w at x = r·CELL, y = w·CELL), so the drawing scales with the reels.
 */
const CELL = 100;

/** The viewBox of a grid of `reels` × `rows` cells. */
export const gridViewBox = (reels: number, rows: number): string => `0 0 ${reels * CELL} ${rows * CELL}`;

/** The centre of a cell. */
export const cellCentre = (reel: number, row: number): [number, number] => [
  (reel + 0.5) * CELL,
  (row + 0.5) * CELL,
];

/**
 * The points of a payline ("x,y x,y ..."): through the centre of its cell on every reel, and
 * out to the grid's left and right edges at the height of its first and last cell.
 */
export function paylinePoints(rows: readonly number[]): string {
  if (rows.length === 0) return '';
  const points: [number, number][] = rows.map((row, reel) => cellCentre(reel, row));
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return [[0, first[1]], ...points, [rows.length * CELL, last[1]]].map(([x, y]) => `${x},${y}`).join(' ');
}

/** A cell's key in highlight sets. */
export const cellKey = (reel: number, row: number): string => `${reel}:${row}`;

/** The cells a line win is paid for: its row on each of the first `count` reels. */
export function lineWinCells(lines: readonly (readonly number[])[], win: SlotLineWin): string[] {
  const rows = lines[win.line] ?? [];
  return rows.slice(0, win.count).map((row, reel) => cellKey(reel, row));
}

/** Every cell of the grid (grid[reel][row]) holding the symbol. */
export function symbolCells(grid: readonly (readonly SlotSymbol[])[], symbol: SlotSymbol): string[] {
  const cells: string[] = [];
  grid.forEach((reel, r) => reel.forEach((s, w) => s === symbol && cells.push(cellKey(r, w))));
  return cells;
}

/** A colour per payline, spread round the colour wheel so neighbouring lines differ. */
export const lineColor = (line: number): string => `hsl(${Math.round((line * 137.508) % 360)} 85% 55%)`;

/**
 * Cosmetic symbols that fly past while a reel spins (a small seeded generator, so rendering
 * stays pure). They never decide anything: the result comes from the server.
 */
export function fillerSymbols(seed: number, reel: number, count: number): SlotSymbol[] {
  let state = (seed * 2654435761 + reel * 40503 + 1) >>> 0;
  const out: SlotSymbol[] = [];
  for (let i = 0; i < count; i++) {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    out.push(SLOT_SYMBOLS[Math.floor(r * SLOT_SYMBOLS.length)]!);
  }
  return out;
}
