import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../api/client';
import type { Paged } from '../../api/types';

/**
 * One page of a paged list. The previous page stays on screen while the next loads, so paging
 * does not flash skeletons. (Switching brand drops every cached list: auth/session.tsx.)
 */
export function usePaged<T>(path: string, query: Query, enabled = true) {
  return useQuery({
    queryKey: ['bo', path, query],
    queryFn: () => api.get<Paged<T>>(path, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The start of a day picked in a date field (the browser's time zone), as the API's ISO time. */
export function dayStart(day: string): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The last millisecond of a picked day, so "to" includes the whole day. */
export function dayEnd(day: string): string | undefined {
  if (!day) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  d.setDate(d.getDate() + 1);
  return new Date(d.getTime() - 1).toISOString();
}
