import { RG_KINDS, type AmlReport, type AmlReportRow, type RgKind, type RgReport } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../ui';
import { ExportButton } from './export-button';
import {
  ChartCard,
  QueryError,
  RangeBar,
  ReportTable,
  Tile,
  useAxisStyle,
  useChartColours,
  useReportRange,
  type ReportColumn,
  useReportQuery,
} from './kit';

const hours = (h: number | null) => (h === null ? '–' : h.toFixed(1));

/** The kinds the daily chart stacks (the rest are rare enough to read from the table). */
const CHART_KINDS: RgKind[] = [
  'limitSet',
  'limitLowered',
  'limitRaiseRequested',
  'timeout',
  'selfExclusion',
  'realityCheck',
];

/**
 * Responsible gaming and AML over the period: limits, breaks, cool-offs and reality checks by
 * kind and day, breaks in force, identity checks and their turnaround; AML alerts by rule, cases
 * opened and decided, escalations, reports filed and the time to decide.
 */
export default function ComplianceTab() {
  const state = useReportRange('30');
  const { range, problem } = state;
  const rg = useReportQuery<RgReport>('/reports/compliance/rg', range, {}, !problem);
  const aml = useReportQuery<AmlReport>('/reports/compliance/aml', range, {}, !problem);
  return (
    <>
      <RangeBar state={state} />
      <RgSection q={rg} query={{ ...range }} loading={rg.isPending && !problem} disabled={!!problem} />
      <AmlSection q={aml} query={{ ...range }} loading={aml.isPending && !problem} disabled={!!problem} />
    </>
  );
}

interface SectionProps<T> {
  q: { data: T | undefined; error: unknown; isFetching: boolean; refetch(): unknown };
  query: Record<string, string>;
  loading: boolean;
  disabled: boolean;
}

function RgSection({ q, query, loading, disabled }: SectionProps<RgReport>) {
  const { t } = useTranslation('reportsCompliance');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const r = q.data;
  const n = (k: RgKind) => r?.byKind.find((x) => x.kind === k)?.events;
  const fmt = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v));
  const series = r?.series.map((d) => ({ day: d.day, ...d.kinds }));
  const kindColumns: ReportColumn<RgReport['byKind'][number]>[] = [
    {
      key: 'kind',
      header: t('rg.col.kind'),
      render: (k) => t(`rg.kind.${k.kind}`),
      sort: (k) => t(`rg.kind.${k.kind}`),
    },
    {
      key: 'events',
      header: t('rg.col.events'),
      render: (k) => formatNumber(k.events),
      sort: (k) => k.events,
      align: 'right',
      total: r ? formatNumber(r.byKind.reduce((a, k) => a + k.events, 0)) : undefined,
    },
    {
      key: 'members',
      header: t('rg.col.members'),
      render: (k) => formatNumber(k.members),
      sort: (k) => k.members,
      align: 'right',
    },
  ];
  const limitColumns: ReportColumn<RgReport['byLimit'][number]>[] = [
    {
      key: 'limit',
      header: t('rg.col.limit'),
      render: (l) => t(`rg.limit.${l.limit}`, { defaultValue: l.limit }),
      sort: (l) => l.limit,
    },
    ...(['set', 'lowered', 'raised'] as const).map((key) => ({
      key,
      header: t(`rg.col.${key}`),
      render: (l: RgReport['byLimit'][number]) => formatNumber(l[key]),
      sort: (l: RgReport['byLimit'][number]) => l[key],
      align: 'right' as const,
      total: r ? formatNumber(r.byLimit.reduce((a, l) => a + l[key], 0)) : undefined,
    })),
  ];
  return (
    <section aria-labelledby="rg-title">
      <header className="bo-section-head">
        <h2 id="rg-title">{t('rg.title')}</h2>
        <ExportButton report="compliance.rg" query={query} disabled={disabled} />
      </header>
      <QueryError query={q} />
      <section className="bo-kpis" aria-busy={q.isFetching || undefined}>
        <Tile label={t('rg.kpi.limits')} value={fmt(r && (n('limitSet') ?? 0) + (n('limitLowered') ?? 0))} />
        <Tile label={t('rg.kpi.raises')} value={fmt(n('limitRaiseRequested'))} />
        <Tile label={t('rg.kpi.breaks')} value={fmt(r && (n('timeout') ?? 0) + (n('selfExclusion') ?? 0))} />
        <Tile label={t('rg.kpi.realityChecks')} value={fmt(n('realityCheck'))} />
        <Tile
          label={t('rg.kpi.excludedNow')}
          value={r && formatNumber(r.excludedNow.timeouts + r.excludedNow.selfExclusions)}
          note={
            r &&
            t('rg.excluded', {
              timeouts: formatNumber(r.excludedNow.timeouts),
              exclusions: formatNumber(r.excludedNow.selfExclusions),
            })
          }
        />
        <Tile label={t('rg.kpi.kycPending')} value={fmt(r?.kyc.pendingNow)} />
        <Tile
          label={t('rg.kpi.kycTurnaround')}
          value={r && t('rg.hours', { hours: hours(r.kyc.averageHours) })}
          note={r && t('rg.p90', { hours: hours(r.kyc.p90Hours) })}
        />
      </section>
      {r && series && (
        <div className="bo-charts" style={{ marginBottom: '1rem' }}>
          <ChartCard title={t('rg.chart')} empty={r.byKind.every((k) => k.events === 0)}>
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
                <XAxis dataKey="day" tick={axis.tick} minTickGap={16} />
                <YAxis tick={axis.tick} width={40} allowDecimals={false} />
                <Tooltip contentStyle={axis.tooltip} />
                <Legend />
                {CHART_KINDS.map((k, i) => (
                  <Bar
                    key={k}
                    dataKey={k}
                    name={t(`rg.kind.${k}`)}
                    stackId="rg"
                    fill={colours[i % colours.length]}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <section className="bo-card">
            <h2>{t('rg.kyc.title')}</h2>
            <table className="bo-table bo-table-dense">
              <tbody>
                {(['submitted', 'approved', 'rejected', 'pendingNow'] as const).map((k) => (
                  <tr key={k}>
                    <th scope="row">{t(`rg.kyc.${k}`)}</th>
                    <td style={{ textAlign: 'right' }}>{formatNumber(r.kyc[k])}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">{t('rg.kyc.average')}</th>
                  <td style={{ textAlign: 'right' }}>{hours(r.kyc.averageHours)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('rg.kyc.p90')}</th>
                  <td style={{ textAlign: 'right' }}>{hours(r.kyc.p90Hours)}</td>
                </tr>
              </tbody>
            </table>
          </section>
        </div>
      )}
      <div className="bo-charts" style={{ marginBottom: '1rem' }}>
        <div>
          <ReportTable
            id="compliance.rg.kinds"
            caption={t('rg.byKind')}
            columns={kindColumns}
            rows={r?.byKind.filter((k) => RG_KINDS.includes(k.kind))}
            rowKey={(k) => k.kind}
            loading={loading}
          />
        </div>
        <div>
          <ReportTable
            id="compliance.rg.limits"
            caption={t('rg.byLimit')}
            columns={limitColumns}
            rows={r?.byLimit}
            rowKey={(l) => l.limit}
            loading={loading}
            empty={t('rg.noLimits')}
          />
        </div>
      </div>
    </section>
  );
}

function AmlSection({ q, query, loading, disabled }: SectionProps<AmlReport>) {
  const { t } = useTranslation('reportsCompliance');
  const colours = useChartColours();
  const axis = useAxisStyle();
  const r = q.data;
  const fmt = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v));
  const rule = (name: string) => t(`aml.rule.${name}`, { defaultValue: name });
  const count = (
    key: Exclude<keyof AmlReportRow, 'rule' | 'averageCloseHours'>,
  ): ReportColumn<AmlReportRow> => ({
    key,
    header: t(`aml.col.${key}`),
    render: (x) => formatNumber(x[key]),
    sort: (x) => x[key],
    align: 'right',
    total: r ? formatNumber(r.totals[key]) : undefined,
  });
  const columns: ReportColumn<AmlReportRow>[] = [
    { key: 'rule', header: t('aml.col.rule'), render: (x) => rule(x.rule), sort: (x) => rule(x.rule) },
    count('alerts'),
    count('opened'),
    count('cleared'),
    count('frozen'),
    count('reported'),
    count('escalated'),
    {
      key: 'averageCloseHours',
      header: t('aml.col.averageCloseHours'),
      render: (x) => hours(x.averageCloseHours),
      sort: (x) => x.averageCloseHours ?? -1,
      align: 'right',
      total: r ? hours(r.totals.averageCloseHours) : undefined,
    },
  ];
  const chart = r?.byRule.map((x) => ({ ...x, name: rule(x.rule) }));
  return (
    <section aria-labelledby="aml-title" style={{ marginTop: '1.5rem' }}>
      <header className="bo-section-head">
        <h2 id="aml-title">{t('aml.title')}</h2>
        <ExportButton report="compliance.aml" query={query} disabled={disabled} />
      </header>
      <QueryError query={q} />
      <section className="bo-kpis" aria-busy={q.isFetching || undefined}>
        <Tile label={t('aml.kpi.alerts')} value={fmt(r?.totals.alerts)} />
        <Tile label={t('aml.kpi.opened')} value={fmt(r?.totals.opened)} />
        <Tile label={t('aml.kpi.escalated')} value={fmt(r?.totals.escalated)} />
        <Tile label={t('aml.kpi.reported')} value={fmt(r?.totals.reported)} />
        <Tile label={t('aml.kpi.openNow')} value={fmt(r?.totals.openNow)} />
        <Tile label={t('aml.kpi.closeHours')} value={r && hours(r.totals.averageCloseHours)} />
      </section>
      {r && chart && (
        <div className="bo-charts" style={{ marginBottom: '1rem' }}>
          <ChartCard title={t('aml.chartRules')} empty={chart.length === 0}>
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={chart} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
                <XAxis dataKey="name" tick={axis.tick} interval={0} />
                <YAxis tick={axis.tick} width={40} allowDecimals={false} />
                <Tooltip contentStyle={axis.tooltip} />
                <Legend />
                <Bar
                  dataKey="alerts"
                  name={t('aml.col.alerts')}
                  fill={colours[0]}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="cleared"
                  name={t('aml.col.cleared')}
                  stackId="d"
                  fill={colours[2]}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="escalated"
                  name={t('aml.col.escalated')}
                  stackId="d"
                  fill={colours[1]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard
            title={t('aml.chartDays')}
            empty={r.series.every((d) => d.alerts + d.opened + d.closed === 0)}
          >
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={r.series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={axis.grid} />
                <XAxis dataKey="day" tick={axis.tick} minTickGap={16} />
                <YAxis tick={axis.tick} width={40} allowDecimals={false} />
                <Tooltip contentStyle={axis.tooltip} />
                <Legend />
                <Bar
                  dataKey="alerts"
                  name={t('aml.col.alerts')}
                  fill={colours[0]}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="opened"
                  name={t('aml.col.opened')}
                  fill={colours[3]}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="closed"
                  name={t('aml.col.closed')}
                  fill={colours[2]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
        </div>
      )}
      <div>
        <ReportTable
          id="compliance.aml.rules"
          caption={t('aml.byRule')}
          columns={columns}
          rows={r?.byRule}
          rowKey={(x) => x.rule}
          loading={loading}
          empty={t('aml.empty')}
        />
      </div>
    </section>
  );
}
