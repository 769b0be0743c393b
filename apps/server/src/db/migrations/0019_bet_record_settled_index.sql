-- Settled bets by brand and settlement time: what the engagement features count (daily
-- rebates and points by valid turnover, missions, VIP progress, reports by period).
--
-- It replaces the winner board's index (settled wins only): the board reads the newest settled bets
-- of a brand backwards on this one and skips the losses, about two index entries per win shown,
-- while a settlement still writes to one index here, not two (bet_settle_batch() is the hot path).
DROP INDEX bet_record_winner_idx;
CREATE INDEX bet_record_settled_idx ON bet_record (merchant_code, settled_at) WHERE status = 'SETTLED';
