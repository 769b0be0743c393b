import { useEffect, useState } from 'react';

/**
 * The server's clock, ticking locally: each state answer carries serverTime, received at
 * `receivedAt` (the local clock); the countdown runs on the server's time plus what has passed
 * since (a phone's own clock may be minutes off).
 */
export function useServerClock(serverTime: string, receivedAt: number, tickMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? now : server + Math.max(0, now - receivedAt);
}
