import { z } from 'zod';

/** Success envelope: every answer is `{ success: true, value }`. */
export function ok<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export const failureSchema = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  /** Extra data some failures carry (the maintenance payload, field errors). */
  value: z.unknown().optional(),
});
export type Failure = z.infer<typeof failureSchema>;

export type Envelope<T> = { success: true; value: T } | Failure;
