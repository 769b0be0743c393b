import type { LotteryMenuTag, LotteryTable, LotteryWeekday } from '@app/contracts';
import { fastLockSeconds, type DrawPlan } from './lottery-schedule';

/**
 * The lottery games: which catalogue games (vendor + game code, demo catalogue
 * seed/game-catalogue.ts) run which lottery, on which schedule. One place decides a game's
 * family; a catalogue game of a lottery vendor without an entry here is not a lottery we run
 * (its launch answers game.unavailable).
 *
 * Digit draws follow the regional habits: the Vietnamese regions draw daily (south 16:15,
 * central 17:15, north 18:15), Mega 6/45 on Wednesday, Friday and Sunday, the 4D games on
 * Wednesday, Saturday and Sunday. Times are local to the brand's time zone.
 */

interface BaseDef {
  vendor: string;
  gameCode: string;
  table: LotteryTable;
  menuTag: LotteryMenuTag;
}

export interface DigitGameDef extends BaseDef {
  family: 'DIGIT';
  /** Sunday 1 ... Saturday 7. */
  days: readonly LotteryWeekday[];
  /** Local 'HH:MM'. */
  drawTime: string;
  lockMinutes: number;
}

export interface FastGameDef extends BaseDef {
  family: 'FAST';
  table: 'THREE_BALL';
}

export type LotteryGameDef = DigitGameDef | FastGameDef;

const DAILY: readonly LotteryWeekday[] = [1, 2, 3, 4, 5, 6, 7];

const digit = (
  vendor: string,
  gameCode: string,
  table: LotteryTable,
  menuTag: LotteryMenuTag,
  days: readonly LotteryWeekday[],
  drawTime: string,
  lockMinutes: number,
): DigitGameDef => ({ family: 'DIGIT', vendor, gameCode, table, menuTag, days, drawTime, lockMinutes });

const fast = (vendor: string, gameCode: string): FastGameDef => ({
  family: 'FAST',
  vendor,
  gameCode,
  table: 'THREE_BALL',
  menuTag: 'FAST',
});

export const LOTTERY_GAME_DEFS: readonly LotteryGameDef[] = [
  digit('TCG_LOTTO_VN', 'northern-lottery', 'NORTH', 'VN', DAILY, '18:15', 15),
  digit('TCG_LOTTO_VN', 'southern-lottery', 'SOUTH', 'VN', DAILY, '16:15', 15),
  digit('TCG_LOTTO_VN', 'central-lottery', 'SOUTH', 'VN', DAILY, '17:15', 15),
  digit('TCG_LOTTO_VN', 'mega-6-45', 'MEGA645', 'VN', [1, 4, 6], '18:00', 30),
  digit('TCG_SEA', 'thai-lottery', 'THAI', 'SEA', [2, 5], '15:30', 30),
  digit('TCG_SEA', 'lao-lottery', 'THAI', 'SEA', [2, 4, 6], '20:30', 30),
  digit('TCG_SEA', 'malaysia-4d', 'FOUR_D', 'SEA', [1, 4, 7], '19:00', 30),
  digit('TCG_SEA', 'singapore-4d', 'FOUR_D', 'SEA', [1, 4, 7], '18:30', 30),
  fast('LOTT', 'lucky-28'),
  fast('LOTT', 'speed-racing'),
  fast('LOTT', 'fast-dice'),
  fast('ELOTT', 'keno'),
  fast('ELOTT', 'bingo-75'),
  fast('ELOTT', 'lucky-numbers'),
];

const BY_KEY = new Map(LOTTERY_GAME_DEFS.map((d) => [`${d.vendor}/${d.gameCode}`, d]));

export function lotteryDef(vendor: string, gameCode: string): LotteryGameDef | undefined {
  return BY_KEY.get(`${vendor}/${gameCode}`);
}

/** A game's draw plan: digit games in the brand's time zone, fast games every `fastSeconds`. */
export function planOf(d: LotteryGameDef, timeZone: string, fastSeconds: number): DrawPlan {
  return d.family === 'FAST'
    ? { kind: 'FAST', intervalSeconds: fastSeconds, lockSeconds: fastLockSeconds(fastSeconds) }
    : { kind: 'SCHEDULED', days: d.days, drawTime: d.drawTime, lockMinutes: d.lockMinutes, timeZone };
}

/** Whether a catalogue game is a lottery we run (its launch opens the /lottery page). */
export function isLotteryGame(vendor: string, gameCode: string): boolean {
  return lotteryDef(vendor, gameCode) !== undefined;
}
