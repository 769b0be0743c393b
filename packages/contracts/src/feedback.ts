import { z } from 'zod';
import { CASHIER_LIMITS, requestIdSchema } from './wallet';

/** What feedback is about (the form's choice; operators sort by it). */
export const FEEDBACK_CATEGORIES = ['SUGGESTION', 'COMPLAINT', 'PAYMENT', 'GAME', 'OTHER'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/** SPEC section 5: feedback at most 140 characters, images png or jpg, at most 5 MB each, at most 3. */
export const FEEDBACK_LIMITS = {
  contentMin: 5,
  contentMax: CASHIER_LIMITS.remarkMax,
  maxImages: CASHIER_LIMITS.maxImages,
} as const;

/** `PUT /wps/feedback`: images are ids the member uploaded first (`POST /wps/cashier/images`). */
export const feedbackRequestSchema = z.object({
  requestId: requestIdSchema,
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string().trim().min(FEEDBACK_LIMITS.contentMin).max(FEEDBACK_LIMITS.contentMax),
  imageIds: z.array(z.string().uuid()).max(FEEDBACK_LIMITS.maxImages).default([]),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  category: z.enum(FEEDBACK_CATEGORIES),
  content: z.string(),
  imageCount: z.number().int(),
  reply: z.string().nullable(),
  createdTime: z.string(),
  repliedTime: z.string().nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** `GET /wps/feedback`: the member's own feedback, newest first. */
export const feedbackListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const feedbackListSchema = z.object({ list: z.array(feedbackSchema), totalPages: z.number().int() });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

/** `POST /wps/admin/feedback/:id/reply`: the answer reaches the member's inbox. */
export const feedbackReplySchema = z.object({ reply: z.string().trim().min(1).max(1000) });
