import { useEffect, useState } from 'react';

/**
 * False in a component's first render, true in a render of its own a task after the first frame
 * is painted. A component that draws the top of the screen at once and the rest when this turns
 * true splits one long render into two shorter ones, so a phone's main thread is never held long
 * enough to delay a tap.
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setAfter(true), 0);
    return () => clearTimeout(id);
  }, []);
  return after;
}
