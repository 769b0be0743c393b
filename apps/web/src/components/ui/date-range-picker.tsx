import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDays,
  checkRange,
  presetRange,
  RANGE_PRESETS,
  type DayRange,
  type RangePreset,
  type RangeProblem,
} from '../../lib/days';

export interface RangeValue extends DayRange {
  preset: RangePreset;
}

export interface RangeLimits {
  /** How many days back a custom range may start. */
  maxDaysBack: number;
  /** How many days (both ends counted) a custom range may cover. */
  maxSpanDays: number;
}

/** The starting value: today in the brand's zone. */
export const initialRange = (today: string): RangeValue => ({
  preset: 'today',
  ...presetRange('today', today),
});

interface DateRangePickerProps {
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  /** Today in the brand's time zone (lib/days todayIn). */
  today: string;
  limits: RangeLimits;
  /** Prefix of element ids and test ids. */
  name: string;
}

/**
 * Range tabs (today, yesterday, last 7 days, last 30 days, custom). Custom shows two date inputs
 * bounded to the allowed window and applies them only when the range is valid.
 */
export function DateRangePicker({ value, onChange, today, limits, name }: DateRangePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [custom, setCustom] = useState(value.preset === 'custom');
  const [draft, setDraft] = useState<DayRange>({ startTime: value.startTime, endTime: value.endTime });
  const [problem, setProblem] = useState<RangeProblem | null>(null);

  const choose = (preset: RangePreset) => {
    setProblem(null);
    if (preset === 'custom') {
      setCustom(true);
      setDraft({ startTime: value.startTime, endTime: value.endTime });
      return;
    }
    setCustom(false);
    onChange({ preset, ...presetRange(preset, today) });
  };

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const found = checkRange(draft, today, limits);
    setProblem(found);
    if (!found) onChange({ preset: 'custom', ...draft });
  };

  const problemText = (p: RangeProblem) =>
    p === 'tooOld'
      ? t('common.range.problems.tooOld', { days: limits.maxDaysBack })
      : p === 'tooLong'
        ? t('common.range.problems.tooLong', { days: limits.maxSpanDays })
        : t(`common.range.problems.${p}`);

  const active = custom ? 'custom' : value.preset;
  const earliest = addDays(today, -limits.maxDaysBack);
  return (
    <div className="ui-range" data-testid={`${name}-range`}>
      <div className="ui-chips" role="group" aria-label={t('common.range.label')}>
        {RANGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === active ? 'ui-chip active' : 'ui-chip'}
            aria-pressed={p === active}
            onClick={() => choose(p)}
            data-testid={`${name}-range-${p}`}
          >
            {t(`common.range.${p}`)}
          </button>
        ))}
      </div>
      {custom && (
        <form className="ui-range-custom" noValidate onSubmit={apply}>
          <label>
            <span>{t('common.range.from')}</span>
            <input
              type="date"
              id={`${id}-from`}
              value={draft.startTime}
              min={earliest}
              max={today}
              required
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, startTime: e.target.value }))}
              data-testid={`${name}-range-from`}
            />
          </label>
          <label>
            <span>{t('common.range.to')}</span>
            <input
              type="date"
              id={`${id}-to`}
              value={draft.endTime}
              min={earliest}
              max={today}
              required
              aria-invalid={problem ? true : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, endTime: e.target.value }))}
              data-testid={`${name}-range-to`}
            />
          </label>
          <button type="submit" className="btn btn-sm btn-primary" data-testid={`${name}-range-apply`}>
            {t('common.range.apply')}
          </button>
          <p className="ui-range-hint" role={problem ? 'alert' : undefined}>
            {problem
              ? problemText(problem)
              : t('common.range.hint', { days: limits.maxSpanDays, back: limits.maxDaysBack })}
          </p>
        </form>
      )}
    </div>
  );
}
