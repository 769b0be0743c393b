/** A time left as the countdowns show it: "1:02:05" with hours, else "02:05"; never negative. */
export function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  if (h === 0) return mmss;
  // Draws days away (a weekly regional draw) read better in days and hours.
  if (h >= 48) return `${Math.floor(h / 24)}d ${h % 24}h`;
  return `${h}:${mmss}`;
}

/**
 * The server's clock offset from this device's (server minus local, ms), read from a lottery answer
 * that has no serverTime: an open draw's lockTime minus its remainTime is the server's "now" when
 * the answer was made. Draws without a time left tell nothing; with none, the device's clock is used.
 */
export function clockOffset(
  draws: readonly { lockTime: number | null; remainTime: number }[],
  receivedAt: number,
): number {
  for (const d of draws) {
    if (d.lockTime !== null && d.remainTime > 0) return d.lockTime - d.remainTime - receivedAt;
  }
  return 0;
}
