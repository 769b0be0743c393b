import type { SportsbookInfo } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMoney } from '../../../lib/money';
import type { BetSlipState } from '../hooks/use-bet-slip';
import { combinedOdds, potentialReturn, selectionId } from '../slip';

/** The bet slip: selections, singles or a parlay, stakes, potential return, then a confirmation. */
export function BetSlip({ info, slip }: { info: SportsbookInfo; slip: BetSlipState }) {
  const { t } = useTranslation('play');
  const [confirming, setConfirming] = useState(false);
  const money = (n: number) => showMoney(n, info.currencySymbol);
  const { items } = slip;
  const notice = slip.notice;

  const confirm = async () => {
    setConfirming(false);
    await slip.submit();
  };

  return (
    <section className="sb-slip" aria-labelledby="sb-slip-title" data-testid="sb-slip">
      <header className="sb-slip-head">
        <h2 id="sb-slip-title">
          {t('houseSportsbook.slip.title')} <span className="sb-count">{items.length}</span>
        </h2>
        {items.length > 0 && (
          <button type="button" className="link-btn" onClick={slip.clear} data-testid="sb-slip-clear">
            {t('houseSportsbook.slip.clear')}
          </button>
        )}
      </header>
      {items.length === 0 && <p className="sb-empty">{t('houseSportsbook.slip.empty')}</p>}
      {items.length > 0 && (
        <>
          <div className="sb-mode" role="radiogroup" aria-label={t('houseSportsbook.slip.mode')}>
            {(['SINGLES', 'PARLAY'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={slip.mode === m}
                className={slip.mode === m ? 'is-on' : ''}
                disabled={m === 'PARLAY' && items.length < 2}
                onClick={() => slip.setMode(m)}
                data-testid={`sb-mode-${m.toLowerCase()}`}
              >
                {t(`houseSportsbook.slip.${m === 'SINGLES' ? 'singles' : 'parlay'}`)}
              </button>
            ))}
          </div>
          <ul className="sb-slip-items">
            {items.map((i) => {
              const id = selectionId(i);
              return (
                <li key={id} className="sb-slip-item" data-testid="sb-slip-item">
                  <div className="sb-slip-line">
                    <span className="sb-slip-pick">{i.pickLabel}</span>
                    <span className="sb-slip-odds">
                      {i.previousOdds !== undefined && (
                        <s className="sb-old-odds">{i.previousOdds.toFixed(2)}</s>
                      )}{' '}
                      <strong className={i.previousOdds !== undefined ? 'is-changed' : ''}>
                        {i.odds.toFixed(2)}
                      </strong>
                    </span>
                    <button
                      type="button"
                      className="icon-btn sb-remove"
                      aria-label={t('houseSportsbook.slip.remove')}
                      onClick={() => slip.remove(id)}
                    >
                      ×
                    </button>
                  </div>
                  <div className="sb-slip-sub">{i.matchLabel}</div>
                  {!slip.parlay && (
                    <label className="sb-stake">
                      <span>{t('houseSportsbook.slip.stake')}</span>
                      <input
                        inputMode="decimal"
                        value={slip.stakes[id] ?? ''}
                        placeholder={String(info.minStake)}
                        onChange={(e) => slip.setStake(id, e.target.value)}
                        data-testid="sb-stake"
                      />
                      <span className="sb-return">
                        {money(potentialReturn(Number(slip.stakes[id]) || 0, [i.odds]))}
                      </span>
                    </label>
                  )}
                </li>
              );
            })}
          </ul>
          {slip.parlay && (
            <label className="sb-stake sb-parlay-stake">
              <span>
                {t('houseSportsbook.slip.parlayOdds')}{' '}
                <strong>{combinedOdds(items.map((i) => i.odds)).toFixed(2)}</strong>
              </span>
              <input
                inputMode="decimal"
                value={slip.parlayStake}
                placeholder={String(info.minStake)}
                onChange={(e) => slip.setParlayStake(e.target.value)}
                data-testid="sb-stake"
                aria-label={t('houseSportsbook.slip.stake')}
              />
            </label>
          )}
          <label className="sb-check">
            <input
              type="checkbox"
              checked={slip.acceptBetter}
              onChange={(e) => slip.setAcceptBetter(e.target.checked)}
              data-testid="sb-accept-better"
            />
            {t('houseSportsbook.slip.acceptBetter')}
          </label>
          <dl className="sb-totals">
            <div>
              <dt>{t('houseSportsbook.slip.totalStake')}</dt>
              <dd>{money(slip.totalStake)}</dd>
            </div>
            <div>
              <dt>{t('houseSportsbook.slip.potentialReturn')}</dt>
              <dd data-testid="sb-potential">{money(slip.totalReturn)}</dd>
            </div>
          </dl>
          {confirming ? (
            <div className="sb-confirm" role="group" aria-label={t('houseSportsbook.slip.confirmTitle')}>
              <p>
                {t('houseSportsbook.slip.confirmText', {
                  stake: money(slip.totalStake),
                  amount: money(slip.totalReturn),
                })}
              </p>
              <div className="sb-confirm-actions">
                <button type="button" className="btn" onClick={() => setConfirming(false)}>
                  {t('houseSportsbook.slip.cancel')}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void confirm()}
                  data-testid="sb-confirm"
                >
                  {t('houseSportsbook.slip.confirm')}
                </button>
              </div>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary sb-place"
              disabled={slip.busy || !slip.ready || slip.totalStake > info.balance}
              onClick={() => setConfirming(true)}
              data-testid="sb-place"
            >
              {slip.busy ? t('houseSportsbook.slip.placing') : t('houseSportsbook.slip.place')}
            </button>
          )}
          {slip.totalStake > info.balance && (
            <p className="sb-notice is-error">{t('houseSportsbook.insufficient')}</p>
          )}
        </>
      )}
      <p
        className={`sb-notice${notice && notice.kind !== 'placed' ? ' is-error' : ''}`}
        role="status"
        data-testid="sb-slip-notice"
      >
        {notice?.kind === 'placed' && t('houseSportsbook.slip.placed', { count: notice.count })}
        {notice?.kind === 'oddsChanged' && t('houseSportsbook.slip.oddsChanged')}
        {notice?.kind === 'closed' && t('houseSportsbook.slip.closed')}
        {notice?.kind === 'network' && t('houseSportsbook.slip.network')}
        {notice?.kind === 'stake' &&
          t('houseSportsbook.slip.stakeRule', { min: money(info.minStake), max: money(info.maxStake) })}
        {notice?.kind === 'error' && notice.message}
      </p>
    </section>
  );
}
