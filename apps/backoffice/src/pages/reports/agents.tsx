import type { AgentReportRow, AgentsReport, AgentStatementLine, AgentStatementsReport } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { api } from '../../api/client';
import { Badge, Button, DateTime, errorText, formatMoney, formatNumber } from '../../ui';
import { ExportButton } from './export-button';
import {
  ChartCard,
  QueryError,
  Tile,
  useAxisStyle,
  RangeBar,
  ReportTable,
  useChartColours,
  useReportRange,
  type ReportColumn,
  type ReportRange,
  useReportQuery,
} from './kit';

const money = (v: number) => formatMoney(v);
const percent = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const sum = <R,>(rows: R[] | undefined, f: (r: R) => number) => (rows ?? []).reduce((a, r) => a + f(r), 0);
/** Money summed in cents, so a long column adds up to the cent. */
const sumMoney = <R,>(rows: R[] | undefined, f: (r: R) => number) =>
  sum(rows, (r) => Math.round(f(r) * 100)) / 100;

/**
 * Agents: per agent over the period, its team (size, active members, turnover, GGR), the wages
 * and dividends its contracts paid and the cost ratio; a trend of wages and dividends against the
 * teams' GGR, the top agents, and a drill-down from an agent to its statement lines.
 */
export default function AgentsTab() {
  const { t } = useTranslation('reportsAgents');
  const state = useReportRange('30');
  const { range, problem } = state;
  const [agent, setAgent] = useState<AgentReportRow | null>(null);
  const data = useReportQuery<AgentsReport>('/reports/agents', range, {}, !problem);
  const r = data.data;
  const loading = data.isPending && !problem;
  return (
    <>
      <RangeBar state={state}>
        <ExportButton report="agents.summary" query={{ ...range }} disabled={!!problem} />
      </RangeBar>
      <QueryError query={data} />
      <section className="bo-kpis" aria-busy={data.isFetching || undefined}>
        <Tile label={t('kpi.agents')} value={r && formatNumber(r.totals.agents)} />
        <Tile label={t('kpi.teamMembers')} value={r && formatNumber(r.totals.teamMembers)} />
        <Tile label={t('kpi.activeMembers')} value={r && formatNumber(r.totals.activeMembers)} />
        <Tile label={t('kpi.turnover')} value={r && money(r.totals.turnover)} />
        <Tile label={t('kpi.ggr')} value={r && money(r.totals.ggr)} />
        <Tile label={t('kpi.wages')} value={r && money(r.totals.wages)} />
        <Tile label={t('kpi.dividends')} value={r && money(r.totals.dividends)} />
        <Tile label={t('kpi.costRatio')} value={r && percent(r.totals.costRatio)} />
      </section>
      {r && (
        <div className="bo-charts" style={{ marginBottom: '1rem' }}>
          <PayTrend series={r.series} />
          <TopAgents rows={r.list} />
        </div>
      )}
      <AgentsTable
        rows={r?.list}
        report={r}
        loading={loading}
        allBrands={range.scope === 'all'}
        onOpen={setAgent}
      />
      {agent && <AgentDrill agent={agent} range={range} onClose={() => setAgent(null)} />}
    </>
  );
}

function PayTrend({ series }: { series: AgentsReport['series'] }) {
  const { t } = useTranslation('reportsAgents');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const empty = series.every((d) => d.wages === 0 && d.dividends === 0 && d.ggr === 0);
  return (
    <ChartCard title={t('charts.trend')} empty={empty}>
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
          <XAxis dataKey="day" tick={axis.tick} minTickGap={16} />
          <YAxis
            yAxisId="pay"
            tick={axis.tick}
            width={64}
            tickFormatter={(v: number) => formatNumber(Math.round(v))}
          />
          <YAxis
            yAxisId="ggr"
            orientation="right"
            tick={axis.tick}
            width={64}
            tickFormatter={(v: number) => formatNumber(Math.round(v))}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? money(v) : String(v))}
            contentStyle={axis.tooltip}
          />
          <Legend />
          <Bar
            yAxisId="pay"
            dataKey="wages"
            name={t('col.wages')}
            stackId="pay"
            fill={colours[0]}
            isAnimationActive={false}
          />
          <Bar
            yAxisId="pay"
            dataKey="dividends"
            name={t('col.dividends')}
            stackId="pay"
            fill={colours[3]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="ggr"
            type="monotone"
            dataKey="ggr"
            name={t('col.ggr')}
            stroke={colours[2]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function TopAgents({ rows }: { rows: AgentReportRow[] }) {
  const { t } = useTranslation('reportsAgents');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const top = rows.filter((a) => a.ggr !== 0 || a.wages + a.dividends !== 0).slice(0, 10);
  return (
    <ChartCard title={t('charts.top')} empty={top.length === 0}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={top} layout="vertical" margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
          <XAxis type="number" tick={axis.tick} tickFormatter={(v: number) => formatNumber(Math.round(v))} />
          <YAxis type="category" dataKey="username" tick={axis.tick} width={96} />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? money(v) : String(v))}
            contentStyle={axis.tooltip}
          />
          <Legend />
          <Bar dataKey="ggr" name={t('col.ggr')} fill={colours[2]} isAnimationActive={false} />
          <Bar
            dataKey="wages"
            name={t('col.wages')}
            stackId="pay"
            fill={colours[0]}
            isAnimationActive={false}
          />
          <Bar
            dataKey="dividends"
            name={t('col.dividends')}
            stackId="pay"
            fill={colours[3]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function AgentsTable({
  rows,
  report,
  loading,
  allBrands,
  onOpen,
}: {
  rows: AgentReportRow[] | undefined;
  report: AgentsReport | undefined;
  loading: boolean;
  allBrands: boolean;
  onOpen(a: AgentReportRow): void;
}) {
  const { t } = useTranslation('reportsAgents');
  const m = (key: MoneyKey, hidden = false, total?: number): ReportColumn<AgentReportRow> => ({
    key,
    header: t(`col.${key}`),
    render: (a) => money(a[key]),
    sort: (a) => a[key],
    align: 'right',
    hidden,
    total: rows ? money(total ?? sumMoney(rows, (a) => a[key])) : undefined,
  });
  const n = (key: 'teamSize' | 'activeMembers' | 'bets', total?: number): ReportColumn<AgentReportRow> => ({
    key,
    header: t(`col.${key}`),
    render: (a) => formatNumber(a[key]),
    sort: (a) => a[key],
    align: 'right',
    total: total === undefined ? undefined : formatNumber(total),
  });
  const tot = report?.totals;
  const columns: ReportColumn<AgentReportRow>[] = [
    ...(allBrands
      ? [
          {
            key: 'merchant',
            header: t('col.merchant'),
            render: (a: AgentReportRow) => a.merchant,
            sort: (a: AgentReportRow) => a.merchant,
          },
        ]
      : []),
    {
      key: 'username',
      header: t('col.username'),
      render: (a) => <strong>{a.username}</strong>,
      sort: (a) => a.username,
    },
    { key: 'upline', header: t('col.upline'), render: (a) => a.upline ?? '–', sort: (a) => a.upline ?? '' },
    n('teamSize', tot?.teamMembers),
    n('activeMembers', tot?.activeMembers),
    { ...n('bets'), hidden: true },
    m('turnover', false, tot?.turnover),
    m('validTurnover', true, tot?.validTurnover),
    m('ggr', false, tot?.ggr),
    m('deposits', true),
    m('withdrawals', true),
    m('wagesDaily', true),
    m('wagesHourly', true),
    m('wagesRealtime', true),
    m('wages'),
    m('dividends'),
    m('paidByBrand', true),
    m('unpaid', true),
    {
      key: 'costRatio',
      header: t('col.costRatio'),
      render: (a) => percent(a.costRatio),
      sort: (a) => a.costRatio ?? -1,
      align: 'right',
      total: tot ? percent(tot.costRatio) : undefined,
    },
  ];
  return (
    <div>
      <ReportTable
        id="agents.summary"
        caption={
          <>
            {t('table.caption')}
            {report && report.totalCount > report.list.length && (
              <span className="bo-muted">
                {' '}
                · {t('table.capped', { shown: report.list.length, total: report.totalCount })}
              </span>
            )}
            <span className="bo-muted"> · {t('table.hint')}</span>
          </>
        }
        columns={columns}
        rows={rows}
        rowKey={(a) => a.memberId}
        loading={loading}
        empty={t('table.empty')}
        onRowClick={onOpen}
        initialSort={{ key: 'ggr', desc: true }}
      />
    </div>
  );
}

type MoneyKey =
  | 'turnover'
  | 'validTurnover'
  | 'ggr'
  | 'deposits'
  | 'withdrawals'
  | 'wagesDaily'
  | 'wagesHourly'
  | 'wagesRealtime'
  | 'wages'
  | 'dividends'
  | 'paidByBrand'
  | 'unpaid';

const tone = (s: AgentStatementLine['status']) =>
  s === 'PAID' ? 'success' : s === 'UNPAID' ? 'danger' : 'neutral';

/** One agent over the period: its team's play per day, and its settlement lines with their ledger entries. */
function AgentDrill({
  agent,
  range,
  onClose,
}: {
  agent: AgentReportRow;
  range: ReportRange;
  onClose(): void;
}) {
  const { t } = useTranslation('reportsAgents');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const ref = useRef<HTMLElement>(null);
  const data = useQuery({
    queryKey: ['reports', 'agents', 'statements', agent.memberId, range],
    queryFn: () =>
      api.get<AgentStatementsReport>(`/reports/agents/${agent.memberId}/statements`, { ...range }),
  });
  useEffect(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), [agent.memberId]);
  const d = data.data;
  const columns: ReportColumn<AgentStatementLine>[] = [
    { key: 'day', header: t('line.day'), render: (l) => l.day, sort: (l) => l.day },
    {
      key: 'direction',
      header: t('line.direction'),
      render: (l) => t(`direction.${l.direction}`, { member: l.member }),
      sort: (l) => l.direction,
    },
    {
      key: 'kind',
      header: t('line.kind'),
      render: (l) => t(`kind.${l.kind}`, { defaultValue: l.kind }),
      sort: (l) => l.kind,
    },
    {
      key: 'periodKey',
      header: t('line.period'),
      render: (l) => l.periodKey,
      sort: (l) => l.periodKey,
      hidden: true,
    },
    {
      key: 'payer',
      header: t('line.payer'),
      render: (l) => l.payer ?? t('line.brand'),
      sort: (l) => l.payer ?? '',
    },
    {
      key: 'base',
      header: t('line.base'),
      render: (l) => money(l.base),
      sort: (l) => l.base,
      align: 'right',
    },
    {
      key: 'active',
      header: t('line.active'),
      render: (l) => formatNumber(l.activeMembers),
      sort: (l) => l.activeMembers,
      align: 'right',
    },
    {
      key: 'rate',
      header: t('line.rate'),
      render: (l) => `${l.rate.toFixed(2)}%`,
      sort: (l) => l.rate,
      align: 'right',
    },
    {
      key: 'amount',
      header: t('line.amount'),
      render: (l) => money(l.amount),
      sort: (l) => l.amount,
      align: 'right',
      total: d
        ? money(
            sumMoney(
              d.lines.filter((l) => l.status === 'PAID'),
              (l) => (l.direction === 'IN' ? l.amount : -l.amount),
            ),
          )
        : undefined,
    },
    {
      key: 'status',
      header: t('line.status'),
      render: (l) => <Badge tone={tone(l.status)}>{t(`status.${l.status}`)}</Badge>,
      sort: (l) => l.status,
    },
    {
      key: 'entry',
      header: t('line.entry'),
      render: (l) => (l.entryReference ? <code>{l.entryReference}</code> : '–'),
      sort: (l) => l.entryReference ?? '',
    },
    {
      key: 'paid',
      header: t('line.paidTime'),
      render: (l) => (l.paidTime ? <DateTime value={l.paidTime} /> : '–'),
      sort: (l) => l.paidTime ?? '',
      hidden: true,
    },
  ];
  return (
    <section ref={ref} className="bo-card" aria-label={t('drill.title', { agent: agent.username })}>
      <header className="bo-section-head">
        <h2>{t('drill.title', { agent: agent.username })}</h2>
        <div className="bo-row-actions">
          <ExportButton report="agents.statements" query={{ ...range, memberId: agent.memberId }} />
          <Button size="sm" onClick={onClose}>
            {t('drill.close')}
          </Button>
        </div>
      </header>
      {data.error ? (
        <div role="alert">
          <p>{errorText(data.error)}</p>
          <Button onClick={() => void data.refetch()}>{t('retry')}</Button>
        </div>
      ) : (
        <>
          {d && (
            <p className="bo-muted">
              {t('drill.summary', {
                received: money(d.totals.received),
                paidOut: money(d.totals.paidOut),
                unpaid: money(d.totals.unpaid),
                lines: d.totals.lines,
              })}
            </p>
          )}
          {d && (
            <ChartCard
              title={t('charts.team')}
              empty={d.series.every((x) => x.turnover === 0 && x.wages + x.dividends === 0)}
            >
              <ResponsiveContainer width="100%" height={200}>
                <ComposedChart data={d.series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
                  <XAxis dataKey="day" tick={axis.tick} minTickGap={16} />
                  <YAxis
                    tick={axis.tick}
                    width={64}
                    tickFormatter={(v: number) => formatNumber(Math.round(v))}
                  />
                  <Tooltip
                    formatter={(v) => (typeof v === 'number' ? money(v) : String(v))}
                    contentStyle={axis.tooltip}
                  />
                  <Legend />
                  <Bar
                    dataKey="validTurnover"
                    name={t('col.validTurnover')}
                    fill={colours[5]}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="ggr"
                    name={t('col.ggr')}
                    stroke={colours[2]}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    dataKey="wages"
                    name={t('col.wages')}
                    stroke={colours[0]}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </ChartCard>
          )}
          <ReportTable
            id="agents.statements"
            caption={t('drill.lines')}
            columns={columns}
            rows={d?.lines}
            rowKey={(l) => l.id}
            loading={data.isPending}
            empty={t('drill.empty')}
            initialSort={{ key: 'day', desc: true }}
          />
        </>
      )}
    </section>
  );
}
