import type { MarketType } from './pricing';

/**
 * The sportsbook's published figures per market type: the return to player of singles, percent,
 * and the margin (100 - rtp). Odds carry a 5% overround (implied probabilities sum to 1.05), so a
 * single returns 1/1.05 = 95.24% before the odds are rounded down to the hundredth; the figures
 * below are exact expectations over the reference fixture list of sportsbook-simulation.ts
 * (sportsbook-figures.test.ts recomputes them; the simulation measures them).
 */
export const SPORTSBOOK_FIGURES: Record<MarketType, { rtp: number; margin: number }> = {
  MATCH_RESULT: { rtp: 95.06, margin: 4.94 },
  HANDICAP: { rtp: 94.99, margin: 5.01 },
  TOTAL_GOALS: { rtp: 94.99, margin: 5.01 },
  MATCH_WINNER: { rtp: 94.99, margin: 5.01 },
  MAP_HANDICAP: { rtp: 94.99, margin: 5.01 },
  TOTAL_MAPS: { rtp: 95.02, margin: 4.98 },
};
