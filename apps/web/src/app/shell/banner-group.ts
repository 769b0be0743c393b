import type { BannerGroup } from '@app/contracts';

const GROUPS: Record<string, BannerGroup> = {
  '/': 'w_home',
  '/index': 'w_home',
  '/index.html': 'w_home',
  '/home': 'w_home',
  '/login': 'w_home',
  '/forget': 'w_home',
  '/register': 'w_home',
  '/register.html': 'w_home',
  '/rng': 'w_rng',
  '/live': 'w_live',
  '/fish': 'w_fish',
  '/pvp': 'w_pvp',
  '/sports': 'w_sports',
  '/esports': 'w_esports',
  '/elott': 'w_lott',
  '/cockfight': 'w_cockfight',
  '/promotions': 'w_promotion',
  '/pointMall': 'w_shop',
  '/help': 'w_help',
  '/join': 'w_reg',
};

/** The banner group a page shows; null for pages without a banner. */
export function bannerGroupFor(pathname: string): BannerGroup | null {
  return GROUPS[pathname] ?? null;
}

export const isHomePath = (pathname: string) => bannerGroupFor(pathname) === 'w_home';
