-- Player protection (modules/protection/README.md): limits on deposits, losses, wagering and
-- session time with their cooling-off, time-outs and self-exclusions, and the history of every
-- change, which members see and nobody may rewrite.

-- The brand's rules: how long a loosening waits, the reality-check default, the exclusion terms it
-- offers, the minimum age, and which brands share one operator (an exclusion "across all brands"
-- reaches every brand of the group).
CREATE TABLE protection_settings (
  merchant_code          text PRIMARY KEY REFERENCES merchant (code) ON DELETE CASCADE,
  cooling_off_hours      int NOT NULL DEFAULT 24 CHECK (cooling_off_hours BETWEEN 0 AND 720),
  reality_check_minutes  int CHECK (reality_check_minutes BETWEEN 5 AND 240),
  min_age                int NOT NULL DEFAULT 18 CHECK (min_age BETWEEN 18 AND 25),
  exclusion_terms        text[] NOT NULL DEFAULT '{6M,1Y,5Y,PERMANENT}'
    CHECK (exclusion_terms <@ ARRAY['6M', '1Y', '5Y', 'PERMANENT'] AND cardinality(exclusion_terms) > 0),
  -- Where limits are offered to a new member besides the member centre.
  offer_limits           text NOT NULL DEFAULT 'NONE' CHECK (offer_limits IN ('NONE', 'REGISTRATION', 'FIRST_DEPOSIT')),
  operator_group         text,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  updated_by             text
);

-- One row per member, kind and period. amount applies now (minor units; minutes for SESSION);
-- a raise or removal waits in pending_* until pending_from, then the member confirms it.
CREATE TABLE protection_limit (
  member_id      bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS', 'WAGER', 'SESSION')),
  -- D day, W week, M month (brand time zone); S: per session, for SESSION only.
  period         text NOT NULL CHECK (period IN ('D', 'W', 'M', 'S')),
  amount         bigint CHECK (amount > 0),
  pending        boolean NOT NULL DEFAULT false,
  pending_amount bigint CHECK (pending_amount > 0),
  pending_from   timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CHECK ((kind = 'SESSION') = (period = 'S')),
  CHECK (pending = (pending_from IS NOT NULL)),
  CHECK (pending OR pending_amount IS NULL),
  -- A row that limits nothing and waits for nothing is deleted instead.
  CHECK (amount IS NOT NULL OR pending)
);

-- Time-outs and self-exclusions. ends_at null: permanent. A member returns only after ends_at,
-- through a request that waits the cooling-off (return_from); returned_at closes the row.
CREATE TABLE protection_exclusion (
  id             bigserial PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('TIMEOUT', 'SELF_EXCLUSION')),
  term           text NOT NULL,
  starts_at      timestamptz NOT NULL DEFAULT now(),
  ends_at        timestamptz,
  all_brands     boolean NOT NULL DEFAULT false,
  return_from    timestamptz,
  returned_at    timestamptz,
  CHECK (kind = 'SELF_EXCLUSION' OR ends_at IS NOT NULL),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
-- A member has at most one exclusion in force.
CREATE UNIQUE INDEX protection_exclusion_open ON protection_exclusion (member_id) WHERE returned_at IS NULL;

-- Every change to a limit or an exclusion, as the member and staff see it in the history.
CREATE TABLE protection_event (
  id             bigserial PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES member (id),
  merchant_code  text NOT NULL,
  at             timestamptz NOT NULL DEFAULT now(),
  action         text NOT NULL,
  detail         jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- MEMBER, or the staff member or job that acted.
  actor          text NOT NULL
);
CREATE INDEX protection_event_member ON protection_event (member_id, id DESC);

CREATE FUNCTION protection_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the protection history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER protection_event_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON protection_event
  FOR EACH STATEMENT EXECUTE FUNCTION protection_history_append_only();
