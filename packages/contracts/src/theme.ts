/*
 * A brand's look: colours for the light and the dark variant, the fonts, corner radius and
 * button shape. The server writes it into the page it serves (so the first paint already has the
 * brand's colours) and the site applies the same CSS when the brand answer arrives. Fonts are
 * system font stacks chosen by name: nothing is downloaded, and no stored text reaches the CSS.
 */

/** The colour tokens every stylesheet reads (CSS custom properties, `--<kebab-case name>`). */
export const THEME_COLORS = [
  'bg',
  'surface',
  'surface2',
  'text',
  'textMuted',
  'border',
  'primary',
  'primaryInk',
  'accent',
  'accentInk',
  'headerBg',
  'headerInk',
  'headerMuted',
] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export type ThemePalette = Record<ThemeColor, string>;

/** Font stacks installed on the devices players use (Windows, macOS/iOS, Android, Linux), by name. */
export const THEME_FONTS = {
  system:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  humanist:
    "'Segoe UI', Candara, 'Trebuchet MS', 'Gill Sans', Roboto, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  serif: "Georgia, Cambria, 'Times New Roman', 'Noto Serif', 'Noto Serif Thai', 'Songti SC', SimSun, serif",
  rounded:
    "ui-rounded, 'SF Pro Rounded', 'Arial Rounded MT Bold', 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Thai', 'PingFang SC', 'Microsoft YaHei', sans-serif",
} as const;
export type ThemeFont = keyof typeof THEME_FONTS;

export interface BrandTheme {
  light: ThemePalette;
  dark: ThemePalette;
  /** Body text. */
  font: ThemeFont;
  /** Headings and the brand name. */
  headingFont: ThemeFont;
  /** Corner radius of cards, panels and tiles, in CSS pixels. */
  radius: number;
  /** Buttons and chips fully rounded (pills) rather than with the card radius. */
  pillButtons: boolean;
}

/** The platform's own look (a brand without a theme of its own has it): green and gold. */
export const PLATFORM_THEME: BrandTheme = {
  light: {
    bg: '#f3f5f7',
    surface: '#ffffff',
    surface2: '#eef1f4',
    text: '#17212b',
    textMuted: '#55626f',
    border: '#d8dee4',
    primary: '#0d7a53',
    primaryInk: '#ffffff',
    accent: '#c99612',
    accentInk: '#1d1600',
    headerBg: '#0f3d2e',
    headerInk: '#f4e7c1',
    headerMuted: '#b9cbbf',
  },
  dark: {
    bg: '#0d1318',
    surface: '#161f27',
    surface2: '#1d2832',
    text: '#e7edf2',
    textMuted: '#9fb0bf',
    border: '#2b3844',
    primary: '#1fae7a',
    primaryInk: '#04140d',
    accent: '#f1c43f',
    accentInk: '#1d1600',
    headerBg: '#08120e',
    headerInk: '#f4e7c1',
    headerMuted: '#93a89b',
  },
  font: 'system',
  headingFont: 'system',
  radius: 10,
  pillButtons: true,
};

const cssName = (token: string) => `--${token.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`)}`;

function declarations(palette: ThemePalette): string {
  return THEME_COLORS.map((c) => `${cssName(c)}:${palette[c]}`).join(';');
}

/**
 * The theme as CSS: the light variant and the fonts and shapes on :root, the dark variant under
 * [data-theme='dark'] (set before first paint from the player's choice). Only validated values
 * (brandThemeSchema) may come in: colours are #rrggbb, fonts are names of THEME_FONTS.
 */
export function themeCss(theme: BrandTheme): string {
  const shape = [
    `--font-body:${THEME_FONTS[theme.font]}`,
    `--font-heading:${THEME_FONTS[theme.headingFont]}`,
    `--radius:${theme.radius}px`,
    `--radius-pill:${theme.pillButtons ? '999px' : `${theme.radius}px`}`,
  ].join(';');
  return (
    `:root{${declarations(theme.light)};${shape}}` + `:root[data-theme='dark']{${declarations(theme.dark)}}`
  );
}
