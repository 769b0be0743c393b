import type { LotteryBet } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { betStatusKey } from '../bet-status';
import { useDrawTime } from './draw-history';

/** The member's last bet lines: draw, type, numbers, stake, and once settled the result and payout. */
export function MyBets({
  bets,
  symbol,
  timeZone,
}: {
  bets: readonly LotteryBet[];
  symbol: string;
  /** The game's time zone (the results are shown in it too). */
  timeZone?: string;
}) {
  const { t } = useTranslation('lottery');
  const time = useDrawTime(timeZone);
  const clock = useDrawTime(timeZone, true);
  if (bets.length === 0) {
    return (
      <p className="state-box" data-testid="lottery-bets-empty">
        {t('bets.empty')}
      </p>
    );
  }
  return (
    <div className="lt-table-wrap">
      <table className="lt-table lt-bets-table" data-testid="lottery-bets">
        <thead>
          <tr>
            <th scope="col">{t('bets.numero')}</th>
            <th scope="col">{t('bets.bet')}</th>
            <th scope="col" className="num">
              {t('bets.stake')}
            </th>
            <th scope="col">{t('bets.status')}</th>
            <th scope="col" className="num">
              {t('bets.payout')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bets.map((b) => (
            <tr key={b.betId} data-testid="lottery-bet" data-status={b.status} data-numero={b.numero}>
              <td data-label={t('bets.numero')}>
                <span>
                  {b.numero}
                  <time className="lt-bet-time" dateTime={b.time} title={time(b.time)}>
                    {clock(b.time)}
                  </time>
                </span>
              </td>
              <td data-label={t('bets.bet')}>
                <span>
                  {t(`betTypes.${b.betType}`)}
                  {b.numbers.length > 0 && <span className="lt-bet-numbers"> {b.numbers.join(', ')}</span>}
                  <span className="lt-muted"> @{b.odds}</span>
                </span>
              </td>
              <td className="num" data-label={t('bets.stake')}>
                {showMoney(b.stake, symbol)}
              </td>
              <td data-label={t('bets.status')}>
                <span className={`lt-badge is-${b.status.toLowerCase()}`}>
                  {t(betStatusKey(b))}
                  {b.status === 'WON' && b.hits !== null && b.hits > 1 ? ` ×${b.hits}` : ''}
                </span>
              </td>
              <td className="num" data-label={t('bets.payout')} data-testid="lottery-bet-payout">
                {b.payout === null ? '—' : showMoney(b.payout, symbol)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
