import { describe, expect, it } from 'vitest';
import { feedbackProblem } from './feedback-rules';

describe('feedbackProblem', () => {
  it('takes 5 to 140 characters, trimmed', () => {
    expect(feedbackProblem('abcd')).toBe('short');
    expect(feedbackProblem('   abcd   ')).toBe('short');
    expect(feedbackProblem('abcde')).toBeNull();
    expect(feedbackProblem('x'.repeat(140))).toBeNull();
    expect(feedbackProblem(` ${'x'.repeat(140)} `)).toBeNull();
    expect(feedbackProblem('x'.repeat(141))).toBe('long');
  });
});
