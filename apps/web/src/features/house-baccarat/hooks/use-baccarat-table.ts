import {
  BACCARAT_BET_TYPES,
  type BaccaratBetType,
  type BaccaratInfo,
  type BaccaratResult,
  type BaccaratRoads,
  type BaccaratState,
} from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { baccaratStateKey } from '../api/get-baccarat-state';
import { useBaccaratState } from '../api/get-baccarat-state';
import { usePlaceBaccaratBet } from '../api/place-baccarat-bet';
import { CARD_STEP_MS, dealOrder } from '../cards';
import { isTicketError } from '../../../lib/game-client/ticket-error';

type Pending = Partial<Record<BaccaratBetType, number>>;

interface Reveal {
  roundNo: number;
  result: BaccaratResult;
  /** Cards turned over so far (all of them once done). */
  shown: number;
  done: boolean;
}

type Notice =
  | { kind: 'error'; message: string }
  | { kind: 'expired' }
  | { kind: 'placed' }
  | { kind: 'insufficient' }
  | null;

interface Args {
  token: string;
  table: number;
  info: BaccaratInfo;
  reducedMotion: boolean;
  onTicketDead: () => void;
  errorText: (err: unknown) => string;
}

/**
 * One table as the player sees it: the polled state, the chips put down but not yet confirmed,
 * confirmation (one bet per spot, sent in turn), and the reveal of the round's cards one by one.
 * While the cards turn over, the balance and the roads stay as they were before the round, so
 * neither gives the result away.
 */
export function useBaccaratTable({ token, table, info, reducedMotion, onTicketDead, errorText }: Args) {
  const queryClient = useQueryClient();
  const query = useBaccaratState(token, table);
  const place = usePlaceBaccaratBet(token);
  const state = query.data;
  const [chip, setChip] = useState<number>(info.chips[0] ?? 1);
  const [pending, setPending] = useState<Pending>({});
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  // What the player saw before the result (balance, roads): shown until the cards are all turned.
  const [before, setBefore] = useState<{ balance: number; roads: BaccaratRoads } | null>(null);
  const [seenRound, setSeenRound] = useState<number | null>(null);

  useEffect(() => {
    if (query.isError && isTicketError(query.error)) onTicketDead();
  }, [query.isError, query.error, onTicketDead]);

  // Derived from each new state as it renders (React's "adjust state while rendering" pattern).
  if (state) {
    // A new round: chips not confirmed in time are taken back (they never cost anything).
    if (seenRound !== state.roundNo) {
      setSeenRound(state.roundNo);
      if (seenRound !== null && Object.keys(pending).length > 0) {
        setPending({});
        setNotice({ kind: 'expired' });
      }
    }
    if (state.phase !== 'RESULT' && (before?.balance !== state.balance || before.roads !== state.roads)) {
      setBefore({ balance: state.balance, roads: state.roads });
    }
    // The round's cards arrive: turn them over one by one (at once if the player asked for less
    // motion, or joined when the result was already out).
    if (state.phase === 'RESULT' && state.result && reveal?.roundNo !== state.roundNo) {
      const instant = reducedMotion || before === null;
      setReveal({
        roundNo: state.roundNo,
        result: state.result,
        shown: instant ? dealOrder(state.result).length : 0,
        done: instant,
      });
    }
  }

  useEffect(() => {
    if (!reveal || reveal.done) return;
    const total = dealOrder(reveal.result).length;
    const timer = setTimeout(
      () =>
        setReveal((r) =>
          r && r.roundNo === reveal.roundNo
            ? r.shown < total
              ? { ...r, shown: r.shown + 1 }
              : { ...r, done: true }
            : r,
        ),
      reveal.shown === 0 ? 300 : reveal.shown >= total ? 500 : CARD_STEP_MS,
    );
    return () => clearTimeout(timer);
  }, [reveal]);

  const revealing = reveal !== null && !reveal.done && state?.roundNo === reveal.roundNo;
  const betting = state?.phase === 'BETTING';
  const placed = useMemo(() => state?.myBets ?? [], [state]);
  const placedTypes = useMemo(
    () => new Set(placed.filter((b) => b.status !== 'VOID').map((b) => b.type)),
    [placed],
  );
  const pendingTotal = Object.values(pending).reduce((s, v) => s + (v ?? 0), 0);
  const balance = revealing && before ? before.balance : (state?.balance ?? info.balance);
  const roads = revealing && before ? before.roads : state?.roads;

  const limitOf = useCallback(
    (type: BaccaratBetType) => info.limits.find((l) => l.type === type) ?? { type, min: 1, max: Infinity },
    [info.limits],
  );

  const addChip = useCallback(
    (type: BaccaratBetType) => {
      if (!betting || confirming || placedTypes.has(type)) return;
      const current = pending[type] ?? 0;
      const next = Math.min(limitOf(type).max, current + chip);
      if (pendingTotal - current + next > balance) {
        setNotice({ kind: 'insufficient' });
        return;
      }
      setNotice(null);
      setPending({ ...pending, [type]: next });
    },
    [betting, confirming, placedTypes, limitOf, chip, pending, pendingTotal, balance],
  );

  const clear = useCallback(() => {
    setPending({});
    setNotice(null);
  }, []);

  /** Sends each spot's chips as one bet, in the spots' order; stops at the first refusal. */
  const confirm = useCallback(async () => {
    if (!state || !betting || confirming || pendingTotal === 0) return;
    setConfirming(true);
    setNotice(null);
    try {
      for (const type of BACCARAT_BET_TYPES) {
        const amount = pending[type];
        if (!amount) continue;
        try {
          const res = await place.mutateAsync({ table, roundNo: state.roundNo, type, amount });
          queryClient.setQueryData<BaccaratState>(baccaratStateKey(token, table), (old) =>
            old && old.roundNo === res.roundNo ? { ...old, myBets: res.myBets, balance: res.balance } : old,
          );
          setPending((p) => {
            const next = { ...p };
            delete next[type];
            return next;
          });
        } catch (err) {
          if (isTicketError(err)) onTicketDead();
          setNotice({ kind: 'error', message: errorText(err) });
          return;
        }
      }
      setNotice({ kind: 'placed' });
    } finally {
      setConfirming(false);
    }
  }, [
    state,
    betting,
    confirming,
    pendingTotal,
    pending,
    place,
    table,
    queryClient,
    token,
    onTicketDead,
    errorText,
  ]);

  return {
    query,
    state,
    chip,
    setChip,
    pending,
    pendingTotal,
    addChip,
    clear,
    confirm,
    confirming,
    notice,
    reveal: reveal && state && reveal.roundNo === state.roundNo ? reveal : null,
    revealing,
    betting,
    placed,
    placedTypes,
    balance,
    roads,
  };
}
