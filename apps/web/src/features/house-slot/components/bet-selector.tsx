import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { betPerLine, canStep, stepBet } from '../bets';

interface BetSelectorProps {
  options: number[];
  bet: number;
  lineCount: number;
  currency: string;
  disabled: boolean;
  onChange: (bet: number) => void;
}

/** − total bet + through the offered bets, with the bet per line under it. */
export function BetSelector({ options, bet, lineCount, currency, disabled, onChange }: BetSelectorProps) {
  const { t } = useTranslation('play');
  return (
    <div className="hs-bet" role="group" aria-label={t('houseSlot.totalBet')}>
      <button
        type="button"
        className="hs-round-btn"
        data-testid="slot-bet-minus"
        aria-label={t('houseSlot.betMinus')}
        disabled={disabled || !canStep(options, bet, -1)}
        onClick={() => onChange(stepBet(options, bet, -1))}
      >
        −
      </button>
      <div className="hs-bet-value">
        <span className="hs-label">{t('houseSlot.totalBet')}</span>
        <output className="hs-amount" data-testid="slot-bet" aria-live="polite">
          {showMoney(bet, currency)}
        </output>
        <span className="hs-sub">
          {t('houseSlot.perLine', {
            amount: showMoney(betPerLine(bet, lineCount), currency),
            lines: lineCount,
          })}
        </span>
      </div>
      <button
        type="button"
        className="hs-round-btn"
        data-testid="slot-bet-plus"
        aria-label={t('houseSlot.betPlus')}
        disabled={disabled || !canStep(options, bet, 1)}
        onClick={() => onChange(stepBet(options, bet, 1))}
      >
        +
      </button>
    </div>
  );
}
