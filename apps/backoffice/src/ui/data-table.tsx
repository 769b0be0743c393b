import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { errorText } from './error-text';

export interface Column<R> {
  key: string;
  header: ReactNode;
  render(row: R): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** CSS width, e.g. '8rem'. */
  width?: string;
}

export interface DataTableProps<R> {
  columns: Column<R>[];
  rows: R[] | undefined;
  rowKey(row: R): string;
  loading?: boolean;
  error?: unknown;
  onRetry?(): void;
  /** Text when the list is empty (defaults to the common "nothing here"). */
  empty?: ReactNode;
  dense?: boolean;
  /** Paging without a total: prev/next, next enabled while the server says hasMore. */
  page?: number;
  hasMore?: boolean;
  onPage?(page: number): void;
  /** A row that can open shows this under it when clicked. */
  expand?(row: R): ReactNode;
  caption?: ReactNode;
}

export function DataTable<R>(props: DataTableProps<R>) {
  const {
    columns,
    rows,
    rowKey,
    loading,
    error,
    onRetry,
    empty,
    dense,
    page,
    hasMore,
    onPage,
    expand,
    caption,
  } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const span = columns.length + (expand ? 1 : 0);

  let body: ReactNode;
  if (loading && !rows) {
    body = Array.from({ length: 5 }, (_, i) => (
      <tr key={i} className="bo-skeleton-row" aria-hidden="true">
        {Array.from({ length: span }, (_, j) => (
          <td key={j}>
            <span className="bo-skeleton" />
          </td>
        ))}
      </tr>
    ));
  } else if (error && !rows) {
    body = (
      <tr>
        <td colSpan={span} className="bo-table-state">
          <p role="alert">{errorText(error)}</p>
          {onRetry && <Button onClick={onRetry}>{t('common.retry')}</Button>}
        </td>
      </tr>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <tr>
        <td colSpan={span} className="bo-table-state bo-muted">
          {empty ?? t('common.empty')}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = rowKey(row);
      const isOpen = open === key;
      return (
        <Fragment key={key}>
          <tr className={isOpen ? 'bo-row-open' : undefined}>
            {expand && (
              <td className="bo-expand-cell">
                <button
                  type="button"
                  className="bo-icon-btn"
                  aria-expanded={isOpen}
                  aria-label={isOpen ? t('common.collapse') : t('common.expand')}
                  onClick={() => setOpen(isOpen ? null : key)}
                >
                  {isOpen ? '▾' : '▸'}
                </button>
              </td>
            )}
            {columns.map((c) => (
              <td key={c.key} style={{ textAlign: c.align }}>
                {c.render(row)}
              </td>
            ))}
          </tr>
          {expand && isOpen && (
            <tr className="bo-row-detail">
              <td colSpan={span}>{expand(row)}</td>
            </tr>
          )}
        </Fragment>
      );
    });
  }

  return (
    <div className="bo-table-wrap">
      <div className="bo-table-scroll">
        <table className={`bo-table${dense ? ' bo-table-dense' : ''}`} aria-busy={loading || undefined}>
          {caption && <caption>{caption}</caption>}
          <thead>
            <tr>
              {expand && <th style={{ width: '2rem' }} aria-label={t('common.expand')} />}
              {columns.map((c) => (
                <th key={c.key} style={{ textAlign: c.align, width: c.width }} scope="col">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {onPage && page !== undefined && (
        <nav className="bo-pager" aria-label={t('common.paging')}>
          <Button size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
            ‹ {t('common.prev')}
          </Button>
          <span className="bo-muted">{t('common.pageN', { page })}</span>
          <Button size="sm" disabled={!hasMore || loading} onClick={() => onPage(page + 1)}>
            {t('common.next')} ›
          </Button>
        </nav>
      )}
    </div>
  );
}

/** A page of a list as the API answers it (no total: the next page exists while hasMore). */
interface PageOf<R> {
  list: R[];
  hasMore: boolean;
}

/**
 * A DataTable over a paged query: its rows, loading and error states, retry and the pager come
 * from the query, so a list page only names its columns and what "empty" means.
 */
export function PagedTable<R>({
  query,
  page,
  onPage,
  ...rest
}: Omit<DataTableProps<R>, 'rows' | 'loading' | 'error' | 'onRetry' | 'hasMore' | 'page' | 'onPage'> & {
  query: UseQueryResult<PageOf<R>>;
  page: number;
  onPage(page: number): void;
}) {
  return (
    <DataTable
      dense
      {...rest}
      rows={query.data?.list}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      page={page}
      hasMore={query.data?.hasMore ?? false}
      onPage={onPage}
    />
  );
}
