-- The house card game (Three Card Showdown, game type PVP). Rooms of every brand hold one
-- table each; hand n of a room is dealt at n x the hand cycle (a clock schedule, so any number of
-- server instances agree on it).

-- One row per brand and room, created on first use: the lock that orders joins, decisions, the
-- deal and the showdown of that room's hands.
CREATE TABLE cards_room (
  merchant_code text NOT NULL,
  room_id       text NOT NULL,
  PRIMARY KEY (merchant_code, room_id)
);

-- A hand, inserted once when it is dealt: its cards are decided then and never again. The result
-- (settled_at) is written once at the showdown. Amounts in minor units; the house seats' stakes
-- and payouts are house money (no member's wallet), kept here for the operator's report.
CREATE TABLE cards_hand (
  merchant_code      text NOT NULL,
  room_id            text NOT NULL,
  hand_no            bigint NOT NULL,
  ante               bigint NOT NULL CHECK (ante > 0),
  deal_at            timestamptz NOT NULL,
  decide_by          timestamptz NOT NULL,
  -- [{seat, kind: PLAYER|HOUSE, memberId?, cards: [0..51 x 3]}]
  seats              jsonb NOT NULL,
  -- [{seat, play, stake, payout, winner, rank}] once settled
  result             jsonb,
  pot                bigint,
  rake               bigint CHECK (rake >= 0),
  house_seat_stakes  bigint,
  house_seat_payouts bigint,
  settled_at         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, room_id, hand_no)
);
CREATE INDEX cards_hand_unsettled_idx ON cards_hand (decide_by) WHERE settled_at IS NULL;

-- A member's seat in a hand: one per member per hand. status: PENDING (ante being debited),
-- ANTED (in the hand), FAILED (the debit was refused: nothing moved), LATE (the hand was dealt
-- before the ante was confirmed: the ante is rolled back), VOID (rolled back).
-- action: PLAYING (the play bet is being debited), PLAY, FOLD. paid: every credit and rollback of
-- the settled hand has been applied.
CREATE TABLE cards_entry (
  merchant_code text NOT NULL,
  room_id       text NOT NULL,
  hand_no       bigint NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  seat          smallint NOT NULL CHECK (seat >= 0 AND seat < 6),
  node_id       bigint NOT NULL,
  vendor_code   text NOT NULL,
  wallet_vendor text,
  game_type     text NOT NULL,
  game_code     text NOT NULL,
  game_name     text NOT NULL,
  ante          bigint NOT NULL CHECK (ante > 0),
  status        text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'ANTED', 'FAILED', 'LATE', 'VOID')),
  action        text CHECK (action IN ('PLAYING', 'PLAY', 'FOLD')),
  -- The play bet was in flight at the showdown: it is rolled back, the seat counts as folded.
  play_void     boolean NOT NULL DEFAULT false,
  payout        bigint,
  paid          boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, room_id, hand_no, member_id)
);
-- Two members can never hold one seat of a hand.
CREATE UNIQUE INDEX cards_entry_seat_idx ON cards_entry (merchant_code, room_id, hand_no, seat)
  WHERE status IN ('PENDING', 'ANTED');
CREATE INDEX cards_entry_open_idx ON cards_entry (hand_no) WHERE status IN ('PENDING', 'LATE') OR (status = 'ANTED' AND NOT paid);
CREATE INDEX cards_entry_member_idx ON cards_entry (member_id, node_id, hand_no DESC);

-- The catalogue's PVP house game was named Blackjack, a game against the dealer: it is the card
-- room game now. Databases seeded before this migration get the new code and names.
UPDATE game SET game_code = 'house-three-card-showdown', display_name = 'Three Card Showdown',
  icon_path = 'games/HOUSE/house-three-card-showdown.svg',
  names = '{"EN": "Three Card Showdown", "CN": "三张牌对决", "ID": "Adu Tiga Kartu", "MY": "Pertarungan Tiga Kad", "TH": "ไพ่สามใบประลอง", "TY": "Tatlong Barahang Tapatan", "VI": "Đấu Bài Ba Lá"}'::jsonb
  WHERE vendor_code = 'HOUSE' AND game_type = 'PVP' AND game_code = 'house-blackjack'
    AND NOT EXISTS (
      SELECT 1 FROM game g WHERE g.merchant_code = game.merchant_code AND g.vendor_code = 'HOUSE'
        AND g.game_code = 'house-three-card-showdown');
