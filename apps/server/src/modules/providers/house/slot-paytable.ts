import { SLOT_REELS, SLOT_ROWS, SLOT_SYMBOLS, type SlotInfo, type SlotSymbol } from '@app/contracts';

/**
 * The house slot's game definition: 5 reels x 3 rows, 20 fixed paylines, one reel strip per reel
 * (free spins play the same strips). The published RTP, hit rate and maximum win are computed
 * exactly from what is here (scripts/slot-figures.ts writes them to slot-figures.ts): re-run it
 * after changing any pay or strip.
 */

/** For each payline, the row (0 top) it crosses on each reel. */
export const SLOT_LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [1, 0, 2, 0, 1],
];
export const SLOT_LINE_COUNT = SLOT_LINES.length;

export type LineSymbol = Exclude<SlotSymbol, 'SCATTER'>;

/**
 * Line pays for 3, 4 and 5 of a kind from the leftmost reel, as multiples of the bet per line.
 * WILD stands in for every symbol but SCATTER and also pays on its own (a run of wilds).
 */
export const SLOT_LINE_PAYS: Readonly<Record<LineSymbol, readonly [number, number, number]>> = {
  WILD: [50, 250, 2500],
  DRAGON: [40, 150, 750],
  TIGER: [30, 100, 400],
  KOI: [20, 75, 250],
  LANTERN: [15, 50, 200],
  A: [10, 30, 150],
  K: [10, 25, 125],
  Q: [5, 20, 100],
  J: [5, 15, 75],
};

/** Scatter pays by the number of scatters anywhere on the grid, as multiples of the TOTAL bet. */
export const SLOT_SCATTER_PAYS: Readonly<Record<3 | 4 | 5, number>> = { 3: 2, 4: 10, 5: 50 };
/** 3 or more scatters on a base spin start the free spins. */
export const SLOT_FREE_SPIN_TRIGGER = 3;
export const SLOT_FREE_SPINS = 10;
/** Free spin wins (lines and scatters) are multiplied by this; free spins award no more free spins. */
export const SLOT_FREE_SPIN_MULTIPLIER = 3;

const strip = (text: string): readonly SlotSymbol[] =>
  text.split(' ').map((name) => {
    if (!(SLOT_SYMBOLS as readonly string[]).includes(name)) throw new Error(`Unknown slot symbol ${name}`);
    return name as SlotSymbol;
  });

/**
 * The reel strips; a stop shows strip[stop], strip[stop + 1], strip[stop + 2] (wrapping) from top to
 * bottom. One SCATTER per strip, so no window shows two. The first and third reels run symbols in pairs
 * (stacks): that keeps the RTP (which depends only on the symbol counts) and lowers the hit rate,
 * since lines crossing the same stack win or lose together.
 */
export const SLOT_REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [
  strip(
    'K K A A KOI KOI Q Q SCATTER KOI KOI A A Q Q WILD LANTERN LANTERN DRAGON K K DRAGON DRAGON Q Q TIGER TIGER K ' +
      'TIGER TIGER J J LANTERN LANTERN J J',
  ),
  strip(
    'SCATTER DRAGON KOI TIGER K J KOI Q A J LANTERN KOI Q LANTERN Q TIGER J Q DRAGON J A WILD K KOI K LANTERN ' +
      'WILD TIGER K KOI Q A',
  ),
  strip(
    'J J LANTERN LANTERN K K A A KOI KOI Q Q J WILD TIGER TIGER LANTERN LANTERN J J DRAGON DRAGON A A K KOI WILD ' +
      'SCATTER K K Q Q',
  ),
  strip(
    'SCATTER A K LANTERN K J WILD K KOI Q J TIGER J Q DRAGON J A LANTERN Q K Q WILD DRAGON K LANTERN TIGER A Q J ' +
      'Q A LANTERN',
  ),
  strip(
    'A DRAGON SCATTER KOI Q KOI J K LANTERN Q KOI Q TIGER KOI A J WILD LANTERN A LANTERN A LANTERN K J K TIGER ' +
      'DRAGON LANTERN Q J K Q',
  ),
];

if (SLOT_REEL_STRIPS.length !== SLOT_REELS || SLOT_LINES.some((line) => line.length !== SLOT_REELS)) {
  throw new Error('The slot definition must have one strip and one row per line for each reel');
}
if (SLOT_LINES.some((line) => line.some((row) => row < 0 || row >= SLOT_ROWS))) {
  throw new Error('A payline leaves the grid');
}

/** The definition as the game client's info call shows it. */
export function slotPaytableInfo(): Pick<SlotInfo, 'lines' | 'paytable' | 'scatter'> {
  return {
    lines: SLOT_LINES.map((line) => [...line]),
    paytable: (Object.entries(SLOT_LINE_PAYS) as [LineSymbol, readonly number[]][]).map(([symbol, pays]) => ({
      symbol,
      pays: pays.map((multiplier, i) => ({ count: i + 3, multiplier })),
    })),
    scatter: {
      pays: Object.entries(SLOT_SCATTER_PAYS).map(([count, multiplier]) => ({
        count: Number(count),
        multiplier,
      })),
      triggerCount: SLOT_FREE_SPIN_TRIGGER,
      freeSpins: SLOT_FREE_SPINS,
      freeSpinMultiplier: SLOT_FREE_SPIN_MULTIPLIER,
    },
  };
}
