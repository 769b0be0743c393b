import type { SportsbookBetResult, SportsbookInfo } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { sportsbookGame } from '../api/game';
import { usePlaceBet } from '../api/place-bet';
import { potentialReturn, selectionId, toCents, toggleSelection, type SlipItem } from '../slip';

type SlipMode = 'SINGLES' | 'PARLAY';

type SlipNotice =
  | { kind: 'placed'; count: number }
  | { kind: 'oddsChanged' }
  | { kind: 'closed' }
  | { kind: 'network' }
  | { kind: 'stake' }
  | { kind: 'error'; message: string };

const newRequestId = () => `sb${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** The bet slip: selections, singles or parlay, stakes, placing with retries and odds changes. */
export function useBetSlip(token: string, info: SportsbookInfo, errorText: (err: unknown) => string) {
  const client = useQueryClient();
  const place = usePlaceBet(token);
  const [items, setItems] = useState<SlipItem[]>([]);
  const [mode, setMode] = useState<SlipMode>('SINGLES');
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [parlayStake, setParlayStake] = useState('');
  const [acceptBetter, setAcceptBetter] = useState(true);
  const [notice, setNotice] = useState<SlipNotice | null>(null);
  const [busy, setBusy] = useState(false);
  /** requestId of each bet being placed, by its content: a retry after a lost answer reuses it. */
  const pending = useRef(new Map<string, string>());

  const toggle = useCallback((item: SlipItem) => {
    setNotice(null);
    setItems((s) => toggleSelection(s, item));
  }, []);
  const remove = useCallback((id: string) => setItems((s) => s.filter((x) => selectionId(x) !== id)), []);
  const clear = useCallback(() => {
    setItems([]);
    setNotice(null);
  }, []);

  const parlay = mode === 'PARLAY' && items.length >= 2;
  const bets = useMemo(
    () =>
      parlay
        ? [{ legs: items, stake: parlayStake }]
        : items.map((i) => ({ legs: [i], stake: stakes[selectionId(i)] ?? '' })),
    [items, parlay, parlayStake, stakes],
  );
  const valid = (s: string) => {
    const c = toCents(s);
    return c !== null && c >= info.minStake * 100 && c <= info.maxStake * 100;
  };
  const ready = bets.length > 0 && bets.every((b) => valid(b.stake));
  const totalStake = bets.reduce((sum, b) => sum + (toCents(b.stake) ?? 0), 0) / 100;
  const totalReturn = bets.reduce(
    (sum, b) =>
      sum +
      potentialReturn(
        Number(b.stake) || 0,
        b.legs.map((l) => l.odds),
      ),
    0,
  );

  const submit = useCallback(async () => {
    if (!ready) {
      setNotice({ kind: 'stake' });
      return;
    }
    setBusy(true);
    setNotice(null);
    let placed = 0;
    try {
      for (const bet of bets) {
        const key = `${bet.stake}|${bet.legs.map((l) => `${selectionId(l)}@${l.odds}`).join(',')}`;
        const requestId = pending.current.get(key) ?? newRequestId();
        pending.current.set(key, requestId);
        let result: SportsbookBetResult;
        try {
          result = await place.mutateAsync({
            requestId,
            stake: bet.stake,
            acceptBetterOdds: acceptBetter,
            legs: bet.legs.map((l) => ({
              fixtureId: l.fixtureId,
              market: l.market,
              ...(l.line === undefined ? {} : { line: l.line }),
              pick: l.pick,
              odds: l.odds,
            })),
          });
        } catch (err) {
          if (err instanceof ApiError && err.code === NETWORK_ERROR) {
            setNotice({ kind: 'network' });
            return;
          }
          pending.current.delete(key);
          const odds =
            err instanceof ApiError
              ? (err.value as { odds?: (number | null)[] } | undefined)?.odds
              : undefined;
          if (
            err instanceof ApiError &&
            (err.code === 'sportsbook.odds.changed' || err.code === 'sportsbook.market.closed') &&
            odds
          ) {
            // Show the new odds beside the old ones; closed selections leave the slip.
            const changed = new Map(bet.legs.map((l, i) => [selectionId(l), odds[i] ?? null]));
            setItems((s) =>
              s.flatMap((x) => {
                const o = changed.get(selectionId(x));
                if (o === undefined) return [x];
                if (o === null) return [];
                return [o === x.odds ? x : { ...x, previousOdds: x.odds, odds: o }];
              }),
            );
            setNotice({ kind: err.code === 'sportsbook.odds.changed' ? 'oddsChanged' : 'closed' });
            return;
          }
          setNotice({ kind: 'error', message: errorText(err) });
          return;
        }
        pending.current.delete(key);
        placed++;
        client.setQueryData(sportsbookGame.keys.info(token), (old: SportsbookInfo | undefined) =>
          old ? { ...old, balance: result.balance } : old,
        );
        const done = new Set(bet.legs.map(selectionId));
        setItems((s) => (parlay ? [] : s.filter((x) => !done.has(selectionId(x)))));
      }
      setNotice({ kind: 'placed', count: placed });
    } finally {
      setBusy(false);
    }
  }, [acceptBetter, bets, client, errorText, parlay, place, ready, token]);

  return {
    items,
    mode,
    setMode,
    parlay,
    stakes,
    setStake: (id: string, v: string) => setStakes((s) => ({ ...s, [id]: v })),
    parlayStake,
    setParlayStake,
    acceptBetter,
    setAcceptBetter,
    notice,
    busy,
    ready,
    totalStake,
    totalReturn,
    toggle,
    remove,
    clear,
    submit,
  };
}

export type BetSlipState = ReturnType<typeof useBetSlip>;
