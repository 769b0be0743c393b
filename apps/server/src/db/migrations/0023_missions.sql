-- Missions: a brand's daily and weekly missions counted from real play, and one claim per
-- (mission, member, period). Progress is not stored: it is counted from the betting record, the
-- deposits and the login events of the period whenever it is asked for.

CREATE TABLE mission (
  id                bigserial PRIMARY KEY,
  merchant_code     text NOT NULL REFERENCES merchant (code),
  -- The operator's name for the mission, unique per brand (the demo seed inserts what is missing by it).
  code              text NOT NULL,
  -- DAILY resets at local midnight, WEEKLY on Monday at local midnight, in the brand's time zone.
  period            text NOT NULL CHECK (period IN ('DAILY', 'WEEKLY')),
  metric            text NOT NULL CHECK (metric IN ('TURNOVER', 'WINS', 'DEPOSIT', 'LOGIN')),
  -- TURNOVER and WINS may count one game type only; null counts every game.
  game_type         text CHECK (game_type IS NULL OR metric IN ('TURNOVER', 'WINS')),
  -- WARNING: minor units for TURNOVER and DEPOSIT (10000 is 100.00), a plain count for WINS (bets)
  -- and LOGIN (days).
  target            bigint NOT NULL CHECK (target > 0),
  -- Minor units, paid through the bonus service with a turnover requirement of reward x multiple.
  reward            bigint NOT NULL CHECK (reward > 0),
  turnover_multiple int NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
  title             jsonb NOT NULL,
  description       jsonb NOT NULL DEFAULT '{}',
  sort              int NOT NULL DEFAULT 0,
  active            boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mission_code_unique UNIQUE (merchant_code, code),
  -- A day has one login day, a week at most seven: a larger target could never be reached.
  CONSTRAINT mission_login_target CHECK (metric <> 'LOGIN' OR target <= CASE period WHEN 'DAILY' THEN 1 ELSE 7 END)
);
CREATE INDEX mission_active_idx ON mission (merchant_code, sort, id) WHERE active;

-- One claim per (mission, member, period): the reward's ledger entry has the reference
-- MISSION:<mission id>:<member id>:<period key>, unique per brand, written in the same transaction.
CREATE TABLE mission_claim (
  id                bigserial PRIMARY KEY,
  merchant_code     text NOT NULL REFERENCES merchant (code),
  mission_id        bigint NOT NULL REFERENCES mission (id),
  member_id         bigint NOT NULL REFERENCES member (id),
  -- D:2026-11-25 (a day) or W:2026-11-23 (a week, by its Monday), in the brand's zone.
  period_key        text NOT NULL,
  -- The week the period falls in (W:...): what the leaderboard counts by.
  week_key          text NOT NULL CHECK (week_key LIKE 'W:%'),
  -- What was paid (the mission's reward and turnover at the time of the claim), minor units.
  amount            bigint NOT NULL CHECK (amount > 0),
  turnover_required bigint NOT NULL CHECK (turnover_required >= 0),
  entry_id          bigint NOT NULL REFERENCES ledger_entry (id),
  claimed_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mission_claim_once UNIQUE (mission_id, member_id, period_key)
);
CREATE INDEX mission_claim_member_idx ON mission_claim (member_id, period_key);
CREATE INDEX mission_claim_week_idx ON mission_claim (merchant_code, week_key);
