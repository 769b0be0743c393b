import type { ReactNode } from 'react';
import { Pagination } from './pagination';

/**
 * A page of a paged list: the empty state when there is nothing, else the table (dimmed and
 * aria-busy while the next page loads) and the pagination under it.
 */
export function PagedTable({
  count,
  empty,
  emptyTestId,
  busy,
  page,
  totalPages,
  onPage,
  label,
  children,
}: {
  /** Rows on this page: 0 shows `empty`. */
  count: number;
  empty: ReactNode;
  emptyTestId: string;
  busy: boolean;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Accessible name of the pagination ("Deposit pages"). */
  label: string;
  children: ReactNode;
}) {
  if (count === 0)
    return (
      <p className="state-box" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return (
    <>
      <div className={busy ? 'sec-table-wrap is-loading' : 'sec-table-wrap'} aria-busy={busy}>
        {children}
      </div>
      <Pagination page={page} totalPages={totalPages} onChange={onPage} busy={busy} label={label} />
    </>
  );
}
