import { BUSINESS_BREAKDOWN_BY, BUSINESS_GROUP_BY } from '@app/contracts';
import { z } from 'zod';

/** The business reports' own query fields (besides from, to and scope), shared by routes and exports. */
export const businessQueries = {
  summary: z.object({ groupBy: z.enum(BUSINESS_GROUP_BY).default('day') }),
  breakdown: z.object({
    by: z.enum(BUSINESS_BREAKDOWN_BY).default('game'),
    /** Only the first rows by turnover (top games). */
    top: z.coerce.number().int().min(1).max(1000).optional(),
  }),
  bets: z.object({
    vendor: z.string().min(1).max(64),
    gameCode: z.string().min(1).max(128),
    cursor: z.string().max(64).optional(),
  }),
};
