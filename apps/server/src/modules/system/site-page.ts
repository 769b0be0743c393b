import { readFileSync } from 'node:fs';
import { themeCss } from '@app/contracts';
import type { Brand } from '../../platform/brand';

/** The <style> the served page carries the brand's theme in; the site rewrites the same element. */
const THEME_STYLE_ID = 'brand-theme';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The built index.html as the brand of the host sees it: its theme's CSS variables in a <style>
 * at the end of <head> (after the stylesheet, so they win over its defaults), the browser bar in
 * the brand's header colour and its name as the title. The first paint then already has the
 * brand's look: no flash of another brand's colours, whatever the service worker serves later
 * (it caches this page per origin, and each brand has its own hosts).
 *
 * Only validated theme values reach the page (brandThemeSchema: #rrggbb colours, named font
 * stacks, a whole radius); the name is HTML-escaped.
 */
function brandPage(html: string, brand: Brand): string {
  const style = `<style id="${THEME_STYLE_ID}">${themeCss(brand.theme)}</style>`;
  return html
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      `<meta name="theme-color" content="${brand.theme.light.headerBg}" />`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.name)}</title>`)
    .replace(/<link rel="icon"[^>]*>/, (tag) =>
      brand.faviconPath ? `<link rel="icon" href="${escapeHtml(faviconUrl(brand))}" />` : tag,
    )
    .replace('</head>', `${style}</head>`);
}

/** The favicon's address: absolute as set, else under the brand's first image CDN. */
function faviconUrl(brand: Brand): string {
  return mediaAddress(brand.imageCdns[0] ?? '/media', brand.faviconPath ?? '');
}

/** A brand image's address under an image CDN (as the site's mediaUrl() builds it). */
function mediaAddress(cdn: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/')) return path;
  return `${cdn.replace(/\/$/, '')}/${path}`;
}

/**
 * What a page request adds to the brand's page: the image CDN picked for this page load (the site
 * uses the one named here, SPEC section 7's random pick made by the server) and the page's first
 * banner, preloaded. The banner is the largest paint of every page that has one; without the
 * preload its download waits for the script, the permission call and the banner list.
 */
export interface PageHints {
  imageCdn: string;
  /** The first banner's image path (as the banner list gives it); null: the page shows none. */
  banner: string | null;
}

function withHints(page: string, hints: PageHints): string {
  const cdn = `<meta name="image-cdn" content="${escapeHtml(hints.imageCdn)}" />`;
  const banner = hints.banner
    ? `<link rel="preload" as="image" href="${escapeHtml(mediaAddress(hints.imageCdn, hints.banner))}" fetchpriority="high" />`
    : '';
  return page.replace('</title>', `</title>${cdn}${banner}`);
}

/**
 * Serves the site's page per brand: index.html is read once (a running server's build does not
 * change) and each brand's page is kept until its theme or name changes.
 */
export class SitePages {
  private readonly html: string;
  private readonly pages = new Map<string, { key: string; page: string }>();

  constructor(indexPath: string) {
    this.html = readFileSync(indexPath, 'utf8');
  }

  /**
   * The page for a brand (with the request's hints, when given); the page as built when the host
   * belongs to no brand.
   */
  page(brand: Brand | null, hints?: PageHints): string {
    if (!brand) return this.html;
    const key = `${brand.name}\n${brand.faviconPath ?? ''}\n${JSON.stringify(brand.theme)}`;
    const hit = this.pages.get(brand.code);
    let page = hit?.page;
    if (hit?.key !== key) {
      page = brandPage(this.html, brand);
      this.pages.set(brand.code, { key, page });
    }
    return hints ? withHints(page!, hints) : page!;
  }
}
