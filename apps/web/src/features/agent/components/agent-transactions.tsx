import { AGENT_LIMITS, AGENT_TRANSACTION_TYPES, type AgentTransactionType } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { useAgentTransactions } from '../api/get-agent-transactions';
import { usePeriod } from '../hooks/use-period';
import { numClass, TwoLineTime } from './figures';

/** What the agent earns (my income): wages and dividends paid to it. */
export const INCOME_TYPES = ['WAGE', 'DIVIDEND'] as const satisfies readonly AgentTransactionType[];

const isType = (v: string): v is AgentTransactionType =>
  (AGENT_TRANSACTION_TYPES as readonly string[]).includes(v);

/**
 * The agent's own lines for a period, signed, with the balance after, the other member and the
 * reference, and the period's totals in and out. `income` makes it the my-income page: only
 * wages and dividends, one kind at a time.
 */
export function AgentTransactionsPage({ income = false }: { income?: boolean }) {
  const { t } = useTranslation('agent');
  const { t: ts } = useTranslation();
  const brand = useBrand();
  const { range, setRange, today, limits } = usePeriod();
  const types: readonly AgentTransactionType[] = income ? INCOME_TYPES : AGENT_TRANSACTION_TYPES;
  const [type, setType] = useState<AgentTransactionType | ''>(income ? 'WAGE' : '');
  const [page, setPage] = useState(1);
  const lines = useAgentTransactions({
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo: page,
    pageSize: AGENT_LIMITS.pageSize,
    type: type || undefined,
  });
  const symbol = brand.currencySymbol;
  const name = income ? 'income' : 'agent-transactions';
  const cols = {
    time: ts('cashierCommon.time'),
    type: t('transactions.type'),
    amount: ts('cashierCommon.amountLabel'),
    after: t('transactions.balanceAfter'),
    counterpart: t('transactions.counterpart'),
    reference: ts('cashierCommon.reference'),
  };
  return (
    <div className="sec-page" data-testid={income ? 'my-income' : 'transaction-details'}>
      <h3 className="sec-page-title">{t(income ? 'menu.myIncome' : 'menu.transactionDetails')}</h3>
      {income && <p className="sec-desc">{t('transactions.incomeNote')}</p>}
      <div className="mc-filters">
        <DateRangePicker
          name={name}
          value={range}
          today={today}
          limits={limits}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <label className="mc-filter" htmlFor={`${name}-type`}>
          <span>{cols.type}</span>
          <select
            id={`${name}-type`}
            className="mc-select"
            value={type}
            onChange={(e) => {
              setType(isType(e.target.value) ? e.target.value : '');
              setPage(1);
            }}
            data-testid={`${name}-type`}
          >
            {!income && <option value="">{t('transactions.allTypes')}</option>}
            {types.map((k) => (
              <option key={k} value={k}>
                {t(`transactions.types.${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={lines}>
        {(data) => (
          <div className={lines.isPlaceholderData ? 'mc-fade is-loading' : 'mc-fade'}>
            <dl className="mc-stats mc-stats-compact">
              <div className="mc-stat">
                <dt>{t('transactions.totalIn')}</dt>
                <dd className="mc-in" data-testid={`${name}-in`}>
                  {showMoney(data.totalIn, symbol)}
                </dd>
              </div>
              <div className="mc-stat">
                <dt>{t('transactions.totalOut')}</dt>
                <dd className="mc-out" data-testid={`${name}-out`}>
                  {showMoney(Math.abs(data.totalOut), symbol)}
                </dd>
              </div>
            </dl>
            <PagedTable
              count={data.list.length}
              empty={income ? t('transactions.emptyIncome') : t('transactions.empty')}
              emptyTestId={`${name}-empty`}
              busy={lines.isPlaceholderData}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              label={t('transactions.pages')}
            >
              <table className="sec-table mc-table" data-testid={`${name}-table`}>
                <thead>
                  <tr>
                    <th scope="col">{cols.time}</th>
                    <th scope="col">{cols.type}</th>
                    <th scope="col" className="mc-num">
                      {cols.amount}
                    </th>
                    <th scope="col" className="mc-num">
                      {cols.after}
                    </th>
                    <th scope="col">{cols.reference}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row) => (
                    <tr key={row.id} data-testid={`${name}-row`} data-type={row.type}>
                      <td data-label={cols.time}>
                        <TwoLineTime iso={row.time} timeZone={brand.timezone} none="" />
                      </td>
                      <td data-label={cols.type}>
                        {t(`transactions.types.${row.type}`)}
                        {row.counterpart && (
                          <span className="mc-sub" data-testid={`${name}-counterpart`}>
                            <span className="visually-hidden">{cols.counterpart}: </span>
                            {row.counterpart}
                          </span>
                        )}
                      </td>
                      <td
                        data-label={cols.amount}
                        className={numClass(row.amount)}
                        data-testid={`${name}-amount`}
                      >
                        {showSigned(row.amount, symbol)}
                      </td>
                      <td data-label={cols.after} className="mc-num">
                        {showMoney(row.balanceAfter, symbol)}
                      </td>
                      <td data-label={cols.reference} className="mc-ref">
                        <span className="mc-mono">{row.reference}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </PagedTable>
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** My income: wages and dividends paid to the agent. */
export const MyIncome = () => <AgentTransactionsPage income />;
