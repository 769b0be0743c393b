import type {
  PlayerActivity,
  PlayerCohorts,
  PlayerRanking,
  PlayerRankingRow,
  ReportBucket,
  VipDistribution,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
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

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/**
 * The players tab: registrations, first-time depositors and actives by period, retention by
 * registration cohort, the profit and loss ranking (an audited read) and the VIP distribution.
 */
export default function PlayersTab() {
  const { t } = useTranslation('reportsPlayers');
  const state = useReportRange('30');
  const [by, setBy] = useState<ReportBucket>('day');
  const { range, problem } = state;
  const enabled = problem === null;
  const activity = useReportQuery<PlayerActivity>('/reports/players/activity', range, { by }, enabled);
  const totals = activity.data?.totals;
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
      <QueryError query={activity} />
      <section className="bo-kpis" aria-busy={activity.isFetching || undefined}>
        <Tile label={t('kpi.registrations')} value={totals && formatNumber(totals.registrations)} />
        <Tile label={t('kpi.firstDepositors')} value={totals && formatNumber(totals.firstDepositors)} />
        <Tile label={t('kpi.active')} value={totals && formatNumber(totals.active)} />
        <Tile
          label={t('kpi.conversion')}
          value={
            totals && (totals.registrations > 0 ? pct(totals.firstDepositors / totals.registrations) : '–')
          }
        />
      </section>
      <div className="bo-charts">
        <ActivityChart data={activity.data} />
        <VipCard range={range} enabledQuery={enabled} />
      </div>
      <ActivityTable data={activity.data} loading={activity.isPending && enabled} query={{ ...range, by }} />
      <Cohorts range={range} enabledQuery={enabled} />
      <Ranking range={range} enabledQuery={enabled} />
    </div>
  );
}

function ActivityChart({ data }: { data: PlayerActivity | undefined }) {
  const { t } = useTranslation('reportsPlayers');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const series = data?.series ?? [];
  const empty = series.every((r) => !r.registrations && !r.firstDepositors && !r.active);
  const lines = ['registrations', 'firstDepositors', 'active'] as const;
  return (
    <ChartCard title={t('activity.chart')} empty={!data || empty}>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
          <XAxis dataKey="period" tick={axis.tick} minTickGap={16} />
          <YAxis tick={axis.tick} width={48} allowDecimals={false} />
          <Tooltip contentStyle={axis.tooltip} />
          <Legend />
          {lines.map((l, i) => (
            <Line
              key={l}
              type="monotone"
              dataKey={l}
              name={t(`kpi.${l}`)}
              stroke={colours[i]}
              strokeWidth={2}
              dot={series.length <= 31}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function ActivityTable({
  data,
  loading,
  query,
}: {
  data: PlayerActivity | undefined;
  loading: boolean;
  query: Record<string, string>;
}) {
  const { t } = useTranslation('reportsPlayers');
  const totals = data?.totals;
  type Row = PlayerActivity['series'][number];
  const columns: ReportColumn<Row>[] = [
    { key: 'period', header: t('activity.period'), render: (r) => r.period, sort: (r) => r.period },
    ...(['registrations', 'firstDepositors', 'active'] as const).map((k): ReportColumn<Row> => ({
      key: k,
      header: t(`kpi.${k}`),
      render: (r) => formatNumber(r[k]),
      sort: (r) => r[k],
      align: 'right',
      total: totals ? formatNumber(totals[k]) : undefined,
    })),
  ];
  return (
    <section className="bo-card">
      <div style={HEAD}>
        <h2>{t('activity.table')}</h2>
        <ExportButton report="players.activity" query={query} disabled={!data} />
      </div>
      <ReportTable
        id="players.activity"
        caption={t('activity.table')}
        columns={columns}
        rows={data?.series}
        rowKey={(r) => r.period}
        loading={loading}
        initialSort={{ key: 'period', desc: true }}
      />
    </section>
  );
}

/** A cell's background: the share as the strength of the theme's first chart colour. */
function heat(share: number, colour: string): string {
  // At most 60 % strength, so the figure stays readable on it in both themes.
  const alpha = Math.min(1, Math.max(0, share)) * 0.52 + (share > 0 ? 0.08 : 0);
  const hex = Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0');
  return `${colour}${hex}`;
}

function Cohorts({ range, enabledQuery }: { range: ReportRange; enabledQuery: boolean }) {
  const { t } = useTranslation('reportsPlayers');
  const [by, setBy] = useState<'week' | 'month'>('week');
  const colour = useChartColours()[0]!;
  const q = useReportQuery<PlayerCohorts>('/reports/players/cohorts', range, { by }, enabledQuery);
  const cohorts = q.data?.cohorts ?? [];
  const width = cohorts[0]?.active.length ?? 0;
  return (
    <section className="bo-card">
      <div style={HEAD}>
        <h2>{t('cohorts.title')}</h2>
        <ChoiceField<'week' | 'month'>
          label={t('cohorts.by')}
          value={by}
          options={['week', 'month']}
          text={(b) => t(`buckets.${b}`)}
          onChange={setBy}
        />
        <ExportButton report="players.cohorts" query={{ ...range, by }} disabled={!q.data} />
      </div>
      <p className="bo-muted">{t('cohorts.hint')}</p>
      <QueryError query={q} />
      {q.isPending && enabledQuery ? (
        <span className="bo-skeleton" />
      ) : cohorts.every((c) => c.size === 0) ? (
        <p className="bo-muted">{t('cohorts.empty')}</p>
      ) : (
        <div className="bo-table-scroll">
          <table className="bo-table bo-table-dense">
            <caption>{t('cohorts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('cohorts.cohort')}</th>
                <th scope="col" style={{ textAlign: 'right' }}>
                  {t('cohorts.size')}
                </th>
                {Array.from({ length: width }, (_, i) => (
                  <th key={i} scope="col" style={{ textAlign: 'right' }}>
                    {t('cohorts.offset', { n: i })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cohorts.map((c) => (
                <tr key={c.cohort}>
                  <th scope="row">{c.cohort}</th>
                  <td style={{ textAlign: 'right' }}>{formatNumber(c.size)}</td>
                  {Array.from({ length: width }, (_, i) =>
                    i < c.active.length ? (
                      <td
                        key={i}
                        style={{
                          textAlign: 'right',
                          fontVariantNumeric: 'tabular-nums',
                          background: c.size ? heat(c.share[i]!, colour) : undefined,
                        }}
                        title={`${formatNumber(c.active[i]!)} / ${formatNumber(c.size)}`}
                      >
                        {c.size ? pct(c.share[i]!) : '–'}
                      </td>
                    ) : (
                      <td key={i} aria-hidden="true" />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Ranking({ range, enabledQuery }: { range: ReportRange; enabledQuery: boolean }) {
  const { t } = useTranslation('reportsPlayers');
  const navigate = useNavigate();
  const [side, setSide] = useState<'winners' | 'losers'>('winners');
  const q = useReportQuery<PlayerRanking>(
    '/reports/players/ranking',
    range,
    { side, limit: 100 },
    enabledQuery,
  );
  const items = q.data?.items;
  const sum = (k: keyof PlayerRankingRow) => items?.reduce((a, r) => a + (r[k] as number), 0) ?? 0;
  const money = (
    k: 'turnover' | 'validTurnover' | 'ggr' | 'playerProfit' | 'deposits' | 'withdrawals' | 'bonus',
    hidden = false,
  ) =>
    ({
      key: k,
      header: t(`ranking.${k}`),
      render: (r: PlayerRankingRow) => formatMoney(r[k]),
      sort: (r: PlayerRankingRow) => r[k],
      align: 'right' as const,
      total: items ? formatMoney(sum(k)) : undefined,
      hidden,
    }) satisfies ReportColumn<PlayerRankingRow>;
  const columns: ReportColumn<PlayerRankingRow>[] = [
    {
      key: 'member',
      header: t('ranking.member'),
      render: (r) => (
        <Link to={`/players/${r.memberId}`} onClick={(e) => e.stopPropagation()}>
          {r.username}
        </Link>
      ),
      sort: (r) => r.username,
    },
    {
      key: 'brand',
      header: t('ranking.brand'),
      render: (r) => r.merchant,
      sort: (r) => r.merchant,
      hidden: range.scope !== 'all',
    },
    {
      key: 'vip',
      header: t('ranking.vip'),
      render: (r) => r.vipLevel,
      sort: (r) => r.vipLevel,
      align: 'right',
    },
    money('playerProfit'),
    money('ggr', true),
    {
      key: 'bets',
      header: t('ranking.bets'),
      render: (r) => formatNumber(r.bets),
      sort: (r) => r.bets,
      align: 'right',
      total: items ? formatNumber(sum('bets')) : undefined,
    },
    money('turnover'),
    money('validTurnover', true),
    money('deposits'),
    money('withdrawals'),
    money('bonus'),
  ];
  return (
    <section className="bo-card">
      <div style={HEAD}>
        <h2>{t('ranking.title')}</h2>
        <div className="bo-segmented" role="group" aria-label={t('ranking.side')}>
          {(['winners', 'losers'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s === side ? 'bo-seg bo-seg-active' : 'bo-seg'}
              aria-pressed={s === side}
              onClick={() => setSide(s)}
            >
              {t(`ranking.${s}`)}
            </button>
          ))}
        </div>
        <ExportButton report="players.ranking" query={{ ...range }} disabled={!q.data} />
      </div>
      <p className="bo-muted">{t('ranking.audited')}</p>
      <QueryError query={q} />
      <ReportTable
        id="players.ranking"
        caption={t(`ranking.${side}`)}
        columns={columns}
        rows={items}
        rowKey={(r) => r.memberId}
        loading={q.isPending && enabledQuery}
        onRowClick={(r) => void navigate(`/players/${r.memberId}`)}
      />
    </section>
  );
}

function VipCard({ range, enabledQuery }: { range: ReportRange; enabledQuery: boolean }) {
  const { t } = useTranslation('reportsPlayers');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const q = useReportQuery<VipDistribution>('/reports/players/vip', range, {}, enabledQuery);
  const levels = (q.data?.levels ?? []).map((l) => ({
    ...l,
    name: l.label ? `${l.level} ${l.label}` : String(l.level),
  }));
  const members = levels.reduce((a, l) => a + l.members, 0);
  const active = levels.reduce((a, l) => a + l.active, 0);
  type Row = (typeof levels)[number];
  const columns: ReportColumn<Row>[] = [
    { key: 'level', header: t('vip.level'), render: (r) => r.name, sort: (r) => r.level },
    {
      key: 'members',
      header: t('vip.members'),
      render: (r) => formatNumber(r.members),
      sort: (r) => r.members,
      align: 'right',
      total: formatNumber(members),
    },
    {
      key: 'share',
      header: t('vip.share'),
      render: (r) => (members ? pct(r.members / members) : '–'),
      sort: (r) => r.members,
      align: 'right',
    },
    {
      key: 'active',
      header: t('vip.active'),
      render: (r) => formatNumber(r.active),
      sort: (r) => r.active,
      align: 'right',
      total: formatNumber(active),
    },
  ];
  return (
    <section className="bo-card bo-chart">
      <div style={HEAD}>
        <h2>{t('vip.title')}</h2>
        <ExportButton report="players.vip" query={{ ...range }} disabled={!q.data} />
      </div>
      <QueryError query={q} />
      {members > 0 && (
        <ResponsiveContainer width="100%" height={180}>
          <BarChart data={levels} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
            <XAxis dataKey="name" tick={axis.tick} />
            <YAxis tick={axis.tick} width={48} allowDecimals={false} />
            <Tooltip contentStyle={axis.tooltip} />
            <Legend />
            <Bar dataKey="members" name={t('vip.members')} fill={colours[0]} isAnimationActive={false} />
            <Bar dataKey="active" name={t('vip.active')} fill={colours[2]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      )}
      <ReportTable
        id="players.vip"
        caption={t('vip.title')}
        columns={columns}
        rows={q.data ? levels : undefined}
        rowKey={(r) => String(r.level)}
        loading={q.isPending && enabledQuery}
      />
    </section>
  );
}
