import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { useSession } from '../../auth/session';
import { useThemeName } from '../../app/theme';
import { Button, Field, errorText } from '../../ui';
import { addDays, daysBetween, todayIn } from '../dashboard/period';

/** The longest period the report API answers for (report-scope.ts on the server). */
export const REPORT_MAX_DAYS = 732;

export type RangePreset = 'today' | 'yesterday' | '7' | '30' | '90' | 'month' | 'lastMonth' | 'custom';
const PRESETS: RangePreset[] = ['today', 'yesterday', '7', '30', '90', 'month', 'lastMonth', 'custom'];

/**
 * What every report request carries: the brand-local days (both included) and whose figures: the
 * brand's, or every brand's whose amounts are in `currency` (brands of different currencies are
 * never added up).
 */
export interface ReportRange {
  from: string;
  to: string;
  scope: 'brand' | 'all';
  currency?: string;
}

function presetDays(p: Exclude<RangePreset, 'custom'>, today: string): { from: string; to: string } {
  switch (p) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      const end = addDays(`${today.slice(0, 8)}01`, -1);
      return { from: `${end.slice(0, 8)}01`, to: end };
    }
    default:
      return { from: addDays(today, -(Number(p) - 1)), to: today };
  }
}

export function rangeProblem(from: string, to: string): 'order' | 'tooLong' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return 'order';
  return daysBetween(from, to) > REPORT_MAX_DAYS ? 'tooLong' : null;
}

/**
 * The period and scope of a report screen, in the brand's time zone. `problem` is set while the
 * custom dates cannot be sent (the query stays disabled and the field says why).
 */
export function useReportRange(initial: RangePreset = '30') {
  const { timeZone, session, brand } = useSession();
  const today = todayIn(timeZone);
  const [preset, setPreset] = useState<RangePreset>(initial);
  const [custom, setCustom] = useState(() => presetDays('30', today));
  const [scope, setScope] = useState<'brand' | 'all'>('brand');
  const own = session?.brands.find((b) => b.code === brand)?.currency;
  const [picked, setCurrency] = useState<string | undefined>(undefined);
  /** Each currency of the brands the staff member sees, with how many brands are in it. */
  const currencies = useMemo(() => {
    const n = new Map<string, number>();
    for (const b of session?.brands ?? []) n.set(b.currency, (n.get(b.currency) ?? 0) + 1);
    return [...n].map(([code, brands]) => ({ code, brands })).sort((a, b) => a.code.localeCompare(b.code));
  }, [session]);
  const currency = scope === 'all' ? (picked ?? own) : undefined;
  const days = preset === 'custom' ? custom : presetDays(preset, today);
  const problem = rangeProblem(days.from, days.to);
  /** A platform grant of reports.view: the staff member may see every brand's figures at once. */
  const platform = !!session?.grants.some(
    (g) => g.merchant === null && g.permissions.includes('reports.view'),
  );
  const { from, to } = days;
  const range: ReportRange = useMemo(
    () => (currency ? { from, to, scope, currency } : { from, to, scope }),
    [from, to, scope, currency],
  );
  return {
    range,
    problem,
    preset,
    setPreset,
    custom,
    setCustom,
    scope,
    setScope,
    currency,
    setCurrency,
    currencies,
    platform,
    today,
  };
}
export type ReportRangeState = ReturnType<typeof useReportRange>;

/**
 * One report read over a range (`path` under /wps/admin, with the range and `params`): keyed by
 * the brand worked on as well, so switching brands never shows another brand's figures from the
 * cache; off while `enabled` is false (an invalid range); the previous answer stays on screen
 * while the next one loads.
 */
export function useReportQuery<T>(
  path: string,
  range: ReportRange,
  params: Record<string, string | number> = {},
  enabled = true,
) {
  const { brand } = useSession();
  return useQuery({
    queryKey: ['reports', path, brand, range, params],
    queryFn: () => api.get<T>(path, { ...range, ...params }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The period picker (presets, custom days), the brand / all-brands switch, and the screen's own controls. */
export function RangeBar({ state, children }: { state: ReportRangeState; children?: ReactNode }) {
  const { t } = useTranslation('reports');
  const { preset, setPreset, custom, setCustom, problem, scope, setScope, platform, today } = state;
  const { currency, setCurrency, currencies } = state;
  return (
    <div className="bo-card bo-form-row">
      <div className="bo-segmented" role="group" aria-label={t('range.period')}>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === preset ? 'bo-seg bo-seg-active' : 'bo-seg'}
            aria-pressed={p === preset}
            onClick={() => setPreset(p)}
          >
            {t(`range.presets.${p}`)}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <>
          <Field label={t('range.from')}>
            <input
              type="date"
              value={custom.from}
              max={today}
              onChange={(e) => setCustom({ ...custom, from: e.target.value })}
            />
          </Field>
          <Field label={t('range.to')} error={problem ? t(`range.problems.${problem}`) : undefined}>
            <input
              type="date"
              value={custom.to}
              max={today}
              onChange={(e) => setCustom({ ...custom, to: e.target.value })}
            />
          </Field>
        </>
      )}
      {platform && (
        <Field label={t('range.scope')}>
          <select
            value={scope === 'all' ? `all:${currency ?? ''}` : 'brand'}
            onChange={(e) => {
              const [s, code] = e.target.value.split(':');
              setScope(s === 'all' ? 'all' : 'brand');
              setCurrency(code || undefined);
            }}
          >
            <option value="brand">{t('range.thisBrand')}</option>
            {currencies.map((c) => (
              <option key={c.code} value={`all:${c.code}`}>
                {t('range.allBrandsIn', { currency: c.code, count: c.brands })}
              </option>
            ))}
          </select>
        </Field>
      )}
      {children}
    </div>
  );
}

/** A column of a ReportTable. `sort` gives the value it sorts by (numbers sort as numbers). */
export interface ReportColumn<R> {
  key: string;
  header: ReactNode;
  render(row: R): ReactNode;
  sort?(row: R): number | string;
  align?: 'left' | 'right';
  /** The totals row's cell (usually a sum over every row, not only the shown page). */
  total?: ReactNode;
  /** Hidden until the staff member picks it in "Columns". */
  hidden?: boolean;
}

/**
 * A dense report table: sorted by a click on a heading (again: the other way), columns chosen in
 * "Columns" (remembered per table in this browser), a totals row, and a drill-down on row click.
 */
export function ReportTable<R>({
  id,
  caption,
  columns,
  rows,
  rowKey,
  loading,
  empty,
  onRowClick,
  initialSort,
}: {
  /** Names the table for its remembered column choice. */
  id: string;
  caption: ReactNode;
  columns: ReportColumn<R>[];
  rows: R[] | undefined;
  rowKey(row: R): string;
  loading?: boolean;
  empty?: ReactNode;
  onRowClick?(row: R): void;
  initialSort?: { key: string; desc: boolean };
}) {
  const { t } = useTranslation('reports');
  const storageKey = `bo.report.columns.${id}`;
  const [shown, setShown] = useState<Set<string>>(() => {
    const saved = localStorage.getItem(storageKey);
    if (saved) {
      try {
        return new Set(JSON.parse(saved) as string[]);
      } catch {
        // A damaged value: fall back to the defaults.
      }
    }
    return new Set(columns.filter((c) => !c.hidden).map((c) => c.key));
  });
  const [sort, setSort] = useState(initialSort ?? null);
  const visible = columns.filter((c) => shown.has(c.key));
  const sorted = useMemo(() => {
    if (!rows || !sort) return rows;
    const col = columns.find((c) => c.key === sort.key);
    if (!col?.sort) return rows;
    const by = col.sort;
    return [...rows].sort((a, b) => {
      const x = by(a);
      const y = by(b);
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sort.desc ? -c : c;
    });
  }, [rows, sort, columns]);
  const toggle = (key: string) => {
    const next = new Set(shown);
    if (next.has(key)) {
      if (next.size > 1) next.delete(key);
    } else next.add(key);
    setShown(next);
    localStorage.setItem(storageKey, JSON.stringify([...next]));
  };
  const hasTotals = visible.some((c) => c.total !== undefined);
  return (
    <div className="bo-table-wrap">
      <div className="bo-report-tools">
        <details className="bo-columns">
          <summary>{t('table.columns')}</summary>
          <div className="bo-columns-menu">
            {columns.map((c) => (
              <label key={c.key}>
                <input type="checkbox" checked={shown.has(c.key)} onChange={() => toggle(c.key)} /> {c.header}
              </label>
            ))}
          </div>
        </details>
      </div>
      <div className="bo-table-scroll">
        <table className="bo-table bo-table-dense" aria-busy={loading || undefined}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {visible.map((c) => {
                const active = sort?.key === c.key;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    style={{ textAlign: c.align }}
                    aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}
                  >
                    {c.sort ? (
                      <button
                        type="button"
                        className="bo-sort"
                        onClick={() => setSort({ key: c.key, desc: active ? !sort.desc : true })}
                      >
                        {c.header}
                        <span aria-hidden="true">{active ? (sort.desc ? ' ▾' : ' ▴') : ''}</span>
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {loading && !rows ? (
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i} className="bo-skeleton-row" aria-hidden="true">
                  {visible.map((c) => (
                    <td key={c.key}>
                      <span className="bo-skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            ) : !sorted || sorted.length === 0 ? (
              <tr>
                <td colSpan={visible.length} className="bo-table-state bo-muted">
                  {empty ?? t('table.empty')}
                </td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={onRowClick ? 'bo-row-link' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                >
                  {visible.map((c) => (
                    <td key={c.key} style={{ textAlign: c.align }}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {hasTotals && sorted && sorted.length > 0 && (
            <tfoot>
              <tr className="bo-totals">
                {visible.map((c, i) => (
                  <th key={c.key} scope={i === 0 ? 'row' : undefined} style={{ textAlign: c.align }}>
                    {c.total ?? (i === 0 ? t('table.total') : '')}
                  </th>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}

const PALETTE = {
  light: ['#1f5fd1', '#c62f2f', '#16794a', '#a35c00', '#7048c8', '#0e7c86', '#b0387a', '#5b6b7a'],
  dark: ['#4d8bf5', '#f06a6a', '#4cc58a', '#f0a84a', '#a98bf0', '#3cc4cf', '#e774b0', '#9aa8b6'],
};

/** The chart colours of the current theme (the same as the dashboard's), in order. */
export function useChartColours(): string[] {
  return PALETTE[useThemeName()];
}

/** A chart's frame: its title, and a note instead of an empty chart when there is nothing to draw. */
export function ChartCard({
  title,
  empty,
  children,
}: {
  title: ReactNode;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <section className="bo-card bo-chart">
      <h2>{title}</h2>
      {empty ? <p className="bo-muted">{t('table.empty')}</p> : children}
    </section>
  );
}

/** A section's heading row: title, its own controls, export (styles here: reports.css is shared). */
export const HEAD = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.75rem',
  justifyContent: 'space-between',
} as const;

/** A failed read: what went wrong and a retry. */
export function QueryError({ query }: { query: { error: unknown; data: unknown; refetch(): unknown } }) {
  const { t } = useTranslation('common');
  if (!query.error || query.data) return null;
  return (
    <div className="bo-card" role="alert">
      <p>{errorText(query.error)}</p>
      <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
    </div>
  );
}

/** A KPI tile: its label and value (a skeleton until there is one), and a note under it. */
export function Tile({
  label,
  value,
  note,
  title,
}: {
  label: ReactNode;
  value: ReactNode | undefined;
  note?: ReactNode;
  /** Why the value reads as it does (shown on hover). */
  title?: string;
}) {
  return (
    <div className="bo-kpi" title={title}>
      <div className="bo-kpi-label">{label}</div>
      <div className="bo-kpi-value">{value === undefined ? <span className="bo-skeleton" /> : value}</div>
      {note && value !== undefined && <div className="bo-kpi-delta bo-muted">{note}</div>}
    </div>
  );
}

/** Grid and axis colours of the current theme, as the dashboard draws them. */
export function useAxisStyle() {
  const dark = useThemeName() === 'dark';
  return {
    grid: dark ? '#2d3a50' : '#d9dee7',
    tick: { fontSize: 11, fill: dark ? '#93a0b5' : '#5d6779' },
    tooltip: { background: dark ? '#182130' : '#fff', border: `1px solid ${dark ? '#2d3a50' : '#d9dee7'}` },
  };
}

/** A labelled select of a few fixed choices (a report's grouping: day, week, month). */
export function ChoiceField<K extends string>({
  label,
  value,
  options,
  text,
  onChange,
}: {
  label: ReactNode;
  value: K;
  options: readonly K[];
  text(option: K): string;
  onChange(option: K): void;
}) {
  return (
    <Field label={label}>
      <select value={value} onChange={(e) => onChange(e.target.value as K)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </select>
    </Field>
  );
}
