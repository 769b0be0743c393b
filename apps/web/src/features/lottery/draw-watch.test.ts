import type { LotteryBet, LotteryDraw } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { awaitingResult, awaitingSettlement, drawPhase, RESULT_WAIT_MS, settledCount } from './draw-watch';

const draw = (over: Partial<LotteryDraw>): LotteryDraw => ({
  vendor: 'ELOTT',
  gameCode: 'E1',
  numero: '1',
  status: 'OPEN',
  lockTime: 1_000,
  winningTime: 2_000,
  openTime: null,
  result: null,
  ...over,
});
const bet = (over: Partial<LotteryBet>): LotteryBet => ({
  betId: 'b',
  requestId: 'r',
  vendor: 'ELOTT',
  gameCode: 'E1',
  gameName: 'E1',
  numero: '1',
  prizeMode: 'Elott',
  betType: 'BIG',
  numbers: [],
  stake: 1,
  odds: 1.98,
  status: 'OPEN',
  hits: null,
  payout: null,
  drawStatus: 'OPEN',
  result: null,
  time: '2026-01-01T00:00:00Z',
  ...over,
});

describe('drawPhase', () => {
  const d = { numero: '7', status: 'OPEN' as const, lockTime: 10_000, winningTime: 15_000 };
  it('counts down to the lock while open', () => {
    expect(drawPhase(d, 4_000)).toEqual({ phase: 'open', left: 6_000 });
  });
  it('counts down to the draw once locked (by time or status), never below 0', () => {
    expect(drawPhase(d, 12_000)).toEqual({ phase: 'drawing', left: 3_000 });
    expect(drawPhase({ ...d, status: 'LOCKED' }, 4_000)).toEqual({ phase: 'drawing', left: 11_000 });
    expect(drawPhase(d, 20_000)).toEqual({ phase: 'drawing', left: 0 });
  });
  it('has nothing to count without a numbered draw', () => {
    expect(drawPhase({ ...d, numero: null }, 0).phase).toBe('none');
    expect(drawPhase({ ...d, lockTime: null }, 0).phase).toBe('none');
  });
});

describe('awaitingResult', () => {
  it('waits for a due draw without a result, a moment after its time', () => {
    const data = { list: [draw({ status: 'LOCKED' })] };
    expect(awaitingResult(data, 2_000)).toBe(false);
    expect(awaitingResult(data, 2_000 + RESULT_WAIT_MS)).toBe(true);
  });
  it('does not wait for drawn or cancelled draws, or with no data', () => {
    const result = { winningNumber: '123', prizes: [], sum: 6 };
    expect(awaitingResult({ list: [draw({ status: 'SETTLED', result })] }, 99_000)).toBe(false);
    expect(awaitingResult({ list: [draw({ status: 'CANCELLED' })] }, 99_000)).toBe(false);
    expect(awaitingResult(undefined, 99_000)).toBe(false);
  });
});

describe('awaitingSettlement and settledCount', () => {
  it('waits for open bets whose draw no longer takes bets', () => {
    expect(awaitingSettlement({ list: [bet({})] })).toBe(false);
    expect(awaitingSettlement({ list: [bet({ drawStatus: 'LOCKED' })] })).toBe(true);
    expect(awaitingSettlement({ list: [bet({ status: 'PLACING', drawStatus: 'DRAWN' })] })).toBe(true);
    expect(awaitingSettlement({ list: [bet({ status: 'WON', drawStatus: 'SETTLED' })] })).toBe(false);
  });
  it('counts the bets with an outcome', () => {
    const list = [bet({ status: 'WON' }), bet({ status: 'LOST' }), bet({ status: 'VOID' }), bet({})];
    expect(settledCount({ list })).toBe(3);
    expect(settledCount(undefined)).toBe(0);
  });
});
