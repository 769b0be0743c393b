import { formatMoney } from './format';

/** An amount: 2 decimals, thousands separators, negative figures marked for colour. */
export function Money({ value, signed }: { value: number; signed?: boolean }) {
  const text = formatMoney(value);
  return (
    <span className={`bo-money${value < 0 ? ' bo-money-neg' : ''}`}>
      {signed && value > 0 ? `+${text}` : text}
    </span>
  );
}
