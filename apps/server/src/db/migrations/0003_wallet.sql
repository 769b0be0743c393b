-- Wallet: a double-entry, append-only ledger (ARCHITECTURE section 4), the cashier (deposits,
-- withdrawals, payout accounts, images), bet records, turnover requirements and member messages.
-- Money is always bigint minor units.

-- ---- chart of accounts ------------------------------------------------------------------------
-- Player-side accounts (tracked = true) keep a balance row, updated in the same transaction as
-- their postings and never negative. Operator-side accounts (house, clearing, expenses) are not
-- tracked: their balance is the sum of their postings, so no bet ever waits on a house row lock.
CREATE TABLE ledger_account (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  kind          text NOT NULL CHECK (kind IN (
                  'MAIN', 'VENDOR', 'WITHDRAW_HOLD', 'BET_HOLD',
                  'HOUSE', 'PAYMENT_CLEARING', 'PROMOTION_EXPENSE', 'WAGE_EXPENSE',
                  'ADJUSTMENT', 'TRIAL_FUND')),
  member_id     bigint REFERENCES member (id),
  vendor_code   text NOT NULL DEFAULT '',
  tracked       boolean NOT NULL,
  balance       bigint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_account_player_not_negative CHECK (NOT tracked OR balance >= 0),
  CONSTRAINT ledger_account_untracked_zero CHECK (tracked OR balance = 0),
  -- Player accounts belong to a member; operator accounts to nobody.
  CONSTRAINT ledger_account_owner CHECK ((member_id IS NOT NULL) = tracked),
  CONSTRAINT ledger_account_unique UNIQUE NULLS NOT DISTINCT (merchant_code, kind, member_id, vendor_code)
);
CREATE INDEX ledger_account_member_idx ON ledger_account (member_id) WHERE member_id IS NOT NULL;

-- ---- journal ----------------------------------------------------------------------------------
-- One entry per movement of money; its postings sum to zero. The caller's reference is unique per
-- brand: that is the single idempotency mechanism of every money-moving call.
CREATE TABLE ledger_entry (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  reference     text NOT NULL,
  kind          text NOT NULL,
  -- The member whose account record shows this entry (null for operator-only entries).
  member_id     bigint,
  memo          jsonb NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_entry_reference_unique UNIQUE (merchant_code, reference)
);
CREATE INDEX ledger_entry_member_idx ON ledger_entry (member_id, created_at) WHERE member_id IS NOT NULL;

-- WARNING: no foreign key from posting to account on purpose. A key check takes a FOR KEY SHARE
-- lock on the referenced row, which on the one house account every bet credits would become the
-- hot row (and multixact churn) the design avoids. ledger_post() checks the account instead, and
-- accounts are never deleted; the invariant checker verifies every posting's account exists.
CREATE TABLE ledger_posting (
  id            bigserial PRIMARY KEY,
  entry_id      bigint NOT NULL REFERENCES ledger_entry (id),
  account_id    bigint NOT NULL,
  amount        bigint NOT NULL CHECK (amount <> 0),
  -- Balance of a tracked account right after this posting (before = after - amount); null for
  -- untracked accounts.
  balance_after bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_posting_account_idx ON ledger_posting (account_id, id);
CREATE INDEX ledger_posting_entry_idx ON ledger_posting (entry_id);

-- Append-only: postings and entries are never updated or deleted; a correction is a new entry.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_posting_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_posting
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Posts one entry in one round trip. Returns the entry and whether it was created now (false:
-- the reference existed, nothing moved). Tracked accounts are updated in ascending id order, so
-- two entries touching the same accounts never deadlock; the balance CHECK refuses an overdraft
-- (SQLSTATE 23514, constraint ledger_account_player_not_negative) and the whole entry rolls back.
CREATE FUNCTION ledger_post(
  p_merchant text, p_reference text, p_kind text, p_member bigint, p_memo jsonb,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (entry_id bigint, created boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_entry   bigint;
  v_balance bigint;
  v_n       int := coalesce(array_length(p_accounts, 1), 0);
  i         int;
BEGIN
  IF v_n < 2 OR v_n <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'ledger: an entry needs two or more postings' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'ledger: postings of % do not sum to zero', p_reference USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a = 0 OR a IS NULL) THEN
    RAISE EXCEPTION 'ledger: a posting of zero' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  INSERT INTO ledger_entry (merchant_code, reference, kind, member_id, memo)
  VALUES (p_merchant, p_reference, p_kind, p_member, coalesce(p_memo, '{}'))
  ON CONFLICT (merchant_code, reference) DO NOTHING
  RETURNING id INTO v_entry;
  IF v_entry IS NULL THEN
    SELECT e.id INTO v_entry FROM ledger_entry e
     WHERE e.merchant_code = p_merchant AND e.reference = p_reference;
    entry_id := v_entry; created := false;
    RETURN NEXT;
    RETURN;
  END IF;

  FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(acc, ord) ORDER BY t.acc, t.ord LOOP
    UPDATE ledger_account SET balance = balance + p_amounts[i]
     WHERE id = p_accounts[i] AND merchant_code = p_merchant AND tracked
    RETURNING balance INTO v_balance;
    IF NOT FOUND THEN
      PERFORM 1 FROM ledger_account WHERE id = p_accounts[i] AND merchant_code = p_merchant AND NOT tracked;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger: account % is not an account of %', p_accounts[i], p_merchant
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      v_balance := NULL;
    END IF;
    INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after)
    VALUES (v_entry, p_accounts[i], p_amounts[i], v_balance);
  END LOOP;

  entry_id := v_entry; created := true;
  RETURN NEXT;
END $$;

-- ---- brand cashier settings -------------------------------------------------------------------
CREATE TABLE cashier_setting (
  merchant_code              text PRIMARY KEY REFERENCES merchant (code),
  -- One wallet for every vendor (all seamless) or a wallet per transfer-wallet vendor.
  single_wallet              boolean NOT NULL DEFAULT false,
  withdraw_min               bigint NOT NULL CHECK (withdraw_min > 0),
  withdraw_max               bigint NOT NULL CHECK (withdraw_max >= withdraw_min),
  withdraw_daily_count       int NOT NULL CHECK (withdraw_daily_count > 0),
  -- Minutes after a payout it counts as received if the member has not answered (SPEC section 4).
  withdraw_confirm_minutes   int NOT NULL CHECK (withdraw_confirm_minutes > 0),
  upline_transfer_enabled    boolean NOT NULL DEFAULT false,
  -- The demo gateway signs its notifications with this secret (generated at seed, never committed).
  gateway_secret             text NOT NULL
);

CREATE TABLE payment_channel (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL REFERENCES merchant (code),
  code          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('BANK', 'ONLINE')),
  name          jsonb NOT NULL,
  min_amount    bigint NOT NULL CHECK (min_amount > 0),
  max_amount    bigint NOT NULL CHECK (max_amount >= min_amount),
  -- Fee in basis points of the amount plus a fixed part; the member is credited amount - fee.
  fee_bp        int NOT NULL DEFAULT 0 CHECK (fee_bp >= 0 AND fee_bp < 10000),
  fee_fixed     bigint NOT NULL DEFAULT 0 CHECK (fee_fixed >= 0),
  presets       bigint[] NOT NULL DEFAULT '{}',
  bank_name     text,
  account_name  text,
  account_no    text,
  gateway       text,
  enabled       boolean NOT NULL DEFAULT true,
  sort          int NOT NULL DEFAULT 0,
  UNIQUE (merchant_code, code),
  CHECK (kind <> 'BANK' OR (bank_name IS NOT NULL AND account_name IS NOT NULL AND account_no IS NOT NULL)),
  CHECK (kind <> 'ONLINE' OR gateway IS NOT NULL)
);

-- Banks and e-wallets a member may bind for withdrawals.
CREATE TABLE payout_bank (
  merchant_code text NOT NULL REFERENCES merchant (code),
  code          text NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('BANK', 'EWALLET')),
  name          text NOT NULL,
  sort          int NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_code, code)
);

CREATE TABLE payout_account (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  bank_code     text NOT NULL,
  account_name  text NOT NULL,
  account_no    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (merchant_code, bank_code) REFERENCES payout_bank (merchant_code, code),
  UNIQUE (member_id, bank_code, account_no)
);

-- Receipts and proofs, kept in the database so every instance serves them.
CREATE TABLE cashier_image (
  id            uuid PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  bytes         bytea NOT NULL,
  size          int NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashier_image_member_idx ON cashier_image (member_id);

CREATE TABLE deposit (
  id             bigserial PRIMARY KEY,
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL REFERENCES member (id),
  -- The member's request id: a retried request finds this order instead of making another.
  request_id     text NOT NULL,
  order_no       text NOT NULL UNIQUE,
  channel_id     bigint NOT NULL REFERENCES payment_channel (id),
  amount         bigint NOT NULL CHECK (amount > 0),
  fee            bigint NOT NULL CHECK (fee >= 0),
  status         text NOT NULL DEFAULT 'PENDING'
                   CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'ARRIVED', 'FAILED')),
  payer_name     text,
  image_ids      uuid[] NOT NULL DEFAULT '{}',
  remark         text,
  reject_reason  text,
  -- The gateway's own transaction id, unique per gateway: a repeated notification is a no-op.
  gateway_txn    text,
  reviewed_by    text,
  entry_id       bigint REFERENCES ledger_entry (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id),
  UNIQUE (channel_id, gateway_txn),
  CHECK (fee < amount)
);
CREATE INDEX deposit_member_idx ON deposit (member_id, created_at DESC);
CREATE INDEX deposit_status_idx ON deposit (merchant_code, status, created_at);

CREATE TABLE withdrawal (
  id                bigserial PRIMARY KEY,
  merchant_code     text NOT NULL,
  member_id         bigint NOT NULL REFERENCES member (id),
  request_id        text NOT NULL,
  order_no          text NOT NULL UNIQUE,
  payout_account_id bigint NOT NULL REFERENCES payout_account (id),
  amount            bigint NOT NULL CHECK (amount > 0),
  paid_amount       bigint NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
  status            text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PARTIAL', 'PAID', 'REJECTED')),
  reject_reason     text,
  reviewed_by       text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, request_id),
  CHECK (paid_amount <= amount)
);
CREATE INDEX withdrawal_member_idx ON withdrawal (member_id, created_at DESC);
CREATE INDEX withdrawal_status_idx ON withdrawal (merchant_code, status, created_at);

-- Each payment an operator makes against a withdrawal; the member confirms each one.
CREATE TABLE withdrawal_payout (
  id               bigserial PRIMARY KEY,
  withdrawal_id    bigint NOT NULL REFERENCES withdrawal (id),
  amount           bigint NOT NULL CHECK (amount > 0),
  entry_id         bigint NOT NULL REFERENCES ledger_entry (id),
  confirm_status   text NOT NULL DEFAULT 'AWAITING'
                     CHECK (confirm_status IN ('AWAITING', 'RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED')),
  confirm_deadline timestamptz NOT NULL,
  proof_image_ids  uuid[] NOT NULL DEFAULT '{}',
  remark           text,
  confirmed_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_payout_withdrawal_idx ON withdrawal_payout (withdrawal_id);
CREATE INDEX withdrawal_payout_awaiting_idx ON withdrawal_payout (confirm_deadline) WHERE confirm_status = 'AWAITING';

-- Turnover a member must bet before withdrawing (set by bonus-like credits); bets add to achieved.
CREATE TABLE turnover_requirement (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  required      bigint NOT NULL CHECK (required > 0),
  achieved      bigint NOT NULL DEFAULT 0 CHECK (achieved >= 0),
  source        text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX turnover_requirement_open_idx ON turnover_requirement (member_id) WHERE achieved < required;

-- Bets as the betting record shows them; stake and payout are ledger entries.
CREATE TABLE bet_record (
  id              bigserial PRIMARY KEY,
  merchant_code   text NOT NULL,
  member_id       bigint NOT NULL REFERENCES member (id),
  vendor_code     text NOT NULL,
  game_type       text NOT NULL,
  game_code       text NOT NULL,
  game_name       text NOT NULL,
  round_id        text NOT NULL,
  stake           bigint NOT NULL CHECK (stake > 0),
  valid_bet       bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  payout          bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  status          text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SETTLED', 'VOID')),
  stake_entry_id  bigint NOT NULL REFERENCES ledger_entry (id),
  settle_entry_id bigint REFERENCES ledger_entry (id),
  placed_at       timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz,
  UNIQUE (merchant_code, vendor_code, round_id)
);
CREATE INDEX bet_record_member_idx ON bet_record (member_id, placed_at DESC);

-- Messages to a member (deposit approved, withdrawal paid, ...): a kind and its parameters; the
-- text is the site's, in the member's language.
CREATE TABLE member_message (
  id            bigserial PRIMARY KEY,
  merchant_code text NOT NULL,
  member_id     bigint NOT NULL REFERENCES member (id),
  kind          text NOT NULL,
  params        jsonb NOT NULL DEFAULT '{}',
  read_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_message_member_idx ON member_message (member_id, created_at DESC);
