import { useSyncExternalStore } from 'react';
import { SHELL_KEY, session } from './storage';

/**
 * Which shell the site shows: the phone shell under 768 px, or wherever a visit came in through a
 * mobile address (/m/...), for the rest of that browser session. The attribute `data-shell` on
 * <html> carries it, set before the first paint by index.html's inline script (so the first frame
 * already has the right header and nothing jumps) and kept current here; the CSS keys off it.
 */
export const MOBILE_QUERY = '(max-width: 767.98px)';

const listeners = new Set<() => void>();
let media: MediaQueryList | null = null;

function apply(): void {
  const mobile = session.get(SHELL_KEY) === 'mobile' || (media?.matches ?? false);
  const value = mobile ? 'mobile' : 'desktop';
  if (document.documentElement.dataset.shell !== value) document.documentElement.dataset.shell = value;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  if (!media && typeof window.matchMedia === 'function') {
    media = window.matchMedia(MOBILE_QUERY);
    media.addEventListener('change', apply);
    apply();
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isMobile = () => document.documentElement.dataset.shell === 'mobile';

/** True while the phone shell shows (narrow screen, or a visit through a /m/ address). */
export function useMobileShell(): boolean {
  return useSyncExternalStore(subscribe, isMobile, () => false);
}

/** True when the phone shell shows only because the visit asked for it (a wide screen). */
export function isMobileForced(): boolean {
  return session.get(SHELL_KEY) === 'mobile' && !(media?.matches ?? false);
}

/** The phone shell for the rest of this visit (a /m/ address), or back to the screen's own. */
export function setMobileForced(on: boolean): void {
  if (on) session.set(SHELL_KEY, 'mobile');
  else session.remove(SHELL_KEY);
  apply();
}
