-- Withdrawals paid through a payment provider's payouts API (modules/cashier/README.md, "Provider
-- payouts"). The approved payment leaves the member's withdrawal hold for PAYOUT_CLEARING in the
-- transaction that records the payout here; the provider's final word moves it on (SUCCEEDED: to
-- payment clearing, as a manual payment) or back to the member (FAILED, CANCELLED, REVERSED).

-- Money sent to a provider whose outcome is not known yet: an operator account (untracked).
ALTER TABLE ledger_account DROP CONSTRAINT IF EXISTS ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
  'MAIN', 'VENDOR', 'WITHDRAW_HOLD', 'BET_HOLD',
  'HOUSE', 'PAYMENT_CLEARING', 'PROMOTION_EXPENSE', 'WAGE_EXPENSE',
  'ADJUSTMENT', 'TRIAL_FUND', 'PAYOUT_CLEARING'));

CREATE TABLE withdrawal_provider_payout (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL,
  withdrawal_id   bigint NOT NULL REFERENCES withdrawal (id),
  provider        text NOT NULL,
  -- Ours: the provider's reference_id and the Idempotency-key of every create of this payout.
  reference       text NOT NULL UNIQUE,
  amount          bigint NOT NULL CHECK (amount > 0),
  currency        text NOT NULL,
  channel_code    text NOT NULL,
  -- The account as it was when the payment was approved (what the provider was asked to pay).
  account_no      text NOT NULL,
  account_name    text NOT NULL,
  -- IN_FLIGHT: the money sits in PAYOUT_CLEARING; the others are final (REVERSED after SUCCEEDED).
  state           text NOT NULL DEFAULT 'IN_FLIGHT'
                    CHECK (state IN ('IN_FLIGHT', 'SUCCEEDED', 'FAILED', 'REVERSED')),
  provider_ref    text,
  -- The provider's own status word and failure code, for the back office.
  provider_status text,
  failure_code    text,
  operator        text NOT NULL,
  create_entry_id bigint NOT NULL REFERENCES ledger_entry (id),
  -- The withdrawal payout a success became, and the entry that returned the money to the member.
  payout_id       bigint REFERENCES withdrawal_payout (id),
  return_entry_id bigint REFERENCES ledger_entry (id),
  attempts        int NOT NULL DEFAULT 0,
  last_sent_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
-- One payment in flight per withdrawal: no second decision to pay while the first is unknown.
CREATE UNIQUE INDEX withdrawal_provider_payout_in_flight ON withdrawal_provider_payout (withdrawal_id)
  WHERE state = 'IN_FLIGHT';
CREATE INDEX withdrawal_provider_payout_withdrawal_idx ON withdrawal_provider_payout (withdrawal_id);
CREATE INDEX withdrawal_provider_payout_open_idx ON withdrawal_provider_payout (merchant_code, created_at)
  WHERE state = 'IN_FLIGHT';

-- Notifications already applied, by the provider's event id: a repeat is answered and ignored.
CREATE TABLE provider_payout_event (
  provider      text NOT NULL,
  event_id      text NOT NULL,
  merchant_code text NOT NULL,
  reference     text NOT NULL,
  status        text NOT NULL,
  received_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
