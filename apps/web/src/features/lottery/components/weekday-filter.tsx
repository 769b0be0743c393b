import { lotteryWeekdayOf } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { WEEKDAYS, weekdayDate, type Weekday } from '../weekday';

/** A weekday's short name in the page's language. */
export function WeekdayName({ day, long = false }: { day: Weekday; long?: boolean }) {
  const { i18n } = useTranslation();
  const name = new Intl.DateTimeFormat(localeTag(i18n.language), {
    weekday: long ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(weekdayDate(day));
  return <>{name}</>;
}

/** The weekday filter (SPEC section 2): every day, or Sunday 1 ... Saturday 7; today is marked. */
export function WeekdayFilter({
  value,
  onChange,
}: {
  value: Weekday | null;
  onChange(day: Weekday | null): void;
}) {
  const { t } = useTranslation('lottery');
  const today = lotteryWeekdayOf(new Date().getDay());
  return (
    <div className="lt-days" role="group" aria-label={t('lobby.weekday')}>
      <button
        type="button"
        className="lt-day"
        aria-pressed={value === null}
        onClick={() => onChange(null)}
        data-testid="lottery-day-all"
      >
        {t('lobby.allDays')}
      </button>
      {WEEKDAYS.map((d) => (
        <button
          key={d}
          type="button"
          className={`lt-day${d === today ? ' is-today' : ''}`}
          aria-pressed={value === d}
          onClick={() => onChange(value === d ? null : d)}
          data-testid={`lottery-day-${d}`}
          title={d === today ? t('lobby.today') : undefined}
        >
          <WeekdayName day={d} />
        </button>
      ))}
    </div>
  );
}
