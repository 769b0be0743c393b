import { fromMinor, toMinor, type FishInfo, type FishShotResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { useRequestId } from '../../../lib/request-id';
import { fishGame } from '../api/game';
import { useShootFish } from '../api/shoot-fish';
import { cannonOf } from '../components/ocean-canvas';
import { addEffect, catchFish, cycleTarget, findFish, fishAt, type Ocean } from '../ocean';

/** Why a shot could not be fired, or what the last one ran into. */
type Notice =
  { kind: 'insufficient' } | { kind: 'aim' } | { kind: 'retry' } | { kind: 'error'; message: string } | null;

const minor = (n: number) => toMinor(n) ?? 0n;
const covers = (balance: number, bet: number) => minor(balance) >= minor(bet);
/** How long a bullet flies (the answer usually comes first); 0 with reduced motion. */
const BULLET_MS = 260;

interface Options {
  token: string;
  info: FishInfo;
  reducedMotion: boolean;
  oceanRef: React.MutableRefObject<Ocean | null>;
  targetRef: React.MutableRefObject<number | null>;
  aimRef: React.MutableRefObject<{ x: number; y: number } | null>;
  errorText: (err: unknown) => string;
  onTicketDead: () => void;
  /** Called with each settled shot once it is shown. */
  onShot: (shot: FishShotResult) => void;
  refetchInfo: () => Promise<FishInfo | undefined>;
  money: (n: number) => string;
}

/**
 * Shots from the tap to the fish's fate: the bet leaves the balance at once (shown), a bullet
 * flies while the server decides, then the fish explodes with its win or the bullet bursts, and
 * the balance takes the server's figure. One shot is in flight at a time, at most
 * maxShotsPerSecond a second, so the balance shown is always the server's last figure less the
 * shot on its way.
 */
export function useFishGame(o: Options) {
  const {
    token,
    info,
    reducedMotion,
    oceanRef,
    targetRef,
    aimRef,
    errorText,
    onTicketDead,
    onShot,
    refetchInfo,
    money,
  } = o;
  const qc = useQueryClient();
  const mutation = useShootFish(token);
  const requestIds = useRequestId();
  const [bet, setBet] = useState(() => info.betOptions[0] ?? 0);
  const [settled, setSettled] = useState(info.balance);
  const [shown, setShown] = useState(info.balance);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [last, setLast] = useState<FishShotResult | null>(null);
  const inFlight = useRef(false);
  const lastShotAt = useRef(0);
  const bulletSeq = useRef(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fireAt = useCallback(
    async (fishKey: number) => {
      const sea = oceanRef.current;
      const fish = sea && findFish(sea, fishKey);
      if (!sea || !fish) return;
      if (inFlight.current) return;
      const now = performance.now();
      if (now - lastShotAt.current < 1000 / info.maxShotsPerSecond) return;
      if (!covers(settled, bet)) {
        setNotice({ kind: 'insufficient' });
        return;
      }
      inFlight.current = true;
      lastShotAt.current = now;
      setBusy(true);
      setNotice(null);
      setShown(fromMinor(minor(settled) - minor(bet)));
      targetRef.current = fishKey;
      aimRef.current = { x: fish.x, y: fish.y };
      const from = cannonOf(sea);
      const flight = reducedMotion ? 0 : BULLET_MS;
      addEffect(sea, {
        kind: 'bullet',
        id: ++bulletSeq.current,
        fromX: from.x,
        fromY: from.y - 40,
        toX: fish.x,
        toY: fish.y,
        start: sea.clock,
        ms: flight,
      });
      const body = { bet, fishSpeciesId: fish.species };
      // Same id as a shot lost to the network with the same bet and target: settled once.
      const requestId = requestIds.idFor(body);
      const landed = new Promise((resolve) => setTimeout(resolve, flight));

      let result: FishShotResult;
      try {
        [result] = await Promise.all([mutation.mutateAsync({ ...body, requestId }), landed]);
      } catch (err) {
        inFlight.current = false;
        if (!alive.current) return;
        setBusy(false);
        setShown(settled);
        if (err instanceof ApiError && err.code === NETWORK_ERROR) {
          setNotice({ kind: 'retry' });
          return;
        }
        requestIds.settle();
        if (err instanceof ApiError && err.code === 'game.token.invalid') {
          onTicketDead();
          return;
        }
        if (err instanceof ApiError && err.code === 'wallet.insufficient') {
          setNotice({ kind: 'insufficient' });
          const fresh = await refetchInfo();
          if (fresh && alive.current) {
            setSettled(fresh.balance);
            setShown(fresh.balance);
          }
          return;
        }
        setNotice({ kind: 'error', message: errorText(err) });
        return;
      }
      requestIds.settle();
      inFlight.current = false;
      if (!alive.current) return;
      const where = findFish(sea, fishKey) ?? fish;
      if (result.captured) {
        catchFish(sea, fishKey);
        addEffect(sea, {
          kind: 'win',
          x: where.x,
          y: where.y,
          text: `+${money(result.win)}`,
          start: sea.clock,
          big: result.multiplier >= 30,
        });
        if (targetRef.current === fishKey) targetRef.current = null;
      } else {
        addEffect(sea, { kind: 'burst', x: where.x, y: where.y, start: sea.clock });
      }
      setSettled(result.balance);
      setShown(result.balance);
      setLast(result);
      setBusy(false);
      qc.setQueryData<FishInfo>(
        fishGame.keys.info(token),
        (old) => old && { ...old, balance: result.balance },
      );
      void qc.invalidateQueries({ queryKey: fishGame.keys.history(token) });
      onShot(result);
    },
    [
      aimRef,
      bet,
      errorText,
      info.maxShotsPerSecond,
      money,
      mutation,
      oceanRef,
      onShot,
      onTicketDead,
      qc,
      reducedMotion,
      refetchInfo,
      requestIds,
      settled,
      targetRef,
      token,
    ],
  );

  /** A tap on the sea: fires at the fish under it; on open water it only says to aim at a fish. */
  const tap = useCallback(
    (x: number, y: number) => {
      const sea = oceanRef.current;
      if (!sea) return;
      const fish = fishAt(sea, x, y);
      if (!fish) {
        setNotice((n) => (n?.kind === 'insufficient' ? n : { kind: 'aim' }));
        return;
      }
      void fireAt(fish.key);
    },
    [fireAt, oceanRef],
  );

  /** Keyboard: arrows choose the fish, Space or Enter fires at it. */
  const key = useCallback(
    (e: React.KeyboardEvent) => {
      const sea = oceanRef.current;
      if (!sea) return;
      if (e.key === 'ArrowRight' || e.key === 'ArrowUp') {
        e.preventDefault();
        targetRef.current = cycleTarget(sea, targetRef.current, 1);
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') {
        e.preventDefault();
        targetRef.current = cycleTarget(sea, targetRef.current, -1);
      } else if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        if (e.repeat) return;
        const key = cycleTarget(sea, targetRef.current, 0);
        targetRef.current = key;
        if (key !== null) void fireAt(key);
      }
    },
    [fireAt, oceanRef, targetRef],
  );

  const changeBet = useCallback((next: number) => {
    setBet(next);
    setNotice((n) => (n?.kind === 'insufficient' ? null : n));
  }, []);

  return {
    bet,
    setBet: changeBet,
    balance: shown,
    affordable: covers(settled, bet),
    busy,
    notice,
    last,
    tap,
    key,
  };
}
