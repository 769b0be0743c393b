import {
  RTP_FLAG_MIN_ROUNDS,
  RTP_FLAG_STANDARD_ERRORS,
  type BusinessBreakdown,
  type BusinessBreakdownBy,
  type BusinessBreakdownRow,
  type BusinessGroupBy,
  type BusinessSummary,
} from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useThemeName } from '../../app/theme';
import { Badge, Button, errorText, formatMoney, formatNumber, Money } from '../../ui';
import { BusinessBetsDialog, type GameRef } from './business-bets';
import { ExportButton } from './export-button';
import {
  ChartCard,
  RangeBar,
  ReportTable,
  useChartColours,
  useReportRange,
  type ReportColumn,
  useReportQuery,
} from './kit';
import './business.css';

const GROUPS: BusinessGroupBy[] = ['day', 'week', 'month'];
const BYS: BusinessBreakdownBy[] = ['category', 'vendor', 'game'];
const MONEY_KPIS = ['turnover', 'validTurnover', 'payout', 'ggr', 'bonusCost', 'ngr'] as const;

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}%`);

/** A segmented control of a few choices. */
function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  text,
}: {
  label: string;
  value: T;
  options: T[];
  onChange(v: T): void;
  text(v: T): string;
}) {
  return (
    <div className="bo-segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className={o === value ? 'bo-seg bo-seg-active' : 'bo-seg'}
          aria-pressed={o === value}
          onClick={() => onChange(o)}
        >
          {text(o)}
        </button>
      ))}
    </div>
  );
}

/**
 * Business: turnover, GGR, bonus cost, NGR and hold by day, week or month; by category, vendor or
 * game with each game's RTP check; a game's bets on a row click; exports of each.
 */
export default function BusinessTab() {
  const { t } = useTranslation(['reportsBusiness', 'games']);
  const state = useReportRange('30');
  const { range, problem } = state;
  const [groupBy, setGroupBy] = useState<BusinessGroupBy>('day');
  const [by, setBy] = useState<BusinessBreakdownBy>('game');
  const [game, setGame] = useState<GameRef | null>(null);
  const enabled = problem === null;

  const summary = useReportQuery<BusinessSummary>('/reports/business/summary', range, { groupBy }, enabled);
  const breakdown = useReportQuery<BusinessBreakdown>('/reports/business/breakdown', range, { by }, enabled);
  const categories = useReportQuery<BusinessBreakdown>(
    '/reports/business/breakdown',
    range,
    { by: 'category' },
    enabled,
  );
  const category = (code: string) =>
    code === '' ? t('mixed') : t(`type.${code}`, { ns: 'games', defaultValue: code });

  return (
    <div className="bo-biz">
      <RangeBar state={state}>
        <Segmented<BusinessGroupBy>
          label={t('groupBy.label')}
          value={groupBy}
          options={GROUPS}
          onChange={setGroupBy}
          text={(g) => t(`groupBy.${g}`)}
        />
      </RangeBar>

      {summary.error && !summary.data && (
        <div className="bo-card" role="alert">
          <p>{errorText(summary.error)}</p>
          <Button onClick={() => void summary.refetch()}>{t('retry')}</Button>
        </div>
      )}

      <section className="bo-kpis" aria-busy={summary.isFetching || undefined}>
        {MONEY_KPIS.map((k) => (
          <div key={k} className="bo-kpi" data-testid={`biz-kpi-${k}`}>
            <div className="bo-kpi-label">{t(`figures.${k}`)}</div>
            <div className="bo-kpi-value">
              {summary.data ? <Money value={summary.data.totals[k]} /> : <span className="bo-skeleton" />}
            </div>
          </div>
        ))}
        <div className="bo-kpi" data-testid="biz-kpi-hold">
          <div className="bo-kpi-label">{t('figures.holdPct')}</div>
          <div className="bo-kpi-value">
            {summary.data ? pct(summary.data.totals.holdPct) : <span className="bo-skeleton" />}
          </div>
          {summary.data && (
            <div className="bo-kpi-delta bo-muted">
              {t('betsCount', { bets: formatNumber(summary.data.totals.bets) })}
            </div>
          )}
        </div>
      </section>

      <div className="bo-charts">
        <TrendChart data={summary.data} />
        <CompositionChart data={categories.data} label={category} />
      </div>

      <section className="bo-card bo-biz-summary">
        <div className="bo-biz-head">
          <h2>{t('summaryTitle')}</h2>
          <ExportButton report="business.summary" query={{ ...range, groupBy }} disabled={!enabled} />
        </div>
        <SummaryTable data={summary.data} loading={summary.isPending && enabled} />
      </section>

      <section className="bo-card">
        <div className="bo-biz-head">
          <h2>{t('breakdownTitle')}</h2>
          <Segmented<BusinessBreakdownBy>
            label={t('by.label')}
            value={by}
            options={BYS}
            onChange={setBy}
            text={(b) => t(`by.${b}`)}
          />
          <ExportButton report="business.breakdown" query={{ ...range, by }} disabled={!enabled} />
        </div>
        {breakdown.error && !breakdown.data ? (
          <div role="alert">
            <p>{errorText(breakdown.error)}</p>
            <Button onClick={() => void breakdown.refetch()}>{t('retry')}</Button>
          </div>
        ) : (
          <BreakdownTable
            data={breakdown.data?.by === by ? breakdown.data : undefined}
            by={by}
            loading={breakdown.isFetching}
            category={category}
            onGame={setGame}
          />
        )}
        {by === 'game' && (
          <p className="bo-muted bo-biz-legend">
            <Badge tone="danger">{t('rtp.flag')}</Badge>{' '}
            {t('rtp.legend', { rounds: formatNumber(RTP_FLAG_MIN_ROUNDS), se: RTP_FLAG_STANDARD_ERRORS })}
          </p>
        )}
      </section>

      {game && <BusinessBetsDialog game={game} range={range} onClose={() => setGame(null)} />}
    </div>
  );
}

function axisColour(theme: string) {
  return theme === 'dark' ? '#93a0b5' : '#5d6779';
}

function TrendChart({ data }: { data: BusinessSummary | undefined }) {
  const { t } = useTranslation('reportsBusiness');
  const theme = useThemeName();
  const colours = useChartColours();
  const rows = data?.rows ?? [];
  const empty = !data || rows.every((r) => r.bets === 0 && r.settled === 0 && r.bonusCost === 0);
  return (
    <ChartCard title={t('charts.trend')} empty={empty}>
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme === 'dark' ? '#2d3a50' : '#d9dee7'} />
          <XAxis dataKey="bucket" tick={{ fontSize: 11, fill: axisColour(theme) }} minTickGap={16} />
          <YAxis
            tick={{ fontSize: 11, fill: axisColour(theme) }}
            width={72}
            tickFormatter={(v: number) => formatNumber(Math.round(v))}
          />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
            contentStyle={{
              background: theme === 'dark' ? '#182130' : '#fff',
              border: `1px solid ${theme === 'dark' ? '#2d3a50' : '#d9dee7'}`,
            }}
          />
          <Legend />
          {(['turnover', 'ggr', 'ngr'] as const).map((k, i) => (
            <Line
              key={k}
              type="monotone"
              dataKey={k}
              name={t(`figures.${k}`)}
              stroke={colours[i % colours.length]}
              strokeWidth={2}
              dot={rows.length <= 31}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function CompositionChart({
  data,
  label,
}: {
  data: BusinessBreakdown | undefined;
  label(code: string): string;
}) {
  const { t } = useTranslation('reportsBusiness');
  const theme = useThemeName();
  const colours = useChartColours();
  const rows = (data?.rows ?? []).map((r) => ({ name: label(r.category), turnover: r.turnover, ggr: r.ggr }));
  return (
    <ChartCard title={t('charts.composition')} empty={rows.length === 0}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme === 'dark' ? '#2d3a50' : '#d9dee7'} />
          <XAxis
            type="number"
            tick={{ fontSize: 11, fill: axisColour(theme) }}
            tickFormatter={(v: number) => formatNumber(Math.round(v))}
          />
          <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11, fill: axisColour(theme) }} />
          <Tooltip
            formatter={(v) => (typeof v === 'number' ? formatMoney(v) : String(v))}
            contentStyle={{
              background: theme === 'dark' ? '#182130' : '#fff',
              border: `1px solid ${theme === 'dark' ? '#2d3a50' : '#d9dee7'}`,
            }}
          />
          <Legend />
          <Bar dataKey="turnover" name={t('figures.turnover')} fill={colours[0]} isAnimationActive={false} />
          <Bar dataKey="ggr" name={t('figures.ggr')} fill={colours[2]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

type SummaryRow = BusinessSummary['rows'][number];

function SummaryTable({ data, loading }: { data: BusinessSummary | undefined; loading: boolean }) {
  const { t } = useTranslation('reportsBusiness');
  const tot = data?.totals;
  const money = (k: 'turnover' | 'validTurnover' | 'payout' | 'ggr' | 'bonusCost' | 'ngr', hidden = false) =>
    ({
      key: k,
      header: t(`figures.${k}`),
      align: 'right',
      hidden,
      render: (r: SummaryRow) => <Money value={r[k]} />,
      sort: (r: SummaryRow) => r[k],
      total: tot ? <Money value={tot[k]} /> : undefined,
    }) satisfies ReportColumn<SummaryRow>;
  const columns: ReportColumn<SummaryRow>[] = [
    {
      key: 'bucket',
      header: t(`groupBy.${data?.groupBy ?? 'day'}`),
      render: (r) => (r.from === r.to ? r.from : `${r.from} – ${r.to}`),
      sort: (r) => r.bucket,
    },
    {
      key: 'bets',
      header: t('figures.bets'),
      align: 'right',
      render: (r) => formatNumber(r.bets),
      sort: (r) => r.bets,
      total: tot ? formatNumber(tot.bets) : undefined,
    },
    money('turnover'),
    money('validTurnover', true),
    money('payout'),
    money('ggr'),
    money('bonusCost'),
    money('ngr'),
    {
      key: 'holdPct',
      header: t('figures.holdPct'),
      align: 'right',
      render: (r) => pct(r.holdPct),
      sort: (r) => r.holdPct ?? -Infinity,
      total: tot ? pct(tot.holdPct) : undefined,
    },
  ];
  return (
    <ReportTable
      id="business-summary"
      caption={t('summaryTitle')}
      columns={columns}
      rows={data?.rows}
      rowKey={(r) => r.bucket}
      loading={loading}
      initialSort={{ key: 'bucket', desc: false }}
    />
  );
}

function BreakdownTable({
  data,
  by,
  loading,
  category,
  onGame,
}: {
  data: BusinessBreakdown | undefined;
  by: BusinessBreakdownBy;
  loading: boolean;
  category(code: string): string;
  onGame(g: GameRef): void;
}) {
  const { t } = useTranslation('reportsBusiness');
  const tot = data?.totals;
  type Row = BusinessBreakdownRow;
  const money = (k: 'turnover' | 'validTurnover' | 'settledStake' | 'payout' | 'ggr', hidden = false) =>
    ({
      key: k,
      header: t(`figures.${k}`),
      align: 'right',
      hidden,
      render: (r: Row) => <Money value={r[k]} />,
      sort: (r: Row) => r[k],
      total: tot ? <Money value={tot[k]} /> : undefined,
    }) satisfies ReportColumn<Row>;
  const name = (r: Row) =>
    by === 'category'
      ? category(r.category)
      : by === 'vendor'
        ? (r.vendorName ?? r.vendorCode ?? '')
        : (r.gameName ?? r.gameCode ?? '');
  const columns: ReportColumn<Row>[] = [
    {
      key: 'name',
      header: t(`by.${by}`),
      render: (r) => (
        <span className="bo-biz-name">
          {name(r)}
          {by === 'game' && (
            <small className="bo-muted">
              {r.vendorName ?? r.vendorCode} · {r.gameCode}
            </small>
          )}
        </span>
      ),
      sort: name,
    },
    ...(by === 'category'
      ? []
      : [
          {
            key: 'category',
            header: t('by.category'),
            hidden: by === 'game',
            render: (r: Row) => category(r.category),
            sort: (r: Row) => r.category,
          },
        ]),
    {
      key: 'bets',
      header: t('figures.bets'),
      align: 'right',
      render: (r) => formatNumber(r.bets),
      sort: (r) => r.bets,
      total: tot ? formatNumber(tot.bets) : undefined,
    },
    money('turnover'),
    money('validTurnover', true),
    money('settledStake', true),
    money('payout'),
    money('ggr'),
    {
      key: 'holdPct',
      header: t('figures.holdPct'),
      align: 'right',
      render: (r) => pct(r.holdPct),
      sort: (r) => r.holdPct ?? -Infinity,
      total: tot ? pct(tot.holdPct) : undefined,
    },
    {
      key: 'turnoverShare',
      header: t('figures.turnoverShare'),
      align: 'right',
      hidden: by === 'game',
      render: (r) => pct(r.turnoverShare),
      sort: (r) => r.turnoverShare ?? -Infinity,
    },
    ...(by === 'game'
      ? ([
          {
            key: 'publishedRtp',
            header: t('rtp.published'),
            align: 'right',
            render: (r: Row) => pct(r.publishedRtp),
            sort: (r: Row) => r.publishedRtp ?? -Infinity,
          },
          {
            key: 'measuredRtp',
            header: t('rtp.measured'),
            align: 'right',
            render: (r: Row) => (
              <span
                title={
                  r.rtpStandardError === null ? undefined : t('rtp.se', { se: r.rtpStandardError.toFixed(2) })
                }
              >
                {pct(r.measuredRtp)}
              </span>
            ),
            sort: (r: Row) => r.measuredRtp ?? -Infinity,
          },
          {
            key: 'rtpFlag',
            header: t('rtp.check'),
            render: (r: Row) =>
              r.rtpFlag ? (
                <span title={t('rtp.flagHelp')}>
                  <Badge tone="danger">{t('rtp.flag')}</Badge>
                </span>
              ) : r.publishedRtp === null ? (
                <span className="bo-muted bo-biz-nowrap">{t('rtp.none')}</span>
              ) : r.settled < RTP_FLAG_MIN_ROUNDS ? (
                <span className="bo-muted bo-biz-nowrap">{t('rtp.few')}</span>
              ) : (
                <Badge tone="success">{t('rtp.ok')}</Badge>
              ),
            sort: (r: Row) => (r.rtpFlag ? 1 : 0),
          },
        ] satisfies ReportColumn<Row>[])
      : []),
  ];
  return (
    <ReportTable
      key={by}
      id={`business-breakdown-${by}`}
      caption={t('breakdownCaption', { by: t(`by.${by}`) })}
      columns={columns}
      rows={data?.rows}
      rowKey={(r) => r.key}
      loading={loading && !data}
      initialSort={{ key: 'turnover', desc: true }}
      onRowClick={
        by === 'game'
          ? (r) =>
              onGame({
                vendor: r.vendorCode ?? '',
                gameCode: r.gameCode ?? '',
                name: r.gameName ?? r.gameCode ?? '',
              })
          : undefined
      }
    />
  );
}
