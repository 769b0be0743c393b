import { useTranslation } from 'react-i18next';
import { formatLeft } from '../countdown';
import { drawPhase, type ClockDraw } from '../draw-watch';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Draws this far away read in days and hours ("2d 19h"), in the page's language. */
const DAYS_FROM_MS = 48 * HOUR_MS;

/** "Closes in 02:05", then "Draw in 00:30" (or "Drawing…" once due); a card's and the page's countdown. */
export function DrawClock({
  draw,
  serverNow,
  testId,
}: {
  draw: ClockDraw;
  serverNow: number;
  testId?: string;
}) {
  const { t } = useTranslation('lottery');
  const { phase, left } = drawPhase(draw, serverNow);
  if (phase === 'none') {
    return (
      <span className="lt-clock is-none" data-testid={testId} data-phase="none">
        {t('card.noDraw')}
      </span>
    );
  }
  return (
    <span className={`lt-clock is-${phase}`} data-testid={testId} data-phase={phase}>
      <span className="lt-clock-label">
        {phase === 'open' ? t('card.closesIn') : left > 0 ? t('card.drawIn') : t('card.drawing')}
      </span>
      {(phase === 'open' || left > 0) && (
        <span className="lt-clock-time">
          {left >= DAYS_FROM_MS
            ? t('card.daysLeft', {
                days: Math.floor(left / DAY_MS),
                hours: Math.floor((left % DAY_MS) / HOUR_MS),
              })
            : formatLeft(left)}
        </span>
      )}
    </span>
  );
}
