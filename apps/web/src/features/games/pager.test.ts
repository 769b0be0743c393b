import { describe, expect, it } from 'vitest';
import { clampPage, pagerItems } from './pager';

describe('pagerItems (range 3, margin 1)', () => {
  it('shows the window around the page with one page at each end', () => {
    expect(pagerItems(5, 20)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 20]);
  });
  it('keeps the window inside the pages at the start and the end', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 'gap-end', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-start', 18, 19, 20]);
    expect(pagerItems(19, 20)).toEqual([1, 'gap-start', 18, 19, 20]);
  });
  it('shows a single hidden page instead of a gap', () => {
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerItems(1, 0)).toEqual([]);
  });
  it('clamps a current page out of range', () => {
    expect(pagerItems(99, 6)).toEqual([1, 'gap-start', 4, 5, 6]);
    expect(pagerItems(-3, 6)).toEqual([1, 2, 3, 'gap-end', 6]);
  });
  it('takes other ranges and margins', () => {
    expect(pagerItems(10, 20, 5, 2)).toEqual([1, 2, 'gap-start', 8, 9, 10, 11, 12, 'gap-end', 19, 20]);
  });
});

describe('clampPage', () => {
  it('bounds moves to 1..totalPages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(6, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
});
