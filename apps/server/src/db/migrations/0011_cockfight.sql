-- The house cockfight arena (vendors DS88, DIG, WS168 play it under their own names).
-- A fight is one cycle of an arena's clock schedule; an arena is a brand's vendor game, so each
-- brand's players bet on their own fight card with their own money.

CREATE TABLE cockfight_fight (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  vendor_code   text NOT NULL,
  game_code     text NOT NULL,
  fight_no      bigint NOT NULL CHECK (fight_no > 0),
  opens_at      timestamptz NOT NULL,
  closes_at     timestamptz NOT NULL,
  reveal_at     timestamptz NOT NULL,
  -- The card, fixed when the fight is first shown: the fighters (name, weight, plumage), the
  -- strength edge, chances in basis points and decimal odds in hundredths.
  edge          int NOT NULL,
  meron         jsonb NOT NULL,
  wala          jsonb NOT NULL,
  chance_meron  int NOT NULL,
  chance_wala   int NOT NULL,
  chance_draw   int NOT NULL,
  chance_cancel int NOT NULL,
  odds_meron    int NOT NULL CHECK (odds_meron > 100),
  odds_wala     int NOT NULL CHECK (odds_wala > 100),
  odds_draw     int NOT NULL CHECK (odds_draw > 100),
  CHECK (chance_meron + chance_wala + chance_draw + chance_cancel = 10000),
  -- OPEN: taking bets; DECIDED: the result is stored (set once, at the close of betting);
  -- SETTLED: every bet of the fight is settled.
  status        text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DECIDED', 'SETTLED')),
  result        text CHECK (result IN ('MERON', 'WALA', 'DRAW', 'CANCELLED')),
  CHECK ((status = 'OPEN') = (result IS NULL)),
  decided_at    timestamptz,
  settled_at    timestamptz,
  -- A settling instance holds the fight until then; another may take it over after (crash).
  lease_until   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, vendor_code, game_code, fight_no)
);
-- The sweeper's work: fights to decide or settle.
CREATE INDEX cockfight_fight_due_idx ON cockfight_fight (closes_at) WHERE status <> 'SETTLED';

CREATE TABLE cockfight_bet (
  id            bigserial PRIMARY KEY,
  fight_id      bigint NOT NULL REFERENCES cockfight_fight (id),
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  node_id       bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  -- The vendor the bet is booked under, and the transfer-wallet vendor whose wallet paid (null: main).
  vendor_code   text NOT NULL,
  wallet_vendor text,
  request_id    text NOT NULL,
  side          text NOT NULL CHECK (side IN ('MERON', 'WALA', 'DRAW')),
  stake         bigint NOT NULL CHECK (stake > 0),
  odds          int NOT NULL CHECK (odds > 100),
  status        text NOT NULL DEFAULT 'PLACING'
                CHECK (status IN ('PLACING', 'OPEN', 'WON', 'LOST', 'REFUNDED', 'VOID', 'REJECTED')),
  payout        bigint CHECK (payout >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  settled_at    timestamptz,
  -- The player's idempotency key: a retried bet is the same bet.
  UNIQUE (merchant_code, member_id, request_id)
);
CREATE INDEX cockfight_bet_fight_idx ON cockfight_bet (fight_id, member_id);
CREATE INDEX cockfight_bet_member_idx ON cockfight_bet (member_id, node_id, id DESC);
