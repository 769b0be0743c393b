import { useTranslation } from 'react-i18next';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the navigation ("Deposit pages"). */
  label: string;
  /** The next page is loading: moving on waits for it. */
  busy?: boolean;
}

/** First, previous, "page X of Y", next, last; bounded to 1..totalPages (SPEC section 4). Hidden for one page. */
export function Pagination({ page, totalPages, onChange, label, busy = false }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const go = (p: number) => onChange(Math.min(Math.max(p, 1), totalPages));
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <nav className="ui-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-sm"
        disabled={atStart}
        onClick={() => go(1)}
        aria-label={t('common.pager.first')}
      >
        «
      </button>
      <button type="button" className="btn btn-sm" disabled={atStart} onClick={() => go(page - 1)}>
        {t('common.pager.previous')}
      </button>
      <span aria-live="polite" data-testid="pager-page">
        {t('common.pager.page', { page, total: totalPages })}
      </span>
      <button type="button" className="btn btn-sm" disabled={atEnd || busy} onClick={() => go(page + 1)}>
        {t('common.pager.next')}
      </button>
      <button
        type="button"
        className="btn btn-sm"
        disabled={atEnd || busy}
        onClick={() => go(totalPages)}
        aria-label={t('common.pager.last')}
      >
        »
      </button>
    </nav>
  );
}
