import { FEEDBACK_LIMITS } from '@app/contracts';

export type FeedbackProblem = 'short' | 'long' | null;

/** What is wrong with a feedback text before it is sent (the server checks the same bounds). */
export function feedbackProblem(text: string): FeedbackProblem {
  const n = text.trim().length;
  if (n < FEEDBACK_LIMITS.contentMin) return 'short';
  if (n > FEEDBACK_LIMITS.contentMax) return 'long';
  return null;
}
