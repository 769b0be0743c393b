import {
  REWARD_CATEGORIES,
  type ReportBucket,
  type RewardCostRow,
  type RewardCosts,
  type RewardItem,
  type RewardItems,
  type RewardPoints,
  type RewardPointsRow,
  type RewardSourceRow,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../ui';
import { ExportButton } from './export-button';
import {
  ChartCard,
  ChoiceField,
  RangeBar,
  ReportTable,
  useChartColours,
  useReportRange,
  type ReportColumn,
  type ReportRange,
  HEAD,
  QueryError,
  Tile,
  useAxisStyle,
  useReportQuery,
} from './kit';

const ratio = (v: number | null) => (v === null ? null : `${(v * 100).toFixed(1)}%`);

/**
 * The promotions and rewards tab: bonus cost by category and period (with GGR, NGR and the
 * bonus-to-NGR ratio), by entry kind and source, per promotion and mission, and points.
 */
export default function RewardsTab() {
  const { t } = useTranslation('reportsRewards');
  const state = useReportRange('30');
  const [by, setBy] = useState<ReportBucket>('day');
  const { range, problem } = state;
  const enabled = problem === null;
  const costs = useReportQuery<RewardCosts>('/reports/rewards/costs', range, { by }, enabled);
  const totals = costs.data?.totals;
  return (
    <div className="bo-report">
      <RangeBar state={state}>
        <ChoiceField<ReportBucket>
          label={t('by')}
          value={by}
          options={['day', 'week', 'month']}
          text={(b) => t(`buckets.${b}`)}
          onChange={setBy}
        />
      </RangeBar>
      <QueryError query={costs} />
      <section className="bo-kpis" aria-busy={costs.isFetching || undefined}>
        <Tile label={t('kpi.total')} value={totals && formatMoney(totals.total)} />
        <Tile label={t('kpi.credits')} value={totals && formatNumber(totals.credits)} />
        <Tile label={t('kpi.ngr')} value={totals && formatMoney(totals.ngr)} />
        <Tile
          label={t('kpi.bonusToNgr')}
          value={totals && (ratio(totals.bonusToNgr) ?? t('kpi.notMeaningful'))}
          title={totals?.bonusToNgr === null ? t('kpi.notMeaningfulWhy') : undefined}
        />
        {REWARD_CATEGORIES.filter((c) => c !== 'other' || (totals?.other ?? 0) !== 0).map((c) => (
          <Tile key={c} label={t(`categories.${c}`)} value={totals && formatMoney(totals[c])} />
        ))}
      </section>
      <div className="bo-charts">
        <CostChart data={costs.data} />
        <PointsSection range={range} by={by} enabledQuery={enabled} />
      </div>
      <CostTable data={costs.data} loading={costs.isPending && enabled} query={{ ...range, by }} />
      <Items range={range} enabledQuery={enabled} />
      <Sources data={costs.data} loading={costs.isPending && enabled} />
    </div>
  );
}

function CostChart({ data }: { data: RewardCosts | undefined }) {
  const { t } = useTranslation('reportsRewards');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const series = data?.series ?? [];
  // Only the categories with any cost in the period get a colour in the legend.
  const shown = REWARD_CATEGORIES.filter((c) => series.some((r) => r[c] !== 0));
  return (
    <ChartCard title={t('costs.chart')} empty={!data || shown.length === 0}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
          <XAxis dataKey="period" tick={axis.tick} minTickGap={16} />
          <YAxis tick={axis.tick} width={72} tickFormatter={(v: number) => formatNumber(Math.round(v))} />
          <Tooltip
            contentStyle={axis.tooltip}
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
          />
          <Legend />
          {shown.map((c) => (
            <Bar
              key={c}
              dataKey={c}
              stackId="cost"
              name={t(`categories.${c}`)}
              fill={colours[REWARD_CATEGORIES.indexOf(c) % colours.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function CostTable({
  data,
  loading,
  query,
}: {
  data: RewardCosts | undefined;
  loading: boolean;
  query: Record<string, string>;
}) {
  const { t } = useTranslation('reportsRewards');
  const totals = data?.totals;
  const money = (
    k: keyof Omit<RewardCostRow, 'period' | 'credits' | 'bonusToNgr'>,
    header: string,
    hidden = false,
  ) =>
    ({
      key: k,
      header,
      render: (r: RewardCostRow) => formatMoney(r[k]),
      sort: (r: RewardCostRow) => r[k],
      align: 'right' as const,
      total: totals ? formatMoney(totals[k]) : undefined,
      hidden,
    }) satisfies ReportColumn<RewardCostRow>;
  const columns: ReportColumn<RewardCostRow>[] = [
    { key: 'period', header: t('costs.period'), render: (r) => r.period, sort: (r) => r.period },
    ...REWARD_CATEGORIES.map((c) => money(c, t(`categories.${c}`), c === 'other')),
    money('total', t('costs.total')),
    {
      key: 'credits',
      header: t('costs.credits'),
      render: (r) => formatNumber(r.credits),
      sort: (r) => r.credits,
      align: 'right',
      total: totals ? formatNumber(totals.credits) : undefined,
    },
    money('ggr', t('costs.ggr')),
    money('ngr', t('costs.ngr')),
    {
      key: 'ratio',
      header: t('costs.ratio'),
      render: (r) => ratio(r.bonusToNgr) ?? '–',
      sort: (r) => r.bonusToNgr ?? -1,
      align: 'right',
      total: totals ? (ratio(totals.bonusToNgr) ?? '–') : undefined,
    },
  ];
  return (
    <section className="bo-card">
      <div style={HEAD}>
        <h2>{t('costs.table')}</h2>
        <ExportButton report="rewards.costs" query={query} disabled={!data} />
      </div>
      <p className="bo-muted">{t('costs.agentsApart')}</p>
      <ReportTable
        id="rewards.costs"
        caption={t('costs.table')}
        columns={columns}
        rows={data?.series}
        rowKey={(r) => r.period}
        loading={loading}
        initialSort={{ key: 'period', desc: true }}
      />
    </section>
  );
}

function Sources({ data, loading }: { data: RewardCosts | undefined; loading: boolean }) {
  const { t } = useTranslation('reportsRewards');
  const rows = data?.sources;
  const columns: ReportColumn<RewardSourceRow>[] = [
    {
      key: 'category',
      header: t('sources.category'),
      render: (r) => t(`categories.${r.category}`),
      sort: (r) => r.category,
    },
    { key: 'kind', header: t('sources.kind'), render: (r) => r.kind, sort: (r) => r.kind },
    { key: 'source', header: t('sources.source'), render: (r) => r.source || '–', sort: (r) => r.source },
    {
      key: 'credits',
      header: t('sources.credits'),
      render: (r) => formatNumber(r.credits),
      sort: (r) => r.credits,
      align: 'right',
      total: rows ? formatNumber(rows.reduce((a, r) => a + r.credits, 0)) : undefined,
    },
    {
      key: 'amount',
      header: t('sources.amount'),
      render: (r) => formatMoney(r.amount),
      sort: (r) => r.amount,
      align: 'right',
      total: data ? formatMoney(data.totals.total) : undefined,
    },
  ];
  return (
    <section className="bo-card">
      <h2>{t('sources.title')}</h2>
      <ReportTable
        id="rewards.sources"
        caption={t('sources.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.kind}|${r.source}`}
        loading={loading}
        initialSort={{ key: 'amount', desc: true }}
      />
    </section>
  );
}

function Items({ range, enabledQuery }: { range: ReportRange; enabledQuery: boolean }) {
  const { t } = useTranslation('reportsRewards');
  const q = useReportQuery<RewardItems>('/reports/rewards/items', range, {}, enabledQuery);
  const items = q.data?.items;
  const sum = (k: 'claims' | 'members' | 'amount') => items?.reduce((a, r) => a + r[k], 0) ?? 0;
  const columns: ReportColumn<RewardItem>[] = [
    { key: 'name', header: t('items.name'), render: (r) => r.title || r.code, sort: (r) => r.title },
    {
      key: 'category',
      header: t('items.category'),
      render: (r) => t(`categories.${r.category}`),
      sort: (r) => r.category,
    },
    { key: 'kind', header: t('items.kind'), render: (r) => r.kind, sort: (r) => r.kind },
    { key: 'code', header: t('items.code'), render: (r) => r.code, sort: (r) => r.code, hidden: true },
    {
      key: 'brand',
      header: t('items.brand'),
      render: (r) => r.merchant,
      sort: (r) => r.merchant,
      hidden: range.scope !== 'all',
    },
    {
      key: 'claims',
      header: t('items.claims'),
      render: (r) => formatNumber(r.claims),
      sort: (r) => r.claims,
      align: 'right',
      total: items ? formatNumber(sum('claims')) : undefined,
    },
    {
      key: 'members',
      header: t('items.members'),
      render: (r) => formatNumber(r.members),
      sort: (r) => r.members,
      align: 'right',
    },
    {
      key: 'perClaim',
      header: t('items.perClaim'),
      render: (r) => formatMoney(r.claims ? r.amount / r.claims : 0),
      sort: (r) => (r.claims ? r.amount / r.claims : 0),
      align: 'right',
    },
    {
      key: 'amount',
      header: t('items.amount'),
      render: (r) => formatMoney(r.amount),
      sort: (r) => r.amount,
      align: 'right',
      total: items ? formatMoney(sum('amount')) : undefined,
    },
  ];
  return (
    <section className="bo-card">
      <h2>{t('items.title')}</h2>
      <QueryError query={q} />
      <ReportTable
        id="rewards.items"
        caption={t('items.title')}
        columns={columns}
        rows={items}
        rowKey={(r) => `${r.category}:${r.id}`}
        loading={q.isPending && enabledQuery}
        initialSort={{ key: 'amount', desc: true }}
      />
    </section>
  );
}

function PointsSection({
  range,
  by,
  enabledQuery,
}: {
  range: ReportRange;
  by: ReportBucket;
  enabledQuery: boolean;
}) {
  const { t } = useTranslation('reportsRewards');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const q = useReportQuery<RewardPoints>('/reports/rewards/points', range, { by }, enabledQuery);
  const series = q.data?.series ?? [];
  const totals = q.data?.totals;
  const bars = ['earned', 'redeemed', 'converted', 'adjusted'] as const;
  const empty = series.every((r) => !r.earned && !r.redeemed && !r.converted && !r.adjusted);
  const count = (k: 'earned' | 'redeemed' | 'converted' | 'adjusted') =>
    ({
      key: k,
      header: t(`points.${k}`),
      render: (r: RewardPointsRow) => formatNumber(r[k]),
      sort: (r: RewardPointsRow) => r[k],
      align: 'right' as const,
      total: totals ? formatNumber(totals[k]) : undefined,
    }) satisfies ReportColumn<RewardPointsRow>;
  const columns: ReportColumn<RewardPointsRow>[] = [
    { key: 'period', header: t('points.period'), render: (r) => r.period, sort: (r) => r.period },
    count('earned'),
    count('redeemed'),
    count('converted'),
    count('adjusted'),
    {
      key: 'cash',
      header: t('points.cash'),
      render: (r) => formatMoney(r.cash),
      sort: (r) => r.cash,
      align: 'right',
      total: totals ? formatMoney(totals.cash) : undefined,
    },
  ];
  return (
    <section className="bo-card bo-chart">
      <div style={HEAD}>
        <h2>{t('points.title')}</h2>
        <ExportButton report="rewards.points" query={{ ...range, by }} disabled={!q.data} />
      </div>
      <QueryError query={q} />
      {!empty && (
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
            <XAxis dataKey="period" tick={axis.tick} minTickGap={16} />
            <YAxis tick={axis.tick} width={56} allowDecimals={false} />
            <Tooltip contentStyle={axis.tooltip} />
            <Legend />
            {bars.map((k, i) => (
              <Bar
                key={k}
                dataKey={k}
                name={t(`points.${k}`)}
                fill={colours[(i + 2) % colours.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
      <ReportTable
        id="rewards.points"
        caption={t('points.chart')}
        columns={columns}
        rows={q.data ? series.filter((r) => r.earned || r.redeemed || r.converted || r.adjusted) : undefined}
        rowKey={(r) => r.period}
        loading={q.isPending && enabledQuery}
        initialSort={{ key: 'period', desc: true }}
      />
    </section>
  );
}
