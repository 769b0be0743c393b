import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import '../../../styles/cashier.css';
import { useProfit } from '../api/get-profit';
import { useRecordRange } from '../hooks/use-record-range';
import { RecordFilters } from './record-filters';

const signClass = (v: number) => (v > 0 ? 'mc-in' : v < 0 ? 'mc-out' : '');
const winClass = (v: number) => `mc-num ${signClass(v)}`;

/**
 * Personal profit and loss (member centre page `personalProfit`): per game type and in total,
 * with the period's deposits, withdrawals and bonuses, and the profit (win/loss + bonuses).
 */
export function ProfitReport() {
  const { t } = useTranslation('records');
  const brand = useBrand();
  const { range, setRange, today, limits } = useRecordRange();
  const profit = useProfit(range);
  const symbol = brand.currencySymbol;
  const cols = {
    type: t('bets.gameType'),
    count: t('count'),
    stake: t('bets.stake'),
    valid: t('bets.validBet'),
    payout: t('bets.payout'),
    win: t('bets.winLoss'),
  };

  return (
    <div className="sec-page" data-testid="profit-report">
      <h3 className="sec-page-title">{t('profit.title')}</h3>
      <RecordFilters>
        <DateRangePicker name="profit" value={range} today={today} limits={limits} onChange={setRange} />
      </RecordFilters>
      <QueryState query={profit}>
        {(data) => (
          <div className={profit.isPlaceholderData ? 'mc-fade is-loading' : 'mc-fade'}>
            <dl className="mc-stats" data-testid="profit-summary">
              <div className="mc-stat mc-stat-main">
                <dt>{t('profit.profit')}</dt>
                <dd className={signClass(data.profit)} data-testid="profit-total">
                  {showSigned(data.profit, symbol)}
                </dd>
                <p className="mc-stat-note">{t('profit.profitNote')}</p>
              </div>
              <div className="mc-stat">
                <dt>{t('profit.deposits')}</dt>
                <dd>{showMoney(data.deposits, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('profit.withdrawals')}</dt>
                <dd>{showMoney(data.withdrawals, symbol)}</dd>
              </div>
              <div className="mc-stat">
                <dt>{t('profit.bonuses')}</dt>
                <dd>{showMoney(data.bonuses, symbol)}</dd>
              </div>
            </dl>
            {data.rows.length === 0 ? (
              <p className="state-box" data-testid="profit-empty">
                {t('profit.empty')}
              </p>
            ) : (
              <div className="sec-table-wrap">
                <table className="sec-table mc-table" data-testid="profit-table">
                  <thead>
                    <tr>
                      <th scope="col">{cols.type}</th>
                      <th scope="col" className="mc-num">
                        {cols.count}
                      </th>
                      <th scope="col" className="mc-num">
                        {cols.stake}
                      </th>
                      <th scope="col" className="mc-num">
                        {cols.valid}
                      </th>
                      <th scope="col" className="mc-num">
                        {cols.payout}
                      </th>
                      <th scope="col" className="mc-num">
                        {cols.win}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={r.gameType}>
                        <th scope="row" data-label={cols.type}>
                          {t(`categories.${r.gameType}`, { defaultValue: r.gameType })}
                        </th>
                        <td data-label={cols.count} className="mc-num">
                          {r.betCount}
                        </td>
                        <td data-label={cols.stake} className="mc-num">
                          {showMoney(r.stake, symbol)}
                        </td>
                        <td data-label={cols.valid} className="mc-num">
                          {showMoney(r.validBet, symbol)}
                        </td>
                        <td data-label={cols.payout} className="mc-num">
                          {showMoney(r.payout, symbol)}
                        </td>
                        <td data-label={cols.win} className={winClass(r.winLoss)}>
                          {showSigned(r.winLoss, symbol)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr className="mc-total-row">
                      <th scope="row" data-label={cols.type}>
                        {t('profit.total')}
                      </th>
                      <td data-label={cols.count} className="mc-num">
                        {data.total.betCount}
                      </td>
                      <td data-label={cols.stake} className="mc-num">
                        {showMoney(data.total.stake, symbol)}
                      </td>
                      <td data-label={cols.valid} className="mc-num">
                        {showMoney(data.total.validBet, symbol)}
                      </td>
                      <td data-label={cols.payout} className="mc-num">
                        {showMoney(data.total.payout, symbol)}
                      </td>
                      <td data-label={cols.win} className={winClass(data.total.winLoss)}>
                        {showSigned(data.total.winLoss, symbol)}
                      </td>
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
