import type { LotteryDraws, LotteryMyBets } from '@app/contracts';

/** How long after its draw time a result is waited for before asking again. */
export const RESULT_WAIT_MS = 1_500;

/** What a countdown reads of a draw (a lobby item or the betting page's current draw). */
export interface ClockDraw {
  numero: string | null;
  status: 'OPEN' | 'LOCKED';
  /** Epoch ms on the server's clock. */
  lockTime: number | null;
  winningTime: number | null;
}

/** Where a draw stands at `serverNow`: taking bets until its lock, then drawing until its result. */
export function drawPhase(
  draw: ClockDraw,
  serverNow: number,
): { phase: 'open' | 'drawing' | 'none'; left: number } {
  if (!draw.numero || draw.lockTime === null) return { phase: 'none', left: 0 };
  if (draw.status === 'OPEN' && serverNow < draw.lockTime)
    return { phase: 'open', left: draw.lockTime - serverNow };
  return {
    phase: 'drawing',
    left: draw.winningTime === null ? 0 : Math.max(0, draw.winningTime - serverNow),
  };
}

/** A draw is due (on the server's clock) and its result is not in yet: the history asks again. */
export function awaitingResult(data: LotteryDraws | undefined, serverNow: number): boolean {
  return (data?.list ?? []).some(
    (d) => d.result === null && d.status !== 'CANCELLED' && d.winningTime + RESULT_WAIT_MS <= serverNow,
  );
}

/** A bet waits for its settlement: its draw no longer takes bets but the bet is not paid yet. */
export const awaitingSettlement = (data: LotteryMyBets | undefined): boolean =>
  (data?.list ?? []).some((b) => (b.status === 'OPEN' || b.status === 'PLACING') && b.drawStatus !== 'OPEN');

/** Bets with their outcome: a change in their number means money moved (the balance is stale). */
export const settledCount = (data: LotteryMyBets | undefined): number =>
  (data?.list ?? []).filter((b) => b.status === 'WON' || b.status === 'LOST' || b.status === 'VOID').length;
