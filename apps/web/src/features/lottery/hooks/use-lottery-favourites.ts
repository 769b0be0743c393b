import { LOCAL_KEYS } from '@app/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session';
import { local } from '../../../lib/storage';
import { favouritesOf, parseFavourites, toggleFavourite } from '../favourites';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab changed them.
  const onStorage = (e: StorageEvent) => {
    if (e.key === LOCAL_KEYS.lottFav) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => local.get(LOCAL_KEYS.lottFav);

/**
 * The member's lottery favourites (SPEC section 4): toggled locally, kept per username under
 * LOTTFAV. Without a session there are none (the caller guards the toggle).
 */
export function useLotteryFavourites() {
  const username = useSession((s) => s.username);
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const codes = favouritesOf(parseFavourites(raw), username);
  const toggle = useCallback(
    (key: string) => {
      if (!username) return;
      local.set(LOCAL_KEYS.lottFav, JSON.stringify(toggleFavourite(parseFavourites(read()), username, key)));
      notify();
    },
    [username],
  );
  return { keys: new Set(codes), toggle };
}
