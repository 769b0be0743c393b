import { DEFAULT_CURRENCY_SYMBOL, formatMoney } from '@app/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { useJackpot } from '../api/get-jackpot';
import { countUp, counterTarget, figureOf, msToNextStep } from '../jackpot';

/** How long a count to a new amount takes. */
const COUNT_MS = 1200;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The /rng jackpot (SPEC section 4): the brand's real progressive pool, asked every 10 seconds,
 * stepping up by 165.11 every 3 seconds in between but never further than the pool's recent
 * growth, and counting up or down to each new figure (or jumping, for visitors who ask for less
 * motion). Shows the newest winner under it when there is one.
 */
export function JackpotCounter() {
  const { t } = useTranslation();
  const brand = useBrand();
  const jackpot = useJackpot();
  const [shown, setShown] = useState<number | null>(null);
  const shownRef = useRef<number | null>(null);
  const { data, dataUpdatedAt } = jackpot;
  const figure = useMemo(() => (data ? figureOf(data, dataUpdatedAt) : null), [data, dataUpdatedAt]);

  useEffect(() => {
    if (!figure) return;
    let timer = 0;
    let frame = 0;
    const show = (v: number) => {
      shownRef.current = v;
      setShown(v);
    };
    const countTo = (target: number) => {
      const from = shownRef.current;
      cancelAnimationFrame(frame);
      if (from === null || from === target || reducedMotion() || document.hidden) {
        show(target);
        return;
      }
      const start = performance.now();
      const tick = (now: number) => {
        const k = (now - start) / COUNT_MS;
        show(countUp(from, target, k));
        if (k < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    const step = () => {
      countTo(counterTarget(figure, Date.now()));
      // Timed to the figure's steps, so a late timer never drifts; none once the lead is run.
      const wait = msToNextStep(figure, Date.now());
      if (wait !== null) timer = window.setTimeout(step, wait + 20);
    };
    step();
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [figure]);

  const symbol = brand.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  const money = (minor: number) => `${symbol} ${formatMoney(minor / 100)}`;
  const last = data?.winners[0];
  return (
    <section className="jackpot" aria-label={t('games.jackpot.label')} data-testid="jackpot">
      <span className="jackpot-label">{t('games.jackpot.label')}</span>
      <span className="jackpot-amount" data-testid="jackpot-amount" aria-busy={shown === null}>
        {shown === null ? '…' : money(shown)}
      </span>
      {last && (
        <span className="jackpot-last" data-testid="jackpot-last">
          {t('games.jackpot.lastWin', {
            account: last.account,
            amount: money(Math.round(last.winAmount * 100)),
          })}
        </span>
      )}
    </section>
  );
}
