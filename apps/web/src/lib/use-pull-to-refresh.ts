import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far (px, after damping) a pull must go before letting go refreshes. */
export const PULL_THRESHOLD = 64;
const MAX_PULL = 96;
/** A finger's travel counts half: the hint follows it with some resistance. */
const DAMPING = 0.5;

export type PullState = 'idle' | 'pulling' | 'ready' | 'refreshing';

/** Whether the element and every scrolling box around it (up to the document) sit at the top. */
function atTop(el: HTMLElement): boolean {
  for (let node: HTMLElement | null = el; node; node = node.parentElement)
    if (node.scrollTop > 0) return false;
  return window.scrollY <= 0;
}

/**
 * Pull-to-refresh on a touch screen: a downward drag that starts with the list scrolled to the
 * top shows the hint, and letting go past the threshold runs `refresh` (once at a time). Mouse and
 * keyboard users have the page's own refresh buttons; nothing changes for them.
 */
export function usePullToRefresh(
  ref: RefObject<HTMLElement | null>,
  refresh: () => Promise<unknown>,
  enabled: boolean,
): { state: PullState; distance: number } {
  const [distance, setDistance] = useState(0);
  const [state, setState] = useState<PullState>('idle');
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let startY: number | null = null;
    let pulled = 0;
    let busy = false;
    const onStart = (e: TouchEvent) => {
      startY = !busy && e.touches.length === 1 && atTop(el) ? e.touches[0]!.clientY : null;
      pulled = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (startY === null) return;
      const dy = e.touches[0]!.clientY - startY;
      if (dy <= 0) {
        pulled = 0;
        setDistance(0);
        setState('idle');
        return;
      }
      pulled = Math.min(dy * DAMPING, MAX_PULL);
      setDistance(pulled);
      setState(pulled >= PULL_THRESHOLD ? 'ready' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (pulled < PULL_THRESHOLD) {
        setDistance(0);
        setState('idle');
        return;
      }
      busy = true;
      setState('refreshing');
      setDistance(PULL_THRESHOLD / 1.5);
      void refreshRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
          setDistance(0);
          setState('idle');
        });
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: true });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [ref, enabled]);

  return { state, distance };
}
