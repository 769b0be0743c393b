import { describe, expect, it } from 'vitest';
import { formatClock } from './clock';

describe('formatClock', () => {
  it('formats YYYY/MM/DD (ddd) HH:mm:ss in the brand time zone', () => {
    const instant = new Date('2026-11-22T16:05:09Z');
    expect(formatClock(instant, 'Asia/Manila', 'en')).toBe('2026/11/23 (Mon) 00:05:09');
    expect(formatClock(instant, 'UTC', 'en')).toBe('2026/11/22 (Sun) 16:05:09');
  });

  it('names the weekday in the current language', () => {
    const instant = new Date('2026-11-22T04:00:00Z');
    expect(formatClock(instant, 'Asia/Kuala_Lumpur', 'zh-CN')).toBe('2026/11/22 (周日) 12:00:00');
  });
});
