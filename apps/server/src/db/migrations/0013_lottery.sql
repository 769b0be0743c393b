-- Lottery and electronic lottery. A draw is one issue (numero) of a brand's lottery game
-- (vendor + game code of its catalogue); its result is drawn once with the secure RNG at its draw
-- time. A bet line belongs to a slip (the member's request id): the slip's stakes are one bet in
-- the ledger, named by the id of its first line.

CREATE TABLE lottery_draw (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  vendor_code   text NOT NULL,
  game_code     text NOT NULL,
  -- The issue number (YYYYMMDD of the local draw day, or the fast draw's count) and its order.
  numero        text NOT NULL,
  seq           bigint NOT NULL,
  lock_at       timestamptz NOT NULL,
  draw_at       timestamptz NOT NULL CHECK (draw_at >= lock_at),
  -- OPEN: takes bets; LOCKED: past lock time; DRAWN: result stored (written once), bets being
  -- settled; SETTLED: every bet paid; CANCELLED: by an operator, every bet refunded.
  status        text NOT NULL DEFAULT 'OPEN'
                CHECK (status IN ('OPEN', 'LOCKED', 'DRAWN', 'SETTLED', 'CANCELLED')),
  result        jsonb,
  CHECK (status NOT IN ('DRAWN', 'SETTLED') OR result IS NOT NULL),
  opened_at     timestamptz,
  settled_at    timestamptz,
  cancel_reason text,
  -- A settling instance holds the draw until then; another may take it over after (crash).
  lease_until   timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, vendor_code, game_code, numero)
);
-- The draw job's work: draws to draw or settle.
CREATE INDEX lottery_draw_due_idx ON lottery_draw (draw_at) WHERE status IN ('OPEN', 'LOCKED', 'DRAWN');
-- A game's draws, newest first (history, opened numbers).
CREATE INDEX lottery_draw_game_idx ON lottery_draw (merchant_code, vendor_code, game_code, seq DESC);

CREATE TABLE lottery_bet (
  id            bigserial PRIMARY KEY,
  draw_id       bigint NOT NULL REFERENCES lottery_draw (id),
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  node_id       bigint NOT NULL REFERENCES game (node_id) ON DELETE CASCADE,
  vendor_code   text NOT NULL,
  game_code     text NOT NULL,
  -- The slip: the member's request id; its lines are numbered from 0.
  request_id    text NOT NULL,
  line_no       int NOT NULL CHECK (line_no >= 0),
  bet_type      text NOT NULL,
  -- The canonical numbers (a JSON array of digit strings).
  numbers       jsonb NOT NULL,
  stake         bigint NOT NULL CHECK (stake > 0),
  -- Decimal odds in hundredths (95.00 is 9500).
  odds          int NOT NULL CHECK (odds >= 0),
  prize_mode    text NOT NULL CHECK (prize_mode IN ('Lott', 'ZY', 'Elott', 'SEA')),
  status        text NOT NULL DEFAULT 'PLACING' CHECK (status IN ('PLACING', 'OPEN', 'WON', 'LOST', 'VOID')),
  hits          int CHECK (hits >= 0),
  payout        bigint CHECK (payout >= 0),
  created_at    timestamptz NOT NULL DEFAULT now(),
  settled_at    timestamptz,
  -- The player's idempotency key: a retried slip is the same slip.
  UNIQUE (merchant_code, member_id, request_id, line_no)
);
CREATE INDEX lottery_bet_draw_idx ON lottery_bet (draw_id, status);
-- My bets and recent lottery games, newest first.
CREATE INDEX lottery_bet_member_idx ON lottery_bet (member_id, id DESC);
