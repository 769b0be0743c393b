-- What the players and rewards reports read by brand and time (modules/reports/README.md):
-- first deposits by brand and local day, points moved by brand and instant, mission claims by
-- brand and instant, and a brand's paid participations (only those have a ledger entry).
CREATE INDEX IF NOT EXISTS dashboard_first_deposit_brand_day_idx ON dashboard_first_deposit (merchant_code, day);
CREATE INDEX IF NOT EXISTS point_entry_brand_created_idx ON point_entry (merchant_code, created_at);
CREATE INDEX IF NOT EXISTS mission_claim_brand_claimed_idx ON mission_claim (merchant_code, claimed_at);
CREATE INDEX IF NOT EXISTS promotion_participation_paid_idx ON promotion_participation (merchant_code, entry_id)
  WHERE entry_id IS NOT NULL;
