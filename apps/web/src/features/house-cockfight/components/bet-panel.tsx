import type { CockfightFight, CockfightInfo, CockfightSide } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { showMoney } from '../../../lib/money';
import { usePlaceCockfightBet } from '../api/place-cockfight-bet';
import { addChip, fromCents, potentialReturn, toCents } from '../bet-amount';

interface BetPanelProps {
  token: string;
  info: CockfightInfo;
  fight: CockfightFight;
  balance: number;
  onPlaced: (text: string) => void;
}

const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

const oddsOf = (fight: CockfightFight, side: CockfightSide) =>
  side === 'MERON' ? fight.meron.odds : side === 'WALA' ? fight.wala.odds : fight.drawOdds;

/**
 * Pick a side, stack chips, confirm: the bet goes to the server with a request id kept for a retry
 * (a lost answer retried is the same bet, never a second one).
 */
export function BetPanel({ token, info, fight, balance, onPlaced }: BetPanelProps) {
  const { t } = useTranslation('play');
  const errorText = useErrorText();
  const place = usePlaceCockfightBet(token);
  const [side, setSide] = useState<CockfightSide | null>(null);
  const [cents, setCents] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [retry, setRetry] = useState<{ requestId: string; fightNo: number } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const money = (n: number) => showMoney(n, info.currencySymbol);

  const open = fight.phase === 'BETTING';
  const amount = fromCents(cents);
  const problem = !side
    ? t('cockfight.bet.pickSide')
    : cents === 0
      ? t('cockfight.bet.pickChips')
      : amount < info.minBet
        ? t('cockfight.bet.belowMin', { min: money(info.minBet) })
        : amount > balance
          ? t('cockfight.bet.insufficient')
          : null;
  const ready = open && problem === null && !place.isPending;

  const pick = (s: CockfightSide) => {
    if (!open) return;
    setSide(s);
    setNotice(null);
  };

  const submit = async () => {
    if (!side) return;
    // A retry of a bet whose answer was lost keeps its request id; anything else is a new bet.
    const requestId = retry && retry.fightNo === fight.fightNo ? retry.requestId : newRequestId();
    setRetry({ requestId, fightNo: fight.fightNo });
    try {
      const r = await place.mutateAsync({ fightNo: fight.fightNo, side, amount, requestId });
      setRetry(null);
      setConfirming(false);
      setCents(0);
      const text = t('cockfight.bet.placed', {
        amount: money(r.bet.stake),
        side: t(`cockfight.sides.${r.bet.side}`),
        odds: r.bet.odds.toFixed(2),
      });
      setNotice({ kind: 'ok', text });
      onPlaced(text);
    } catch (err) {
      const lost = err instanceof ApiError && err.code === NETWORK_ERROR;
      if (!lost) {
        setRetry(null);
        setConfirming(false);
      }
      setNotice({ kind: 'error', text: lost ? t('cockfight.bet.networkRetry') : errorText(err) });
    }
  };

  return (
    <section className="cf-bet" aria-label={t('cockfight.bet.title')}>
      <div className="cf-sides" role="group" aria-label={t('cockfight.bet.sides')}>
        {(['MERON', 'DRAW', 'WALA'] as const).map((s) => {
          const fighter = s === 'MERON' ? fight.meron : s === 'WALA' ? fight.wala : null;
          return (
            <button
              key={s}
              type="button"
              className={`cf-side cf-side-${s.toLowerCase()}${side === s ? ' is-picked' : ''}`}
              aria-pressed={side === s}
              disabled={!open}
              onClick={() => pick(s)}
              data-testid={`cockfight-side-${s}`}
            >
              <span className="cf-side-name">{t(`cockfight.sides.${s}`)}</span>
              <span className="cf-side-odds">{oddsOf(fight, s).toFixed(2)}</span>
              <span className="cf-side-who">
                {fighter
                  ? `${fighter.name} · ${(fighter.weight / 1000).toFixed(2)} kg`
                  : t('cockfight.bet.drawPays', { odds: fight.drawOdds.toFixed(2) })}
              </span>
            </button>
          );
        })}
      </div>

      <div className="cf-chips" role="group" aria-label={t('cockfight.bet.chips')}>
        {info.chips.map((chip, i) => (
          <button
            key={chip}
            type="button"
            className={`cf-chip cf-chip-${i % 6}`}
            disabled={!open || place.isPending}
            onClick={() => setCents((c) => addChip(c, chip, toCents(info.maxBet)))}
            data-testid={`cockfight-chip-${chip}`}
            aria-label={t('cockfight.bet.addChip', { amount: money(chip) })}
          >
            {chip >= 1000 ? `${chip / 1000}K` : chip}
          </button>
        ))}
      </div>

      <div className="cf-stake-row">
        <div className="cf-stake">
          <span className="cf-label">{t('cockfight.bet.stake')}</span>
          <strong data-testid="cockfight-stake">{money(amount)}</strong>
        </div>
        <button
          type="button"
          className="cf-clear"
          onClick={() => setCents(0)}
          disabled={cents === 0 || place.isPending}
        >
          {t('cockfight.bet.clear')}
        </button>
        <button
          type="button"
          className="cf-place"
          disabled={!ready}
          onClick={() => setConfirming(true)}
          data-testid="cockfight-place"
        >
          {t('cockfight.bet.place')}
        </button>
      </div>
      <p className="cf-hint">{open ? (problem ?? '\u00a0') : t('cockfight.bet.closed')}</p>

      {confirming && side && (
        <div
          className="cf-confirm"
          role="alertdialog"
          aria-labelledby="cf-confirm-title"
          data-testid="cockfight-confirm"
        >
          <p id="cf-confirm-title">
            {t('cockfight.bet.confirm', {
              amount: money(amount),
              side: t(`cockfight.sides.${side}`),
              odds: oddsOf(fight, side).toFixed(2),
            })}
          </p>
          <p className="cf-confirm-return">
            {t('cockfight.bet.ifWins', { amount: money(potentialReturn(cents, oddsOf(fight, side))) })}
          </p>
          <div className="cf-confirm-actions">
            <button
              type="button"
              className="btn"
              onClick={() => setConfirming(false)}
              disabled={place.isPending}
            >
              {t('cockfight.bet.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void submit()}
              disabled={!open || place.isPending}
              data-testid="cockfight-confirm-yes"
            >
              {retry && notice?.kind === 'error' ? t('cockfight.bet.retry') : t('cockfight.bet.confirmYes')}
            </button>
          </div>
        </div>
      )}

      <p
        className={`cf-notice${notice ? ` is-${notice.kind}` : ''}`}
        role="alert"
        data-testid="cockfight-notice"
      >
        {notice?.text}
      </p>
    </section>
  );
}
