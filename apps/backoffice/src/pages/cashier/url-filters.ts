import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The option value of "any status" where the filter defaults to a status (the queue's PENDING). */
export const ALL = 'ALL';

/**
 * A queue's filters and page, kept in the address (a reload or a shared link shows the same
 * queue). `draft` is what the form shows; `apply` makes it the search; `value` is what to send.
 */
export function useUrlFilters<K extends string>(
  keys: readonly K[],
  defaults: Partial<Record<K, string>> = {},
) {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? defaults[k] ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(applied);

  function apply(next: Record<K, string>, nextPage = 1) {
    const p = new URLSearchParams();
    for (const k of keys) if (next[k] !== (defaults[k] ?? '')) p.set(k, next[k]);
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p);
  }
  const value = (k: K) => (applied[k] === ALL ? '' : applied[k]);
  const reset = () => {
    const empty = Object.fromEntries(keys.map((k) => [k, defaults[k] ?? ''])) as Record<K, string>;
    setDraft(empty);
    apply(empty);
  };
  return { value, draft, setDraft, apply, reset, page, setPage: (n: number) => apply(applied, n) };
}
