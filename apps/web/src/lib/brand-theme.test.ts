import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandThemeSchema, PLATFORM_THEME, THEME_COLORS, themeCss } from '@app/contracts';

describe('brand themes', () => {
  it('write every colour token for light and dark, the fonts and the shapes', () => {
    const css = themeCss(PLATFORM_THEME);
    const [light, dark] = css.split(":root[data-theme='dark']");
    for (const variable of [
      '--bg',
      '--surface-2',
      '--text-muted',
      '--primary-ink',
      '--header-bg',
      '--header-muted',
    ]) {
      expect(light).toContain(`${variable}:`);
      expect(dark).toContain(`${variable}:`);
    }
    expect(light).toContain('--font-body:system-ui');
    expect(light).toContain('--radius:10px;--radius-pill:999px');
    expect(themeCss({ ...PLATFORM_THEME, radius: 3, pillButtons: false })).toContain(
      '--radius:3px;--radius-pill:3px',
    );
  });

  it("are the stylesheet's own defaults for the platform theme", () => {
    // Read as a file: the test runner hands stylesheets to tests empty.
    const base = readFileSync(new URL('../styles/base.css', import.meta.url), 'utf8');
    const block = (selector: string) => {
      const start = base.indexOf(`${selector} {`);
      return base.slice(start, base.indexOf('}', start));
    };
    const [light, dark] = themeCss(PLATFORM_THEME).split(":root[data-theme='dark']");
    const colours = (css: string) => [...css.matchAll(/(--[a-z0-9-]+):(#[0-9a-f]{6})/g)];
    expect(colours(light!)).toHaveLength(THEME_COLORS.length);
    for (const [, name, value] of colours(light!)) expect(block(':root')).toContain(`${name}: ${value};`);
    for (const [, name, value] of colours(dark!))
      expect(block(":root[data-theme='dark']")).toContain(`${name}: ${value};`);
  });

  it('refuse what is not a theme: colours not #rrggbb, unknown fonts, radius out of range, extra keys', () => {
    expect(brandThemeSchema.parse(PLATFORM_THEME)).toEqual(PLATFORM_THEME);
    const bad = [
      { ...PLATFORM_THEME, light: { ...PLATFORM_THEME.light, bg: 'red' } },
      { ...PLATFORM_THEME, dark: { ...PLATFORM_THEME.dark, text: '#fff;}body{x:y' } },
      { ...PLATFORM_THEME, font: 'Comic Sans MS' },
      { ...PLATFORM_THEME, radius: 25 },
      { ...PLATFORM_THEME, radius: 2.5 },
      { ...PLATFORM_THEME, css: 'body{}' },
      { ...PLATFORM_THEME, light: { ...PLATFORM_THEME.light, extra: '#000000' } },
    ];
    for (const theme of bad)
      expect(brandThemeSchema.safeParse(theme).success, JSON.stringify(theme)).toBe(false);
  });
});
