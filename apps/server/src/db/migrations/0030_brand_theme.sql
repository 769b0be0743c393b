-- A brand's look: colours of the light and dark variants, fonts, radius, button shape (contracts
-- brandThemeSchema, validated when read in platform/brand.ts). NULL: the platform's own theme.
-- The server writes it into the page it serves, so each brand's first paint has its colours.
ALTER TABLE merchant
  ADD COLUMN theme jsonb
  CONSTRAINT merchant_theme_is_object CHECK (theme IS NULL OR jsonb_typeof(theme) = 'object');
