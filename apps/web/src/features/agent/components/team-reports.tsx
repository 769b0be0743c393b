import { AGENT_LIMITS } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../../components/ui/date-range-picker';
import { PagedTable } from '../../../components/ui/paged-table';
import { QueryState } from '../../../components/ui/query-state';
import { useBrand } from '../../../lib/brand';
import { showMoney, showSigned } from '../../../lib/money';
import { useTeamBetting, useTeamProfit } from '../api/get-team-reports';
import { usePeriod } from '../hooks/use-period';
import { numClass } from './figures';

/** A report's column: its header and how a row (or the totals) shows it. */
interface Column<F> {
  key: string;
  label: string;
  cell: (f: F) => ReactNode;
  className?: (f: F) => string;
}

/** The period picker and name search above a per-downline report; the state they choose. */
function useReportFilters() {
  const period = usePeriod();
  const [draft, setDraft] = useState('');
  const [username, setUsername] = useState('');
  const [page, setPage] = useState(1);
  const query = {
    startTime: period.range.startTime,
    endTime: period.range.endTime,
    pageNo: page,
    pageSize: AGENT_LIMITS.pageSize,
    username: username || undefined,
  };
  return { ...period, draft, setDraft, username, setUsername, page, setPage, query };
}

function ReportFilters({ name, f }: { name: string; f: ReturnType<typeof useReportFilters> }) {
  const { t } = useTranslation('agent');
  const search = (e: FormEvent) => {
    e.preventDefault();
    f.setUsername(f.draft.trim());
    f.setPage(1);
  };
  return (
    <div className="mc-filters">
      <DateRangePicker
        name={name}
        value={f.range}
        today={f.today}
        limits={f.limits}
        onChange={(r) => {
          f.setRange(r);
          f.setPage(1);
        }}
      />
      <form className="ag-search" role="search" onSubmit={search}>
        <label className="mc-filter" htmlFor={`${name}-search`}>
          <span>{t('team.search')}</span>
          <input
            id={`${name}-search`}
            className="mc-select"
            type="search"
            value={f.draft}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('team.searchPlaceholder')}
            onChange={(e) => f.setDraft(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-primary">
          {t('team.searchButton')}
        </button>
      </form>
    </div>
  );
}

/** One row per downline and a totals row over the whole period (not only the page). */
function ReportTable<F>({
  testId,
  rows,
  total,
  columns,
}: {
  testId: string;
  rows: Row<F>[];
  total: F;
  columns: Column<F>[];
}) {
  const { t } = useTranslation('agent');
  const account = t('team.account');
  return (
    <table className="sec-table mc-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{account}</th>
          {columns.map((c) => (
            <th key={c.key} scope="col" className="mc-num">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`${testId}-row`} data-account={r.account}>
            <th scope="row" data-label={account}>
              {r.account}
              <span className="mc-sub">{t('team.levelN', { n: r.level })}</span>
            </th>
            {columns.map((c) => (
              <td key={c.key} data-label={c.label} className={c.className?.(r) ?? 'mc-num'}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="mc-total-row" data-testid={`${testId}-total`}>
          <th scope="row" data-label={account}>
            {t('reports.total')}
          </th>
          {columns.map((c) => (
            <td key={c.key} data-label={c.label} className={c.className?.(total) ?? 'mc-num'}>
              {c.cell(total)}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}

type Row<F> = F & { id: number; account: string; level: number };

/** A per-downline report page: its title, the filters, the paged table and an optional note. */
function ReportPage<F>({
  testId,
  title,
  name,
  f,
  report,
  empty,
  emptyTestId,
  tableTestId,
  columns,
  children,
}: {
  testId: string;
  title: string;
  name: string;
  f: ReturnType<typeof useReportFilters>;
  report: UseQueryResult<{ list: Row<F>[]; total: F; totalPages: number }>;
  empty: string;
  emptyTestId: string;
  tableTestId: string;
  columns: Column<F>[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('agent');
  return (
    <div className="sec-page" data-testid={testId}>
      <h3 className="sec-page-title">{title}</h3>
      <ReportFilters name={name} f={f} />
      <QueryState query={report}>
        {(data) => (
          <PagedTable
            count={data.list.length}
            empty={empty}
            emptyTestId={emptyTestId}
            busy={report.isPlaceholderData}
            page={f.page}
            totalPages={data.totalPages}
            onPage={f.setPage}
            label={t('reports.pages')}
          >
            <ReportTable testId={tableTestId} rows={data.list} total={data.total} columns={columns} />
          </PagedTable>
        )}
      </QueryState>
      {children}
    </div>
  );
}

/** Team betting: the bets each downline placed in the period, with totals. */
export function TeamBettingReport() {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const f = useReportFilters();
  const report = useTeamBetting(f.query);
  const symbol = brand.currencySymbol;
  type F = { betCount: number; stake: number; validBet: number; payout: number; winLoss: number };
  const columns: Column<F>[] = [
    { key: 'count', label: t('reports.betCount'), cell: (r) => r.betCount },
    { key: 'stake', label: t('reports.stake'), cell: (r) => showMoney(r.stake, symbol) },
    { key: 'valid', label: t('reports.validBet'), cell: (r) => showMoney(r.validBet, symbol) },
    { key: 'payout', label: t('reports.payout'), cell: (r) => showMoney(r.payout, symbol) },
    {
      key: 'win',
      label: t('reports.winLoss'),
      cell: (r) => showSigned(r.winLoss, symbol),
      className: (r) => numClass(r.winLoss),
    },
  ];
  return (
    <ReportPage
      testId="team-betting"
      title={t('menu.teamBetting')}
      name="betting"
      f={f}
      report={report}
      empty={t('reports.emptyBetting')}
      emptyTestId="team-betting-empty"
      tableTestId="team-betting-table"
      columns={columns}
    />
  );
}

/** User profit and loss: each downline's deposits, withdrawals, bonuses and result in the period. */
export function TeamProfitReport() {
  const { t } = useTranslation('agent');
  const brand = useBrand();
  const f = useReportFilters();
  const report = useTeamProfit(f.query);
  const symbol = brand.currencySymbol;
  type F = {
    deposits: number;
    withdrawals: number;
    bonuses: number;
    validBet: number;
    winLoss: number;
    profit: number;
  };
  const columns: Column<F>[] = [
    { key: 'deposits', label: t('overview.deposits'), cell: (r) => showMoney(r.deposits, symbol) },
    { key: 'withdrawals', label: t('overview.withdrawals'), cell: (r) => showMoney(r.withdrawals, symbol) },
    { key: 'bonuses', label: t('reports.bonuses'), cell: (r) => showMoney(r.bonuses, symbol) },
    { key: 'valid', label: t('reports.validBet'), cell: (r) => showMoney(r.validBet, symbol) },
    {
      key: 'win',
      label: t('reports.winLoss'),
      cell: (r) => showSigned(r.winLoss, symbol),
      className: (r) => numClass(r.winLoss),
    },
    {
      key: 'profit',
      label: t('reports.profit'),
      cell: (r) => showSigned(r.profit, symbol),
      className: (r) => numClass(r.profit),
    },
  ];
  return (
    <ReportPage
      testId="user-profit-loss"
      title={t('menu.userProfitLoss')}
      name="profit"
      f={f}
      report={report}
      empty={t('reports.emptyProfit')}
      emptyTestId="team-profit-empty"
      tableTestId="team-profit-table"
      columns={columns}
    >
      <p className="sec-hint">{t('reports.profitNote')}</p>
    </ReportPage>
  );
}
