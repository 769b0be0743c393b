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
