import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart } from './paged';

describe('date filters', () => {
  it('covers the whole picked day, from its first to its last millisecond', () => {
    const from = dayStart('2026-11-26');
    const to = dayEnd('2026-11-26');
    expect(from).toBe(new Date('2026-11-26T00:00:00').toISOString());
    expect(to).toBe(new Date(new Date('2026-11-27T00:00:00').getTime() - 1).toISOString());
  });

  it('sends nothing for an empty or unreadable day instead of a wrong bound', () => {
    expect(dayStart('')).toBeUndefined();
    expect(dayEnd('')).toBeUndefined();
    expect(dayStart('2026-13-45')).toBeUndefined();
    expect(dayEnd('not a day')).toBeUndefined();
  });
});
