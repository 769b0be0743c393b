-- A house engine for every category. The house vendor's live, fishing, card, sports and
-- esports games get their engines; the cockfight vendors (simulated studios) play on the house
-- cockfight engine under their own names and wallets.
ALTER TABLE game DROP CONSTRAINT IF EXISTS game_engine_check;
ALTER TABLE game ADD CONSTRAINT game_engine_check
  CHECK (engine IN ('SLOT', 'BACCARAT', 'FISH', 'CARDS', 'SPORTSBOOK', 'COCKFIGHT'));

-- Databases seeded before this migration: the demo seed inserts games once, so set them here.
UPDATE game SET engine = 'BACCARAT' WHERE vendor_code = 'HOUSE' AND game_type = 'LIVE' AND engine IS NULL;
UPDATE game SET engine = 'FISH' WHERE vendor_code = 'HOUSE' AND game_type = 'FISH' AND engine IS NULL;
UPDATE game SET engine = 'CARDS' WHERE vendor_code = 'HOUSE' AND game_type = 'PVP' AND engine IS NULL;
UPDATE game SET engine = 'SPORTSBOOK'
  WHERE vendor_code = 'HOUSE' AND game_type IN ('SPORTS', 'ESPORTS') AND engine IS NULL;
UPDATE game SET engine = 'COCKFIGHT'
  WHERE vendor_code IN ('DS88', 'DIG', 'WS168') AND game_type = 'COCKFIGHT' AND engine IS NULL;
