-- Maker-checker for withdrawals: a payment at or above the brand's threshold waits in
-- approval_request (kind WITHDRAWAL) for a second staff member. amount is the payment asked for
-- (minor units, > 0); the withdrawal it pays is withdrawal_id. A withdrawal has at most one open
-- request: the unique index refuses a second one however the two approvals race.
ALTER TABLE approval_request DROP CONSTRAINT approval_request_kind_check;
ALTER TABLE approval_request ADD CONSTRAINT approval_request_kind_check
  CHECK (kind IN ('ADJUSTMENT', 'WITHDRAWAL'));
ALTER TABLE approval_request ADD COLUMN withdrawal_id bigint REFERENCES withdrawal (id);
-- A full payment needs no reason; an adjustment always has one.
ALTER TABLE approval_request ALTER COLUMN reason DROP NOT NULL;
ALTER TABLE approval_request ADD CONSTRAINT approval_request_kind_shape CHECK (
  (kind = 'ADJUSTMENT' AND withdrawal_id IS NULL AND reason IS NOT NULL)
  OR (kind = 'WITHDRAWAL' AND withdrawal_id IS NOT NULL AND amount > 0)
);
CREATE UNIQUE INDEX approval_request_withdrawal_open ON approval_request (withdrawal_id)
  WHERE state IN ('PENDING', 'APPROVING');
-- The last request on each withdrawal, for the queue's rows.
CREATE INDEX approval_request_withdrawal_idx ON approval_request (withdrawal_id, id DESC)
  WHERE withdrawal_id IS NOT NULL;

-- The operators' queue: newest first, by brand, with or without a status and a time window.
CREATE INDEX withdrawal_brand_created_idx ON withdrawal (merchant_code, created_at DESC, id DESC);
-- The risk signal "first payout to this account number": earlier paid withdrawals by account.
CREATE INDEX withdrawal_paid_account_idx ON withdrawal (payout_account_id, created_at)
  WHERE status IN ('PAID', 'PARTIAL');
