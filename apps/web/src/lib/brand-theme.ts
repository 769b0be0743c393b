import { themeCss, type BrandTheme } from '@app/contracts';

/** The <style> the server writes the brand's theme into (server modules/system/site-page.ts). */
const STYLE_ID = 'brand-theme';

/**
 * Applies the brand's theme from the permission call. The page the server sends already carries
 * it (no flash); this keeps the page right when it did not (the development server, a page the
 * service worker kept from before the operator changed the theme).
 */
export function applyBrandTheme(theme: BrandTheme): void {
  const css = themeCss(theme);
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
  }
  // Last in <head>: after the stylesheets, whose defaults it overrides.
  if (style.textContent !== css) style.textContent = css;
  if (style !== document.head.lastElementChild) document.head.appendChild(style);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.light.headerBg);
}
