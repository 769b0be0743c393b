import { LOCAL_KEYS } from '@app/contracts';
import { useEffect } from 'react';
import { getTheme } from '../storage';

/**
 * The page's theme follows `localStorage.theme`, as the site's does (index.html applies it before
 * the first paint). A game in a frame of the site also follows a switch made in the site while it
 * runs: the storage event reaches every other document of the origin.
 */
export function useThemeFollow() {
  useEffect(() => {
    const apply = () => {
      document.documentElement.dataset.theme = getTheme();
    };
    apply();
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === LOCAL_KEYS.theme) apply();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
