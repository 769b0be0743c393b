-- Brands run from the back office: scheduled maintenance windows with an allowed-users list,
-- region allow-lists beside the block-list, the brand's logo and favicon, and the one-time setup
-- token that lets the first platform owner be created on an empty database.

ALTER TABLE merchant
  -- Non-empty: only these countries may use the site (blocked_countries still refuses on top).
  ADD COLUMN allowed_countries text[] NOT NULL DEFAULT '{}',
  -- Paths relative to the brand's image CDN, or absolute https URLs; NULL: the platform's.
  ADD COLUMN logo_path text CHECK (logo_path IS NULL OR length(logo_path) BETWEEN 1 AND 500),
  ADD COLUMN favicon_path text CHECK (favicon_path IS NULL OR length(favicon_path) BETWEEN 1 AND 500);

CREATE TABLE maintenance_window (
  id                 bigserial PRIMARY KEY,
  merchant_code      text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  starts_at          timestamptz NOT NULL,
  ends_at            timestamptz NOT NULL,
  -- The message players see, per language ({"EN": "...", "CN": "..."}).
  message            jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(message) = 'object'),
  -- Members (lower-case usernames) who may still use the site during the window, e.g. testers.
  allowed_usernames  text[] NOT NULL DEFAULT '{}',
  created_by         text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  cancelled_at       timestamptz,
  cancelled_by       text,
  CHECK (ends_at > starts_at)
);
CREATE INDEX maintenance_window_brand_end ON maintenance_window (merchant_code, ends_at);

-- One row per token an instance printed at start-up while no staff member existed; stored hashed.
CREATE TABLE setup_token (
  token_hash  bytea PRIMARY KEY,
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
