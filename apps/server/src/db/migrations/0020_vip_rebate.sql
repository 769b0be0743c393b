-- VIP levels and rebates: a brand's levels with their thresholds, upgrade bonus, benefits
-- and rebate rates per game type; each member's level and lifetime figures; the upgrades paid; the
-- brand's rebate rule; one rebate row per (member, day) that decides what is paid; every rebate payout.

CREATE TABLE vip_level (
  merchant_code      text NOT NULL REFERENCES merchant (code),
  -- 0 = an ordinary member; 1..N are the VIP levels.
  level              integer NOT NULL CHECK (level >= 0 AND level <= 99),
  label              jsonb NOT NULL,
  color              text NOT NULL,
  -- Lifetime valid turnover and lifetime approved deposits the level needs, minor units (both met).
  min_turnover       bigint NOT NULL DEFAULT 0 CHECK (min_turnover >= 0),
  min_deposit        bigint NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  -- Paid once when a member first reaches the level (0: none), through the ledger as a BONUS.
  upgrade_bonus      bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
  turnover_multiple  integer NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0 AND turnover_multiple <= 100),
  -- A list of texts per language: [{"EN": "...", "MY": "..."}, ...].
  benefits           jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (merchant_code, level)
);

-- Daily rebate rates per level and game type, in basis points of valid turnover (80 = 0.80%).
CREATE TABLE vip_rebate_rate (
  merchant_code  text NOT NULL,
  level          integer NOT NULL,
  game_type      text NOT NULL,
  rate_bp        integer NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 1000),
  PRIMARY KEY (merchant_code, level, game_type),
  FOREIGN KEY (merchant_code, level) REFERENCES vip_level (merchant_code, level)
);

-- The brand's rebate rule; a brand without a row pays no rebates.
CREATE TABLE rebate_rule (
  merchant_code      text PRIMARY KEY REFERENCES merchant (code),
  min_payout         bigint NOT NULL CHECK (min_payout > 0),
  -- The most one day pays a member (null: no cap).
  daily_cap          bigint CHECK (daily_cap IS NULL OR daily_cap > 0),
  turnover_multiple  integer NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0 AND turnover_multiple <= 100),
  enabled            boolean NOT NULL DEFAULT true
);

-- A member's level and lifetime figures; a member without a row is at level 0. Levels never go
-- down. `turnover` is the valid turnover of the member's bets settled before the brand's
-- vip_cursor.settled_to (the VIP job adds each window once, under the cursor's lock); `deposits`
-- is the lifetime approved deposits as last counted. `dirty`: the figures changed since the level
-- was last evaluated (the job evaluates these, so a crash between the two loses nothing).
CREATE TABLE member_vip (
  member_id      bigint PRIMARY KEY REFERENCES member (id),
  merchant_code  text NOT NULL,
  level          integer NOT NULL DEFAULT 0 CHECK (level >= 0),
  reached_at     timestamptz,
  turnover       bigint NOT NULL DEFAULT 0 CHECK (turnover >= 0),
  deposits       bigint NOT NULL DEFAULT 0 CHECK (deposits >= 0),
  dirty          boolean NOT NULL DEFAULT false,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_vip_dirty_idx ON member_vip (merchant_code, member_id) WHERE dirty;

-- How far each brand's settled bets and credited deposits have been counted into member_vip.
-- One VIP pass per brand at a time: the pass locks this row (SKIP LOCKED: another instance's pass
-- leaves the brand alone).
CREATE TABLE vip_cursor (
  merchant_code  text PRIMARY KEY REFERENCES merchant (code),
  settled_to     timestamptz NOT NULL,
  deposits_to    timestamptz NOT NULL
);

-- One row per level a member reached: an upgrade is paid once (the ledger reference VIP:<level>:<member>
-- is unique as well).
CREATE TABLE vip_upgrade (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL REFERENCES member (id),
  level          integer NOT NULL,
  bonus          bigint NOT NULL CHECK (bonus >= 0),
  entry_id       bigint REFERENCES ledger_entry (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vip_upgrade_once UNIQUE (member_id, level),
  CONSTRAINT vip_upgrade_paid CHECK ((bonus > 0) = (entry_id IS NOT NULL))
);

-- A brand credited deposits by when they were credited (the VIP pass looks for new ones).
CREATE INDEX deposit_credited_idx ON deposit (merchant_code, updated_at) WHERE status IN ('APPROVED', 'ARRIVED');

-- One row per (member, brand-zone day): the lock every payout of that day takes first, so manual
-- claims and the daily job never pay the same rebate twice. `claimed` is what manual claims paid;
-- `paid` what the daily job paid once the day ended (status SETTLED: nothing more for that day).
CREATE TABLE rebate_day (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL REFERENCES member (id),
  day            text NOT NULL CHECK (day ~ '^\d{4}-\d{2}-\d{2}$'),
  turnover       bigint NOT NULL DEFAULT 0,
  rebate         bigint NOT NULL DEFAULT 0 CHECK (rebate >= 0),
  claimed        bigint NOT NULL DEFAULT 0 CHECK (claimed >= 0),
  paid           bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
  status         text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SETTLED')),
  settled_at     timestamptz,
  CONSTRAINT rebate_day_once UNIQUE (member_id, day)
);

-- Every rebate paid: a manual claim or the daily job's payout of a day's rest.
CREATE TABLE rebate_payout (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL REFERENCES member (id),
  day            text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('MANUAL', 'DAILY')),
  turnover       bigint NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  reference      text NOT NULL,
  entry_id       bigint NOT NULL REFERENCES ledger_entry (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rebate_payout_reference_unique UNIQUE (merchant_code, reference)
);
CREATE INDEX rebate_payout_member_idx ON rebate_payout (member_id, created_at DESC);

-- A brand's day the daily job has finished (every member's row SETTLED): later passes skip it.
CREATE TABLE rebate_run (
  merchant_code  text NOT NULL REFERENCES merchant (code),
  day            text NOT NULL,
  members        integer NOT NULL,
  paid           bigint NOT NULL,
  finished_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, day)
);
