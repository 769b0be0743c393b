import {
  CASHIER_LIMITS,
  TRANSACTION_TYPES,
  type TransactionList,
  type TransactionType,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { formatInZone } from '../../../lib/zoned-time';
import '../../../styles/cashier.css';
import { useTransactions } from '../api/get-transactions';
import { useRecordRange } from '../hooks/use-record-range';
import { FilterSelect, RecordFilters } from './record-filters';

const MAIN = 'MAIN';

/** yyyy-MM-dd over HH:mm:ss: narrower than one line, so the table fits beside the menu. */
function TwoLineTime({ iso, timeZone }: { iso: string; timeZone: string }) {
  const [day, time] = formatInZone(iso, timeZone).split(' ');
  return (
    <time dateTime={iso} className="mc-time">
      {day}
      <span className="mc-sub">{time}</span>
    </time>
  );
}
const isType = (v: string): v is TransactionType => (TRANSACTION_TYPES as readonly string[]).includes(v);

function TransactionTable({ data, symbol }: { data: TransactionList; symbol: string }) {
  const { t } = useTranslation('records');
  const brand = useBrand();
  const cols = {
    time: t('cashierCommon.time'),
    type: t('transactions.type'),
    amount: t('cashierCommon.amountLabel'),
    after: t('transactions.balanceAfter'),
    wallet: t('transactions.wallet'),
    reference: t('cashierCommon.reference'),
  };
  return (
    <table className="sec-table mc-table" data-testid="transaction-list">
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
          <tr key={row.id} data-testid="transaction-row" data-type={row.type}>
            <td data-label={cols.time}>
              <TwoLineTime iso={row.time} timeZone={brand.timezone} />
            </td>
            <td data-label={cols.type}>
              <span data-testid="transaction-type">{t(`types.${row.type}`)}</span>
              {row.remark && <span className="mc-sub">{row.remark}</span>}
            </td>
            <td
              data-label={cols.amount}
              className={row.amount > 0 ? 'mc-num mc-in' : row.amount < 0 ? 'mc-num mc-out' : 'mc-num'}
              data-testid="transaction-amount"
            >
              {showSigned(row.amount, symbol)}
            </td>
            <td data-label={cols.after} className="mc-num">
              {showMoney(row.balanceAfter, symbol)}
              <span className="mc-sub">
                <span className="visually-hidden">{cols.wallet}: </span>
                {row.wallet === MAIN ? t('transactions.mainWallet') : row.wallet}
              </span>
            </td>
            <td data-label={cols.reference} className="mc-ref">
              <span className="mc-mono">{row.reference}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The account record (member centre page `transactionHistory`): range and type filters, each
 * movement signed and coloured with the balance after and its reference, totals in and out.
 * (The bonus details page is the promotions feature's own, with each bonus's turnover.)
 */
export function AccountRecords() {
  const { t } = useTranslation('records');
  const brand = useBrand();
  const { range, setRange, today, limits } = useRecordRange();
  const [type, setType] = useState<TransactionType | ''>('');
  const [page, setPage] = useState(1);
  const records = useTransactions({
    startTime: range.startTime,
    endTime: range.endTime,
    type: type || undefined,
    pageNo: page,
    pageSize: CASHIER_LIMITS.recordsPageSize,
  });
  const symbol = brand.currencySymbol;

  return (
    <div className="sec-page" data-testid="transaction-records">
      <h3 className="sec-page-title">{t('transactions.title')}</h3>
      <RecordFilters>
        <DateRangePicker
          name="transactions"
          value={range}
          today={today}
          limits={limits}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <FilterSelect
          id="transactions-type"
          label={t('transactions.type')}
          value={type}
          onChange={(v) => {
            setType(isType(v) ? v : '');
            setPage(1);
          }}
          options={[
            { value: '', label: t('all') },
            ...TRANSACTION_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) })),
          ]}
          testId="transactions-type"
        />
      </RecordFilters>
      <QueryState query={records}>
        {(data) => (
          <>
            <dl className="mc-stats mc-stats-compact" data-testid="transaction-totals">
              <div className="mc-stat">
                <dt>{t('transactions.totalIn')}</dt>
                <dd className="mc-in" data-testid="transaction-total-in">
                  {showSigned(Math.abs(data.totalIn), symbol)}
                </dd>
              </div>
              <div className="mc-stat">
                <dt>{t('transactions.totalOut')}</dt>
                <dd className="mc-out" data-testid="transaction-total-out">
                  {showSigned(-Math.abs(data.totalOut), symbol)}
                </dd>
              </div>
              <div className="mc-stat">
                <dt>{t('count')}</dt>
                <dd>{data.totalCount}</dd>
              </div>
            </dl>
            <PagedTable
              count={data.list.length}
              empty={t('transactions.empty')}
              emptyTestId="transaction-empty"
              busy={records.isPlaceholderData}
              page={page}
              totalPages={data.totalPages}
              onPage={setPage}
              label={t('pages')}
            >
              <TransactionTable data={data} symbol={symbol} />
            </PagedTable>
          </>
        )}
      </QueryState>
    </div>
  );
}

/** Account record (member centre page `transactionHistory`). */
