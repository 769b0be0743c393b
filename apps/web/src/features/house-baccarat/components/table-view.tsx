import type { BaccaratBetType, BaccaratInfo } from '@app/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import { dealOrder, handTotal, secondsUntil } from '../cards';
import { useBaccaratTable } from '../hooks/use-baccarat-table';
import { useNow } from '../hooks/use-now';
import { PlayingCard } from './playing-card';
import { Roads } from './roads';

interface TableViewProps {
  token: string;
  table: number;
  info: BaccaratInfo;
  reducedMotion: boolean;
  onTicketDead: () => void;
  errorText: (err: unknown) => string;
  onSay: (text: string) => void;
}

const SPOT_ORDER: BaccaratBetType[] = ['PLAYER_PAIR', 'TIE', 'BANKER_PAIR', 'PLAYER', 'BANKER'];

/** A table: the drawn felt with the cards, bet spots and chips, countdown, result, balance, roads. */
export function TableView({
  token,
  table,
  info,
  reducedMotion,
  onTicketDead,
  errorText,
  onSay,
}: TableViewProps) {
  const { t } = useTranslation('play');
  const g = useBaccaratTable({ token, table, info, reducedMotion, onTicketDead, errorText });
  const now = useNow(250);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const s = g.state;
  const shown = g.reveal?.done ? g.reveal : null;

  // The result is read out once its cards are all turned.
  useEffect(() => {
    if (!shown) return;
    const r = shown.result;
    onSay(`${t(`houseBaccarat.outcome.${r.outcome}`)} ${r.playerTotal} : ${r.bankerTotal}`);
  }, [shown?.roundNo, shown?.done]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!s) {
    if (g.query.isError)
      return (
        <div className="hb-lobby-status" role="alert">
          <p>{t('houseBaccarat.errors.load')}</p>
          <button type="button" className="btn" onClick={() => void g.query.refetch()}>
            {t('houseBaccarat.retry')}
          </button>
        </div>
      );
    return (
      <p className="hb-lobby-status" role="status">
        {t('houseBaccarat.loading')}
      </p>
    );
  }

  const left = secondsUntil(s.closesAt, s.serverTime, g.query.dataUpdatedAt, now);
  const reveal = g.reveal;
  const dealt = reveal ? dealOrder(reveal.result).slice(0, reveal.shown) : [];
  const cardsOf = (side: 'player' | 'banker') => dealt.filter((c) => c.side === side);
  const totalOf = (side: 'player' | 'banker') => handTotal(cardsOf(side).map((c) => c.code));
  const done = reveal?.done ?? false;
  const outcome = done ? reveal!.result.outcome : null;
  const roundBets = g.placed;
  const staked = roundBets.filter((b) => b.status !== 'VOID').reduce((sum, b) => sum + b.stake, 0);
  const paid = roundBets.reduce((sum, b) => sum + (b.status === 'SETTLED' ? (b.payout ?? 0) : 0), 0);
  const settled = done && roundBets.length > 0 && roundBets.every((b) => b.status !== 'PLACED');

  let status: string;
  if (s.phase === 'BETTING')
    status = left > 0 ? t('houseBaccarat.phase.bettingLeft', { n: left }) : t('houseBaccarat.phase.DEALING');
  else if (s.phase === 'DEALING' || !done) status = t('houseBaccarat.phase.DEALING');
  else status = t('houseBaccarat.phase.RESULT');

  const hand = (side: 'player' | 'banker') => {
    const cards = cardsOf(side);
    return (
      <div
        className={`hb-hand is-${side}${outcome === side.toUpperCase() ? ' is-winner' : ''}`}
        data-testid={`baccarat-${side}-hand`}
      >
        <div className="hb-hand-head">
          <span>{t(`houseBaccarat.bets.${side === 'player' ? 'PLAYER' : 'BANKER'}`)}</span>
          <span className="hb-hand-total" data-testid={`baccarat-${side}-total`}>
            {cards.length > 0 ? totalOf(side) : ''}
          </span>
        </div>
        <div className="hb-hand-cards">
          {[0, 1, 2].map((slot) => {
            const card = cards.find((c) => c.slot === slot);
            return (
              <PlayingCard key={slot} code={card?.code ?? null} up={Boolean(card)} sideways={slot === 2} />
            );
          })}
        </div>
      </div>
    );
  };

  const limit = (type: BaccaratBetType) => info.limits.find((l) => l.type === type);
  const pay = (type: BaccaratBetType) => info.bets.find((b) => b.type === type)?.pays ?? '';

  return (
    <div className="hb-table" data-phase={s.phase} data-round={s.roundNo}>
      <div className="hb-status-bar">
        <span className="hb-round">
          {t('houseBaccarat.tableName', { n: table })}
          <span className="hb-round-no"> · {t('houseBaccarat.history.round', { n: s.roundNo })}</span>
        </span>
        <span
          className={`hb-countdown is-${s.phase.toLowerCase()}${s.phase === 'BETTING' && left <= 5 ? ' is-hurry' : ''}`}
          data-testid="baccarat-status"
          aria-live="off"
        >
          {status}
        </span>
      </div>

      <section className="hb-felt" aria-label={t('houseBaccarat.felt')}>
        <div className="hb-hands">
          {hand('player')}
          {hand('banker')}
        </div>
        {done && reveal && (
          <div
            className={`hb-result-banner is-${reveal.result.outcome.toLowerCase()}`}
            data-testid="baccarat-result"
            data-outcome={reveal.result.outcome}
          >
            <strong>{t(`houseBaccarat.outcome.${reveal.result.outcome}`)}</strong>
            <span>
              {reveal.result.playerTotal} : {reveal.result.bankerTotal}
              {reveal.result.natural ? ` · ${t('houseBaccarat.natural')}` : ''}
              {reveal.result.playerPair ? ` · ${t('houseBaccarat.bets.PLAYER_PAIR')}` : ''}
              {reveal.result.bankerPair ? ` · ${t('houseBaccarat.bets.BANKER_PAIR')}` : ''}
            </span>
            {settled && (
              <span className="hb-result-win" data-testid="baccarat-round-win">
                {paid > 0 ? t('houseBaccarat.youWon', { amount: money(paid) }) : t('houseBaccarat.noWin')}
              </span>
            )}
          </div>
        )}

        <div className="hb-spots" role="group" aria-label={t('houseBaccarat.spots')}>
          {SPOT_ORDER.map((type) => {
            const placed = g.placed.find((b) => b.type === type && b.status !== 'VOID');
            const pending = g.pending[type] ?? 0;
            const won = done && reveal && g.placed.find((b) => b.type === type && (b.payout ?? 0) > b.stake);
            return (
              <button
                key={type}
                type="button"
                className={`hb-spot is-${type.toLowerCase().replace('_', '-')}${placed ? ' is-placed' : ''}${pending ? ' is-pending' : ''}${won ? ' is-won' : ''}`}
                data-testid={`baccarat-spot-${type}`}
                disabled={!g.betting || g.confirming || Boolean(placed)}
                onClick={() => g.addChip(type)}
                aria-label={t('houseBaccarat.spotLabel', {
                  bet: t(`houseBaccarat.bets.${type}`),
                  pays: pay(type),
                  min: money(limit(type)?.min ?? 1),
                  max: money(limit(type)?.max ?? 0),
                })}
              >
                <span className="hb-spot-name">{t(`houseBaccarat.bets.${type}`)}</span>
                <span className="hb-spot-pays">{pay(type)}</span>
                {(placed || pending > 0) && (
                  <span className="hb-spot-stake" data-testid={`baccarat-stake-${type}`}>
                    {money(placed ? placed.stake : pending)}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </section>

      <section className="hb-controls" aria-label={t('houseBaccarat.controls')}>
        <div className="hb-meters">
          <div className="hb-meter">
            <span className="hb-label">{t('houseBaccarat.balance')}</span>
            <span className="hb-amount" data-testid="baccarat-balance">
              {money(g.balance)}
            </span>
          </div>
          <div className="hb-meter">
            <span className="hb-label">{t('houseBaccarat.totalBet')}</span>
            <span className="hb-amount" data-testid="baccarat-total-bet">
              {money(staked + g.pendingTotal)}
            </span>
          </div>
        </div>
        <div className="hb-chips" role="radiogroup" aria-label={t('houseBaccarat.chips')}>
          {info.chips.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={g.chip === c}
              className={`hb-chip is-${c}${g.chip === c ? ' is-selected' : ''}`}
              data-testid={`baccarat-chip-${c}`}
              onClick={() => g.setChip(c)}
            >
              {c}
            </button>
          ))}
        </div>
        <div className="hb-actions">
          <button
            type="button"
            className="hb-clear"
            onClick={g.clear}
            disabled={g.pendingTotal === 0 || g.confirming}
            data-testid="baccarat-clear"
          >
            {t('houseBaccarat.clear')}
          </button>
          <button
            type="button"
            className="hb-confirm"
            data-testid="baccarat-confirm"
            disabled={!g.betting || g.pendingTotal === 0 || g.confirming}
            onClick={() => void g.confirm()}
          >
            {g.confirming
              ? t('houseBaccarat.confirming')
              : g.pendingTotal > 0
                ? t('houseBaccarat.confirm', { amount: money(g.pendingTotal) })
                : t('houseBaccarat.confirmNone')}
          </button>
        </div>
        <p
          className={`hb-notice${g.notice ? ' is-on' : ''}${g.notice?.kind === 'placed' ? ' is-ok' : ''}`}
          role="alert"
          data-testid="baccarat-notice"
        >
          {g.notice?.kind === 'error' && g.notice.message}
          {g.notice?.kind === 'expired' && t('houseBaccarat.expired')}
          {g.notice?.kind === 'placed' && t('houseBaccarat.placed')}
          {g.notice?.kind === 'insufficient' && t('houseBaccarat.insufficient')}
        </p>
      </section>

      <section className="hb-table-roads" aria-label={t('houseBaccarat.roads')}>
        <Roads roads={g.roads} />
      </section>
    </div>
  );
}
