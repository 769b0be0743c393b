-- Hub88 (modules/providers/hub88/README in modules/providers/README.md): the game sessions our
-- launch opens (Hub88 names them by `token` in every wallet call) and the wallet transactions
-- Hub88 sent us, with the answer we gave, so a repeat gets the identical answer.
CREATE TABLE hub88_session (
  -- Random, unguessable; Hub88 sends it back in user/balance and every transaction.
  token          text PRIMARY KEY CHECK (length(token) BETWEEN 10 AND 255),
  merchant_code  text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  member_id      bigint NOT NULL REFERENCES member (id),
  -- The catalogue vendor (studio) of the launched game: the bets of the session are its bets.
  vendor_code    text NOT NULL,
  game_code      text NOT NULL,
  -- ISO 4217, the brand's Hub88 currency when the game was launched (fixed for the session).
  currency       text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  -- Bets after this are refused (RS_ERROR_TOKEN_EXPIRED); wins and rollbacks are still taken.
  expires_at     timestamptz NOT NULL
);
CREATE INDEX hub88_session_expiry ON hub88_session (expires_at);

CREATE TABLE hub88_transaction (
  merchant_code    text NOT NULL REFERENCES merchant (code) ON DELETE CASCADE,
  transaction_uuid text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('BET', 'WIN', 'ROLLBACK')),
  member_id        bigint NOT NULL REFERENCES member (id),
  vendor_code      text NOT NULL,
  -- WIN and ROLLBACK: the bet's transaction_uuid.
  reference_uuid   text,
  round            text NOT NULL,
  -- SHA-256 of what makes the transaction (kind, user, amounts, currency, reference): a repeat
  -- with another digest is RS_ERROR_DUPLICATE_TRANSACTION.
  digest           text NOT NULL,
  -- The signed answer's body, given again to a repeat.
  response         jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, transaction_uuid)
);
CREATE INDEX hub88_transaction_reference ON hub88_transaction (merchant_code, reference_uuid)
  WHERE reference_uuid IS NOT NULL;
-- A bet is settled once in the ledger: one win answered RS_OK per bet. Two wins racing for one bet
-- cannot both be acknowledged (the second would be a repeat in the ledger, booked nothing).
CREATE UNIQUE INDEX hub88_transaction_one_win ON hub88_transaction (merchant_code, reference_uuid)
  WHERE kind = 'WIN';
