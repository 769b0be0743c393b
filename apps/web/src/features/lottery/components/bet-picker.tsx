import type { LotteryBetType, LotteryBetTypeInfo } from '@app/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/ui/money-input';
import { formatMoney } from '@app/contracts';
import { allNumbers, checkNumbers, linesOf, parseTyped } from '../numbers';
import { lineOdds, SIDES, type PickerGroup } from '../picker-groups';
import { stakeProblem } from '../slip';
import { showMoney } from '../../../lib/money';

/** Bet types whose numbers are picked on a grid (at most 100 of them); wider ones are typed. */
const GRID_MAX = 100;

export interface PickedLine {
  betType: LotteryBetType;
  numbers: string[];
  stake: string;
}

/** Odds as the page shows them: "95" or "1.98". */
export const showOdds = (odds: number) => (Number.isInteger(odds) ? String(odds) : odds.toFixed(2));

/**
 * One tab of the betting page: the bet type's numbers (a grid, or typed), the stake and the button
 * that puts the lines in the slip. The sides tab (big/small/odd/even) picks bet types instead.
 */
export function BetPicker({
  group,
  symbol,
  disabled,
  onAdd,
}: {
  group: PickerGroup;
  symbol: string;
  /** The slip is full or betting is closed: nothing can be added. */
  disabled: boolean;
  onAdd(lines: PickedLine[]): void;
}) {
  const { t } = useTranslation('lottery');
  const stakeId = useId();
  const typedId = useId();
  const [selected, setSelected] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [stake, setStake] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sides = group.key === SIDES;
  const info = group.types[0]!;
  const limits = {
    minStake: Math.min(...group.types.map((x) => x.minStake)),
    maxStake: Math.max(...group.types.map((x) => x.maxStake)),
  };

  const toggle = (value: string) => {
    setProblem(null);
    setSelected((s) => (s.includes(value) ? s.filter((x) => x !== value) : [...s, value]));
  };

  const takeTyped = () => {
    const { numbers, rejected } = parseTyped(info.pick, typed);
    setSelected((s) => [...s, ...numbers.filter((n) => !s.includes(n))]);
    setTyped(rejected.join(' '));
    setProblem(rejected.length > 0 ? t('picker.rejected', { numbers: rejected.join(', ') }) : null);
  };

  const add = () => {
    const stakeIssue = stakeProblem(stake, limits);
    if (stakeIssue) {
      setProblem(
        t(`picker.stakeProblem.${stakeIssue}`, {
          min: showMoney(limits.minStake, symbol),
          max: showMoney(limits.maxStake, symbol),
        }),
      );
      return;
    }
    if (sides) {
      if (selected.length === 0) return setProblem(t('picker.chooseSide'));
      onAdd(selected.map((b) => ({ betType: b as LotteryBetType, numbers: [], stake })));
      setSelected([]);
      setProblem(null);
      return;
    }
    const lines = linesOf(info.pick, selected);
    const bad =
      lines.length === 0 ? 'count' : lines.map((l) => checkNumbers(info.pick, l)).find((p) => p !== null);
    if (bad) {
      setProblem(t(`picker.numberProblem.${bad}`, { count: info.pick.count, digits: info.pick.digits }));
      return;
    }
    onAdd(lines.map((numbers) => ({ betType: info.betType, numbers, stake })));
    setSelected([]);
    setProblem(null);
  };

  const grid = !sides && info.pick.max - info.pick.min + 1 <= GRID_MAX;

  return (
    <div className="lt-picker" data-testid={`lottery-picker-${group.key}`}>
      <div className="lt-picker-info">
        {group.types.map((x: LotteryBetTypeInfo) => (
          <p key={x.betType} className="lt-rule" data-testid={`lottery-rule-${x.betType}`}>
            <strong>{t(`betTypes.${x.betType}`)}</strong>{' '}
            <span className="lt-odds">{t('picker.odds', { odds: showOdds(x.odds) })}</span>
            <br />
            {t(`rules.${x.betType}`)}
          </p>
        ))}
      </div>

      {sides ? (
        <div className="lt-sides" role="group" aria-label={t('picker.sides')}>
          {group.types.map((x) => (
            <button
              key={x.betType}
              type="button"
              className="lt-side"
              aria-pressed={selected.includes(x.betType)}
              onClick={() => toggle(x.betType)}
              data-testid={`lottery-side-${x.betType}`}
            >
              <span className="lt-side-name">{t(`betTypes.${x.betType}`)}</span>
              <span className="lt-side-odds">{showOdds(x.odds)}</span>
            </button>
          ))}
        </div>
      ) : (
        <>
          <p className="lt-picker-hint">
            {info.pick.count > 1
              ? t('picker.pickMany', { count: info.pick.count })
              : t('picker.pickOne', { digits: info.pick.digits })}
          </p>
          {grid && (
            <div className="lt-numbers" role="group" aria-label={t('picker.numbers')}>
              {allNumbers(info.pick).map((n) => (
                <button
                  key={n}
                  type="button"
                  className="lt-number"
                  aria-pressed={selected.includes(n)}
                  title={
                    info.oddsBySum ? t('picker.odds', { odds: showOdds(lineOdds(info, [n])) }) : undefined
                  }
                  onClick={() => toggle(n)}
                  data-testid={`lottery-number-${n}`}
                >
                  {n}
                </button>
              ))}
            </div>
          )}
          <div className="lt-typed">
            <label htmlFor={typedId}>{t('picker.typeLabel')}</label>
            <div className="lt-typed-row">
              <input
                id={typedId}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={typed}
                placeholder={t('picker.typePlaceholder', {
                  example: allNumbers(info.pick).slice(7, 9).join(' '),
                })}
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    takeTyped();
                  }
                }}
                data-testid="lottery-typed"
              />
              <button type="button" className="btn btn-sm" onClick={takeTyped} disabled={typed.trim() === ''}>
                {t('picker.take')}
              </button>
            </div>
          </div>
          {selected.length > 0 && (
            <p className="lt-selected" data-testid="lottery-selected">
              {t('picker.selected', { numbers: selected.join(', ') })}{' '}
              <button type="button" className="lt-link" onClick={() => setSelected([])}>
                {t('picker.clear')}
              </button>
            </p>
          )}
        </>
      )}

      <div className="lt-stake">
        <label htmlFor={stakeId}>{t('picker.stake')}</label>
        <MoneyInput
          id={stakeId}
          value={stake}
          onChange={(v) => {
            setStake(v);
            setProblem(null);
          }}
          symbol={symbol}
          placeholder={formatMoney(limits.minStake)}
          aria-describedby={`${stakeId}-limits`}
          data-testid="lottery-stake"
        />
        <span id={`${stakeId}-limits`} className="lt-limits">
          {t('picker.limits', {
            min: showMoney(limits.minStake, symbol),
            max: showMoney(limits.maxStake, symbol),
          })}
        </span>
      </div>
      {problem && (
        <p className="lt-problem" role="alert" data-testid="lottery-picker-problem">
          {problem}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        onClick={add}
        disabled={disabled}
        data-testid="lottery-add"
      >
        {t('picker.add')}
      </button>
    </div>
  );
}
