import { MONEY_METRICS, type Mission, type MissionPeriod } from '@app/contracts';

/** How far a mission is, 0 to 100 (whole percent, never past 100; a claimed mission is full). */
export function progressPercent(m: Pick<Mission, 'progress' | 'target' | 'state'>): number {
  if (m.state !== 'IN_PROGRESS' || m.target <= 0) return 100;
  return Math.min(99, Math.max(0, Math.floor((m.progress / m.target) * 100)));
}

/** Whether a mission's progress and target are money (else counts of bets or days). */
export const isMoney = (m: Pick<Mission, 'metric'>): boolean => MONEY_METRICS.includes(m.metric);

/** The missions of one period, in the server's order. */
export const missionsOf = (missions: readonly Mission[], period: MissionPeriod): Mission[] =>
  missions.filter((m) => m.period === period);

/** Claimable missions of a period (the tab's count). */
export const claimableCount = (missions: readonly Mission[], period: MissionPeriod): number =>
  missions.filter((m) => m.period === period && m.state === 'CLAIMABLE').length;
