import { useEffect, useRef, useState } from 'react';

/**
 * The server's time, ticking: the offset from the last server answer keeps countdowns right on a
 * device whose clock is off. Answers the server's "now" in epoch ms, updated 4 times a second.
 */
export function useServerClock(serverTime: string | undefined): number {
  const offset = useRef(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverTime) offset.current = new Date(serverTime).getTime() - Date.now();
  }, [serverTime]);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now() + offset.current), 250);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** Whole seconds left until `iso` (0 once past). */
export const secondsUntil = (iso: string, now: number): number =>
  Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));
