import { z } from 'zod';
import type { BrandTheme } from './theme';

/*
 * The theme's schema, apart from theme.ts: the site applies themes (themeCss) on its first
 * load, and only what it imports is bundled there. Keys are written out (no computed objects at
 * the top level) so a bundle that does not use the schema drops it and zod with it.
 */

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour written #rrggbb' });

export const themePaletteSchema = z
  .object({
    bg: hexColor,
    surface: hexColor,
    surface2: hexColor,
    text: hexColor,
    textMuted: hexColor,
    border: hexColor,
    primary: hexColor,
    primaryInk: hexColor,
    accent: hexColor,
    accentInk: hexColor,
    headerBg: hexColor,
    headerInk: hexColor,
    headerMuted: hexColor,
  })
  .strict();

const themeFontSchema = z.enum(['system', 'humanist', 'serif', 'rounded']);

/** A brand theme as an operator stores it (merchant.theme); anything else is refused. */
export const brandThemeSchema = z
  .object({
    light: themePaletteSchema,
    dark: themePaletteSchema,
    font: themeFontSchema,
    headingFont: themeFontSchema,
    radius: z.number().int().min(0).max(24),
    pillButtons: z.boolean(),
  })
  .strict();

// The schema and the interface describe one shape (a type error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const THEME_SCHEMA_MATCHES: Same<z.infer<typeof brandThemeSchema>, BrandTheme> = true;
