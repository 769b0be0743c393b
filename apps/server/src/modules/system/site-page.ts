import { readFileSync } from 'node:fs';
import { themeCss } from '@app/contracts';
import { type Brand, brandLogoPath } from '../../platform/brand';

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
  /** The page's first banner (as the banner list gives it); null: the page shows none. */
  banner: { url: string; title: string } | null;
  /**
   * The page opens on the home layout (the header, then the banner): the served page paints both
   * itself, where the site will draw them (FIRST_PAINT_CSS), so a phone shows the brand and its
   * banner without waiting for the script, its calls and its first render. The site removes that
   * paint once its own banner is drawn in the same place (web lib/first-paint.ts).
   */
  firstPaint: boolean;
}

/**
 * The home page's first paint: the header bar and the first banner exactly where the site draws
 * them (the banner's box as shell.css's .banner-frame and .banner; e2e first-paint.spec.ts holds
 * the two together), over the site's root until the site has drawn its own (lib/first-paint.ts).
 * Out of the flow, so taking it away moves nothing. Its rules are here, in the page, and need only
 * the brand theme's variables (the <style> brandPage() writes): the first paint waits for no file.
 */
const FIRST_PAINT_CSS =
  '#first-paint{position:absolute;inset:0 0 auto;z-index:30;min-height:100vh;background:var(--bg)}' +
  // The desktop header: the top bar (45 px), then the navigation (56 px) with the logo; a phone's is
  // one 56 px row with the logo at its left (shell.css .main-nav-inner and .logo, mobile.css .m-*).
  '.first-paint-header{box-sizing:border-box;height:101px;padding-top:45px;background:var(--header-bg)}' +
  '.first-paint-bar{box-sizing:border-box;max-width:1200px;height:56px;margin:0 auto;padding:0 16px;' +
  'display:flex;align-items:center}' +
  '.first-paint-logo{display:block;width:148px;height:37px}' +
  ":root[data-shell='mobile'] .first-paint-header{height:calc(56px + env(safe-area-inset-top));" +
  'padding-top:env(safe-area-inset-top)}' +
  ":root[data-shell='mobile'] .first-paint-bar{max-width:none;padding:0 0 0 max(10px,env(safe-area-inset-left))}" +
  ":root[data-shell='mobile'] .first-paint-logo{width:auto;height:30px}" +
  '.first-paint-frame{box-sizing:border-box;max-width:1200px;margin:12px auto 0;padding:0 16px}' +
  '@media (max-width:760px){.first-paint-frame{padding:0 12px}}' +
  '.first-paint-banner{position:relative;aspect-ratio:3/1;overflow:hidden;border-radius:var(--radius)}' +
  '.first-paint-banner img{display:block;width:100%;height:100%;object-fit:cover}' +
  '.first-paint-caption{position:absolute;left:5%;top:50%;transform:translateY(-50%);max-width:48%;' +
  'color:#fff;font:800 clamp(15px,3.2vw,38px)/1.15 var(--font-heading);text-shadow:0 2px 8px rgb(0 0 0/55%)}';

function withHints(page: string, brand: Brand, hints: PageHints): string {
  const cdn = `<meta name="image-cdn" content="${escapeHtml(hints.imageCdn)}" />`;
  if (!hints.banner) return page.replace('</title>', `</title>${cdn}`);
  const src = escapeHtml(mediaAddress(hints.imageCdn, hints.banner.url));
  const preload = `<link rel="preload" as="image" href="${src}" fetchpriority="high" />`;
  const withPreload = page.replace('</title>', `</title>${cdn}${preload}`);
  const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(withPreload)?.[0];
  const theme = new RegExp(`<style id="${THEME_STYLE_ID}">([^<]*)</style>`).exec(withPreload);
  if (!hints.firstPaint || !stylesheet || !theme) return withPreload;
  // The site's stylesheet moves from <head> to just after the first paint: the browser draws what
  // is above a stylesheet in <body> without waiting for it, and still parses (and runs the site's
  // scripts) only after it, so the site never renders unstyled. The brand's theme follows it (it
  // must come after the stylesheet to win over its defaults); the first paint has its own copy.
  // The script's files are still fetched at once, but after the banner, the logo and the
  // stylesheet (low priority): on a slow link what the first paint shows comes first.
  const firstPaint =
    `<div id="first-paint" aria-hidden="true"><div class="first-paint-header"><div class="first-paint-bar">` +
    `<img class="first-paint-logo" src="${escapeHtml(mediaAddress(hints.imageCdn, brandLogoPath(brand)))}"` +
    ` alt="" width="160" height="40" /></div></div>` +
    `<div class="first-paint-frame"><div class="first-paint-banner">` +
    `<img src="${src}" alt="" width="1200" height="400" fetchpriority="high" />` +
    `<span class="first-paint-caption">${escapeHtml(hints.banner.title)}</span></div></div></div>`;
  return withPreload
    .replace(/<script type="module"|<link rel="modulepreload"/g, '$& fetchpriority="low"')
    .replace(stylesheet, '')
    .replace(theme[0], `<style>${theme[1]}${FIRST_PAINT_CSS}</style>`)
    .replace('<body>', `<body>${firstPaint}${stylesheet}${theme[0]}`);
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
    return hints ? withHints(page!, brand, hints) : page!;
  }
}
