-- Games: the catalogue per brand, favourites, recent games, launch tickets, vendor
-- callback secrets and rollback markers, house-game rounds, and the indexes the winner board and
-- popular games read.

-- Which adapter serves a vendor: the built-in house vendor, or the simulated studio that stands in
-- for a third-party vendor on a machine with no network (its slots run on the house slot engine).
ALTER TABLE vendor ADD COLUMN adapter text NOT NULL DEFAULT 'SIMULATED'
  CHECK (adapter IN ('HOUSE', 'SIMULATED'));

CREATE TABLE game (
  node_id           bigserial PRIMARY KEY,
  merchant_code     text NOT NULL,
  vendor_code       text NOT NULL,
  game_type         text NOT NULL,
  game_id           text NOT NULL,
  game_code         text NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  display_name      text NOT NULL,
  -- Language code (upper case, as the API speaks it) -> name; display_name is the fallback.
  names             jsonb NOT NULL DEFAULT '{}',
  classify          text NOT NULL CHECK (classify IN ('SLOT', 'ARCADE', 'TABLE', 'CRASH', 'BINGO', 'FISHING', 'CARD')),
  -- Smallest stake, minor units.
  min_bet           bigint NOT NULL CHECK (min_bet > 0),
  line_num          integer NOT NULL DEFAULT 0 CHECK (line_num >= 0),
  is_hot            boolean NOT NULL DEFAULT false,
  is_game           text,
  default_play_type text,
  -- Path under the brand's image CDN.
  icon_path         text NOT NULL,
  -- The house engine that plays this game (house games, and the simulated studio's); null: none.
  engine            text CHECK (engine IN ('SLOT')),
  sort              integer NOT NULL DEFAULT 0,
  enabled           boolean NOT NULL DEFAULT true,
  UNIQUE (merchant_code, vendor_code, game_code),
  FOREIGN KEY (merchant_code, vendor_code, game_type)
    REFERENCES vendor (merchant_code, code, game_type) ON DELETE CASCADE
);
CREATE INDEX game_list_idx ON game (merchant_code, game_type, vendor_code, sort);

CREATE TABLE favorite_game (
  member_id  bigint NOT NULL REFERENCES member (id),
  node_id    bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);

-- A member's launched games, newest first (recorded on launch).
CREATE TABLE recent_game (
  member_id bigint NOT NULL REFERENCES member (id),
  node_id   bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX recent_game_member_idx ON recent_game (member_id, played_at DESC);

-- A launch: the game client's credential (256-bit, stored as SHA-256), bound to one member, one
-- game and the wallet the game plays from (a transfer-wallet vendor's, or main when null). It
-- carries the game's facts as they were at launch, so a game in play never reads the catalogue.
-- Expires when idle.
CREATE TABLE game_ticket (
  token_hash    bytea PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  node_id       bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  vendor_code   text NOT NULL,
  game_type     text NOT NULL,
  game_code     text NOT NULL,
  game_name     text NOT NULL,
  engine        text NOT NULL,
  min_bet       bigint NOT NULL,
  wallet_vendor text,
  currency      text NOT NULL,
  language      text NOT NULL,
  back_url      text NOT NULL DEFAULT '/',
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX game_ticket_expiry_idx ON game_ticket (expires_at);

-- The shared secret a seamless vendor signs its wallet callbacks with.
-- WARNING: a secret in plain text (an HMAC key must be readable); rotate with the admin CLI.
CREATE TABLE vendor_secret (
  merchant_code text NOT NULL,
  vendor_code   text NOT NULL,
  secret        text NOT NULL CHECK (length(secret) >= 32),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, vendor_code)
);

-- A vendor rolled back a round we had no bet for: a bet for that round arriving later is refused
-- (and, if it raced past this marker, voided at once).
CREATE TABLE vendor_rollback (
  merchant_code text NOT NULL,
  vendor_code   text NOT NULL,
  round_id      text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, vendor_code, round_id)
);

-- What a house game decided for a round (reels, wins), for the game's recall of the last rounds.
CREATE TABLE house_round (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  node_id       bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  round_id      text NOT NULL,
  bet           bigint NOT NULL CHECK (bet > 0),
  total_win     bigint NOT NULL CHECK (total_win >= 0),
  detail        jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, round_id)
);
CREATE INDEX house_round_member_idx ON house_round (member_id, node_id, created_at DESC);

-- Winner board: the newest settled wins of a brand.
CREATE INDEX bet_record_winner_idx ON bet_record (merchant_code, settled_at DESC)
  WHERE status = 'SETTLED' AND payout > stake;
-- Popular games: bets of the last days per brand.
CREATE INDEX bet_record_recent_idx ON bet_record (merchant_code, placed_at);
