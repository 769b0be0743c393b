import type { ReactNode } from 'react';
import { Pagination } from './pagination';

/**
 * A page of a paged list: the empty state when there is nothing, else the table (dimmed and
 * aria-busy while the next page loads) and the pagination under it. `wrap={false}` is for a list
 * (<ul>) that scrolls and dims itself: the children are shown as they are.
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
  wrap = true,
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
  wrap?: boolean;
}) {
  if (count === 0)
    return (
      <p className="state-box" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return (
    <>
      {wrap ? (
        <div className={busy ? 'sec-table-wrap is-loading' : 'sec-table-wrap'} aria-busy={busy}>
          {children}
        </div>
      ) : (
        children
      )}
      <Pagination page={page} totalPages={totalPages} onChange={onPage} busy={busy} label={label} />
    </>
  );
}
