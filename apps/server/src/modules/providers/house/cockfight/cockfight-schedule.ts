import type { CockfightPhase } from '@app/contracts';

/**
 * The fight clock. Every arena runs the same cycle from a fixed epoch: fight n opens for bets at
 * EPOCH + (n - 1) x cycle, betting closes `bet` seconds later and the fight starts, the result is
 * shown `fight` seconds after that, and `result` seconds later fight n + 1 opens. Any server
 * instance computes the same fight from the clock alone: nothing depends on a timer being alive.
 */

/** 2024-01-01T00:00:00Z: fight numbers count cycles from here. */
const COCKFIGHT_EPOCH_MS = Date.UTC(2024, 0, 1);

export interface CockfightTimings {
  betSeconds: number;
  fightSeconds: number;
  resultSeconds: number;
}

/**
 * The phases from the betting window (COCKFIGHT_BET_SECONDS, default 60 s): the fight lasts a
 * third of it and the result shows for a sixth (20 s and 10 s by default), at least 3 s and 2 s.
 */
export function cockfightTimings(betSeconds: number): CockfightTimings {
  return {
    betSeconds,
    fightSeconds: Math.max(3, Math.round(betSeconds / 3)),
    resultSeconds: Math.max(2, Math.round(betSeconds / 6)),
  };
}

interface FightSlot {
  fightNo: number;
  opensAt: Date;
  closesAt: Date;
  revealAt: Date;
  nextAt: Date;
}

const cycleMs = (t: CockfightTimings) => (t.betSeconds + t.fightSeconds + t.resultSeconds) * 1000;

/** The times of fight n. */
export function fightSlot(fightNo: number, t: CockfightTimings): FightSlot {
  const opens = COCKFIGHT_EPOCH_MS + (fightNo - 1) * cycleMs(t);
  const closes = opens + t.betSeconds * 1000;
  const reveal = closes + t.fightSeconds * 1000;
  return {
    fightNo,
    opensAt: new Date(opens),
    closesAt: new Date(closes),
    revealAt: new Date(reveal),
    nextAt: new Date(opens + cycleMs(t)),
  };
}

/** The fight running at this moment (in whatever phase). */
export function fightAt(nowMs: number, t: CockfightTimings): FightSlot {
  return fightSlot(Math.floor((nowMs - COCKFIGHT_EPOCH_MS) / cycleMs(t)) + 1, t);
}

export function phaseOf(slot: Pick<FightSlot, 'closesAt' | 'revealAt'>, nowMs: number): CockfightPhase {
  if (nowMs < slot.closesAt.getTime()) return 'BETTING';
  if (nowMs < slot.revealAt.getTime()) return 'FIGHTING';
  return 'RESULT';
}
