import { describe, expect, it } from 'vitest';
import { approvalValidUntil, dateIn, isRealDate, kycState, triggers } from './kyc-rules';

const DAY = 86_400_000;

describe('kyc rules', () => {
  it('derives the state from the latest submission and the approval’s validity', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(kycState(undefined, null, now)).toBe('NOT_SUBMITTED');
    expect(kycState({ state: 'PENDING' }, null, now)).toBe('PENDING');
    expect(kycState({ state: 'REJECTED' }, null, now)).toBe('REJECTED');
    expect(kycState({ state: 'APPROVED' }, new Date(now.getTime() + 1), now)).toBe('APPROVED');
    expect(kycState({ state: 'APPROVED' }, now, now)).toBe('EXPIRED');
  });

  it('an approval lasts its validity, or until the ID expires if that is sooner', () => {
    const at = new Date('2026-01-10T08:00:00Z');
    expect(approvalValidUntil(at, 365, null).getTime()).toBe(at.getTime() + 365 * DAY);
    expect(approvalValidUntil(at, 365, '2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(approvalValidUntil(at, 30, '2030-01-01').getTime()).toBe(at.getTime() + 30 * DAY);
  });

  it('names each trigger that holds, the flag first', () => {
    const base = { beforeFirstWithdrawal: false, depositThreshold: null, deposited: 0n, flagged: false };
    expect(triggers(base)).toEqual([]);
    expect(triggers({ ...base, beforeFirstWithdrawal: true })).toEqual(['FIRST_WITHDRAWAL']);
    expect(triggers({ ...base, depositThreshold: 1000n, deposited: 999n })).toEqual([]);
    expect(triggers({ ...base, depositThreshold: 1000n, deposited: 1000n })).toEqual(['DEPOSITS']);
    expect(
      triggers({ beforeFirstWithdrawal: true, depositThreshold: 1n, deposited: 5n, flagged: true }),
    ).toEqual(['FLAGGED', 'DEPOSITS', 'FIRST_WITHDRAWAL']);
  });

  it('checks calendar dates in the brand’s zone', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('1990-5-1')).toBe(false);
    expect(dateIn(new Date('2026-01-01T17:00:00Z'), 'Asia/Manila')).toBe('2026-01-02');
  });
});
