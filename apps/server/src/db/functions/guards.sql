-- Rules the database enforces whatever the code does: append-only tables (triggers), the agreed
-- terms of an agent contract (trigger) and a brand's lottery return map (a CHECK constraint).
-- The triggers and the constraint that call these were created by their migrations.

-- Append-only: ledger entries, postings and point entries are never updated or deleted; a
-- correction is a new entry.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

-- The agreed text of an agent contract is immutable: only the state columns may change.
CREATE OR REPLACE FUNCTION agent_contract_terms_immutable() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.terms_text IS DISTINCT FROM OLD.terms_text OR NEW.terms IS DISTINCT FROM OLD.terms
     OR NEW.version IS DISTINCT FROM OLD.version OR NEW.period IS DISTINCT FROM OLD.period
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.member_id IS DISTINCT FROM OLD.member_id
     OR NEW.upline_id IS DISTINCT FROM OLD.upline_id OR NEW.max_rate_bp IS DISTINCT FROM OLD.max_rate_bp THEN
    RAISE EXCEPTION 'agent_contract %: agreed terms never change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

-- A brand's target lottery return per prize mode (merchant.lottery_rtp_bp, CHECK
-- merchant_lottery_rtp_bp_valid): a CHECK cannot hold a subquery, so the rule is an immutable
-- function over the value. Keys are the prize modes (contracts PRIZE_MODES), values whole basis
-- points from 8000 (80%) to 9900 (99%) (platform/brand.ts LOTTERY_RTP_BP_MIN / _MAX). CASE keeps
-- casts away from values of other types. A CHECK is not re-validated when its function changes:
-- a stricter rule here needs a migration that fixes or refuses the rows already stored.
CREATE OR REPLACE FUNCTION lottery_rtp_bp_valid(m jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE
    WHEN m IS NULL OR jsonb_typeof(m) <> 'object' THEN false
    ELSE NOT EXISTS (
      SELECT 1 FROM jsonb_each(m) AS e(k, v)
      WHERE NOT CASE
        WHEN e.k NOT IN ('Lott', 'ZY', 'Elott', 'SEA') OR jsonb_typeof(e.v) <> 'number' THEN false
        ELSE (e.v #>> '{}')::numeric BETWEEN 8000 AND 9900
             AND (e.v #>> '{}')::numeric = trunc((e.v #>> '{}')::numeric)
      END
    )
  END
$$;

-- Append-only: the history of members' limits and exclusions (what they and the regulator see).
CREATE OR REPLACE FUNCTION protection_history_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'the protection history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

-- Append-only: the history of members' identity verification (submissions, decisions, flags).
CREATE OR REPLACE FUNCTION kyc_history_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'the verification history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;

-- Append-only: the history of an anti-money-laundering case (what the regulator may ask for).
CREATE OR REPLACE FUNCTION aml_history_append_only() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION 'the AML case history is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
