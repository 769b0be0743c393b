import { useTranslation } from 'react-i18next';
import { pagerItems } from '../pager';

interface GamePagerProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
  /** The page asked for is loading. */
  busy?: boolean;
}

/**
 * Numbered pages (range 3, margin 1: 1 … 4 5 6 … 20) with first, previous, next and last, all
 * bounded to 1..totalPages (SPEC sections 2 and 4). Hidden for a single page.
 */
export function GamePager({ page, totalPages, onChange, busy = false }: GamePagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  const go = (p: number) => {
    if (p !== page) onChange(Math.min(Math.max(p, 1), totalPages));
  };
  return (
    <nav
      className="game-pager"
      aria-label={t('games.list.pager')}
      data-testid="pager"
      aria-busy={busy || undefined}
    >
      <button
        type="button"
        className="game-pager-btn"
        disabled={atStart}
        onClick={() => go(1)}
        aria-label={t('games.list.first')}
        data-testid="pager-first"
      >
        «
      </button>
      <button
        type="button"
        className="game-pager-btn"
        disabled={atStart}
        onClick={() => go(page - 1)}
        aria-label={t('games.list.previous')}
        data-testid="pager-prev"
      >
        ‹
      </button>
      <ol className="game-pager-pages">
        {pagerItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="game-pager-btn"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t(item === page ? 'games.list.current' : 'games.list.pageN', { page: item })}
                onClick={() => go(item)}
                data-testid={`pager-page-${item}`}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="game-pager-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>
      <button
        type="button"
        className="game-pager-btn"
        disabled={atEnd}
        onClick={() => go(page + 1)}
        aria-label={t('games.list.next')}
        data-testid="pager-next"
      >
        ›
      </button>
      <button
        type="button"
        className="game-pager-btn"
        disabled={atEnd}
        onClick={() => go(totalPages)}
        aria-label={t('games.list.last')}
        data-testid="pager-last"
      >
        »
      </button>
    </nav>
  );
}
