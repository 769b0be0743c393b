import { describe, expect, it } from 'vitest';
import {
  currentDraw,
  drawDayOfWeek,
  fastCurrent,
  fastLockSeconds,
  fastSlot,
  isBettingOpen,
  LOTTERY_FAST_EPOCH_MS,
  nextDraw,
  scheduledCurrent,
  scheduledSlot,
  type FastPlan,
  type ScheduledPlan,
} from './lottery-schedule';

const MANILA = 'Asia/Manila'; // UTC+8, no daylight saving
const at = (iso: string) => Date.parse(iso);

/** Northern style: daily at 18:15 Manila, betting closes 15 minutes before. */
const DAILY: ScheduledPlan = {
  kind: 'SCHEDULED',
  days: [1, 2, 3, 4, 5, 6, 7],
  drawTime: '18:15',
  lockMinutes: 15,
  timeZone: MANILA,
};
/** Mega style: Sunday (1), Wednesday (4), Friday (6) at 18:00, locks 30 minutes before. */
const MEGA: ScheduledPlan = { ...DAILY, days: [1, 4, 6], drawTime: '18:00', lockMinutes: 30 };

describe('scheduled draws (brand time zone, weekdays Sunday 1 ... Saturday 7)', () => {
  it('before today’s draw the current numero is today (YYYYMMDD), drawn at 18:15 local = 10:15 UTC, locked at 18:00', () => {
    // 2026-07-14 is a Tuesday; 09:00 UTC is 17:00 in Manila.
    const slot = scheduledCurrent(at('2026-07-14T09:00:00Z'), DAILY)!;
    expect(slot.numero).toBe('20260714');
    expect(slot.seq).toBe(20260714);
    expect(new Date(slot.drawAt).toISOString()).toBe('2026-07-14T10:15:00.000Z');
    expect(new Date(slot.lockAt).toISOString()).toBe('2026-07-14T10:00:00.000Z');
  });

  it('between lock and draw the same draw is current but closed; from the draw on, tomorrow’s', () => {
    const locked = scheduledCurrent(at('2026-07-14T10:05:00Z'), DAILY)!;
    expect(locked.numero).toBe('20260714');
    expect(isBettingOpen(locked, at('2026-07-14T10:05:00Z'))).toBe(false);
    expect(scheduledCurrent(at('2026-07-14T10:15:00Z'), DAILY)!.numero).toBe('20260715');
  });

  it('betting is open until the millisecond before the lock time, closed at it', () => {
    const slot = scheduledCurrent(at('2026-07-14T09:00:00Z'), DAILY)!;
    expect(isBettingOpen(slot, slot.lockAt - 1)).toBe(true);
    expect(isBettingOpen(slot, slot.lockAt)).toBe(false);
  });

  it('the local date decides the numero: 23:30 UTC on the 14th is already the 15th in Manila', () => {
    expect(scheduledCurrent(at('2026-07-14T23:30:00Z'), DAILY)!.numero).toBe('20260715');
    // In UTC itself the 14th's draw at 18:15 is still to come.
    expect(scheduledCurrent(at('2026-07-14T17:00:00Z'), { ...DAILY, timeZone: 'UTC' })!.numero).toBe(
      '20260714',
    );
  });

  it('only listed weekdays draw: from Monday the 13th the Mega draw is Wednesday the 15th, then Friday, then Sunday', () => {
    const wed = scheduledCurrent(at('2026-07-13T03:00:00Z'), MEGA)!;
    expect(wed.numero).toBe('20260715');
    const fri = nextDraw(wed, MEGA)!;
    expect(fri.numero).toBe('20260717');
    expect(nextDraw(fri, MEGA)!.numero).toBe('20260719');
    expect(new Date(2026, 6, 19).getDay()).toBe(0); // a Sunday
  });

  it('a numero maps back to its draw only on a draw day; nonsense numeros are none', () => {
    expect(scheduledSlot('20260715', MEGA)!.drawAt).toBe(at('2026-07-15T10:00:00Z'));
    expect(scheduledSlot('20260714', MEGA)).toBeNull(); // a Tuesday
    expect(scheduledSlot('20260230', MEGA)).toBeNull();
    expect(scheduledSlot('2026071', MEGA)).toBeNull();
  });

  it('drawDayOfWeek lists the weekdays in order; fast games draw every day', () => {
    expect(drawDayOfWeek(MEGA)).toBe('1,4,6');
    expect(drawDayOfWeek({ kind: 'FAST', intervalSeconds: 180, lockSeconds: 15 })).toBe('1,2,3,4,5,6,7');
  });
});

describe('fast draws (every interval from a fixed epoch)', () => {
  const plan: FastPlan = { kind: 'FAST', intervalSeconds: 180, lockSeconds: fastLockSeconds(180) };

  it('draw n is at EPOCH + n x interval and locks a twelfth of the interval before (15 s at 180 s, 2 s at 20 s)', () => {
    expect(fastLockSeconds(180)).toBe(15);
    expect(fastLockSeconds(20)).toBe(2);
    expect(fastLockSeconds(3600)).toBe(15);
    const s = fastSlot(10, plan);
    expect(s).toEqual({
      numero: '10',
      seq: 10,
      drawAt: LOTTERY_FAST_EPOCH_MS + 1_800_000,
      lockAt: LOTTERY_FAST_EPOCH_MS + 1_785_000,
    });
  });

  it('the current draw is the first drawn strictly after now; at a draw instant the next one is current', () => {
    expect(fastCurrent(LOTTERY_FAST_EPOCH_MS + 1, plan).numero).toBe('1');
    expect(fastCurrent(LOTTERY_FAST_EPOCH_MS + 180_000, plan).numero).toBe('2');
    expect(fastCurrent(LOTTERY_FAST_EPOCH_MS + 179_999, plan).numero).toBe('1');
    expect(currentDraw(LOTTERY_FAST_EPOCH_MS + 179_999, plan)!.numero).toBe('1');
    expect(nextDraw(fastSlot(1, plan), plan)!.numero).toBe('2');
  });
});
