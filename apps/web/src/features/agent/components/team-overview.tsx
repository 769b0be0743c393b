import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { useTeamOverview } from '../api/get-team-overview';
import { usePeriod } from '../hooks/use-period';
import { signClass } from './figures';

/**
 * Team overview (the agent centre's default page): the team's members, new and active members,
 * deposits, withdrawals, turnover and profit for a period.
 */
export function TeamOverview() {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const { range, setRange, today, limits } = usePeriod();
  const overview = useTeamOverview(range);
  const symbol = brand.currencySymbol;
  return (
    <div className="sec-page" data-testid="team-overview">
      <h3 className="sec-page-title">{t('menu.teamOverview')}</h3>
      <div className="mc-filters">
        <DateRangePicker name="overview" value={range} today={today} limits={limits} onChange={setRange} />
      </div>
      <QueryState query={overview}>
        {(o) => (
          <dl
            className={overview.isPlaceholderData ? 'mc-stats is-loading' : 'mc-stats'}
            data-testid="overview-stats"
          >
            <div className="mc-stat">
              <dt>{t('overview.members')}</dt>
              <dd data-testid="overview-members">{o.members}</dd>
              <p className="mc-stat-note">{t('overview.direct', { n: o.directMembers })}</p>
            </div>
            <div className="mc-stat">
              <dt>{t('overview.newMembers')}</dt>
              <dd data-testid="overview-new">{o.newMembers}</dd>
            </div>
            <div className="mc-stat">
              <dt>{t('overview.activeMembers')}</dt>
              <dd data-testid="overview-active">{o.activeMembers}</dd>
            </div>
            <div className="mc-stat">
              <dt>{t('overview.deposits')}</dt>
              <dd data-testid="overview-deposits">{showMoney(o.deposits, symbol)}</dd>
            </div>
            <div className="mc-stat">
              <dt>{t('overview.withdrawals')}</dt>
              <dd data-testid="overview-withdrawals">{showMoney(o.withdrawals, symbol)}</dd>
            </div>
            <div className="mc-stat">
              <dt>{t('overview.turnover')}</dt>
              <dd data-testid="overview-turnover">{showMoney(o.turnover, symbol)}</dd>
            </div>
            <div className="mc-stat mc-stat-main">
              <dt>{t('overview.profit')}</dt>
              <dd className={signClass(o.profit)} data-testid="overview-profit">
                {showSigned(o.profit, symbol)}
              </dd>
              <p className="mc-stat-note">{t('overview.profitNote')}</p>
            </div>
          </dl>
        )}
      </QueryState>
    </div>
  );
}
