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
  if (style.textContent !== css) style.textContent = css;
  // After the stylesheets, whose defaults it overrides: last in <head>, or after the site's
  // stylesheet where the served home page has it, in <body> after its first paint.
  const sheets = document.querySelectorAll('link[rel="stylesheet"], style');
  const last = sheets[sheets.length - 1];
  if (!last) document.head.appendChild(style);
  else if (last !== style) last.after(style);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.light.headerBg);
}
