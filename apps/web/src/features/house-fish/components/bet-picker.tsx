import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';

interface BetPickerProps {
  options: number[];
  bet: number;
  currency: string;
  disabled: boolean;
  onChange: (bet: number) => void;
}

/** − bet per shot + through the offered bets. */
export function BetPicker({ options, bet, currency, disabled, onChange }: BetPickerProps) {
  const { t } = useTranslation('play');
  const at = Math.max(0, options.indexOf(bet));
  return (
    <div className="hf-bet" role="group" aria-label={t('houseFish.bet')}>
      <button
        type="button"
        className="hf-round-btn"
        data-testid="fish-bet-minus"
        aria-label={t('houseFish.betMinus')}
        disabled={disabled || at === 0}
        onClick={() => onChange(options[at - 1]!)}
      >
        −
      </button>
      <div className="hf-bet-value">
        <span className="hf-label">{t('houseFish.bet')}</span>
        <output className="hf-amount" data-testid="fish-bet" aria-live="polite">
          {showMoney(bet, currency)}
        </output>
      </div>
      <button
        type="button"
        className="hf-round-btn"
        data-testid="fish-bet-plus"
        aria-label={t('houseFish.betPlus')}
        disabled={disabled || at >= options.length - 1}
        onClick={() => onChange(options[at + 1]!)}
      >
        +
      </button>
    </div>
  );
}
