import { DEFAULT_CURRENCY_SYMBOL, formatMoney } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../../lib/brand';
import { countUp, jackpotMinorAt, msToNextStep } from '../jackpot';

/** How long the count-up between two steps takes. */
const COUNT_UP_MS = 1200;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The /rng jackpot (SPEC section 4): a clock-derived amount growing by 165.11 every 3 seconds,
 * counting up between steps (or jumping, for visitors who ask for less motion).
 */
export function JackpotCounter() {
  const { t } = useTranslation();
  const brand = useBrand();
  const [shown, setShown] = useState(() => jackpotMinorAt(Date.now()));
  const shownRef = useRef(shown);

  useEffect(() => {
    let timer = 0;
    let frame = 0;
    const show = (v: number) => {
      shownRef.current = v;
      setShown(v);
    };
    const step = () => {
      const target = jackpotMinorAt(Date.now());
      const from = shownRef.current;
      cancelAnimationFrame(frame);
      if (reducedMotion() || document.hidden || target <= from) {
        show(target);
      } else {
        const start = performance.now();
        const tick = (now: number) => {
          const k = (now - start) / COUNT_UP_MS;
          show(countUp(from, target, k));
          if (k < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      }
      // Timed to the clock's steps, so a late timer never drifts.
      timer = window.setTimeout(step, msToNextStep(Date.now()) + 20);
    };
    timer = window.setTimeout(step, msToNextStep(Date.now()) + 20);
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, []);

  const text = `${brand.currencySymbol || DEFAULT_CURRENCY_SYMBOL} ${formatMoney(shown / 100)}`;
  return (
    <section className="jackpot" aria-label={t('games.jackpot.label')} data-testid="jackpot">
      <span className="jackpot-label">{t('games.jackpot.label')}</span>
      <span className="jackpot-amount" data-testid="jackpot-amount">
        {text}
      </span>
    </section>
  );
}
