import type { Dashboard, DashboardFigures as Figures } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../../api/client';
import { RequirePermission, useSession } from '../../auth/session';
import { useThemeName } from '../../app/theme';
import { Button, Field, PageHeader, errorText, formatMoney, formatNumber } from '../../ui';
import { change, presetRange, rangeProblem, todayIn, type PeriodKind } from './period';

const MONEY_KPIS = ['deposits', 'withdrawals', 'netDeposits', 'turnover', 'ggr', 'bonusCost', 'ngr'] as const;
const COUNT_KPIS = ['activePlayers', 'newPlayers', 'firstTimeDepositors'] as const;
/** Figures where a rise is bad news (shown red when they go up). */
const COSTS = new Set<keyof Figures>(['withdrawals', 'bonusCost']);

const PALETTE = {
  light: ['#1f5fd1', '#c62f2f', '#16794a', '#a35c00', '#7048c8'],
  dark: ['#4d8bf5', '#f06a6a', '#4cc58a', '#f0a84a', '#a98bf0'],
};

export default function DashboardPage() {
  return (
    <RequirePermission permission="dashboard.view">
      <DashboardView />
    </RequirePermission>
  );
}

function DashboardView() {
  const { t } = useTranslation('dashboard');
  const { brand, timeZone, can } = useSession();
  const today = todayIn(timeZone);
  const [kind, setKind] = useState<PeriodKind>('7');
  const [custom, setCustom] = useState(() => presetRange('30', today));
  const range = kind === 'custom' ? custom : presetRange(kind, today);
  const problem = rangeProblem(range.from, range.to);

  const data = useQuery({
    queryKey: ['dashboard', brand, range.from, range.to],
    queryFn: () => api.get<Dashboard>('/dashboard', range),
    enabled: problem === null,
    placeholderData: keepPreviousData,
    // A dashboard left open on a wall screen stays current.
    refetchInterval: 60_000,
  });

  const presets: PeriodKind[] = ['today', '7', '30', '90', 'custom'];
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle', { brand, from: range.from, to: range.to })} />
      <div className="bo-card bo-form-row">
        <div className="bo-segmented" role="group" aria-label={t('period')}>
          {presets.map((p) => (
            <button
              key={p}
              type="button"
              className={p === kind ? 'bo-seg bo-seg-active' : 'bo-seg'}
              aria-pressed={p === kind}
              onClick={() => setKind(p)}
            >
              {t(`presets.${p}`)}
            </button>
          ))}
        </div>
        {kind === 'custom' && (
          <>
            <Field label={t('from')}>
              <input
                type="date"
                value={custom.from}
                max={today}
                onChange={(e) => setCustom({ ...custom, from: e.target.value })}
              />
            </Field>
            <Field label={t('to')} error={problem ? t(`problems.${problem}`) : undefined}>
              <input
                type="date"
                value={custom.to}
                max={today}
                onChange={(e) => setCustom({ ...custom, to: e.target.value })}
              />
            </Field>
          </>
        )}
      </div>

      {data.error && !data.data && (
        <div className="bo-card" role="alert">
          <p>{errorText(data.error)}</p>
          <Button onClick={() => void data.refetch()}>{t('common.retry')}</Button>
        </div>
      )}

      <Pending
        data={data.data}
        canDeposits={can('cashier.deposits.view')}
        canWithdrawals={can('cashier.withdrawals.view')}
        canApprovals={can('cashier.withdrawals.view') || can('cashier.adjustments.approve')}
      />

      <section className="bo-kpis" aria-busy={data.isFetching || undefined}>
        {[...MONEY_KPIS, ...COUNT_KPIS].map((k) => (
          <Kpi key={k} name={k} data={data.data} loading={data.isPending} />
        ))}
      </section>

      {data.data && (
        <div className="bo-charts">
          <Chart
            title={t('charts.cash')}
            series={data.data.series}
            lines={['deposits', 'withdrawals', 'netDeposits']}
            money
          />
          <Chart
            title={t('charts.revenue')}
            series={data.data.series}
            lines={['ggr', 'ngr', 'bonusCost']}
            money
          />
          <Chart
            title={t('charts.players')}
            series={data.data.series}
            lines={['activePlayers', 'newPlayers', 'firstTimeDepositors']}
          />
        </div>
      )}
    </>
  );
}

function Pending({
  data,
  canDeposits,
  canWithdrawals,
  canApprovals,
}: {
  data: Dashboard | undefined;
  canDeposits: boolean;
  canWithdrawals: boolean;
  canApprovals: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const items = [
    { key: 'deposits', show: canDeposits, to: '/cashier/deposits?status=PENDING', n: data?.pending.deposits },
    {
      key: 'withdrawals',
      show: canWithdrawals,
      to: '/cashier/withdrawals?status=PENDING',
      n: data?.pending.withdrawals,
    },
    {
      key: 'approvals',
      show: canApprovals,
      to: '/cashier/approvals?state=PENDING',
      n: data?.pending.approvals,
    },
  ] as const;
  const shown = items.filter((i) => i.show);
  if (shown.length === 0) return null;
  return (
    <section className="bo-pending" aria-label={t('pendingTitle')}>
      {shown.map((i) => (
        <Link key={i.key} to={i.to} className={`bo-pending-item${i.n ? ' bo-pending-hot' : ''}`}>
          <span className="bo-pending-n">{i.n === undefined ? '…' : formatNumber(i.n)}</span>
          <span>{t(`pending.${i.key}`)}</span>
        </Link>
      ))}
    </section>
  );
}

function Kpi({
  name,
  data,
  loading,
}: {
  name: keyof Figures;
  data: Dashboard | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const money = (MONEY_KPIS as readonly string[]).includes(name);
  const fmt = (v: number) => (money ? formatMoney(v) : formatNumber(v));
  const cur = data?.current[name];
  const prev = data?.previous[name];
  const delta = cur !== undefined && prev !== undefined ? change(cur, prev) : null;
  const good = delta === null || delta === 0 ? null : COSTS.has(name) ? delta < 0 : delta > 0;
  return (
    <div className="bo-kpi" data-testid={`kpi-${name}`}>
      <div className="bo-kpi-label">{t(`kpi.${name}`)}</div>
      <div className="bo-kpi-value">
        {loading || cur === undefined ? <span className="bo-skeleton" /> : fmt(cur)}
      </div>
      {cur !== undefined && prev !== undefined && (
        <div className={`bo-kpi-delta${good === null ? '' : good ? ' bo-up' : ' bo-down'}`}>
          {delta === null
            ? t('noCompare')
            : `${delta > 0 ? '▲' : delta < 0 ? '▼' : '•'} ${Math.abs(delta).toFixed(1)}%`}
          <span className="bo-muted"> {t('vsPrevious', { value: fmt(prev) })}</span>
        </div>
      )}
    </div>
  );
}

function Chart({
  title,
  series,
  lines,
  money,
}: {
  title: string;
  series: Dashboard['series'];
  lines: (keyof Figures)[];
  money?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const theme = useThemeName();
  const colours = PALETTE[theme];
  const fmt = (v: number) => (money ? formatMoney(v) : formatNumber(v));
  return (
    <section className="bo-card bo-chart">
      <h2>{title}</h2>
      {series.length === 0 ? (
        <p className="bo-muted">{t('common.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={series} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme === 'dark' ? '#2d3a50' : '#d9dee7'} />
            <XAxis
              dataKey="day"
              tick={{ fontSize: 11, fill: theme === 'dark' ? '#93a0b5' : '#5d6779' }}
              minTickGap={16}
            />
            <YAxis
              tick={{ fontSize: 11, fill: theme === 'dark' ? '#93a0b5' : '#5d6779' }}
              width={72}
              tickFormatter={(v: number) => (money ? formatNumber(Math.round(v)) : formatNumber(v))}
            />
            <Tooltip
              formatter={(v) => (typeof v === 'number' ? fmt(v) : String(v))}
              contentStyle={{
                background: theme === 'dark' ? '#182130' : '#fff',
                border: `1px solid ${theme === 'dark' ? '#2d3a50' : '#d9dee7'}`,
              }}
            />
            <Legend />
            {lines.map((l, i) => (
              <Line
                key={l}
                type="monotone"
                dataKey={l}
                name={t(`kpi.${l}`)}
                stroke={colours[i % colours.length]}
                strokeWidth={2}
                dot={series.length <= 31}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      )}
    </section>
  );
}
