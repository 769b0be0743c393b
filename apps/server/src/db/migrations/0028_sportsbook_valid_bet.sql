-- A sportsbook single's valid turnover is decided when it settles: its share of the member's net
-- exposure on its market (a member's bets on the other selections of the same market cover it).
-- Stored with the settlement so a credit completed later (the sweeper after a crash) reports the
-- same figure; the wallet refuses a repeat credit with another one. NULL: the stake counts (a
-- parlay, a cash-out, a void bet, bets settled before this column existed).
ALTER TABLE sportsbook_bet ADD COLUMN valid_bet bigint CHECK (valid_bet >= 0);
