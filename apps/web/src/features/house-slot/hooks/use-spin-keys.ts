import { useEffect, useRef } from 'react';

/** Elements that handle Space and Enter themselves (a focused button is pressed by the browser). */
const OWN_KEYS = 'button, a[href], input, select, textarea, summary, [contenteditable], [role="button"]';

/**
 * Space or Enter anywhere on the game spins (or skips the round being shown), unless focus is on
 * a control that handles the key itself or a dialog (rules, history) is open.
 */
export function useSpinKeys(onSpin: () => void, onSkip: () => void, busy: boolean) {
  const latest = useRef({ onSpin, onSkip, busy });
  useEffect(() => {
    latest.current = { onSpin, onSkip, busy };
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== ' ' && e.key !== 'Enter') return;
      if (e.repeat || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest(OWN_KEYS) || document.querySelector('dialog[open]')) return;
      e.preventDefault();
      if (latest.current.busy) latest.current.onSkip();
      else latest.current.onSpin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
