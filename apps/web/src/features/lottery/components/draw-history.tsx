import type { LotteryDraw } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../lib/game-client/locale-tag';
import { OpenNumber } from './open-number';

/**
 * A time of a draw in the page's language and the game's time zone (if the browser knows it);
 * `clockOnly`: the time of day alone.
 */
export function useDrawTime(timeZone?: string, clockOnly = false) {
  const { i18n } = useTranslation();
  const style: Intl.DateTimeFormatOptions = clockOnly
    ? { timeStyle: 'medium' }
    : { dateStyle: 'short', timeStyle: 'medium' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(localeTag(i18n.language), { ...style, timeZone });
  } catch {
    format = new Intl.DateTimeFormat(localeTag(i18n.language), style);
  }
  return (ms: number | string) => format.format(new Date(ms));
}

/** A draw's prize table: a row per tier, its numbers side by side. */
function PrizeTable({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation('lottery');
  if (!draw.result) return null;
  return (
    <table className="lt-prizes" data-testid="lottery-prizes">
      <caption className="visually-hidden">{t('history.prizes', { numero: draw.numero })}</caption>
      <tbody>
        {draw.result.prizes.map((p) => (
          <tr key={p.tier}>
            <th scope="row">{t(`tiers.${p.tier}`)}</th>
            <td>
              {p.numbers.map((n, i) => (
                <span key={i} className="lt-prize-number">
                  {n}
                </span>
              ))}
            </td>
          </tr>
        ))}
        {draw.result.sum !== null && (
          <tr>
            <th scope="row">{t('history.sum')}</th>
            <td>
              <span className="lt-prize-number">{draw.result.sum}</span>
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * Past draws, newest first: numero, time, the winning number and (opened) the prize table. Draws
 * not drawn yet show as waiting; cancelled ones say so.
 */
export function DrawHistory({ draws, timeZone }: { draws: readonly LotteryDraw[]; timeZone?: string }) {
  const { t } = useTranslation('lottery');
  const time = useDrawTime(timeZone);
  if (draws.length === 0) {
    return (
      <p className="state-box" data-testid="lottery-history-empty">
        {t('history.empty')}
      </p>
    );
  }
  return (
    <ol className="lt-history" data-testid="lottery-history">
      {draws.map((d) => (
        <li
          key={d.numero}
          className="lt-history-item"
          data-testid="lottery-draw"
          data-numero={d.numero}
          data-status={d.status}
        >
          <details>
            <summary>
              <span className="lt-history-numero">{t('card.numero', { numero: d.numero })}</span>
              <span className="lt-history-time">{time(d.openTime ?? d.winningTime)}</span>
              {d.status === 'CANCELLED' ? (
                <span className="lt-badge is-void">{t('status.draw.CANCELLED')}</span>
              ) : d.result ? (
                <OpenNumber winningNumber={d.result.winningNumber} testId="lottery-draw-number" />
              ) : (
                <span className="lt-badge">{t(`status.draw.${d.status}`)}</span>
              )}
            </summary>
            {d.result ? <PrizeTable draw={d} /> : <p className="lt-muted">{t('history.noResult')}</p>}
          </details>
        </li>
      ))}
    </ol>
  );
}
