-- Points and the points mall. Points are not money: they have a ledger of their own,
-- append-only like the money ledger, with a balance row per member that never goes below zero.
-- Points never expire (SPEC section 9). Every figure is a whole number (bigint or int), never a float.

-- ---- the brand's rules ------------------------------------------------------------------------------
CREATE TABLE point_config (
  merchant_code             text PRIMARY KEY REFERENCES merchant (code),
  -- The earning job awards points only while this is on (what was earned stays).
  earning_enabled           boolean NOT NULL DEFAULT true,
  -- Points per 1.00 of a credited deposit (amount less fee); 0: deposits earn none.
  deposit_rate              int NOT NULL DEFAULT 0 CHECK (deposit_rate BETWEEN 0 AND 1000),
  convert_enabled           boolean NOT NULL DEFAULT false,
  -- Points worth 1.00 of cash, and the fewest points one conversion takes.
  convert_points_per_unit   int NOT NULL CHECK (convert_points_per_unit BETWEEN 1 AND 1000000),
  convert_min_points        int NOT NULL CHECK (convert_min_points >= 1),
  -- Converted cash must be bet this many times before a withdrawal (0: never).
  convert_turnover_multiple int NOT NULL DEFAULT 0 CHECK (convert_turnover_multiple BETWEEN 0 AND 100)
);

-- Points per 1.00 of valid turnover, per game type; a game type without a row earns none.
CREATE TABLE point_earn_rate (
  merchant_code text NOT NULL REFERENCES point_config (merchant_code),
  game_type     text NOT NULL,
  points        int NOT NULL CHECK (points BETWEEN 0 AND 1000),
  PRIMARY KEY (merchant_code, game_type)
);

-- ---- the points ledger ------------------------------------------------------------------------------
-- One entry per movement of a member's points. The reference is unique per brand: the one
-- idempotency key of every movement (EARN:<day>:<member>:<figure>, REDEEM:<member>:<request id>,
-- REDEEM_REFUND:<redemption>, CONVERT:<member>:<request id>, SEED:<username>).
CREATE TABLE point_entry (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  kind          text NOT NULL CHECK (kind IN ('EARN', 'REDEEM', 'REDEEM_REFUND', 'CONVERT', 'SEED', 'ADJUSTMENT')),
  points        bigint NOT NULL CHECK (points <> 0),
  -- The member's balance right after this entry (before = after - points).
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reference     text NOT NULL,
  memo          jsonb NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT point_entry_reference_unique UNIQUE (merchant_code, reference)
);
CREATE INDEX point_entry_member_idx ON point_entry (member_id, id DESC);
-- Append-only, like ledger_entry: a correction is a new entry (same refusal as the money ledger's).
CREATE TRIGGER point_entry_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON point_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- A member's points: updated in the same transaction as each entry, under a row lock; it always
-- equals the sum of the member's entries and never goes below zero.
CREATE TABLE point_balance (
  member_id     bigint PRIMARY KEY REFERENCES member (id),
  merchant_code text NOT NULL,
  balance       bigint NOT NULL DEFAULT 0 CONSTRAINT point_balance_not_negative CHECK (balance >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- ---- earning ---------------------------------------------------------------------------------------
-- One row per (member, brand-zone day): what the day's figure was when last credited. The job
-- locks the row, credits the day's figure so far less `credited`, and raises `credited`; so it may
-- run for the day so far, again after the day ends, twice, or on two instances, and each point is
-- credited once.
CREATE TABLE point_earning (
  member_id       bigint NOT NULL REFERENCES member (id),
  -- The brand-zone calendar day, yyyy-mm-dd (text: no driver turns it into a local-midnight Date).
  day             text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  merchant_code   text NOT NULL,
  turnover_points bigint NOT NULL DEFAULT 0 CHECK (turnover_points >= 0),
  deposit_points  bigint NOT NULL DEFAULT 0 CHECK (deposit_points >= 0),
  credited        bigint NOT NULL DEFAULT 0 CHECK (credited >= 0),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, day)
);
CREATE INDEX point_earning_day_idx ON point_earning (merchant_code, day);

-- Days the job has finished for good (computed once after they ended): later runs skip them.
CREATE TABLE point_earning_day (
  merchant_code text NOT NULL REFERENCES merchant (code),
  day           text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  closed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, day)
);

-- Credited deposits by brand and the time they were credited (a deposit leaves PENDING once, and
-- that change sets updated_at) are what a day's points count: deposit_credited_idx, created by
-- migration 0020 (VIP) for the same reading, serves it.

-- ---- the mall -----------------------------------------------------------------------------------
CREATE TABLE point_reward (
  id                bigserial PRIMARY KEY,
  merchant_code     text NOT NULL REFERENCES merchant (code),
  -- The operator's (and the seed's) own key for the reward.
  code              text NOT NULL,
  kind              text NOT NULL CHECK (kind IN ('BONUS', 'ITEM')),
  name              jsonb NOT NULL,
  description       jsonb NOT NULL DEFAULT '{}',
  -- Relative to the brand's image CDN (/media), or absolute.
  image_path        text NOT NULL,
  cost              bigint NOT NULL CHECK (cost > 0),
  -- Left to redeem; null: unlimited. Decremented under the row lock a redemption's UPDATE takes, so
  -- it is never oversold.
  stock             int CHECK (stock IS NULL OR stock >= 0),
  -- What a BONUS pays into the main wallet (minor units) and its turnover multiple.
  bonus_amount      bigint CHECK (bonus_amount IS NULL OR bonus_amount > 0),
  turnover_multiple int NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 100),
  sort              int NOT NULL DEFAULT 0,
  active            boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_code, code),
  CONSTRAINT point_reward_bonus_amount CHECK ((kind = 'BONUS') = (bonus_amount IS NOT NULL))
);
CREATE INDEX point_reward_list_idx ON point_reward (merchant_code, sort, id) WHERE active;

CREATE TABLE point_redemption (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL,
  member_id       bigint NOT NULL REFERENCES member (id),
  -- The member's request id: a retried request finds this row instead of redeeming again.
  request_id      text NOT NULL,
  reward_id       bigint NOT NULL REFERENCES point_reward (id),
  -- The reward as it was redeemed (the catalogue may change later).
  kind            text NOT NULL CHECK (kind IN ('BONUS', 'ITEM')),
  reward_name     jsonb NOT NULL,
  image_path      text NOT NULL,
  cost            bigint NOT NULL CHECK (cost > 0),
  bonus_amount    bigint,
  -- IN_PROCESS (goods waiting for an operator), APPROVED, REJECTED (points and stock given back).
  status          text NOT NULL CHECK (status IN ('IN_PROCESS', 'APPROVED', 'REJECTED')),
  remark          text CHECK (remark IS NULL OR char_length(remark) <= 140),
  reason          text,
  -- The member's language when redeeming: the operator's answer is worded in it.
  lang            text NOT NULL,
  reviewed_by     text,
  point_entry_id  bigint NOT NULL REFERENCES point_entry (id),
  refund_entry_id bigint REFERENCES point_entry (id),
  ledger_entry_id bigint REFERENCES ledger_entry (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id),
  CONSTRAINT point_redemption_refund CHECK ((status = 'REJECTED') = (refund_entry_id IS NOT NULL)),
  -- A bonus is paid in the same transaction as the redemption: approved at once, never rejected.
  CONSTRAINT point_redemption_bonus CHECK (
    (kind = 'BONUS') = (ledger_entry_id IS NOT NULL) AND (kind = 'ITEM' OR status = 'APPROVED'))
);
CREATE INDEX point_redemption_member_idx ON point_redemption (member_id, id DESC);
CREATE INDEX point_redemption_status_idx ON point_redemption (merchant_code, status, id);

CREATE TABLE point_conversion (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL,
  member_id       bigint NOT NULL REFERENCES member (id),
  request_id      text NOT NULL,
  -- Asked for, and taken (the points worth exactly `amount`).
  points          bigint NOT NULL CHECK (points > 0),
  points_used     bigint NOT NULL CHECK (points_used > 0 AND points_used <= points),
  amount          bigint NOT NULL CHECK (amount > 0),
  point_entry_id  bigint NOT NULL REFERENCES point_entry (id),
  ledger_entry_id bigint NOT NULL REFERENCES ledger_entry (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id)
);
