-- The back office's deposit queue. decided_at is when the order left PENDING (an operator's
-- decision or the gateway's notification); provider_status is the gateway's own status from the
-- notification that settled an ONLINE order (with gateway_txn, its transaction), null for bank
-- transfers and for online orders the gateway has not told us about.
ALTER TABLE deposit
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN provider_status text CHECK (provider_status IN ('SUCCESS', 'FAILED')),
  ADD COLUMN provider_notified_at timestamptz;

-- Orders settled before these columns: a deposit changes once, so updated_at is its decision time,
-- and ARRIVED / FAILED come only from a gateway notification of that status.
UPDATE deposit SET decided_at = updated_at WHERE status <> 'PENDING';
UPDATE deposit
   SET provider_status = CASE status WHEN 'ARRIVED' THEN 'SUCCESS' ELSE 'FAILED' END,
       provider_notified_at = updated_at
 WHERE status IN ('ARRIVED', 'FAILED');

-- The queue lists a brand's orders newest first, with or without a status filter (the status one
-- replaces deposit_status_idx, whose ascending time order the queue never reads).
CREATE INDEX deposit_queue_idx ON deposit (merchant_code, created_at DESC, id DESC);
CREATE INDEX deposit_queue_status_idx ON deposit (merchant_code, status, created_at DESC, id DESC);
DROP INDEX deposit_status_idx;
