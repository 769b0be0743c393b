import {
  RECONCILIATION_ISSUES,
  type CashierChannelRow,
  type CashierDirection,
  type CashierFigures,
  type CashierOrderPage,
  type CashierReport,
  type ReconciliationIssue,
  type ReconciliationLinePage,
  type ReconciliationRun,
} from '@app/contracts';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../../api/client';
import { useThemeName } from '../../app/theme';
import { useSession } from '../../auth/session';
import {
  Badge,
  Button,
  DateTime,
  Dialog,
  Field,
  errorText,
  formatMoney,
  formatNumber,
  useToast,
} from '../../ui';
import { ExportButton } from './export-button';
import {
  ChartCard,
  QueryError,
  Tile,
  RangeBar,
  ReportTable,
  useChartColours,
  useReportRange,
  type ReportColumn,
  type ReportRange,
  useReportQuery,
} from './kit';

/** Seconds as "45s", "3m 20s", "2h 05m" (the home page shows the same figures). */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Sections one under the other (the tab's own layout; the shared sheet has no such class). */
// minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page.
const STACK = { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1rem' } as const;
/** Seven tiles side by side at 1280 px (the shared grid fits five). */
const TILES = { gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', marginBottom: 0 } as const;

const percent = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/**
 * The cashier tab: deposits and withdrawals by channel and provider (success, amounts, fees,
 * times), volume by day, the orders behind a row, and reconciliation of a provider's settlement file.
 */
export default function CashierTab() {
  const { t } = useTranslation('reportsCashier');
  const { can } = useSession();
  const state = useReportRange('30');
  const { range, problem } = state;
  const [drill, setDrill] = useState<CashierChannelRow | null>(null);
  const report = useReportQuery<CashierReport>('/reports/cashier', range, {}, problem === null);
  const data = report.data;
  return (
    <div style={STACK}>
      <RangeBar state={state}>
        <ExportButton report="cashier.channels" query={{ ...range }} disabled={problem !== null} />
      </RangeBar>

      <QueryError query={report} />

      <section className="bo-kpis" style={TILES} aria-busy={report.isFetching || undefined}>
        <Tile
          label={t('kpi.depositSuccess')}
          value={data && percent(data.deposits.successRate)}
          note={
            data && t('kpi.ofDecided', { n: formatNumber(data.deposits.succeeded + data.deposits.failed) })
          }
        />
        <Tile
          label={t('kpi.withdrawalSuccess')}
          value={data && percent(data.withdrawals.successRate)}
          note={
            data &&
            t('kpi.ofDecided', { n: formatNumber(data.withdrawals.succeeded + data.withdrawals.failed) })
          }
        />
        <Tile
          label={t('kpi.depositTime')}
          value={data && duration(data.deposits.avgSeconds)}
          note={data && t('kpi.p90', { value: duration(data.deposits.p90Seconds) })}
        />
        <Tile
          label={t('kpi.withdrawalTime')}
          value={data && duration(data.withdrawals.avgSeconds)}
          note={data && t('kpi.p90', { value: duration(data.withdrawals.p90Seconds) })}
        />
        <Tile
          label={t('kpi.deposits')}
          value={data && formatMoney(data.deposits.amount)}
          note={data && t('kpi.orders', { n: formatNumber(data.deposits.succeeded) })}
        />
        <Tile
          label={t('kpi.withdrawals')}
          value={data && formatMoney(data.withdrawals.amount)}
          note={data && t('kpi.orders', { n: formatNumber(data.withdrawals.succeeded) })}
        />
        <Tile label={t('kpi.fees')} value={data && formatMoney(data.deposits.fees)} />
      </section>

      <VolumeChart days={data?.days} />

      {(['DEPOSIT', 'WITHDRAWAL'] as const).map((direction) => (
        <ChannelTable
          key={direction}
          direction={direction}
          rows={data?.rows.filter((r) => r.direction === direction)}
          totals={data ? (direction === 'DEPOSIT' ? data.deposits : data.withdrawals) : undefined}
          loading={report.isPending}
          all={range.scope === 'all'}
          onOpen={setDrill}
        />
      ))}

      {drill && <OrdersDialog row={drill} range={range} onClose={() => setDrill(null)} />}

      {can('reports.reconcile') && <Reconciliation range={range} />}
    </div>
  );
}

function VolumeChart({ days }: { days: CashierReport['days'] | undefined }) {
  const { t } = useTranslation('reportsCashier');
  const theme = useThemeName();
  const colours = useChartColours();
  const tick = { fontSize: 11, fill: theme === 'dark' ? '#93a0b5' : '#5d6779' };
  const empty = !days || days.every((d) => d.deposits === 0 && d.withdrawals === 0);
  return (
    <ChartCard title={t('chart.title')} empty={empty}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={days} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme === 'dark' ? '#2d3a50' : '#d9dee7'} />
          <XAxis dataKey="day" tick={tick} minTickGap={16} />
          <YAxis tick={tick} width={72} tickFormatter={(v: number) => formatNumber(Math.round(v))} />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
            contentStyle={{
              background: theme === 'dark' ? '#182130' : '#fff',
              border: `1px solid ${theme === 'dark' ? '#2d3a50' : '#d9dee7'}`,
            }}
          />
          <Legend />
          <Bar dataKey="deposits" name={t('chart.deposits')} fill={colours[2]} isAnimationActive={false} />
          <Bar
            dataKey="withdrawals"
            name={t('chart.withdrawals')}
            fill={colours[1]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function ChannelTable({
  direction,
  rows,
  totals,
  loading,
  all,
  onOpen,
}: {
  direction: CashierDirection;
  rows: CashierChannelRow[] | undefined;
  totals: CashierFigures | undefined;
  loading: boolean;
  all: boolean;
  onOpen(row: CashierChannelRow): void;
}) {
  const { t } = useTranslation('reportsCashier');
  const deposit = direction === 'DEPOSIT';
  const columns: ReportColumn<CashierChannelRow>[] = [
    ...(all
      ? [
          {
            key: 'merchant',
            header: t('col.brand'),
            render: (r: CashierChannelRow) => r.merchant,
            sort: (r: CashierChannelRow) => r.merchant,
          },
        ]
      : []),
    { key: 'channel', header: t('col.channel'), render: (r) => r.channelName, sort: (r) => r.channelName },
    { key: 'kind', header: t('col.kind'), render: (r) => r.kind, sort: (r) => r.kind, hidden: true },
    { key: 'provider', header: t('col.provider'), render: (r) => r.provider, sort: (r) => r.provider },
    num('requests', t('col.requests'), totals?.requests),
    num('succeeded', t('col.succeeded'), totals?.succeeded),
    num('failed', t('col.failed'), totals?.failed),
    num('pending', t('col.pending'), totals?.pending),
    {
      key: 'successRate',
      header: t('col.successRate'),
      align: 'right',
      render: (r) => percent(r.successRate),
      sort: (r) => r.successRate ?? -1,
      total: totals && percent(totals.successRate),
    },
    {
      key: 'requested',
      header: t('col.requested'),
      align: 'right',
      render: (r) => formatMoney(r.requested),
      sort: (r) => r.requested,
      total: totals && formatMoney(totals.requested),
      hidden: true,
    },
    {
      key: 'amount',
      header: deposit ? t('col.credited') : t('col.paid'),
      align: 'right',
      render: (r) => formatMoney(r.amount),
      sort: (r) => r.amount,
      total: totals && formatMoney(totals.amount),
    },
    ...(deposit
      ? [
          {
            key: 'fees',
            header: t('col.fees'),
            align: 'right' as const,
            render: (r: CashierChannelRow) => formatMoney(r.fees),
            sort: (r: CashierChannelRow) => r.fees,
            total: totals && formatMoney(totals.fees),
          },
        ]
      : []),
    {
      key: 'avg',
      header: t('col.avg'),
      align: 'right',
      render: (r) => duration(r.avgSeconds),
      sort: (r) => r.avgSeconds ?? -1,
      total: totals && duration(totals.avgSeconds),
    },
    {
      key: 'p90',
      header: t('col.p90'),
      align: 'right',
      render: (r) => duration(r.p90Seconds),
      sort: (r) => r.p90Seconds ?? -1,
      total: totals && duration(totals.p90Seconds),
    },
  ];
  return (
    <section className="bo-card">
      <ReportTable
        id={`cashier.${direction.toLowerCase()}`}
        caption={deposit ? t('table.deposits') : t('table.withdrawals')}
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.merchant}/${r.channel}/${r.provider}`}
        loading={loading}
        empty={deposit ? t('table.noDeposits') : t('table.noWithdrawals')}
        onRowClick={onOpen}
        initialSort={{ key: 'amount', desc: true }}
      />
      <p className="bo-muted" style={{ fontSize: '0.85rem', margin: '0.5rem' }}>
        {t('table.hint')}
      </p>
    </section>
  );
}

function num(
  key: keyof CashierFigures,
  header: string,
  total: number | undefined,
): ReportColumn<CashierChannelRow> {
  return {
    key,
    header,
    align: 'right',
    render: (r) => formatNumber(r[key] as number),
    sort: (r) => r[key] as number,
    total: total === undefined ? undefined : formatNumber(total),
  };
}

const OUTCOME_TONE = { SUCCEEDED: 'success', FAILED: 'danger', PENDING: 'warning' } as const;

function OrdersDialog({
  row,
  range,
  onClose,
}: {
  row: CashierChannelRow;
  range: ReportRange;
  onClose(): void;
}) {
  const { t } = useTranslation('reportsCashier');
  const [outcome, setOutcome] = useState<'' | 'SUCCEEDED' | 'FAILED' | 'PENDING'>('');
  const query = {
    ...range,
    direction: row.direction,
    channel: row.channel,
    provider: row.provider,
    ...(outcome ? { outcome } : {}),
  };
  const orders = useInfiniteQuery({
    queryKey: ['reports', 'cashier', 'orders', query],
    queryFn: ({ pageParam }) =>
      api.get<CashierOrderPage>('/reports/cashier/orders', {
        ...query,
        ...(pageParam ? { after: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const list = orders.data?.pages.flatMap((p) => p.list);
  return (
    <Dialog
      open
      wide
      title={t('orders.title', { channel: row.channelName, provider: row.provider })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
    >
      <div className="bo-form-row">
        <Field label={t('orders.outcome')}>
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as typeof outcome)}>
            <option value="">{t('orders.any')}</option>
            {(['SUCCEEDED', 'FAILED', 'PENDING'] as const).map((o) => (
              <option key={o} value={o}>
                {t(`outcome.${o}`)}
              </option>
            ))}
          </select>
        </Field>
        <ExportButton report="cashier.orders" query={query} />
      </div>
      {orders.error && (
        <p role="alert" className="bo-form-error">
          {errorText(orders.error)}
        </p>
      )}
      <div className="bo-table-scroll">
        <table className="bo-table bo-table-dense" aria-busy={orders.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('orders.order')}</th>
              <th scope="col">{t('orders.member')}</th>
              <th scope="col">{t('orders.status')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('orders.amount')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('orders.fee')}
              </th>
              <th scope="col">{t('orders.created')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('orders.time')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list?.length === 0 && (
              <tr>
                <td colSpan={7} className="bo-table-state bo-muted">
                  {t('orders.none')}
                </td>
              </tr>
            )}
            {list?.map((o) => (
              <tr key={o.id}>
                <td>
                  <code>{o.orderNo}</code>
                </td>
                <td>{o.username}</td>
                <td>
                  <Badge tone={OUTCOME_TONE[o.outcome]}>{o.status}</Badge>
                </td>
                <td style={{ textAlign: 'right' }}>{formatMoney(o.amount)}</td>
                <td style={{ textAlign: 'right' }}>{formatMoney(o.fee)}</td>
                <td>
                  <DateTime value={o.createdAt} />
                </td>
                <td style={{ textAlign: 'right' }}>{duration(o.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orders.hasNextPage && (
        <Button size="sm" disabled={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </Dialog>
  );
}

// ---- reconciliation ----------------------------------------------------------------------------------

function Reconciliation({ range }: { range: ReportRange }) {
  const { t } = useTranslation('reportsCashier');
  const { brand } = useSession();
  const toast = useToast();
  const client = useQueryClient();
  const [provider, setProvider] = useState('');
  const [period, setPeriod] = useState({ from: range.from, to: range.to });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const providers = useQuery({
    queryKey: ['reports', 'cashier', 'providers', brand],
    queryFn: () => api.get<string[]>('/reports/cashier/providers'),
  });
  const runs = useQuery({
    queryKey: ['reports', 'cashier', 'runs', brand],
    queryFn: () => api.get<ReconciliationRun[]>('/reports/cashier/reconciliations'),
  });
  const chosen = provider || providers.data?.[0] || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || !chosen) return;
    setBusy(true);
    setError(null);
    try {
      const run = await api.post<ReconciliationRun>('/reports/cashier/reconciliations', {
        provider: chosen,
        from: period.from,
        to: period.to,
        fileName: file.name,
        content: await file.text(),
      });
      toast(t('recon.done', { n: run.mismatched }));
      setOpen(run.id);
      await client.invalidateQueries({ queryKey: ['reports', 'cashier', 'runs', brand] });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="bo-card">
      <h2>{t('recon.title')}</h2>
      <p className="bo-muted">{t('recon.help')}</p>
      <form className="bo-form-row" onSubmit={(e) => void submit(e)}>
        <Field label={t('recon.provider')}>
          <select value={chosen} onChange={(e) => setProvider(e.target.value)}>
            {providers.data?.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('recon.from')}>
          <input
            type="date"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          />
        </Field>
        <Field label={t('recon.to')}>
          <input
            type="date"
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
          />
        </Field>
        <Field label={t('recon.file')} error={error ?? undefined}>
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
            }}
          />
        </Field>
        <Button type="submit" disabled={busy || !file || !chosen}>
          {busy ? t('recon.checking') : t('recon.upload')}
        </Button>
      </form>

      <div className="bo-table-scroll">
        <table className="bo-table bo-table-dense" aria-busy={runs.isFetching || undefined}>
          <caption>{t('recon.runs')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('recon.uploaded')}</th>
              <th scope="col">{t('recon.provider')}</th>
              <th scope="col">{t('recon.period')}</th>
              <th scope="col">{t('recon.fileName')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.lines')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.mismatched')}
              </th>
              <th scope="col">{t('recon.by')}</th>
            </tr>
          </thead>
          <tbody>
            {runs.data?.length === 0 && (
              <tr>
                <td colSpan={7} className="bo-table-state bo-muted">
                  {t('recon.noRuns')}
                </td>
              </tr>
            )}
            {runs.data?.map((r) => (
              <tr
                key={r.id}
                className="bo-row-link"
                aria-selected={open === r.id}
                style={open === r.id ? { fontWeight: 600 } : undefined}
                onClick={() => setOpen(r.id)}
              >
                <td>
                  <DateTime value={r.createdAt} />
                </td>
                <td>{r.provider}</td>
                <td>
                  {r.from} – {r.to}
                </td>
                <td>{r.fileName}</td>
                <td style={{ textAlign: 'right' }}>{formatNumber(r.fileLines)}</td>
                <td style={{ textAlign: 'right' }}>
                  <Badge tone={r.mismatched ? 'danger' : 'success'}>{formatNumber(r.mismatched)}</Badge>
                </td>
                <td>{r.createdBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && <Mismatches runId={open} />}
    </section>
  );
}

function Mismatches({ runId }: { runId: string }) {
  const { t } = useTranslation('reportsCashier');
  const [issue, setIssue] = useState<ReconciliationIssue | ''>('');
  const lines = useInfiniteQuery({
    queryKey: ['reports', 'cashier', 'run', runId, issue],
    queryFn: ({ pageParam }) =>
      api.get<ReconciliationLinePage>(`/reports/cashier/reconciliations/${runId}`, {
        ...(issue ? { issue } : {}),
        ...(pageParam ? { after: pageParam } : {}),
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const run = lines.data?.pages[0]?.run;
  const list = lines.data?.pages.flatMap((p) => p.list);
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v));
  return (
    <div style={STACK}>
      <div className="bo-form-row">
        <h3>{run ? t('recon.mismatchesOf', { file: run.fileName }) : t('recon.mismatches')}</h3>
        <Field label={t('recon.kind')}>
          <select value={issue} onChange={(e) => setIssue(e.target.value as ReconciliationIssue | '')}>
            <option value="">
              {t('recon.allKinds')}
              {run ? ` (${formatNumber(run.mismatched)})` : ''}
            </option>
            {RECONCILIATION_ISSUES.map((k) => (
              <option key={k} value={k}>
                {t(`issue.${k}`)}
                {run ? ` (${formatNumber(run.kinds[k] ?? 0)})` : ''}
              </option>
            ))}
          </select>
        </Field>
        <ExportButton report="cashier.reconciliation" query={{ runId, all: '1' }} />
      </div>
      {lines.error && (
        <p role="alert" className="bo-form-error">
          {errorText(lines.error)}
        </p>
      )}
      <div className="bo-table-scroll">
        <table className="bo-table bo-table-dense" aria-busy={lines.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('recon.line')}</th>
              <th scope="col">{t('recon.issues')}</th>
              <th scope="col">{t('recon.order')}</th>
              <th scope="col">{t('recon.providerRef')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.fileAmount')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.ourAmount')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.fileFee')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('recon.ourFee')}
              </th>
              <th scope="col">{t('recon.fileStatus')}</th>
              <th scope="col">{t('recon.ourStatus')}</th>
            </tr>
          </thead>
          <tbody>
            {list?.length === 0 && (
              <tr>
                <td colSpan={10} className="bo-table-state bo-muted">
                  {t('recon.clean')}
                </td>
              </tr>
            )}
            {list?.map((l) => (
              <tr key={l.seq}>
                <td>{l.fileLine ?? '—'}</td>
                <td>
                  {l.issues.map((k) => (
                    <Badge key={k} tone={k === 'MISSING_FILE' || k === 'MISSING_OURS' ? 'danger' : 'warning'}>
                      {t(`issue.${k}`)}
                    </Badge>
                  ))}
                </td>
                <td>
                  <code>{l.orderNo ?? '—'}</code>
                </td>
                <td>{l.providerRef ?? '—'}</td>
                <td style={{ textAlign: 'right' }}>{money(l.fileAmount)}</td>
                <td style={{ textAlign: 'right' }}>{money(l.ourAmount)}</td>
                <td style={{ textAlign: 'right' }}>{money(l.fileFee)}</td>
                <td style={{ textAlign: 'right' }}>{money(l.ourFee)}</td>
                <td>{l.fileStatus ?? '—'}</td>
                <td>{l.ourStatus ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lines.hasNextPage && (
        <Button size="sm" disabled={lines.isFetchingNextPage} onClick={() => void lines.fetchNextPage()}>
          {t('more')}
        </Button>
      )}
    </div>
  );
}
