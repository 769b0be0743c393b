import { describe, expect, it } from 'vitest';
import {
  ageOn,
  confirmLimit,
  exclusionEnd,
  headroom,
  mayReturn,
  NO_LIMIT,
  periodStarts,
  requestLimit,
  timeoutEnd,
} from './protection-rules';

const now = new Date('2026-11-27T10:00:00Z');
const DAY = 86_400_000;

describe('limits and their cooling-off', () => {
  it('tightening applies at once: a first limit, a lower one', () => {
    expect(requestLimit(NO_LIMIT, 10_000n, now, DAY)).toEqual({
      amount: 10_000n,
      pending: null,
      effect: 'NOW',
    });
    const waiting = { amount: 10_000n, pending: { amount: 50_000n, from: new Date(now.getTime() + DAY) } };
    // Lowering also drops a raise that was waiting.
    expect(requestLimit(waiting, 5_000n, now, DAY)).toEqual({ amount: 5_000n, pending: null, effect: 'NOW' });
  });

  it('raising or removing waits for the cooling-off and then for the member to confirm', () => {
    const current = { amount: 10_000n, pending: null };
    const raised = requestLimit(current, 20_000n, now, DAY);
    expect(raised).toEqual({
      amount: 10_000n,
      pending: { amount: 20_000n, from: new Date('2026-11-28T10:00:00Z') },
      effect: 'PENDING',
    });
    const removed = requestLimit(current, null, now, DAY);
    expect(removed.amount).toBe(10_000n);
    expect(removed.pending).toEqual({ amount: null, from: new Date('2026-11-28T10:00:00Z') });
    // Not before its time.
    expect(confirmLimit(raised, new Date('2026-11-28T09:59:59Z'))).toBeNull();
    expect(confirmLimit(raised, new Date('2026-11-28T10:00:00Z'))).toEqual({
      amount: 20_000n,
      pending: null,
    });
    expect(confirmLimit(current, now)).toBeNull();
    // Asking the same again keeps the first waiting time; asking another restarts it.
    const later = new Date(now.getTime() + DAY / 2);
    expect(requestLimit(raised, 20_000n, later, DAY).pending!.from).toEqual(raised.pending!.from);
    expect(requestLimit(raised, 30_000n, later, DAY).pending!.from).toEqual(new Date(later.getTime() + DAY));
    // The same amount as now: nothing waits any more.
    expect(requestLimit(raised, 10_000n, later, DAY)).toEqual({
      amount: 10_000n,
      pending: null,
      effect: 'UNCHANGED',
    });
  });

  it('the lowest applicable limit binds, never below zero', () => {
    const used = { D: 3_000n, W: 9_000n, M: 9_000n };
    expect(headroom({}, used)).toBeNull();
    expect(headroom({ D: { amount: 5_000n, pending: null } }, used)).toBe(2_000n);
    // The week has less room left than the day.
    expect(
      headroom({ D: { amount: 5_000n, pending: null }, W: { amount: 10_000n, pending: null } }, used),
    ).toBe(1_000n);
    expect(headroom({ M: { amount: 8_000n, pending: null } }, used)).toBe(0n);
    expect(headroom({ D: { amount: null, pending: { amount: 1n, from: now } } }, used)).toBeNull();
  });

  it('periods start at local midnight, Monday and the 1st in the brand zone', () => {
    // 2026-11-27 is a Friday; 02:00 in Manila (UTC+8) is still the 26th in UTC.
    const at = Date.parse('2026-11-26T18:00:00Z');
    expect(periodStarts(at, 'Asia/Manila')).toEqual({
      D: new Date('2026-11-26T16:00:00Z'),
      W: new Date('2026-11-22T16:00:00Z'),
      M: new Date('2026-10-31T16:00:00Z'),
    });
    expect(periodStarts(at, 'UTC').D).toEqual(new Date('2026-11-26T00:00:00Z'));
  });
});

describe('time-outs and self-exclusion', () => {
  it('time-outs last whole days up to six weeks', () => {
    expect(timeoutEnd(now, 1)).toEqual(new Date('2026-11-28T10:00:00Z'));
    expect(timeoutEnd(now, 42)).toEqual(new Date('2027-01-08T10:00:00Z'));
    for (const bad of [0, 43, 1.5, -1]) expect(() => timeoutEnd(now, bad)).toThrow(RangeError);
  });

  it('self-exclusion ends on the same calendar day months later, or never', () => {
    expect(exclusionEnd(now, '6M')).toEqual(new Date('2027-05-27T10:00:00Z'));
    expect(exclusionEnd(now, '1Y')).toEqual(new Date('2027-11-27T10:00:00Z'));
    expect(exclusionEnd(now, '5Y')).toEqual(new Date('2031-11-27T10:00:00Z'));
    expect(exclusionEnd(now, 'PERMANENT')).toBeNull();
    // 31 August + 6 months is the last day of February.
    expect(exclusionEnd(new Date('2026-08-31T00:00:00Z'), '6M')).toEqual(new Date('2027-02-28T00:00:00Z'));
  });

  it('returning needs the period over, then a request that waits its cooling-off', () => {
    const endsAt = new Date('2027-05-27T10:00:00Z');
    expect(mayReturn({ endsAt, returnFrom: null }, now)).toBe('EXCLUDED');
    expect(mayReturn({ endsAt: null, returnFrom: null }, new Date('2099-01-01'))).toBe('EXCLUDED');
    const after = new Date('2027-06-01T00:00:00Z');
    expect(mayReturn({ endsAt, returnFrom: null }, after)).toBe('ASK');
    expect(mayReturn({ endsAt, returnFrom: new Date('2027-06-02T00:00:00Z') }, after)).toBe('WAITING');
    expect(mayReturn({ endsAt, returnFrom: new Date('2027-06-01T00:00:00Z') }, after)).toBe('RETURNED');
  });

  it('counts full years of age on the local date', () => {
    expect(ageOn('2005-11-27', '2026-11-27')).toBe(21);
    expect(ageOn('2005-11-28', '2026-11-27')).toBe(20);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('nope', '2026-02-28')).toBeNull();
  });
});
