-- The business report's drill-down from a game to its bets (modules/reports/README.md, Business):
-- one game's bets of a brand in a period, newest first, read a page at a time by (placed_at, id).
-- Without it a page of a quiet game scans every bet of the brand in the period.
CREATE INDEX IF NOT EXISTS bet_record_game_placed_idx
  ON bet_record (merchant_code, vendor_code, game_code, placed_at, id);
