import { describe, expect, it } from 'vitest';
import {
  generateFixtures,
  generateLeagues,
  localDateOf,
  MAX_FIXTURE_DAYS,
  STRENGTH_MAX,
  STRENGTH_MIN,
  zonedTimeToUtc,
  type Fixture,
} from './fixtures';

const MANILA = 'Asia/Manila';
const march = (seed = 'brand-1', from = '2025-03-01', to = '2025-03-31', timeZone = MANILA): Fixture[] =>
  generateFixtures({ seed, from, to, timeZone });

/** Wall clock ('YYYY-MM-DD HH:MM') of an instant in a time zone, read independently of fixtures.ts. */
function wallClock(instant: Date, timeZone: string): string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return f.format(instant);
}

describe('generateLeagues', () => {
  it('has 4 football leagues of 10 teams and a MOBA and an FPS league of 8, strengths 55..90', () => {
    const leagues = generateLeagues('brand-1');
    expect(leagues.filter((l) => l.sport === 'FOOTBALL').map((l) => l.teams.length)).toEqual([
      10, 10, 10, 10,
    ]);
    const esports = leagues.filter((l) => l.sport === 'ESPORTS');
    expect(esports.map((l) => [l.game, l.teams.length])).toEqual([
      ['MOBA', 8],
      ['FPS', 8],
    ]);
    const teams = leagues.flatMap((l) => l.teams);
    expect(new Set(teams.map((t) => t.id)).size).toBe(56);
    expect(new Set(teams.map((t) => t.name)).size).toBe(56);
    for (const t of teams) {
      expect(Number.isInteger(t.strength) && t.strength >= STRENGTH_MIN && t.strength <= STRENGTH_MAX).toBe(
        true,
      );
      expect(t.shortName).toMatch(/^[A-Z0-9]{3}$/);
    }
    // Strengths vary within a league (a flat league would price every match alike).
    for (const l of leagues) expect(new Set(l.teams.map((t) => t.strength)).size).toBeGreaterThan(3);
  });

  it('strengths are fixed by the seed: same seed, same ratings; another seed, other ratings', () => {
    const strengths = (seed: string) => generateLeagues(seed).flatMap((l) => l.teams.map((t) => t.strength));
    expect(strengths('brand-1')).toEqual(strengths('brand-1'));
    expect(strengths('brand-1')).not.toEqual(strengths('brand-2'));
  });
});

describe('generateFixtures', () => {
  it('is deterministic for a seed (March 2025 twice gives equal lists) and differs for another seed', () => {
    const a = march();
    expect(march()).toEqual(a);
    expect(a.length).toBeGreaterThan(31 * 10);
    const b = march('brand-2');
    expect(b.map((f) => `${f.id} ${f.home.id} ${f.away.id}`)).not.toEqual(
      a.map((f) => `${f.id} ${f.home.id} ${f.away.id}`),
    );
  });

  it('a day does not depend on the range asked for: 1–10 March and 5–20 March agree on 5–10 March', () => {
    const shared = (list: Fixture[]) =>
      list.filter((f) => f.localDate >= '2025-03-05' && f.localDate <= '2025-03-10');
    const first = shared(march('brand-1', '2025-03-01', '2025-03-10'));
    expect(first.length).toBeGreaterThan(0);
    expect(shared(march('brand-1', '2025-03-05', '2025-03-20'))).toEqual(first);
  });

  it('no team plays twice on one local day (31 days, 6 leagues), and nobody plays itself', () => {
    const byDay = new Map<string, string[]>();
    for (const f of march()) {
      expect(f.home.id).not.toBe(f.away.id);
      const ids = byDay.get(f.localDate) ?? [];
      ids.push(f.home.id, f.away.id);
      byDay.set(f.localDate, ids);
    }
    expect(byDay.size).toBe(31);
    for (const [day, ids] of byDay) expect(new Set(ids).size, day).toBe(ids.length);
  });

  it('every league plays each day: football 2–5 matches, esports 2–4, teams from its own league', () => {
    const leagues = generateLeagues('brand-1');
    const count = new Map<string, number>();
    for (const f of march()) {
      const key = `${f.localDate} ${f.leagueId}`;
      count.set(key, (count.get(key) ?? 0) + 1);
      const league = leagues.find((l) => l.id === f.leagueId)!;
      expect(f.sport).toBe(league.sport);
      expect(f.game).toBe(league.game);
      expect(league.teams).toContainEqual(f.home);
      expect(league.teams).toContainEqual(f.away);
    }
    expect(count.size).toBe(31 * 6);
    for (const [key, n] of count) {
      const [min, max] = key.includes('FB') ? [2, 5] : [2, 4];
      expect(n >= min && n <= max, key).toBe(true);
    }
  });

  it('ids are unique and the list is ordered by kick-off', () => {
    const list = march();
    expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
    for (let i = 1; i < list.length; i++) {
      expect(list[i]!.kickOff.getTime()).toBeGreaterThanOrEqual(list[i - 1]!.kickOff.getTime());
    }
  });

  it("Manila: every kick-off shows its slot on its local date in Manila's clocks (UTC+8), on the quarter hour", () => {
    for (const f of march()) {
      const local = wallClock(f.kickOff, MANILA);
      expect(local.slice(0, 10)).toBe(f.localDate);
      const hour = Number(local.slice(11, 13));
      expect(hour >= 11 && hour <= 22, local).toBe(true);
      expect(f.kickOff.getUTCMinutes() % 15).toBe(0);
      // Manila has no daylight saving: UTC is always 8 hours behind.
      expect((hour - f.kickOff.getUTCHours() + 24) % 24).toBe(8);
      expect(localDateOf(f.kickOff, MANILA)).toBe(f.localDate);
    }
  });

  it('the same seed in New York puts kick-offs on New York clocks: a 22:00 slot is 03:00Z the next day', () => {
    const list = march('brand-1', '2025-03-01', '2025-03-31', 'America/New_York');
    for (const f of list) expect(wallClock(f.kickOff, 'America/New_York').slice(0, 10)).toBe(f.localDate);
    const late = list.find(
      (f) => wallClock(f.kickOff, 'America/New_York').endsWith('22:00') && f.localDate < '2025-03-09',
    );
    expect(late).toBeDefined();
    expect(late!.kickOff.getUTCHours()).toBe(3);
    expect(late!.kickOff.toISOString().slice(0, 10) > late!.localDate).toBe(true);
  });

  it('rejects an unknown time zone, an inverted range, an impossible date and more than 366 days', () => {
    expect(() => march('s', '2025-03-01', '2025-03-02', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => march('s', '2025-03-02', '2025-03-01')).toThrow(RangeError);
    expect(() => march('s', '2025-02-30', '2025-03-01')).toThrow(RangeError);
    expect(() => march('s', '2025-1-01', '2025-03-01')).toThrow(RangeError);
    expect(MAX_FIXTURE_DAYS).toBe(366);
    expect(() => march('s', '2025-01-01', '2026-01-02')).toThrow(RangeError);
  });
});

describe('zonedTimeToUtc', () => {
  it('a 19:30 kick-off in Manila on 1 March 2025 is stored as 2025-03-01T11:30:00.000Z', () => {
    expect(zonedTimeToUtc('2025-03-01', '19:30', MANILA).toISOString()).toBe('2025-03-01T11:30:00.000Z');
  });

  it('a 07:00 kick-off in Manila on 1 March is 23:00Z on 28 February', () => {
    expect(zonedTimeToUtc('2025-03-01', '07:00', MANILA).toISOString()).toBe('2025-02-28T23:00:00.000Z');
  });

  it('London 15:00 is 15:00Z before the clocks go forward (29 March 2025) and 14:00Z after (31 March)', () => {
    expect(zonedTimeToUtc('2025-03-29', '15:00', 'Europe/London').toISOString()).toBe(
      '2025-03-29T15:00:00.000Z',
    );
    expect(zonedTimeToUtc('2025-03-31', '15:00', 'Europe/London').toISOString()).toBe(
      '2025-03-31T14:00:00.000Z',
    );
  });

  it('localDateOf: 2025-03-01T16:30Z is already 2 March in Manila but still 1 March in UTC', () => {
    const instant = new Date('2025-03-01T16:30:00Z');
    expect(localDateOf(instant, MANILA)).toBe('2025-03-02');
    expect(localDateOf(instant, 'UTC')).toBe('2025-03-01');
  });

  it('rejects a time that is not HH:MM', () => {
    for (const t of ['7:00', '24:00', '12:60', '12:00:00'])
      expect(() => zonedTimeToUtc('2025-03-01', t, MANILA)).toThrow(RangeError);
  });
});
