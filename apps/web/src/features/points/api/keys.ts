import type { QueryClient } from '@tanstack/react-query';

/** Every points query key starts with this root (a redemption or conversion refreshes them all). */
export const POINTS_ROOT = 'points';

/** After points moved: balance, redemptions, history and the catalogue's stock are stale. */
export const invalidatePoints = (qc: QueryClient) => qc.invalidateQueries({ queryKey: [POINTS_ROOT] });
