import { useEffect, useRef } from 'react';
import { openNumberRefreshDelay, type TimedDraw } from '../refresh-delay';

/**
 * The lobby's open-number refresh timer (SPEC section 4): after every answer (or failure), one
 * timeout of openNumberRefreshDelay() over the draws shown, then `refresh`. Leaving the screen
 * clears it. `answeredAt` changes with every answer, arming the timer again.
 */
export function useOpenNumberRefresh(
  draws: readonly TimedDraw[] | null,
  answeredAt: number,
  refresh: () => unknown,
): void {
  const latest = useRef({ draws, refresh });
  useEffect(() => {
    latest.current = { draws, refresh };
  });
  const armed = draws !== null;
  useEffect(() => {
    const current = latest.current.draws;
    if (!armed || current === null) return;
    const id = window.setTimeout(() => void latest.current.refresh(), openNumberRefreshDelay(current));
    return () => window.clearTimeout(id);
  }, [answeredAt, armed]);
}
