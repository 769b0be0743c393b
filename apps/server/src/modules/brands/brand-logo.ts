import type { Brand } from '../../platform/brand';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A wordmark for a brand that has no logo image yet: its name in its header's ink colour, so a
 * new brand's site shows its name where the logo goes rather than a broken image. Only the
 * validated theme colour and the escaped name reach the SVG.
 */
export function wordmarkSvg(brand: Pick<Brand, 'name' | 'theme'>): string {
  const name = escapeXml(brand.name.slice(0, 40));
  const size = brand.name.length > 16 ? 22 : 30;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 80" width="320" height="80">` +
    `<text x="0" y="52" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${brand.theme.light.headerInk}">${name}</text></svg>`
  );
}
