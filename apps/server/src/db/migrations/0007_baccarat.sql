-- The house live baccarat. Each brand runs a few tables; each table deals rounds on a
-- clock schedule from its own eight-deck shoe, and every player of the brand bets on the same round.

-- The shoe a table deals from. WARNING: `state` holds every card still to come; it never leaves
-- the server. One row per table, locked (FOR UPDATE) while a round is dealt from it.
CREATE TABLE baccarat_shoe (
  merchant_code text NOT NULL,
  table_id      int NOT NULL,
  shoe_no       int NOT NULL CHECK (shoe_no > 0),
  hands         int NOT NULL DEFAULT 0 CHECK (hands >= 0),
  state         jsonb NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, table_id)
);

-- A round of a table, named by its number on the table's clock schedule. Created by the first bet
-- or by the dealer; `result` is written once, when the betting window has closed (insert-once:
-- the row is locked and a dealt round is never dealt again). Bets lock it FOR SHARE while they
-- check it is still undealt, so no bet can join a round whose cards are known.
CREATE TABLE baccarat_round (
  merchant_code text NOT NULL,
  table_id      int NOT NULL,
  round_no      bigint NOT NULL CHECK (round_no >= 0),
  closes_at     timestamptz NOT NULL,
  shoe_no       int,
  hand_no       int,
  result        jsonb,
  dealt_at      timestamptz,
  settled_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, table_id, round_no),
  CHECK ((result IS NULL) = (dealt_at IS NULL))
);
CREATE INDEX baccarat_round_shoe_idx ON baccarat_round (merchant_code, table_id, shoe_no, hand_no)
  WHERE result IS NOT NULL;

-- A player's bet on one spot of a round (one per spot: a repeat is the same bet). The money is a
-- seamless-wallet debit named by transaction_id; the bet is settled by one credit of that id.
-- PENDING: accepted, not settled yet (its debit may still be in flight, or have failed).
CREATE TABLE baccarat_bet (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL,
  table_id       int NOT NULL,
  round_no       bigint NOT NULL,
  member_id      bigint NOT NULL REFERENCES member (id),
  vendor_code    text NOT NULL,
  wallet_vendor  text,
  game_type      text NOT NULL,
  game_code      text NOT NULL,
  game_name      text NOT NULL,
  bet_type       text NOT NULL
    CHECK (bet_type IN ('PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR')),
  stake          bigint NOT NULL CHECK (stake > 0),
  transaction_id text NOT NULL,
  status         text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SETTLED', 'VOID')),
  payout         bigint CHECK (payout >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  settled_at     timestamptz,
  UNIQUE (merchant_code, table_id, round_no, member_id, bet_type),
  UNIQUE (merchant_code, transaction_id),
  FOREIGN KEY (merchant_code, table_id, round_no) REFERENCES baccarat_round (merchant_code, table_id, round_no)
);
CREATE INDEX baccarat_bet_pending_idx ON baccarat_bet (merchant_code, table_id, round_no)
  WHERE status = 'PENDING';
CREATE INDEX baccarat_bet_member_idx ON baccarat_bet (member_id, created_at DESC);
