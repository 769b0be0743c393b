/**
 * Every lottery query key starts with 'lottery'. The lobby's menus and open numbers share
 * `lotteryKeys.board`, so the open-number refresh timer refetches them together.
 */
export const lotteryKeys = {
  all: ['lottery'] as const,
  board: ['lottery', 'board'] as const,
  game: (vendor: string, gameCode: string) => ['lottery', 'game', vendor, gameCode] as const,
  draws: (vendor: string, gameCode: string) => ['lottery', 'draws', vendor, gameCode] as const,
  opened: (vendor: string, gameCode: string) => ['lottery', 'opened', vendor, gameCode] as const,
  /** Every member's bets of every game: what a new result makes stale. */
  bets: ['lottery', 'bets'] as const,
  myBets: (customerId: number | null, vendor: string, gameCode: string) =>
    ['lottery', 'bets', customerId, vendor, gameCode] as const,
};
