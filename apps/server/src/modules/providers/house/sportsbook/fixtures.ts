import type { Rng } from '../secure-rng';
import { seededRng } from './random';
import { assertTimeZone, DAY_MS, wallClockMs, zonedInstant } from '../../../../platform/zoned-time';

/**
 * The house sportsbook's leagues and fixture list, generated from a seed.
 *
 * Team names are fixed and fictional; the seed decides each team's strength and the schedule. The
 * fixtures of one day depend only on (seed, league, day), so any two date ranges agree on the days
 * they share and a server restart (or a second instance) produces the same list.
 *
 * Kick-off times are chosen as wall-clock times in the brand's time zone (an IANA name such as
 * 'Asia/Manila') and stored as UTC instants; `localDate` is the calendar day in that zone.
 */

/** FOOTBALL fixtures belong to the SPORTS game type, ESPORTS fixtures to ESPORTS. */
export type Sport = 'FOOTBALL' | 'ESPORTS';
export type EsportsGame = 'MOBA' | 'FPS';

export interface Team {
  /** Unique across leagues, e.g. 'FB1-T03'. */
  id: string;
  name: string;
  /** Three letters for narrow screens. */
  shortName: string;
  /** 55 (weakest) to 90 (strongest); pricing turns the difference of two ratings into chances. */
  strength: number;
}

interface League {
  id: string;
  sport: Sport;
  /** Set for esports leagues only. */
  game?: EsportsGame;
  name: string;
  teams: Team[];
}

export interface Fixture {
  /** e.g. 'FB1-20250301-2': league, local date, index of the match that day. */
  id: string;
  leagueId: string;
  sport: Sport;
  game?: EsportsGame;
  /** Football: the home side. Esports: the first-named team (no home advantage). */
  home: Team;
  away: Team;
  /** The kick-off (first map's start) as a UTC instant. */
  kickOff: Date;
  /** The calendar day of the kick-off in the brand's time zone, 'YYYY-MM-DD'. */
  localDate: string;
}

interface FixtureRequest {
  seed: string;
  /** First and last calendar day in the brand's time zone, inclusive, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** IANA time zone of the brand, e.g. 'Asia/Manila'. */
  timeZone: string;
}

/** The longest range one call may generate (a guard against a typo asking for centuries). */
export const MAX_FIXTURE_DAYS = 366;
export const STRENGTH_MIN = 55;
export const STRENGTH_MAX = 90;

interface LeagueTemplate {
  id: string;
  sport: Sport;
  game?: EsportsGame;
  name: string;
  teams: readonly (readonly [name: string, shortName: string])[];
  /** Matches per day: min..max (a league of n teams can play n/2 at most). */
  perDay: readonly [number, number];
  /** Local kick-off times the day's matches choose from. */
  slots: readonly string[];
}

const FOOTBALL_SLOTS = ['12:00', '13:30', '15:00', '16:30', '18:00', '19:30', '20:45', '22:00'] as const;

const LEAGUES: readonly LeagueTemplate[] = [
  {
    id: 'FB1',
    sport: 'FOOTBALL',
    name: 'Northshire Premier League',
    teams: [
      ['Ashbury Rovers', 'ASH'],
      ['Kingsmere United', 'KGM'],
      ['Hollowbrook Town', 'HOL'],
      ['Redwick Athletic', 'RED'],
      ['Stonebridge City', 'STO'],
      ['Westhaven Wanderers', 'WES'],
      ['Brackenford Albion', 'BRA'],
      ['Carrow Vale FC', 'CAR'],
      ['Elmsworth County', 'ELM'],
      ['Marlowe Harriers', 'MAR'],
    ],
    perDay: [2, 5],
    slots: FOOTBALL_SLOTS,
  },
  {
    id: 'FB2',
    sport: 'FOOTBALL',
    name: 'Liga Costa Dorada',
    teams: [
      ['Real Montalbán', 'RMO'],
      ['Atlético Valdoria', 'ATV'],
      ['CD Sierra Blanca', 'SIB'],
      ['Deportivo Almar', 'DAL'],
      ['UD Puerto Celeste', 'PCE'],
      ['Racing Castellar', 'RCA'],
      ['SD Vallenueva', 'VAL'],
      ['CF Torremar', 'TOR'],
      ['Unión Albacía', 'UAL'],
      ['Sporting Miraflor', 'SMI'],
    ],
    perDay: [2, 5],
    slots: FOOTBALL_SLOTS,
  },
  {
    id: 'FB3',
    sport: 'FOOTBALL',
    name: 'Bundesklasse Nord',
    teams: [
      ['FC Eichenstadt', 'EIC'],
      ['SV Rotwald 09', 'ROT'],
      ['TSV Lindenau', 'LIN'],
      ['Borussia Falkenheim', 'BFA'],
      ['VfB Sonnenfeld', 'SON'],
      ['Eintracht Grünhain', 'EGR'],
      ['SC Westerholm', 'SCW'],
      ['Fortuna Kaltenbach', 'FKA'],
      ['Union Brückental', 'UBR'],
      ['1. FC Hafenstein', 'HAF'],
    ],
    perDay: [2, 5],
    slots: FOOTBALL_SLOTS,
  },
  {
    id: 'FB4',
    sport: 'FOOTBALL',
    name: 'Archipelago Super League',
    teams: [
      ['Manila Harbour FC', 'MNL'],
      ['Cebu Coral United', 'CEB'],
      ['Davao Highlanders', 'DVO'],
      ['Iloilo Stingrays', 'ILO'],
      ['Bacolod Sugar Kings', 'BCD'],
      ['Laguna Lakeside FC', 'LAG'],
      ['Pampanga Storm', 'PAM'],
      ['Batangas Volcanoes', 'BAT'],
      ['Zamboanga Sea Eagles', 'ZAM'],
      ['Baguio Pines FC', 'BAG'],
    ],
    perDay: [2, 5],
    slots: FOOTBALL_SLOTS,
  },
  {
    id: 'ES1',
    sport: 'ESPORTS',
    game: 'MOBA',
    name: 'Mythic Clash Pro League',
    teams: [
      ['Nightfall Esports', 'NFE'],
      ['Crimson Vanguard', 'CRV'],
      ['Azure Dragons Gaming', 'AZD'],
      ['Tidebreakers', 'TDB'],
      ['Obsidian Owls', 'OBO'],
      ['Solstice Legion', 'SOL'],
      ['Iron Lotus', 'IRL'],
      ['Voltstorm', 'VLT'],
    ],
    perDay: [2, 4],
    slots: ['11:00', '13:00', '15:00', '17:00', '19:00', '21:00'],
  },
  {
    id: 'ES2',
    sport: 'ESPORTS',
    game: 'FPS',
    name: 'Vector Strike Series',
    teams: [
      ['Ironsight Gaming', 'ISG'],
      ['Phantom Recoil', 'PHR'],
      ['Zero Ping Heroes', 'ZPH'],
      ['Sharpline', 'SHL'],
      ['Blackout Six', 'BK6'],
      ['Redline Tactical', 'RLT'],
      ['Frag Syndicate', 'FRS'],
      ['Northwind Five', 'NW5'],
    ],
    perDay: [2, 4],
    slots: ['12:00', '14:30', '17:00', '19:30', '22:00'],
  },
];

/** The leagues with their teams' strengths for this seed (4 football leagues of 10, 2 esports of 8). */
export function generateLeagues(seed: string): League[] {
  return LEAGUES.map((template) => {
    const rng = seededRng(`${seed}|${template.id}|strength`);
    const league: League = {
      id: template.id,
      sport: template.sport,
      name: template.name,
      teams: template.teams.map(([name, shortName], i) => ({
        id: `${template.id}-T${String(i + 1).padStart(2, '0')}`,
        name,
        shortName,
        strength: STRENGTH_MIN + rng.int(STRENGTH_MAX - STRENGTH_MIN + 1),
      })),
    };
    if (template.game) league.game = template.game;
    return league;
  });
}

/**
 * Every fixture of every league from `from` to `to` (local days, inclusive), ordered by kick-off,
 * then league, then id. A team plays at most once per local day: each league's day pairs off a
 * shuffled team list.
 */
export function generateFixtures(request: FixtureRequest): Fixture[] {
  const days = calendarDays(request.from, request.to);
  assertTimeZone(request.timeZone);
  const leagues = generateLeagues(request.seed);
  const fixtures: Fixture[] = [];
  for (const day of days) {
    LEAGUES.forEach((template, l) => {
      const rng = seededRng(`${request.seed}|${template.id}|${day}`);
      fixtures.push(...leagueDay(rng, template, leagues[l]!, day, request.timeZone));
    });
  }
  return fixtures.sort(
    (a, b) =>
      a.kickOff.getTime() - b.kickOff.getTime() ||
      a.leagueId.localeCompare(b.leagueId) ||
      a.id.localeCompare(b.id),
  );
}

function leagueDay(
  rng: Rng,
  template: LeagueTemplate,
  league: League,
  day: string,
  timeZone: string,
): Fixture[] {
  const [min, max] = template.perDay;
  const count = Math.min(min + rng.int(max - min + 1), Math.floor(league.teams.length / 2));
  const order = league.teams.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const fixtures: Fixture[] = [];
  for (let m = 0; m < count; m++) {
    const slot = template.slots[rng.int(template.slots.length)]!;
    const fixture: Fixture = {
      id: `${template.id}-${day.replaceAll('-', '')}-${m + 1}`,
      leagueId: template.id,
      sport: template.sport,
      home: order[2 * m]!,
      away: order[2 * m + 1]!,
      kickOff: zonedTimeToUtc(day, slot, timeZone),
      localDate: day,
    };
    if (template.game) fixture.game = template.game;
    fixtures.push(fixture);
  }
  return fixtures;
}

// ---- calendar and time zones ---------------------------------------------------------------------

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
/** Midnight UTC of a 'YYYY-MM-DD' calendar date (only used as a day counter, never as an instant). */
function dayNumber(date: string): number {
  const m = DATE_PATTERN.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`No such date: ${date}`);
  return ms / DAY_MS;
}

function calendarDays(from: string, to: string): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last < first) throw new RangeError(`The range ends (${to}) before it starts (${from})`);
  if (last - first + 1 > MAX_FIXTURE_DAYS) throw new RangeError(`At most ${MAX_FIXTURE_DAYS} days at once`);
  const days: string[] = [];
  for (let d = first; d <= last; d++) days.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return days;
}

/**
 * The UTC instant at which the clocks of `timeZone` show `time` ('HH:MM') on `date` ('YYYY-MM-DD').
 *
 * The zone's offset is read at a first guess and again at the corrected instant, which settles it
 * whenever the offset changes near the guess (daylight saving). A wall time skipped by a spring
 * change resolves to an instant an hour off; kick-offs are never scheduled in those small hours.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const t = TIME_PATTERN.exec(time);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) throw new RangeError(`Not an HH:MM time: ${time}`);
  return new Date(zonedInstant(dayNumber(date), Number(t[1]) * 60 + Number(t[2]), timeZone));
}

/** The calendar date ('YYYY-MM-DD') that `instant` falls on in `timeZone`: "today" for a brand. */
export function localDateOf(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}
