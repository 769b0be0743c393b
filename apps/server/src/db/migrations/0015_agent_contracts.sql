-- Agent contracts, wages and dividends: the contracts agents agree with their direct
-- downline agents, and one settlement line per (contract, period).

CREATE TABLE agent_contract (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL REFERENCES merchant (code),
  kind            text NOT NULL CHECK (kind IN ('DIVIDEND', 'DAILY', 'HOURLY', 'REALTIME')),
  -- The offering upline; null: the platform (a top agent's contract, granted by the operator).
  upline_id       bigint REFERENCES member (id),
  member_id       bigint NOT NULL REFERENCES member (id),
  -- 1, 2, ... per (member, kind); with terms and terms_text it is what both sides agreed to and
  -- never changes (trigger below).
  version         integer NOT NULL,
  period          text NOT NULL CHECK (period IN ('D', 'W', 'H', 'SM', 'M')),
  terms           jsonb NOT NULL,
  terms_text      text NOT NULL,
  -- The highest tier's rate in basis points: the contract's rate where the rules compare rates.
  max_rate_bp     integer NOT NULL CHECK (max_rate_bp > 0 AND max_rate_bp <= 10000),
  state           text NOT NULL DEFAULT 'PENDING'
                  CHECK (state IN ('PENDING', 'ACCEPTED', 'REJECTED', 'TERMINATED')),
  -- An open termination request on an ACCEPTED contract: who asked (the other side answers).
  termination_by  bigint REFERENCES member (id),
  termination_at  timestamptz,
  end_reason      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  accepted_at     timestamptz,
  ended_at        timestamptz,
  CONSTRAINT agent_contract_version_unique UNIQUE (member_id, kind, version),
  CONSTRAINT agent_contract_not_self CHECK (upline_id IS NULL OR upline_id <> member_id),
  CONSTRAINT agent_contract_termination_accepted CHECK (termination_by IS NULL OR state = 'ACCEPTED')
);
-- At most one contract in force and one offer awaiting an answer per (member, kind): two
-- concurrent offers or acceptances cannot both succeed.
CREATE UNIQUE INDEX agent_contract_one_accepted ON agent_contract (member_id, kind) WHERE state = 'ACCEPTED';
CREATE UNIQUE INDEX agent_contract_one_pending ON agent_contract (member_id, kind) WHERE state = 'PENDING';
CREATE INDEX agent_contract_upline_idx ON agent_contract (upline_id, kind);

-- The agreed text is immutable: only the state columns may change.
CREATE FUNCTION agent_contract_terms_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.terms_text IS DISTINCT FROM OLD.terms_text OR NEW.terms IS DISTINCT FROM OLD.terms
     OR NEW.version IS DISTINCT FROM OLD.version OR NEW.period IS DISTINCT FROM OLD.period
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.member_id IS DISTINCT FROM OLD.member_id
     OR NEW.upline_id IS DISTINCT FROM OLD.upline_id OR NEW.max_rate_bp IS DISTINCT FROM OLD.max_rate_bp THEN
    RAISE EXCEPTION 'agent_contract %: agreed terms never change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER agent_contract_terms_immutable BEFORE UPDATE ON agent_contract
  FOR EACH ROW EXECUTE FUNCTION agent_contract_terms_immutable();

-- One line per (contract, period): a second run of the same period (another instance, a retry)
-- finds it and pays nothing. The ledger entry's reference is built from the same pair.
CREATE TABLE agent_settlement (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL,
  contract_id     bigint NOT NULL REFERENCES agent_contract (id),
  kind            text NOT NULL,
  member_id       bigint NOT NULL REFERENCES member (id),
  payer_id        bigint REFERENCES member (id),
  -- D:2026-11-25, W:2026-11-23, H:2026-11-25T13, RT:2026-11-25@13:35 (a real-time accrual up to that time),
  -- SM:2026-11-1, M:2026-11.
  period_key      text NOT NULL,
  -- Real-time accruals of one day share it (D:...), so they can be summed against the day.
  day_key         text,
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  -- Team turnover (wages) or team loss (dividends) the line was computed from, minor units.
  base            bigint NOT NULL,
  active_members  integer NOT NULL,
  tier            integer NOT NULL,
  rate_bp         integer NOT NULL,
  -- The period's figure (real-time: the day's figure up to period_end).
  figure          bigint NOT NULL,
  -- What this line pays (real-time: the figure less what earlier accruals of the day paid).
  amount          bigint NOT NULL CHECK (amount >= 0),
  -- PAID (entry_id moved it), UNPAID (the upline could not pay; nothing moved), NONE (the period
  -- reached no tier or had no turnover/loss: kept so the period is not computed again, and shown).
  status          text NOT NULL CHECK (status IN ('PAID', 'UNPAID', 'NONE')),
  reason          text,
  entry_id        bigint REFERENCES ledger_entry (id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT agent_settlement_period_unique UNIQUE (contract_id, period_key),
  CONSTRAINT agent_settlement_paid_entry CHECK ((status = 'PAID') = (entry_id IS NOT NULL))
);
CREATE INDEX agent_settlement_member_idx ON agent_settlement (member_id, created_at);
CREATE INDEX agent_settlement_payer_idx ON agent_settlement (payer_id, created_at);
CREATE INDEX agent_settlement_day_idx ON agent_settlement (member_id, kind, day_key) WHERE day_key IS NOT NULL;
