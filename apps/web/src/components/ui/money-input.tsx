import type { InputHTMLAttributes } from 'react';

interface MoneyInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  value: string;
  onChange: (value: string) => void;
  /** The brand's currency symbol, shown before the amount. */
  symbol: string;
}

/**
 * Keeps what is typed to an amount's characters: digits and one decimal point with at most two
 * decimals. The text is kept as typed (never parsed to a float); callers convert it with toMinor().
 */
export function cleanAmountText(text: string): string {
  const only = text.replace(/,/g, '').replace(/[^\d.]/g, '');
  const dot = only.indexOf('.');
  if (dot === -1) return only.slice(0, 13);
  return `${only.slice(0, dot).slice(0, 13)}.${only
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2)}`;
}

/** An amount field with the currency symbol before it and the decimal keypad on phones. */
export function MoneyInput({ value, onChange, symbol, className, ...input }: MoneyInputProps) {
  return (
    <div className={['sec-input', 'ui-money', className ?? ''].filter(Boolean).join(' ')}>
      <span className="sec-prefix" aria-hidden="true">
        {symbol}
      </span>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(cleanAmountText(e.target.value))}
        {...input}
      />
    </div>
  );
}
