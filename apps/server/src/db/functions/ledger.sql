-- The ledger's writes (ARCHITECTURE section 4): the only SQL that inserts entries and postings
-- and changes balances. ledger_post() posts one entry; the bet functions (bets.sql) post many at
-- once through the same two helpers.
--
-- Lock order, everywhere: an entry's reference (its unique key, taken by the insert), or the
-- rounds and bets of a batch, then the tracked accounts in ascending id. Untracked (operator-side)
-- accounts are never locked or updated: their balance is the sum of their postings, so no bet ever
-- waits on the one house account.
--
-- Hot-path functions carry SET enable_seqscan = off (plpgsql keeps a statement's generic plan for
-- the connection's life, and one planned while the tables were small would scan them whole as they
-- grow: every statement here looks rows up by key) and SET jit = off (compiling a plan costs tens
-- of milliseconds, and a stale estimate on a grown table crosses jit_above_cost; JIT never pays off
-- for lookups over a few dozen items; PGlite has no JIT and ignores it).

-- Inserts entries, in array order (entry ids ascend with it), each under its brand's unique
-- reference; an item whose reference is NULL is skipped. Returns each item's new entry id: NULL
-- for a skipped item and for one whose reference exists already (nothing written for it; the
-- caller decides whether that is a repeat or an error).
CREATE OR REPLACE FUNCTION ledger_add_entries(
  p_merchant text[], p_reference text[], p_kind text[], p_member bigint[], p_memo jsonb[]
) RETURNS bigint[] LANGUAGE plpgsql
SET enable_seqscan = off
SET jit = off
AS $$
DECLARE
  v_ids bigint[];
BEGIN
  WITH ins AS (
    INSERT INTO ledger_entry (merchant_code, reference, kind, member_id, memo)
    SELECT u.m, u.r, u.k, u.mem, coalesce(u.memo, '{}')
      FROM unnest(p_merchant, p_reference, p_kind, p_member, p_memo) WITH ORDINALITY AS u(m, r, k, mem, memo, ord)
     WHERE u.r IS NOT NULL
     ORDER BY u.ord
    ON CONFLICT ON CONSTRAINT ledger_entry_reference_unique DO NOTHING
    RETURNING ledger_entry.id, ledger_entry.merchant_code, ledger_entry.reference
  )
  SELECT array_agg(ins.id ORDER BY u.ord) INTO v_ids
    FROM unnest(p_merchant, p_reference) WITH ORDINALITY AS u(m, r, ord)
    LEFT JOIN ins ON ins.merchant_code = u.m AND ins.reference = u.r;
  RETURN v_ids;
END $$;

-- Writes postings, in array order, and the tracked accounts' new balances. p_leg_item names each
-- posting's entry by its position in p_entry. The caller has locked the tracked accounts (FOR
-- UPDATE, ascending id), computed each posting's balance after (NULL for an untracked account) and
-- each account's final balance (p_account, p_balance: tracked accounts only). The balance CHECK
-- still refuses a negative player balance (SQLSTATE 23514).
CREATE OR REPLACE FUNCTION ledger_add_postings(
  p_entry bigint[], p_leg_item int[], p_leg_account bigint[], p_leg_amount bigint[], p_leg_after bigint[],
  p_account bigint[], p_balance bigint[]
) RETURNS void LANGUAGE plpgsql
SET enable_seqscan = off
SET jit = off
AS $$
BEGIN
  UPDATE ledger_account a SET balance = u.bal
    FROM unnest(p_account, p_balance) AS u(id, bal)
   WHERE a.id = u.id AND a.balance <> u.bal;

  INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after)
  SELECT p_entry[l.it], l.acc, l.amt, l.after
    FROM unnest(p_leg_item, p_leg_account, p_leg_amount, p_leg_after) WITH ORDINALITY AS l(it, acc, amt, after, ord)
   ORDER BY l.ord;
END $$;

-- Posts one entry in one round trip. Returns the entry and whether it was created now (false:
-- the reference existed, nothing moved). Tracked accounts are locked and posted in ascending id
-- order, so two entries touching the same accounts never deadlock; a player balance that would go
-- negative raises what the balance CHECK raises (SQLSTATE 23514, constraint
-- ledger_account_player_not_negative) and the whole entry rolls back.
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant text, p_reference text, p_kind text, p_member bigint, p_memo jsonb,
  p_accounts bigint[], p_amounts bigint[]
) RETURNS TABLE (entry_id bigint, created boolean) LANGUAGE plpgsql
SET enable_seqscan = off
SET jit = off
AS $$
DECLARE
  v_entry   bigint;
  v_n       int := coalesce(array_length(p_accounts, 1), 0);
  -- The entry's tracked accounts (locked, ascending id) and their running balances.
  acc_id    bigint[];
  acc_bal   bigint[];
  -- Postings to write, in ascending account id: account, amount, balance after.
  leg_acc   bigint[] := '{}';
  leg_amt   bigint[] := '{}';
  leg_after bigint[] := '{}';
  k         int;
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

  v_entry := (ledger_add_entries(ARRAY[p_merchant], ARRAY[p_reference], ARRAY[p_kind], ARRAY[p_member],
                                 ARRAY[p_memo]))[1];
  IF v_entry IS NULL THEN
    SELECT e.id INTO v_entry FROM ledger_entry e
     WHERE e.merchant_code = p_merchant AND e.reference = p_reference;
    entry_id := v_entry; created := false;
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT array_agg(a.id ORDER BY a.id), array_agg(a.balance ORDER BY a.id) INTO acc_id, acc_bal
    FROM (SELECT l.id, l.balance FROM ledger_account l
           WHERE l.id = ANY (p_accounts) AND l.merchant_code = p_merchant AND l.tracked
           ORDER BY l.id FOR UPDATE) a;

  FOR i IN SELECT t.ord FROM unnest(p_accounts) WITH ORDINALITY AS t(acc, ord) ORDER BY t.acc, t.ord LOOP
    k := array_position(acc_id, p_accounts[i]);
    IF k IS NULL THEN
      PERFORM 1 FROM ledger_account WHERE id = p_accounts[i] AND merchant_code = p_merchant AND NOT tracked;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger: account % is not an account of %', p_accounts[i], p_merchant
          USING ERRCODE = 'foreign_key_violation';
      END IF;
      leg_after := leg_after || NULL::bigint;
    ELSE
      acc_bal[k] := acc_bal[k] + p_amounts[i];
      IF acc_bal[k] < 0 THEN
        RAISE EXCEPTION 'new row for relation "ledger_account" violates check constraint "ledger_account_player_not_negative"'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_account_player_not_negative',
                TABLE = 'ledger_account';
      END IF;
      leg_after := leg_after || acc_bal[k];
    END IF;
    leg_acc := leg_acc || p_accounts[i];
    leg_amt := leg_amt || p_amounts[i];
  END LOOP;

  PERFORM ledger_add_postings(ARRAY[v_entry], array_fill(1, ARRAY[v_n]), leg_acc, leg_amt, leg_after,
                              acc_id, acc_bal);

  entry_id := v_entry; created := true;
  RETURN NEXT;
END $$;
