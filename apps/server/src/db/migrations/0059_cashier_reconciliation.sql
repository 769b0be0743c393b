-- Reconciliation of a payment provider's settlement file against our orders
-- (modules/reports/README.md, "Cashier"): one run per uploaded file, one line per row of the file
-- and per order of ours the file lacks. Runs and lines are written once, in the transaction that
-- writes the upload's audit row, and never changed.
CREATE TABLE reconciliation_run (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  provider      text NOT NULL,
  -- The brand-local days (both included) whose orders of ours the file is held against.
  period_from   date NOT NULL,
  period_to     date NOT NULL,
  file_name     text NOT NULL,
  file_sha256   text NOT NULL,
  file_lines    integer NOT NULL,
  matched       integer NOT NULL,
  mismatched    integer NOT NULL,
  -- Lines per mismatch kind: {"MISSING_OURS": 2, "AMOUNT": 1, ...}.
  kinds         jsonb NOT NULL,
  created_by    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_run_brand_idx ON reconciliation_run (merchant_code, id DESC);

CREATE TABLE reconciliation_line (
  run_id          bigint NOT NULL REFERENCES reconciliation_run (id),
  -- File lines first, in file order, then our orders missing from the file.
  seq             integer NOT NULL,
  -- The line number in the file (the header is line 1); null for an order only we have.
  file_line       integer,
  -- Empty when the line matches; else MISSING_OURS, MISSING_FILE, AMOUNT, FEE, STATUS, DUPLICATE.
  issues          text[] NOT NULL,
  -- DEPOSIT or PAYOUT: which of our records it matched (null when none).
  direction       text,
  order_no        text,
  provider_ref    text,
  file_amount     bigint,
  our_amount      bigint,
  file_fee        bigint,
  our_fee         bigint,
  file_status     text,
  our_status      text,
  file_time       timestamptz,
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX reconciliation_line_issues_idx ON reconciliation_line (run_id, seq) WHERE issues <> '{}';

-- A settlement file names an order by the provider's reference as often as by ours.
CREATE INDEX deposit_provider_ref_idx ON deposit (provider_ref) WHERE provider_ref IS NOT NULL;
CREATE INDEX withdrawal_provider_payout_ref_idx ON withdrawal_provider_payout (provider_ref)
  WHERE provider_ref IS NOT NULL;
-- Our orders of one provider in a period (the lines the file lacks).
CREATE INDEX withdrawal_provider_payout_brand_idx ON withdrawal_provider_payout (merchant_code, provider, created_at);
