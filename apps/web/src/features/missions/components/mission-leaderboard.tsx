import type { MissionStanding } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { showMoney } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import { useMissionLeaderboard } from '../api/get-mission-leaderboard';

function StandingRow({ s, symbol }: { s: MissionStanding; symbol: string }) {
  const { t } = useTranslation('rewards');
  return (
    <tr
      className={s.me ? 'ms-me' : undefined}
      aria-current={s.me ? 'true' : undefined}
      data-testid="leaderboard-row"
    >
      <td className="mc-num ms-rank">{s.rank ?? '–'}</td>
      <th scope="row">
        {s.account}
        {s.me && <span className="mc-badge mc-badge-ok ms-you">{t('leaderboard.you')}</span>}
      </th>
      <td className="mc-num">{s.completed}</td>
      <td className="mc-num">{showMoney(s.rewards, symbol)}</td>
    </tr>
  );
}

/**
 * This week's mission leaderboard: the top 20 by missions claimed then rewards (usernames
 * masked), my row highlighted, and my own rank below when I am not among them.
 */
export function MissionLeaderboardPanel({ symbol, timeZone }: { symbol: string; timeZone: string }) {
  const { t } = useTranslation('rewards');
  const board = useMissionLeaderboard();
  return (
    <section
      className="sec-card ms-board"
      aria-labelledby="mission-board-title"
      data-testid="mission-leaderboard"
    >
      <header className="sec-card-head">
        <h4 id="mission-board-title">{t('leaderboard.title')}</h4>
      </header>
      <QueryState query={board}>
        {({ list, mine, weekStartTime, weekEndTime }) => (
          <>
            <p className="mc-muted">
              {t('leaderboard.period', {
                from: formatInZone(weekStartTime, timeZone, false).slice(0, 10),
                // The week ends at the next Monday's midnight: its last day is the Sunday before.
                to: formatInZone(new Date(Date.parse(weekEndTime) - 1).toISOString(), timeZone, false).slice(
                  0,
                  10,
                ),
              })}
            </p>
            {list.length === 0 ? (
              <p className="state-box" data-testid="leaderboard-empty">
                {t('leaderboard.empty')}
              </p>
            ) : (
              <div className="ms-board-wrap">
                <table className="ms-board-table">
                  <thead>
                    <tr>
                      <th scope="col" className="mc-num">
                        {t('leaderboard.rank')}
                      </th>
                      <th scope="col">{t('leaderboard.account')}</th>
                      <th scope="col" className="mc-num">
                        {t('leaderboard.completed')}
                      </th>
                      <th scope="col" className="mc-num">
                        {t('leaderboard.rewards')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((s) => (
                      <StandingRow key={s.rank ?? s.account} s={s} symbol={symbol} />
                    ))}
                  </tbody>
                  {!list.some((s) => s.me) && mine.rank !== null && (
                    <tfoot>
                      <StandingRow s={mine} symbol={symbol} />
                    </tfoot>
                  )}
                </table>
              </div>
            )}
            <p className="ms-mine" data-testid="leaderboard-mine">
              {mine.rank === null
                ? t('leaderboard.unranked')
                : t('leaderboard.mine', { rank: mine.rank, n: mine.completed })}
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
