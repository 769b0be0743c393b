import type { QueryClient } from '@tanstack/react-query';
import { invalidateMoneyQueries } from '../../../lib/query-keys';

/** Every promotions query key starts with this. */
export const PROMO_ROOT = 'promotions';

/** The relay path of a promotions call (`/wps/relay/<name>`). */
export const relay = (name: string) => `/wps/relay/${name}`;

/**
 * After an action (join, apply, claim, sign in, draw): the promotion's state, the list, the
 * counts, and whatever money moved (balance, records, inbox, bonus details) are stale.
 */
export function afterAction(qc: QueryClient): Promise<unknown> {
  return Promise.all([qc.invalidateQueries({ queryKey: [PROMO_ROOT] }), invalidateMoneyQueries(qc)]);
}
