import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeName } from '../../app/theme';
import { Button, errorText } from '../../ui';

/** A section's heading row: title, its own controls, export (styles here: reports.css is shared). */
export const HEAD = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.75rem',
  justifyContent: 'space-between',
} as const;

/** A failed read: what went wrong and a retry. */
export function QueryError({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('common');
  if (!query.error || query.data) return null;
  return (
    <div className="bo-card" role="alert">
      <p>{errorText(query.error)}</p>
      <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
    </div>
  );
}

/** A KPI tile: its label and value (a skeleton while loading). */
export function Tile({
  label,
  value,
  title,
}: {
  label: ReactNode;
  value: ReactNode | undefined;
  /** Why the value reads as it does (shown on hover). */
  title?: string;
}) {
  return (
    <div className="bo-kpi" title={title}>
      <div className="bo-kpi-label">{label}</div>
      <div className="bo-kpi-value">{value === undefined ? <span className="bo-skeleton" /> : value}</div>
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
