-- Hub88 pays one round in as many wins as the game makes (free spins, a bonus after the first
-- win), each with its own transaction_uuid naming the same bet: every one is answered RS_OK once.
-- The first win of a bet settles it; each later one is a further payout on the settled bet
-- (BetService.addPayout). Which win settles is decided here, before any money moves: the first to
-- claim the bet. A retry of that win settles again (a repeat in the ledger); any other win, even
-- with the same amount, is a further payout under its own uuid.
DROP INDEX IF EXISTS hub88_transaction_one_win;

CREATE TABLE hub88_bet_settler (
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  -- The bet's transaction_uuid.
  bet_uuid       text NOT NULL,
  -- The win that settles it, or `round:<win uuid>` when a win closing the round settled it with
  -- no payout (its other bets nothing named).
  settler        text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, bet_uuid)
);

-- Bets settled before this table: by their one win, or with no payout by a win closing the round.
INSERT INTO hub88_bet_settler (merchant_code, bet_uuid, settler)
SELECT t.merchant_code, t.reference_uuid, t.transaction_uuid
  FROM hub88_transaction t
 WHERE t.kind = 'WIN' AND t.reference_uuid IS NOT NULL
ON CONFLICT DO NOTHING;
INSERT INTO hub88_bet_settler (merchant_code, bet_uuid, settler)
SELECT t.merchant_code, t.transaction_uuid, 'round:' || t.round
  FROM hub88_transaction t
  JOIN bet_record b ON b.merchant_code = t.merchant_code AND b.vendor_code = t.vendor_code
                   AND b.round_id = t.transaction_uuid
 WHERE t.kind = 'BET' AND b.status = 'SETTLED'
ON CONFLICT DO NOTHING;
