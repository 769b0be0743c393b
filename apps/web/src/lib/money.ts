import { formatMoney } from '@app/contracts';

/** An amount for display: "P 1,234.50". */
export const showMoney = (amount: number, symbol: string): string => `${symbol} ${formatMoney(amount)}`;

/** A signed movement for display: "+P 100.00", "−P 25.00" (a real minus sign), "P 0.00". */
export function showSigned(amount: number, symbol: string): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '\u2212' : '';
  return `${sign}${symbol} ${formatMoney(Math.abs(amount))}`;
}

/**
 * Builds the number format ahead of the first amount shown, when the main thread is idle while
 * the site waits for its start-up calls, not in the render that draws the first game tiles. The
 * first Intl object of a page loads ICU's data (60-90 ms of the main thread at 4x CPU slowdown);
 * the served page's worker (public/intl-warm.js) has usually loaded it by then, and this costs a
 * few milliseconds; if it has not, the cost still lands here.
 */
export function prepareMoneyFormat(): void {
  const prepare = () => void formatMoney(0);
  if ('requestIdleCallback' in window) window.requestIdleCallback(prepare, { timeout: 2000 });
  else setTimeout(prepare, 0);
}
