-- Game icons per language uploaded in the back office, the "new" flag of a game, and the lottery
-- games a brand has switched off.

ALTER TABLE game
  -- Shown as a small "new" badge on the site's game tiles.
  ADD COLUMN is_new boolean NOT NULL DEFAULT false,
  -- Uploaded icons: {"default": "game-icons/<id>.png", "<lang>": "..."} (media paths). A language
  -- without one shows "default", and without that icon_path (the vendor's icon).
  ADD COLUMN icons jsonb NOT NULL DEFAULT '{}';

-- The uploaded icon images (PNG, JPEG or WebP, checked from their bytes, square), served at
-- /media/game-icons/<id>.<ext> from the database so every instance answers them.
CREATE TABLE game_icon (
  id            uuid PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes         bytea NOT NULL,
  size          integer NOT NULL CHECK (size > 0 AND size <= 524288),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  uploaded_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

-- A lottery game the brand switched off (no row: on). An off game takes no new slip, gets no new
-- draw and leaves the lottery menus; draws already stored still lock, draw and settle (or staff
-- cancel them with refunds).
CREATE TABLE lottery_game_setting (
  merchant_code text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  vendor_code   text NOT NULL,
  game_code     text NOT NULL,
  enabled       boolean NOT NULL,
  updated_by    text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, vendor_code, game_code)
);
