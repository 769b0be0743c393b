import { formatMoney } from '@app/contracts';

/** An amount for display: "P 1,234.50". */
export const showMoney = (amount: number, symbol: string): string => `${symbol} ${formatMoney(amount)}`;

/** A signed movement for display: "+P 100.00", "−P 25.00" (a real minus sign), "P 0.00". */
export function showSigned(amount: number, symbol: string): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '\u2212' : '';
  return `${sign}${symbol} ${formatMoney(Math.abs(amount))}`;
}
