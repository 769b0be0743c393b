-- The house games' progressive jackpot (modules/providers/house/jackpot/README.md): one pool per
-- brand, funded by a published share of each eligible stake and won by a published chance per
-- spin. Its money is a ledger account of its own (JACKPOT_POOL, operator side, untracked like
-- HOUSE); the shards below are that account's balance, spread over a few rows so that concurrent
-- spins do not all wait on one.

ALTER TABLE ledger_account DROP CONSTRAINT IF EXISTS ledger_account_kind_check;
ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
  'MAIN', 'VENDOR', 'WITHDRAW_HOLD', 'BET_HOLD',
  'HOUSE', 'PAYMENT_CLEARING', 'PROMOTION_EXPENSE', 'WAGE_EXPENSE',
  'ADJUSTMENT', 'TRIAL_FUND', 'PAYOUT_CLEARING', 'JACKPOT_POOL'));

-- A pool. `pool` names it within the brand ('ALL': the brand-wide pool every eligible game feeds;
-- a game group's pool would be another name). Its ledger account is the brand's JACKPOT_POOL
-- account whose vendor_code is the pool's name.
-- Created with its shards and its first seed, in one transaction, on the brand's first eligible spin.
CREATE TABLE jackpot_pool (
  merchant_code text NOT NULL REFERENCES merchant (code),
  pool          text NOT NULL CHECK (pool ~ '^[A-Z0-9_]{1,20}$'),
  account_id    bigint NOT NULL REFERENCES ledger_account (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, pool)
);

-- The pool account's balance, sharded: a contribution adds to one shard (a row lock on one of a
-- few), a win locks them all (in shard order), pays their sum and puts the seed in shard 0. The
-- sum of `amount` always equals the sum of the pool account's postings (ledger-check.ts checks it).
-- `accrued`: every contribution made through this shard, ever, in ten-thousandths of a minor unit
-- (never reset by a win). A 1 % share of a 0.20 stake is 0.2 of a cent: the pool (and the ledger)
-- gets the whole units as `accrued` passes each multiple of 10000, so over time it gets exactly
-- its published share; `accrued % 10000` is what is still owed below one unit. Its growth over
-- time also tells the site's counter how fast it may count.
CREATE TABLE jackpot_shard (
  merchant_code text NOT NULL,
  pool          text NOT NULL,
  shard         smallint NOT NULL CHECK (shard >= 0),
  amount        bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  accrued       bigint NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  PRIMARY KEY (merchant_code, pool, shard),
  FOREIGN KEY (merchant_code, pool) REFERENCES jackpot_pool (merchant_code, pool)
);

-- Each win, once: a round can win a pool at most once (the unique key), written in the same
-- transaction as the round's outcome and the two ledger entries that pay it and reseed the pool.
CREATE TABLE jackpot_win (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  pool          text NOT NULL,
  vendor_code   text NOT NULL,
  round_id      text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  game_type     text NOT NULL,
  game_code     text NOT NULL,
  game_name     text NOT NULL,
  stake         bigint NOT NULL CHECK (stake > 0),
  amount        bigint NOT NULL CHECK (amount > 0),
  -- What the pool was reseeded with right after (from the brand's HOUSE account).
  seed          bigint NOT NULL CHECK (seed >= 0),
  entry_id      bigint NOT NULL REFERENCES ledger_entry (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (merchant_code, pool) REFERENCES jackpot_pool (merchant_code, pool),
  CONSTRAINT jackpot_win_round_unique UNIQUE (merchant_code, vendor_code, round_id)
);
-- The site's recent jackpot winners and the winner board, newest first.
CREATE INDEX jackpot_win_recent_idx ON jackpot_win (merchant_code, created_at DESC);
