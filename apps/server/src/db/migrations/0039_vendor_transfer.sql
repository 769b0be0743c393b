-- Transfer-wallet game vendors (modules/wallet/README.md, vendor transfers): every move of a
-- member's money to or from a vendor that keeps the balance on its side, under our own unique
-- reference, so a call that timed out is asked about later and never made twice.
CREATE TABLE vendor_transfer (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL REFERENCES merchant (code),
  member_id      bigint NOT NULL REFERENCES member (id),
  vendor_code    text NOT NULL,
  -- The adapter the move was made through (the vendor row's adapter at that moment).
  adapter        text NOT NULL,
  -- What the vendor knows the move by: unique, sent with every call and every status query.
  reference      text NOT NULL UNIQUE,
  -- The member's request it belongs to (a recall of every vendor wallet is one request, many moves).
  request_key    text NOT NULL,
  -- What the request asked for, compared with a retry of the same key.
  request        jsonb NOT NULL,
  direction      text NOT NULL CHECK (direction IN ('DEPOSIT', 'WITHDRAW')),
  amount         bigint NOT NULL CHECK (amount > 0),
  -- PENDING: no answer from the vendor yet; REVIEW: the reconciliation gave up, an operator decides.
  state          text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'DONE', 'FAILED', 'REVIEW')),
  -- The ledger entry that moved our side (a deposit's at creation, a withdrawal's once DONE).
  entry_reference text,
  -- The entry that gave a failed deposit back to main (once).
  reversal_reference text,
  attempts       int NOT NULL DEFAULT 0,
  last_error     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vendor_transfer_request_idx ON vendor_transfer (request_key);
CREATE INDEX vendor_transfer_pending_idx ON vendor_transfer (created_at) WHERE state = 'PENDING';
CREATE INDEX vendor_transfer_member_idx ON vendor_transfer (member_id, vendor_code) WHERE state = 'PENDING';

-- Round-history sync: per brand and adapter, the end of the last window whose rounds are stored.
CREATE TABLE vendor_round_sync (
  merchant_code  text NOT NULL REFERENCES merchant (code),
  adapter        text NOT NULL,
  synced_to      timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, adapter)
);

-- Every vendor names the adapter that serves it (the seeds do): no implicit simulated studio.
ALTER TABLE vendor ALTER COLUMN adapter DROP DEFAULT;
