-- The reports' aggregates (modules/reports/README.md): per brand and local day (the brand's time
-- zone when an entry is folded), by game and by member, kept by a job that folds ledger entries
-- after a watermark exactly as the dashboard's roll-ups do (its own row in
-- dashboard_rollup_state, so the two roll-ups move independently). They can be rebuilt from the
-- ledger at any time (`npm run reports:rebuild`) and checked against it (`npm run reports:check`).
-- Amounts are minor units.
INSERT INTO dashboard_rollup_state (name) VALUES ('reports');

-- Bets by game and day. A bet is placed on the day of its BET entry and settled on the day of
-- its PAYOUT (or BET_VOID) entry, so one bet's figures may land on two days.
CREATE TABLE report_game_day (
  merchant_code   text NOT NULL,
  day             date NOT NULL,
  vendor_code     text NOT NULL,
  -- The category (SLOT, LIVE, FISH, LOTT, ...): bet_record.game_type.
  game_type       text NOT NULL,
  game_code       text NOT NULL,
  -- BET entries folded (stakes placed) and their stakes.
  bets            bigint NOT NULL DEFAULT 0,
  -- Stakes placed that day minus stakes voided that day (the dashboard's turnover).
  turnover        bigint NOT NULL DEFAULT 0,
  -- bet_record.valid_bet of the bets settled that day.
  valid_turnover  bigint NOT NULL DEFAULT 0,
  -- Bets settled that day (PAYOUT entries), their stakes and payouts.
  settled         bigint NOT NULL DEFAULT 0,
  settled_stake   bigint NOT NULL DEFAULT 0,
  payout          bigint NOT NULL DEFAULT 0,
  -- What those PAYOUT entries credited to HOUSE: settled_stake - payout.
  ggr             bigint NOT NULL DEFAULT 0,
  -- Bets voided that day and their stakes.
  voided          bigint NOT NULL DEFAULT 0,
  voided_stake    bigint NOT NULL DEFAULT 0,
  -- Σ (payout / stake)² over the bets settled that day: with settled and the mean it gives the
  -- variance of the return per bet, which the RTP check needs to tell luck from a fault.
  ratio_sq        double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, day, vendor_code, game_type, game_code)
);

-- Money by member and day: what a player ranking, cohorts and agents' team figures read.
CREATE TABLE report_member_day (
  merchant_code    text NOT NULL,
  day              date NOT NULL,
  member_id        bigint NOT NULL,
  bets             bigint NOT NULL DEFAULT 0,
  turnover         bigint NOT NULL DEFAULT 0,
  valid_turnover   bigint NOT NULL DEFAULT 0,
  settled_stake    bigint NOT NULL DEFAULT 0,
  payout           bigint NOT NULL DEFAULT 0,
  ggr              bigint NOT NULL DEFAULT 0,
  -- DEPOSIT entries: what left PAYMENT_CLEARING; WITHDRAW_PAID: what reached it.
  deposits         bigint NOT NULL DEFAULT 0,
  deposit_count    integer NOT NULL DEFAULT 0,
  withdrawals      bigint NOT NULL DEFAULT 0,
  withdrawal_count integer NOT NULL DEFAULT 0,
  -- What left PROMOTION_EXPENSE or WAGE_EXPENSE to the member's entries.
  bonus            bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, day, member_id)
);
CREATE INDEX report_member_day_member_idx ON report_member_day (merchant_code, member_id, day);

-- Bonus cost by entry kind and source (BonusService's memo.source: a promotion, mission, rebate,
-- referral, VIP or points conversion; agent wages and dividends by their entry kind).
CREATE TABLE report_bonus_day (
  merchant_code text NOT NULL,
  day           date NOT NULL,
  kind          text NOT NULL,
  source        text NOT NULL DEFAULT '',
  amount        bigint NOT NULL DEFAULT 0,
  entries       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, day, kind, source)
);

-- The fold joins PAYOUT and BET_VOID entries to their bets.
CREATE INDEX IF NOT EXISTS bet_record_settle_entry_idx ON bet_record (settle_entry_id)
  WHERE settle_entry_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS bet_record_stake_entry_idx ON bet_record (stake_entry_id);
