import { formatMoney, fromMinor, type LotteryBetType, type LotteryBetTypeInfo } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { cleanAmountText } from '../../../components/ui/money-input';
import { lineOdds } from '../picker-groups';
import { lineReturn, slipTotal, stakeProblem, type SlipLine } from '../slip';
import { showOdds } from './bet-picker';
import { showMoney } from '../../../lib/money';

/** The bet slip: its lines (stake editable, removable), the total and the button that places it. */
export function BetSlip({
  lines,
  types,
  symbol,
  maxLines,
  canPlace,
  busy,
  onStake,
  onRemove,
  onClear,
  onPlace,
}: {
  lines: readonly SlipLine[];
  types: readonly LotteryBetTypeInfo[];
  symbol: string;
  maxLines: number;
  /** Betting is open on the current draw. */
  canPlace: boolean;
  busy: boolean;
  onStake(id: string, stake: string): void;
  onRemove(id: string): void;
  onClear(): void;
  onPlace(): void;
}) {
  const { t } = useTranslation('lottery');
  const total = slipTotal(lines);
  const invalid = lines.some((l) => {
    const info = types.find((x) => x.betType === l.betType);
    return !info || stakeProblem(l.stake, info) !== null;
  });

  return (
    <section className="lt-slip" aria-labelledby="lottery-slip-title" data-testid="lottery-slip">
      <div className="lt-slip-head">
        <h2 id="lottery-slip-title">{t('slip.title')}</h2>
        <span className="lt-muted" data-testid="lottery-slip-count">
          {t('slip.count', { count: lines.length, max: maxLines })}
        </span>
      </div>
      {lines.length === 0 ? (
        <p className="lt-muted lt-slip-empty">{t('slip.empty')}</p>
      ) : (
        <ul className="lt-slip-lines">
          {lines.map((l) => {
            const info = types.find((x) => x.betType === l.betType);
            const problem = info ? stakeProblem(l.stake, info) : 'stake';
            const odds = info ? lineOdds(info, l.numbers) : 0;
            const name = t(`betTypes.${l.betType as LotteryBetType}`);
            return (
              <li key={l.id} className="lt-slip-line" data-testid="lottery-slip-line">
                <div className="lt-slip-pick">
                  <strong>{name}</strong>
                  {l.numbers.length > 0 && <span className="lt-bet-numbers">{l.numbers.join(', ')}</span>}
                  <span className="lt-muted">@{showOdds(odds)}</span>
                </div>
                <div className="lt-slip-stake">
                  <input
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={t('slip.stakeOf', { bet: `${name} ${l.numbers.join(' ')}` })}
                    aria-invalid={problem !== null}
                    value={l.stake}
                    onChange={(e) => onStake(l.id, cleanAmountText(e.target.value))}
                  />
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t('slip.remove')}
                    onClick={() => onRemove(l.id)}
                  >
                    ×
                  </button>
                </div>
                {problem && info ? (
                  <span className="lt-problem">
                    {t(`picker.stakeProblem.${problem}`, {
                      min: showMoney(info.minStake, symbol),
                      max: showMoney(info.maxStake, symbol),
                    })}
                  </span>
                ) : (
                  <span className="lt-muted lt-slip-return">
                    {t('slip.return', {
                      amount: showMoney(fromMinor(lineReturn(l.stake, odds)), symbol),
                    })}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="lt-slip-total">
        <span>{t('slip.total')}</span>
        <strong data-testid="lottery-slip-total">
          {symbol} {formatMoney(fromMinor(total))}
        </strong>
      </div>
      <div className="lt-slip-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={onClear}
          disabled={lines.length === 0 || busy}
        >
          {t('slip.clear')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onPlace}
          disabled={lines.length === 0 || invalid || !canPlace || busy}
          data-testid="lottery-place"
        >
          {t('slip.place')}
        </button>
      </div>
      {!canPlace && lines.length > 0 && <p className="lt-muted">{t('slip.closed')}</p>}
    </section>
  );
}
