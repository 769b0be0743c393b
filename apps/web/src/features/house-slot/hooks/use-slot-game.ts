import {
  SLOT_REELS,
  type SlotInfo,
  type SlotSpin,
  type SlotSpinResult,
  type SlotSymbol,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { useRequestId } from '../../../lib/request-id';
import { slotGame } from '../api/game';
import { useSpinSlot } from '../api/spin-slot';
import { afterBet, covers, initialBet } from '../bets';
import { lineWinCells, symbolCells } from '../paylines';
import { useReducedMotion } from '../../../lib/use-reduced-motion';

export type ReelMode = 'idle' | 'spinning' | 'landing';

/** What the strip under the reels says while a win is shown. */
type WinMessage =
  | { kind: 'line'; line: number; count: number; symbol: SlotSymbol; win: number; multiplier: number }
  | { kind: 'scatter'; count: number; win: number; multiplier: number }
  | { kind: 'total'; win: number };

export interface Highlight {
  /** Paylines drawn over the grid (indexes into info.lines). */
  lines: number[];
  /** Lit cells (cellKey). */
  cells: string[];
  message: WinMessage | null;
}

export type Banner =
  | { kind: 'award'; count: number; multiplier: number }
  | { kind: 'summary'; win: number; freeSpinsWin: number };

export interface FreeSpinState {
  current: number;
  total: number;
  multiplier: number;
  /** Won by the free spins so far. */
  win: number;
}

export interface SlotView {
  /** grid[reel][row]: what the reels show, or land on. */
  grid: SlotSymbol[][];
  reels: ReelMode;
  /** Changes with every spin, so the strips start their animation afresh. */
  spinKey: number;
  /** How long each reel takes to land, left to right. */
  landMs: number[];
  highlight: Highlight | null;
  freeSpins: FreeSpinState | null;
  banner: Banner | null;
  /** The round's win so far (the win meter). */
  win: number;
}

/** Why the Spin button is unavailable or what the last spin ran into. */
type Notice = { kind: 'insufficient' } | { kind: 'retry' } | { kind: 'error'; message: string } | null;

/** The grid before the first spin: a showcase of the symbols. */
const OPENING_GRID: SlotSymbol[][] = [
  ['A', 'DRAGON', 'K'],
  ['TIGER', 'WILD', 'Q'],
  ['KOI', 'SCATTER', 'LANTERN'],
  ['J', 'DRAGON', 'A'],
  ['LANTERN', 'TIGER', 'K'],
];

/** Reel stops, left to right: about 1.2 s in all; a skipped round lands almost at once. */
const LAND_MS = [600, 750, 900, 1050, 1200];
const LAND_FAST_MS = [120, 150, 180, 210, 240];
const NO_LAND_MS = Array.from({ length: SLOT_REELS }, () => 0);
const STEP_MS = { normal: 1100, fast: 280 };
const AWARD_MS = { normal: 2200, fast: 700 };
const SUMMARY_MS = { normal: 2800, fast: 900 };

interface Options {
  token: string;
  info: SlotInfo;
  /** The spin failed because the ticket is dead: the game can only be left. */
  onTicketDead: (err: ApiError) => void;
  /** The server's message for a failed spin. */
  errorText: (err: unknown) => string;
  /** Called once a round has been shown, with what to announce. */
  onRoundShown: (result: SlotSpinResult) => void;
  onFreeSpinsAwarded: (count: number, multiplier: number) => void;
  refetchInfo: () => Promise<SlotInfo | undefined>;
}

/**
 * One round from the Spin press to the last win shown: the bet leaves the balance at once
 * (optimistic), the server decides the round, then the reels land, the wins are shown line by
 * line, any free spins play out, and only then does the balance take the server's figure.
 */
export function useSlotGame({
  token,
  info,
  onTicketDead,
  errorText,
  onRoundShown,
  onFreeSpinsAwarded,
  refetchInfo,
}: Options) {
  const qc = useQueryClient();
  const spinMutation = useSpinSlot(token);
  const requestIds = useRequestId();
  const reducedMotion = useReducedMotion();

  const [bet, setBet] = useState(() => initialBet(info.betOptions));
  /** The server's latest figure; the shown balance differs only while a spin is in flight. */
  const [settledBalance, setSettledBalance] = useState(info.balance);
  const [shownBalance, setShownBalance] = useState(info.balance);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [view, setView] = useState<SlotView>({
    grid: OPENING_GRID,
    reels: 'idle',
    spinKey: 0,
    landMs: LAND_MS,
    highlight: null,
    freeSpins: null,
    banner: null,
    win: 0,
  });

  // The presentation runs as an async sequence of waits; Skip ends the current wait and makes
  // every later one short.
  const fast = useRef(false);
  const endWait = useRef<() => void>(() => {});
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      endWait.current();
    };
  }, []);

  const wait = useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          endWait.current = () => {};
          resolve();
        };
        const timer = setTimeout(done, ms);
        endWait.current = done;
      }),
    [],
  );

  const pace = useCallback(
    (ms: { normal: number; fast: number }) => (fast.current ? ms.fast : ms.normal),
    [],
  );

  /** Lands one spin and shows its wins; `before` is the round's win before this spin. */
  const showSpin = useCallback(
    async (spin: SlotSpin, before: number) => {
      const landMs = reducedMotion ? NO_LAND_MS : fast.current ? LAND_FAST_MS : LAND_MS;
      setView((v) => ({
        ...v,
        grid: spin.grid,
        reels: reducedMotion ? 'idle' : 'landing',
        spinKey: v.spinKey + 1,
        landMs,
        highlight: null,
      }));
      if (!reducedMotion) await wait(Math.max(...landMs) + 60);
      if (!alive.current) return;
      setView((v) => ({ ...v, reels: 'idle' }));

      const steps: Highlight[] = spin.lineWins.map((w) => ({
        lines: [w.line],
        cells: lineWinCells(info.lines, w),
        message: {
          kind: 'line',
          line: w.line,
          count: w.count,
          symbol: w.symbol,
          win: w.win,
          multiplier: spin.multiplier,
        },
      }));
      const scatters = symbolCells(spin.grid, 'SCATTER');
      if (spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) {
        steps.push({
          lines: [],
          cells: scatters,
          message: {
            kind: 'scatter',
            count: spin.scatterCount,
            win: spin.scatterWin,
            multiplier: spin.multiplier,
          },
        });
      }
      if (steps.length === 0) return;

      setView((v) => ({
        ...v,
        win: before + spin.win,
        freeSpins: v.freeSpins && { ...v.freeSpins, win: v.freeSpins.win + spin.win },
      }));
      for (const step of steps) {
        setView((v) => ({ ...v, highlight: step }));
        await wait(pace(STEP_MS));
        if (!alive.current) return;
      }
      // Then every win at once, left on the grid until the next spin.
      setView((v) => ({
        ...v,
        highlight: {
          lines: steps.flatMap((s) => s.lines),
          cells: [...new Set(steps.flatMap((s) => s.cells))],
          message: { kind: 'total', win: spin.win },
        },
      }));
    },
    [info.lines, pace, reducedMotion, wait],
  );

  const present = useCallback(
    async (result: SlotSpinResult) => {
      await showSpin(result.base, 0);
      if (!alive.current || result.freeSpins.length === 0) return;

      const multiplier = result.freeSpins[0]?.multiplier ?? info.scatter.freeSpinMultiplier;
      const awarded = result.base.freeSpinsAwarded || result.freeSpins.length;
      onFreeSpinsAwarded(awarded, multiplier);
      await wait(pace({ normal: 900, fast: 200 }));
      setView((v) => ({ ...v, banner: { kind: 'award', count: awarded, multiplier } }));
      await wait(pace(AWARD_MS));
      if (!alive.current) return;

      let won = result.base.win;
      const total = result.freeSpins.length;
      for (const [i, spin] of result.freeSpins.entries()) {
        setView((v) => ({
          ...v,
          banner: null,
          freeSpins: { current: i + 1, total, multiplier: spin.multiplier, win: won - result.base.win },
        }));
        await showSpin(spin, won);
        if (!alive.current) return;
        won += spin.win;
        setView((v) => ({
          ...v,
          freeSpins: v.freeSpins && { ...v.freeSpins, win: won - result.base.win },
        }));
        await wait(pace({ normal: spin.win > 0 ? 500 : 350, fast: 120 }));
      }
      setView((v) => ({
        ...v,
        win: result.totalWin,
        banner: { kind: 'summary', win: result.totalWin, freeSpinsWin: result.totalWin - result.base.win },
      }));
      await wait(pace(SUMMARY_MS));
      if (!alive.current) return;
      setView((v) => ({ ...v, banner: null, freeSpins: null }));
    },
    [info.scatter.freeSpinMultiplier, onFreeSpinsAwarded, pace, showSpin, wait],
  );

  const retryPending = notice?.kind === 'retry';

  // A second press in the same frame (click and key together) must not bet twice.
  const inFlight = useRef(false);

  const spin = useCallback(async () => {
    if (busy || inFlight.current) return;
    if (!covers(settledBalance, bet)) {
      setNotice({ kind: 'insufficient' });
      return;
    }
    inFlight.current = true;
    // Same id as the failed attempt when this retries a spin lost to the network.
    const requestId = requestIds.idFor({ bet });
    fast.current = false;
    setBusy(true);
    setNotice(null);
    setShownBalance(afterBet(settledBalance, bet));
    setView((v) => ({
      ...v,
      reels: 'spinning',
      spinKey: v.spinKey + 1,
      highlight: null,
      banner: null,
      win: 0,
    }));

    let result: SlotSpinResult;
    try {
      result = await spinMutation.mutateAsync({ bet, requestId });
    } catch (err) {
      inFlight.current = false;
      setShownBalance(settledBalance);
      setView((v) => ({ ...v, reels: 'idle' }));
      setBusy(false);
      if (err instanceof ApiError && err.code === NETWORK_ERROR) {
        // The server may have settled it: keep the id, so pressing Spin again settles it once.
        setNotice({ kind: 'retry' });
        return;
      }
      requestIds.settle();
      if (err instanceof ApiError && err.code === 'game.token.invalid') {
        onTicketDead(err);
        return;
      }
      if (err instanceof ApiError && err.code === 'wallet.insufficient') {
        setNotice({ kind: 'insufficient' });
        const fresh = await refetchInfo();
        if (fresh && alive.current) {
          setSettledBalance(fresh.balance);
          setShownBalance(fresh.balance);
        }
        return;
      }
      setNotice({ kind: 'error', message: errorText(err) });
      return;
    }
    requestIds.settle();

    try {
      await present(result);
    } finally {
      inFlight.current = false;
    }
    fast.current = false;
    if (!alive.current) return;
    setSettledBalance(result.balance);
    setShownBalance(result.balance);
    setView((v) => ({ ...v, win: result.totalWin }));
    qc.setQueryData<SlotInfo>(slotGame.keys.info(token), (old) => old && { ...old, balance: result.balance });
    void qc.invalidateQueries({ queryKey: slotGame.keys.history(token) });
    setBusy(false);
    onRoundShown(result);
  }, [
    bet,
    busy,
    errorText,
    onRoundShown,
    onTicketDead,
    present,
    qc,
    refetchInfo,
    requestIds,
    settledBalance,
    spinMutation,
    token,
  ]);

  const skip = useCallback(() => {
    fast.current = true;
    endWait.current();
  }, []);

  const changeBet = useCallback((next: number) => {
    setBet(next);
    setNotice((n) => (n?.kind === 'insufficient' ? null : n));
  }, []);

  return {
    view,
    bet,
    setBet: changeBet,
    balance: shownBalance,
    /** Whether the balance (the server's last figure) covers the bet. */
    affordable: covers(settledBalance, bet),
    busy,
    waiting: spinMutation.isPending,
    notice,
    retryPending,
    spin,
    skip,
  };
}
