-- A vendor's rollback that arrives before its bet, decided inside bet_place_batch() (migration
-- 0004) instead of by a query after it.
--
-- Before: each stake was placed and committed, and then the server asked whether its round had a
-- rollback marker (and voided the bet if so): one more database round trip for every bet, the
-- hot path of every game. Now each batch takes a transaction lock per round (an advisory lock on
-- the round's key) before it reads the markers, and a rollback writes its marker under the same
-- lock (vendor_rollback_mark()). Whichever of the two comes second sees the first: a batch that
-- finds the marker does not place the bet ('rolled_back': nothing moves, no bet record); a
-- rollback that finds the bet (the batch committed before releasing the lock) voids it.
-- A repeated stake ('repeat') is still checked by the server after the batch, as before.

-- The lock key of a round; the lock class keeps it apart from every other advisory lock.
CREATE FUNCTION bet_round_key(p_merchant text, p_vendor text, p_round text) RETURNS int
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtext(p_merchant || '|' || p_vendor || '|' || p_round) $$;
CREATE FUNCTION bet_round_lock_class() RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT 727002 $$;

-- Marks a round as rolled back, under the round's lock (held until the caller's transaction ends:
-- call it on its own, so the marker commits at once).
CREATE FUNCTION vendor_rollback_mark(p_merchant text, p_vendor text, p_round text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(bet_round_lock_class(), bet_round_key(p_merchant, p_vendor, p_round));
  INSERT INTO vendor_rollback (merchant_code, vendor_code, round_id)
  VALUES (p_merchant, p_vendor, p_round)
  ON CONFLICT DO NOTHING;
END $$;

CREATE OR REPLACE FUNCTION bet_place_batch(
  p_merchant text[], p_reference text[], p_member bigint[], p_debit bigint[], p_credit bigint[],
  p_stake bigint[], p_vendor text[], p_game_type text[], p_game_code text[], p_game_name text[],
  p_round text[]
) RETURNS TABLE (
  item int, outcome text, balance bigint,
  id bigint, merchant_code text, member_id bigint, vendor_code text, game_type text, game_code text,
  game_name text, round_id text, stake bigint, valid_bet bigint, payout bigint, status text,
  stake_entry_id bigint, settle_entry_id bigint, placed_at timestamptz, settled_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  n          int := coalesce(array_length(p_reference, 1), 0);
  -- Every account the batch touches: the tracked ones (locked, ascending id), then the untracked.
  acc_id     bigint[];
  acc_bal    bigint[];
  acc_track  boolean[];
  acc_brand  text[];
  v_outcome  text[] := array_fill(NULL::text, ARRAY[n]);
  v_entry    bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_debit_after  bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_credit_after bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_balance  bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  -- The bet records to answer with: those inserted now, and those of repeats.
  v_bets     bet_record[];
  v_bet      bet_record;
  -- Per item: whether its round has a rollback marker (read under the round locks).
  v_marked   boolean[];
  v_key      int;
  v_placed   int := 0;
  v_inserted int;
  d          int;
  c          int;
  i          int;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM unnest(ARRAY[
       array_length(p_merchant, 1), array_length(p_member, 1), array_length(p_debit, 1),
       array_length(p_credit, 1), array_length(p_stake, 1), array_length(p_vendor, 1),
       array_length(p_game_type, 1), array_length(p_game_code, 1), array_length(p_game_name, 1),
       array_length(p_round, 1)]) AS l(len) WHERE l.len IS DISTINCT FROM n) THEN
    RAISE EXCEPTION 'bet_place_batch: arrays of different lengths' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  -- Every round's lock first, in key order (see bet_round_key()): a rollback marks its round under
  -- the same lock, so it either committed its marker before the check below, or waits until this
  -- batch has committed its bets and then finds them. Round locks come before account locks, and a
  -- rollback holds no account lock while it waits: no deadlock.
  FOR v_key IN SELECT DISTINCT bet_round_key(u.m, u.v, u.r)
                 FROM unnest(p_merchant, p_vendor, p_round) AS u(m, v, r) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(bet_round_lock_class(), v_key);
  END LOOP;

  -- Tracked accounts locked in ascending id order (the order ledger_post() locks in, so no
  -- deadlock with it or another batch); untracked (house) accounts are read, never locked.
  SELECT array_agg(a.id), array_agg(a.balance), array_agg(true), array_agg(a.merchant_code)
    INTO acc_id, acc_bal, acc_track, acc_brand
    FROM (SELECT l.id, l.balance, l.merchant_code FROM ledger_account l
           WHERE l.id = ANY (p_debit || p_credit) AND l.tracked ORDER BY l.id FOR UPDATE) a;
  SELECT acc_id || array_agg(a.id), acc_bal || array_agg(a.balance), acc_track || array_agg(false),
         acc_brand || array_agg(a.merchant_code)
    INTO acc_id, acc_bal, acc_track, acc_brand
    FROM ledger_account a
   WHERE a.id = ANY (ARRAY(SELECT x FROM unnest(p_debit || p_credit) AS x
                            WHERE x <> ALL (coalesce(acc_id, '{}')))) AND NOT a.tracked;

  -- References already applied (committed before this batch's locks were granted).
  SELECT array_agg(e.id ORDER BY u.ord)
    INTO v_entry
    FROM unnest(p_merchant, p_reference) WITH ORDINALITY AS u(m, r, ord)
    LEFT JOIN ledger_entry e ON e.merchant_code = u.m AND e.reference = u.r;

  -- Rounds a vendor rolled back before their bet came (a statement after the round locks, so it
  -- sees every marker committed before them).
  SELECT array_agg(EXISTS (SELECT 1 FROM vendor_rollback x
                            WHERE x.merchant_code = u.m AND x.vendor_code = u.v AND x.round_id = u.r)
                   ORDER BY u.ord)
    INTO v_marked
    FROM unnest(p_merchant, p_vendor, p_round) WITH ORDINALITY AS u(m, v, r, ord);

  -- Decide each item in order, with running balances.
  FOR i IN 1..n LOOP
    d := array_position(acc_id, p_debit[i]);
    c := array_position(acc_id, p_credit[i]);
    IF d IS NULL OR c IS NULL OR acc_brand[d] <> p_merchant[i] OR acc_brand[c] <> p_merchant[i] THEN
      RAISE EXCEPTION 'bet_place_batch: account % or % is not an account of %', p_debit[i], p_credit[i], p_merchant[i]
        USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF p_stake[i] IS NULL OR p_stake[i] <= 0 OR d = c THEN
      RAISE EXCEPTION 'bet_place_batch: bad stake or legs for %', p_reference[i] USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_entry[i] IS NOT NULL THEN
      v_outcome[i] := 'repeat';  -- legs compared below
    ELSIF v_marked[i] THEN
      v_outcome[i] := 'rolled_back';
    ELSIF acc_track[d] AND acc_bal[d] < p_stake[i] THEN
      v_outcome[i] := 'insufficient';
    ELSE
      IF acc_track[d] THEN acc_bal[d] := acc_bal[d] - p_stake[i]; v_debit_after[i] := acc_bal[d]; END IF;
      IF acc_track[c] THEN acc_bal[c] := acc_bal[c] + p_stake[i]; v_credit_after[i] := acc_bal[c]; END IF;
      v_balance[i] := v_debit_after[i];
      v_outcome[i] := 'placed';
      v_placed := v_placed + 1;
    END IF;
  END LOOP;

  IF v_placed > 0 THEN
    -- Entries, in item order. A reference committed by another transaction since the check above
    -- is skipped by ON CONFLICT; the count then differs and the whole batch is retried one by one.
    WITH ins AS (
      INSERT INTO ledger_entry (merchant_code, reference, kind, member_id)
      SELECT u.m, u.r, 'BET', u.mem
        FROM unnest(p_merchant, p_reference, p_member, v_outcome) WITH ORDINALITY AS u(m, r, mem, o, ord)
       WHERE u.o = 'placed' ORDER BY u.ord
      ON CONFLICT ON CONSTRAINT ledger_entry_reference_unique DO NOTHING
      RETURNING ledger_entry.id, ledger_entry.merchant_code, ledger_entry.reference
    )
    SELECT array_agg(coalesce(ins.id, u.e) ORDER BY u.ord), (SELECT count(*) FROM ins)::int
      INTO v_entry, v_inserted
      FROM unnest(p_merchant, p_reference, v_entry, v_outcome) WITH ORDINALITY AS u(m, r, e, o, ord)
      LEFT JOIN ins ON u.o = 'placed' AND ins.merchant_code = u.m AND ins.reference = u.r;
    IF v_inserted <> v_placed THEN
      RAISE EXCEPTION 'bet_place_batch: a reference was applied concurrently' USING ERRCODE = 'serialization_failure';
    END IF;

    UPDATE ledger_account a SET balance = u.bal
      FROM unnest(acc_id, acc_bal, acc_track) AS u(id, bal, tracked)
     WHERE a.id = u.id AND u.tracked AND a.balance <> u.bal;

    -- Postings in item order, and within an item in ascending account id (as ledger_post()), so
    -- each tracked account's balance_after is its running balance in posting id order.
    INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after)
    SELECT l.entry, l.acc, l.amount, l.after
      FROM unnest(v_outcome, v_entry, p_debit, p_credit, p_stake, v_debit_after, v_credit_after)
             WITH ORDINALITY AS u(o, entry, debit, credit, stake, debit_after, credit_after, ord),
           LATERAL (VALUES (u.entry, u.debit, -u.stake, u.debit_after),
                           (u.entry, u.credit, u.stake, u.credit_after)) AS l(entry, acc, amount, after)
     WHERE u.o = 'placed'
     ORDER BY u.ord, l.acc;

    WITH ins AS (
      INSERT INTO bet_record (merchant_code, member_id, vendor_code, game_type, game_code, game_name,
                              round_id, stake, stake_entry_id)
      SELECT u.m, u.mem, u.v, u.gt, u.gc, u.gn, u.rnd, u.stake, u.entry
        FROM unnest(v_outcome, p_merchant, p_member, p_vendor, p_game_type, p_game_code, p_game_name,
                    p_round, p_stake, v_entry)
               WITH ORDINALITY AS u(o, m, mem, v, gt, gc, gn, rnd, stake, entry, ord)
       WHERE u.o = 'placed'
       ORDER BY u.ord
      RETURNING bet_record
    )
    SELECT array_agg(ins.bet_record) INTO v_bets FROM ins;
  END IF;

  -- Repeats: the same legs answer the first bet (and the debit account's balance now); other
  -- legs are a conflict; an entry without its bet record is an error, as in BetService.
  FOR i IN 1..n LOOP
    CONTINUE WHEN v_outcome[i] <> 'repeat';
    IF EXISTS (
      SELECT 1 FROM (
        SELECT p.account_id, p.amount FROM ledger_posting p WHERE p.entry_id = v_entry[i]
      ) s FULL JOIN (VALUES (p_debit[i], -p_stake[i]), (p_credit[i], p_stake[i])) AS w(account_id, amount)
        ON s.account_id = w.account_id AND s.amount = w.amount
      WHERE s.account_id IS NULL OR w.account_id IS NULL
    ) THEN
      v_outcome[i] := 'conflict';
    ELSE
      d := array_position(acc_id, p_debit[i]);
      v_balance[i] := CASE WHEN acc_track[d] THEN acc_bal[d] END;
      SELECT b.* INTO v_bet FROM bet_record b
       WHERE b.merchant_code = p_merchant[i] AND b.vendor_code = p_vendor[i] AND b.round_id = p_round[i];
      IF FOUND THEN v_bets := v_bets || v_bet; END IF;
    END IF;
  END LOOP;

  RETURN QUERY
  SELECT u.ord::int, u.o, u.bal,
         b.id, b.merchant_code, b.member_id, b.vendor_code, b.game_type, b.game_code, b.game_name,
         b.round_id, b.stake, b.valid_bet, b.payout, b.status, b.stake_entry_id, b.settle_entry_id,
         b.placed_at, b.settled_at
    FROM unnest(v_outcome, v_balance, p_merchant, p_vendor, p_round) WITH ORDINALITY AS u(o, bal, m, v, rnd, ord)
    LEFT JOIN unnest(v_bets) AS b
      ON u.o IN ('placed', 'repeat') AND b.merchant_code = u.m AND b.vendor_code = u.v AND b.round_id = u.rnd
   ORDER BY u.ord;
END $$
-- Every statement above looks rows up by key. plpgsql keeps a statement's generic plan for the
-- life of the connection, and one planned while a table was small (a new database; this server
-- may run without autovacuum, so never re-analysed) would scan the whole table on every call as
-- it grows. No sequential scans: an index lookup whatever the table's size was at planning time.
SET enable_seqscan = off
SET jit = off;
