import { useEffect, useRef, useState } from 'react';
import { showMoney } from '../../../lib/money';

const COUNT_MS = 600;

/**
 * The win meter: counts up to a new win (display only; the figure it ends on is the server's).
 * Drops to a lower value (a new round) at once; no counting with reduced motion.
 */
export function WinCounter({
  value,
  currency,
  animate,
}: {
  value: number;
  currency: string;
  animate: boolean;
}) {
  const [shown, setShown] = useState(value);
  const from = useRef(value);

  useEffect(() => {
    const start = from.current;
    from.current = value;
    if (!animate || value <= start) {
      const id = requestAnimationFrame(() => setShown(value));
      return () => cancelAnimationFrame(id);
    }
    const began = performance.now();
    let id = 0;
    const tick = (now: number) => {
      const p = Math.min(1, (now - began) / COUNT_MS);
      // Whole cents on the way; the last frame is the exact value.
      setShown(p < 1 ? Math.floor((start + (value - start) * (1 - (1 - p) ** 3)) * 100) / 100 : value);
      if (p < 1) id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [value, animate]);

  return <>{showMoney(shown, currency)}</>;
}
