-- A brand's cashier rules set from the back office. withdrawal_approval_threshold (minor units):
-- a withdrawal approval at or above it needs a second staff member (0 = every withdrawal).
-- A brand without a row uses the default 0: no withdrawal is paid by one person unless the brand
-- chooses a threshold.
CREATE TABLE cashier_settings (
  merchant_code                 text PRIMARY KEY REFERENCES merchant (code) ON DELETE CASCADE,
  withdrawal_approval_threshold bigint NOT NULL CHECK (withdrawal_approval_threshold >= 0),
  updated_by                    text NOT NULL,
  updated_at                    timestamptz NOT NULL DEFAULT now()
);

-- Maker-checker: a manual adjustment waits here until a second staff member decides it.
-- APPROVING is held only while the approver's ledger posting runs (claimed by one UPDATE ...
-- WHERE state = 'PENDING', so two approvers cannot both claim it); the posting's reference
-- ADJUST:approval-<id> is idempotent, so a retry of an interrupted approval moves money once.
CREATE TABLE approval_request (
  id                bigserial PRIMARY KEY,
  merchant_code     text NOT NULL REFERENCES merchant (code),
  kind              text NOT NULL CHECK (kind IN ('ADJUSTMENT')),
  member_id         bigint NOT NULL REFERENCES member (id),
  -- Minor units, signed: a debit is negative.
  amount            bigint NOT NULL CHECK (amount <> 0),
  turnover_multiple int NOT NULL DEFAULT 0 CHECK (turnover_multiple BETWEEN 0 AND 100),
  reason            text NOT NULL,
  requested_kind    text NOT NULL CHECK (requested_kind IN ('STAFF', 'API_KEY', 'CLI')),
  requested_id      text NOT NULL,
  requested_by      text NOT NULL,
  requested_at      timestamptz NOT NULL DEFAULT now(),
  state             text NOT NULL DEFAULT 'PENDING'
                    CHECK (state IN ('PENDING', 'APPROVING', 'APPROVED', 'REJECTED')),
  decided_by        text,
  decided_at        timestamptz,
  decision_reason   text
);
CREATE INDEX approval_request_queue ON approval_request (merchant_code, state, id DESC);

-- The answers to back-office money decisions by the caller's Idempotency-Key: a repeat of the
-- same key by the same caller on the same route gets the stored answer and changes nothing; the
-- same key with another body is refused. Rows are kept a day (a click's retries come within it).
CREATE TABLE idempotency_record (
  merchant_code text NOT NULL REFERENCES merchant (code),
  actor         text NOT NULL,
  key           text NOT NULL,
  route         text NOT NULL,
  request_hash  text NOT NULL,
  response      jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, actor, key)
);
CREATE INDEX idempotency_record_created ON idempotency_record (created_at);
