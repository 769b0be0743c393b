import { PAGER_MARGIN, PAGER_RANGE } from '@app/contracts';

/** One slot of the page-number row: a page, or a run of hidden pages before or after the window. */
type PagerItem = number | 'gap-start' | 'gap-end';

/**
 * The numbered pages to show (SPEC section 2): `range` pages around the current one and `margin`
 * pages at each end, e.g. 1 … 4 5 6 … 20. A run of one hidden page shows that page instead of a
 * gap (a gap standing for a single number saves no room).
 */
export function pagerItems(
  current: number,
  totalPages: number,
  range: number = PAGER_RANGE,
  margin: number = PAGER_MARGIN,
): PagerItem[] {
  if (totalPages < 1) return [];
  const page = clampPage(current, totalPages);
  const width = Math.min(Math.max(range, 1), totalPages);
  let start = page - Math.floor((width - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - width + 1));
  const shown = new Set<number>();
  for (let p = start; p < start + width; p++) shown.add(p);
  for (let i = 1; i <= Math.min(margin, totalPages); i++) {
    shown.add(i);
    shown.add(totalPages - i + 1);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) items.push(p - 1);
    else if (p - prev > 2) items.push(prev < start ? 'gap-start' : 'gap-end');
    items.push(p);
    prev = p;
  }
  return items;
}

/** A page moved to by first/last/previous/next or a number, kept within 1..totalPages (SPEC section 4). */
export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(Math.trunc(page), 1), Math.max(totalPages, 1));
}
