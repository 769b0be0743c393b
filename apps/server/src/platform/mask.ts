/** "demo01" → "de***1": enough to recognise yourself, not enough to find someone (winner board, leaderboards, invited friends). */
export function maskAccount(username: string): string {
  if (username.length <= 3) return `${username[0] ?? ''}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}
