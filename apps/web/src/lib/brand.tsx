import { isModuleOnTree, type BrandInfo } from '@app/contracts';
import { createContext, useContext, type ReactNode } from 'react';

const BrandContext = createContext<BrandInfo | null>(null);

/** The brand configuration from the permission call, available to every screen once the site is open. */
export function BrandProvider({ brand, children }: { brand: BrandInfo; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): BrandInfo {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside BrandProvider');
  return brand;
}

/** Whether a whitelabel flag or module switch is on for this brand. */
export const isModuleOn = isModuleOnTree;

let chosenCdn: string | null = null;

/**
 * Full URL of a brand image. The image CDN is picked at random from the brand's list once per
 * page load (SPEC section 7): by the server, which names it in the page (it preloads the first
 * banner from it), else here; absolute URLs pass through.
 */
export function mediaUrl(brand: BrandInfo, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/')) return path;
  if (chosenCdn === null) {
    const list = brand.imageCDNs.length ? brand.imageCDNs : ['/media'];
    const named = document.querySelector<HTMLMetaElement>('meta[name="image-cdn"]')?.content;
    chosenCdn = named && list.includes(named) ? named : list[Math.floor(Math.random() * list.length)]!;
  }
  return `${chosenCdn.replace(/\/$/, '')}/${path}`;
}
