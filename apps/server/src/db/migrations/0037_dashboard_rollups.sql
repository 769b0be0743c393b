-- The back-office dashboard's roll-ups (modules/dashboard/README.md): per brand and local day,
-- kept up to date by a job that reads ledger entries after a stored watermark. Nothing here runs
-- on the hot path: no trigger; the ledger only gains a column default.

-- The transaction that wrote each entry. Entry ids are taken from a sequence before commit, so
-- an entry with a smaller id can become visible after one with a larger id: a watermark on ids
-- alone would skip it for good. Every transaction whose id is below the current snapshot's xmin
-- has finished, so "txid < xmin" is a prefix of the ledger that never grows again, and the job
-- walks it in (txid, id) order. xid8 is 64-bit: it never wraps around.
-- The volatile default rewrites the table once: entries written before this migration carry the
-- migration's own transaction id, which is committed when the job first runs.
ALTER TABLE ledger_entry ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX ledger_entry_txid_idx ON ledger_entry (txid, id);

-- Where the roll-up has read up to: the last (txid, id) it folded in. One row per roll-up; the job
-- locks it (FOR UPDATE) for each batch, so two instances never fold the same entries twice.
CREATE TABLE dashboard_rollup_state (
  name          text PRIMARY KEY,
  last_txid     xid8 NOT NULL DEFAULT '0',
  last_entry_id bigint NOT NULL DEFAULT 0,
  -- Entries folded in so far (for operators watching the job).
  entries       bigint NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);
INSERT INTO dashboard_rollup_state (name) VALUES ('ledger');

-- Money per brand per local day (the brand's time zone), minor units. Definitions in the
-- dashboard module's README.
CREATE TABLE dashboard_day (
  merchant_code text NOT NULL,
  day           date NOT NULL,
  deposits      bigint NOT NULL DEFAULT 0,
  withdrawals   bigint NOT NULL DEFAULT 0,
  turnover      bigint NOT NULL DEFAULT 0,
  ggr           bigint NOT NULL DEFAULT 0,
  bonus_cost    bigint NOT NULL DEFAULT 0,
  -- Members who bet that day (distinct); a period's active players are in dashboard_member_year.
  active        integer NOT NULL DEFAULT 0,
  -- Members whose first credited deposit is that day (moved when an earlier one turns up).
  first_deposits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, day)
);

-- Who bet on which local day. The roll-up counts a member-day once (the row is new) into
-- dashboard_day.active and sets its bit in dashboard_member_year.
CREATE TABLE dashboard_member_day (
  merchant_code text NOT NULL,
  day           date NOT NULL,
  member_id     bigint NOT NULL,
  PRIMARY KEY (merchant_code, day, member_id)
);

-- The days of a year each member bet on, one bit per day (bit 0: 1 January). Active players of
-- a period (distinct members, which per-day counts cannot give) are the members with a bit set
-- inside it: one row per member and year to read, not one per member and day.
CREATE TABLE dashboard_member_year (
  merchant_code text NOT NULL,
  year          integer NOT NULL,
  member_id     bigint NOT NULL,
  days          bit(366) NOT NULL,
  PRIMARY KEY (merchant_code, year, member_id)
);

-- The local day of each member's first credited deposit (what dashboard_day.first_deposits counts).
CREATE TABLE dashboard_first_deposit (
  member_id     bigint PRIMARY KEY,
  merchant_code text NOT NULL,
  day           date NOT NULL
);

-- New players of a period come from the members table itself.
CREATE INDEX member_brand_created_idx ON member (merchant_code, created_at);

-- The operator-side accounts (house, clearing, expenses: a few per brand), which the roll-up
-- joins every posting against; member accounts are created once per member, so this index costs
-- nothing on the hot path.
CREATE INDEX ledger_account_operator_idx ON ledger_account (id) INCLUDE (kind) WHERE NOT tracked;
