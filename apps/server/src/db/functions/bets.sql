-- Bets: stakes placed and bets closed in batches (group commit), the turnover a valid bet counts
-- towards, and the vendor rollback that may arrive before its bet. The money moves through the
-- ledger's helpers (ledger.sql: ledger_add_entries(), ledger_add_postings()); SET enable_seqscan
-- and SET jit on the hot-path functions are explained there.

-- ---- rounds ------------------------------------------------------------------------------------
-- A vendor's rollback that arrives before its bet is decided inside bet_place_batch(): each batch
-- takes a transaction lock per round (an advisory lock on the round's key) before it reads the
-- markers, and a rollback writes its marker under the same lock (vendor_rollback_mark()).
-- Whichever of the two comes second sees the first: a batch that finds the marker does not place
-- the bet ('rolled_back': nothing moves, no bet record); a rollback that finds the bet (the batch
-- committed before releasing the lock) voids it.

-- The lock key of a round; the lock class keeps it apart from every other advisory lock.
CREATE OR REPLACE FUNCTION bet_round_key(p_merchant text, p_vendor text, p_round text) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT hashtext(p_merchant || '|' || p_vendor || '|' || p_round) $$;

CREATE OR REPLACE FUNCTION bet_round_lock_class() RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT 727002 $$;

-- Marks a round as rolled back, under the round's lock (held until the caller's transaction ends:
-- call it on its own, so the marker commits at once).
CREATE OR REPLACE FUNCTION vendor_rollback_mark(p_merchant text, p_vendor text, p_round text) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(bet_round_lock_class(), bet_round_key(p_merchant, p_vendor, p_round));
  INSERT INTO vendor_rollback (merchant_code, vendor_code, round_id)
  VALUES (p_merchant, p_vendor, p_round)
  ON CONFLICT DO NOTHING;
END $$;

-- ---- stakes ------------------------------------------------------------------------------------
-- Bet stakes in batches (group commit). Concurrent bet requests are queued by the server and
-- placed together by one call of bet_place_batch(): one statement, one transaction, one WAL flush
-- for the whole batch; every caller is answered only after that commit. Each item keeps the
-- semantics of ledger_post() + the bet record insert (BetService.placeBet):
--   - its reference already applied: nothing moves; 'repeat' (same legs) or 'conflict' (other legs);
--   - its round rolled back by the vendor before the bet came: nothing moves; 'rolled_back';
--   - its debit account cannot cover the stake: nothing moves for it; 'insufficient';
--   - its member is blocked, on a break, past a session time limit or a wager/loss limit: nothing
--     moves for it; 'blocked', 'excluded', 'limit_session', 'limit_wager' or 'limit_loss';
--   - otherwise one entry (debit -stake, credit +stake), the balances, the postings with
--     balance_after, and an OPEN bet record: 'placed'.
-- One item's outcome never affects another's, except that items debiting the same account are
-- applied in order (a later one may find the balance spent by an earlier one, as if they had
-- come one after another). Expected outcomes are decided without raising, so no subtransaction is
-- needed; anything unexpected (an unknown account, a reference racing with another transaction)
-- raises and rolls the whole batch back, and the server then places each item on its own.
--
-- WARNING: references must be distinct within one call (the server sends a repeated reference
-- in a later batch); a duplicate makes the whole call raise.
-- ---- player protection -------------------------------------------------------------------------
-- Where the current day (D), Monday-to-Sunday week (W) or month (M) began in a time zone.
CREATE OR REPLACE FUNCTION protection_period_start(p_period text, p_tz text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT date_trunc(CASE p_period WHEN 'D' THEN 'day' WHEN 'W' THEN 'week' ELSE 'month' END,
                    now() AT TIME ZONE p_tz) AT TIME ZONE p_tz
$$;

-- What a member used since p_from toward a WAGER limit (stakes not voided) or a LOSS limit (those
-- stakes minus the payouts settled since then). Read from the bets themselves, so voids, payouts
-- and a limit set mid-period need no bookkeeping of their own.
CREATE OR REPLACE FUNCTION protection_used(p_member bigint, p_kind text, p_from timestamptz) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_kind = 'WAGER' THEN s.staked ELSE s.staked - p.paid END
    FROM (SELECT coalesce(sum(b.stake), 0)::bigint AS staked FROM bet_record b
           WHERE b.member_id = p_member AND b.placed_at >= p_from AND b.status <> 'VOID') s,
         (SELECT coalesce(sum(b.payout), 0)::bigint AS paid FROM bet_record b
           WHERE b.member_id = p_member AND b.settled_at >= p_from AND b.status = 'SETTLED') p
$$;

CREATE OR REPLACE FUNCTION bet_place_batch(
  p_merchant text[], p_reference text[], p_member bigint[], p_debit bigint[], p_credit bigint[],
  p_stake bigint[], p_vendor text[], p_game_type text[], p_game_code text[], p_game_name text[],
  p_round text[]
) RETURNS TABLE (
  item int, outcome text, balance bigint,
  id bigint, merchant_code text, member_id bigint, vendor_code text, game_type text, game_code text,
  game_name text, round_id text, stake bigint, valid_bet bigint, payout bigint, status text,
  stake_entry_id bigint, settle_entry_id bigint, placed_at timestamptz, settled_at timestamptz
) LANGUAGE plpgsql
SET enable_seqscan = off
SET jit = off
AS $$
DECLARE
  n          int := coalesce(array_length(p_reference, 1), 0);
  -- Every account the batch touches: the tracked ones (locked, ascending id), then the untracked.
  acc_id     bigint[];
  acc_bal    bigint[];
  acc_track  boolean[];
  acc_brand  text[];
  v_tracked  int;
  v_outcome  text[] := array_fill(NULL::text, ARRAY[n]);
  -- Per item: its entry (the existing one of a repeat, the new one of a placed stake).
  v_entry    bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  -- Per item: the reference to write (placed stakes only) and the entry written under it.
  v_new_ref  text[] := array_fill(NULL::text, ARRAY[n]);
  v_new      bigint[];
  v_balance  bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  -- Postings to write, in order: item, account, amount, balance after (NULL: untracked).
  leg_item   int[] := '{}';
  leg_acc    bigint[] := '{}';
  leg_amt    bigint[] := '{}';
  leg_after  bigint[] := '{}';
  v_debit_after  bigint;
  v_credit_after bigint;
  -- The bet records to answer with: those inserted now, and those of repeats.
  v_bets     bet_record[];
  v_bet      bet_record;
  -- Per item: whether its round has a rollback marker (read under the round locks).
  v_marked   boolean[];
  -- Members who may not stake now: blocked by the operator, or on a break they took.
  v_blocked  bigint[];
  v_excluded bigint[];
  -- Members whose session (since their latest login) has reached their SESSION limit.
  v_session  bigint[];
  -- The batch's members' wager and loss limits: member, kind, amount, used so far (running).
  lim_member bigint[];
  lim_kind   text[];
  lim_amount bigint[];
  lim_used   bigint[];
  v_over     text;
  j          int;
  v_key      int;
  v_placed   int := 0;
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
  v_tracked := coalesce(array_length(acc_id, 1), 0);
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

  -- Who may not stake: the operator blocked their betting, or they are on a break (a time-out
  -- until it ends; a self-exclusion until its return request has waited its cooling-off).
  SELECT coalesce(array_agg(m.id) FILTER (WHERE m.block_betting), '{}'),
         coalesce(array_agg(m.id) FILTER (WHERE NOT m.block_betting AND EXISTS (
           SELECT 1 FROM protection_exclusion e
            WHERE e.member_id = m.id AND e.returned_at IS NULL
              AND CASE WHEN e.kind = 'TIMEOUT' THEN e.ends_at > now()
                       ELSE e.return_from IS NULL OR e.return_from > now() END)), '{}')
    INTO v_blocked, v_excluded
    FROM member m
   WHERE m.id = ANY (p_member);

  -- Wager and loss limits (rows exist only for members who set one). Their rows are locked
  -- first, so two batches staking for one member take turns; what was used is read by the next
  -- statement, whose snapshot comes after the lock and so sees the bets of a batch it waited for.
  PERFORM 1 FROM protection_limit l
   WHERE l.member_id = ANY (p_member) AND l.kind IN ('LOSS', 'WAGER') AND l.amount IS NOT NULL
   ORDER BY l.member_id, l.kind, l.period
     FOR UPDATE;
  SELECT coalesce(array_agg(x.member_id ORDER BY x.member_id, x.kind, x.period), '{}'),
         array_agg(x.kind ORDER BY x.member_id, x.kind, x.period),
         array_agg(x.amount ORDER BY x.member_id, x.kind, x.period),
         array_agg(protection_used(x.member_id, x.kind, protection_period_start(x.period, mc.timezone))
                   ORDER BY x.member_id, x.kind, x.period)
    INTO lim_member, lim_kind, lim_amount, lim_used
    FROM protection_limit x
    JOIN merchant mc ON mc.code = x.merchant_code
   WHERE x.member_id = ANY (p_member) AND x.kind IN ('LOSS', 'WAGER') AND x.amount IS NOT NULL;

  -- Session time limits: the session is the time since the member's latest login (the newest
  -- SESSION row of member_session); once it has lasted the limit's minutes, stakes stop until
  -- the member logs in again (a new login starts a new session).
  SELECT coalesce(array_agg(l.member_id), '{}')
    INTO v_session
    FROM protection_limit l
   WHERE l.member_id = ANY (p_member) AND l.kind = 'SESSION' AND l.amount IS NOT NULL
     AND (SELECT max(s.created_at) FROM member_session s
           WHERE s.member_id = l.member_id AND s.kind = 'SESSION')
         + make_interval(mins => l.amount::int) <= now();

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
    ELSIF p_member[i] = ANY (v_blocked) THEN
      v_outcome[i] := 'blocked';
    ELSIF p_member[i] = ANY (v_excluded) THEN
      v_outcome[i] := 'excluded';
    ELSIF p_member[i] = ANY (v_session) THEN
      v_outcome[i] := 'limit_session';
    ELSIF acc_track[d] AND acc_bal[d] < p_stake[i] THEN
      v_outcome[i] := 'insufficient';
    ELSE
      -- The lowest applicable limit: a stake that could take any period past its limit waits.
      v_over := NULL;
      FOR j IN 1..coalesce(array_length(lim_member, 1), 0) LOOP
        IF lim_member[j] = p_member[i] AND lim_used[j] + p_stake[i] > lim_amount[j] THEN
          v_over := lim_kind[j];
          EXIT;
        END IF;
      END LOOP;
    END IF;
    IF v_outcome[i] IS NULL AND v_over IS NOT NULL THEN
      v_outcome[i] := CASE v_over WHEN 'WAGER' THEN 'limit_wager' ELSE 'limit_loss' END;
    ELSIF v_outcome[i] IS NULL THEN
      FOR j IN 1..coalesce(array_length(lim_member, 1), 0) LOOP
        IF lim_member[j] = p_member[i] THEN lim_used[j] := lim_used[j] + p_stake[i]; END IF;
      END LOOP;
      v_debit_after := NULL;
      v_credit_after := NULL;
      IF acc_track[d] THEN acc_bal[d] := acc_bal[d] - p_stake[i]; v_debit_after := acc_bal[d]; END IF;
      IF acc_track[c] THEN acc_bal[c] := acc_bal[c] + p_stake[i]; v_credit_after := acc_bal[c]; END IF;
      -- Legs in ascending account id (as ledger_post()), so each tracked account's balance_after
      -- is its running balance in posting id order.
      leg_item := leg_item || ARRAY[i, i];
      IF p_debit[i] < p_credit[i] THEN
        leg_acc := leg_acc || ARRAY[p_debit[i], p_credit[i]];
        leg_amt := leg_amt || ARRAY[-p_stake[i], p_stake[i]];
        leg_after := leg_after || ARRAY[v_debit_after, v_credit_after];
      ELSE
        leg_acc := leg_acc || ARRAY[p_credit[i], p_debit[i]];
        leg_amt := leg_amt || ARRAY[p_stake[i], -p_stake[i]];
        leg_after := leg_after || ARRAY[v_credit_after, v_debit_after];
      END IF;
      v_new_ref[i] := p_reference[i];
      v_balance[i] := v_debit_after;
      v_outcome[i] := 'placed';
      v_placed := v_placed + 1;
    END IF;
  END LOOP;

  IF v_placed > 0 THEN
    -- Entries, in item order. A reference committed by another transaction since the check above
    -- is not written; the count then differs and the whole batch is retried one by one.
    v_new := ledger_add_entries(p_merchant, v_new_ref, array_fill('BET'::text, ARRAY[n]), p_member, NULL);
    IF coalesce(array_length(array_remove(v_new, NULL), 1), 0) <> v_placed THEN
      RAISE EXCEPTION 'bet_place_batch: a reference was applied concurrently' USING ERRCODE = 'serialization_failure';
    END IF;
    FOR i IN 1..n LOOP
      IF v_new[i] IS NOT NULL THEN v_entry[i] := v_new[i]; END IF;
    END LOOP;

    PERFORM ledger_add_postings(v_entry, leg_item, leg_acc, leg_amt, leg_after,
                                acc_id[1:v_tracked], acc_bal[1:v_tracked]);

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
END $$;

-- ---- turnover ----------------------------------------------------------------------------------
-- Counts a valid bet against a member's open turnover requirements, oldest first: each takes
-- what it still needs, the rest flows to the next (the one place this rule is written; the
-- caller's transaction holds the rows until it ends).
CREATE OR REPLACE FUNCTION turnover_accrue(p_member bigint, p_valid bigint) RETURNS void
LANGUAGE plpgsql
SET jit = off
AS $$
BEGIN
  IF p_valid IS NULL OR p_valid <= 0 THEN RETURN; END IF;
  -- Locked first: a window function cannot be combined with FOR UPDATE in one query.
  PERFORM 1 FROM turnover_requirement t
   WHERE t.member_id = p_member AND t.achieved < t.required ORDER BY t.id FOR UPDATE;
  WITH open AS (
    SELECT t.id, t.required - t.achieved AS need,
           coalesce(sum(t.required - t.achieved) OVER (ORDER BY t.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM turnover_requirement t WHERE t.member_id = p_member AND t.achieved < t.required)
  UPDATE turnover_requirement t
     SET achieved = t.achieved + least(o.need, greatest(p_valid - o.before, 0))
    FROM open o
   WHERE t.id = o.id AND p_valid > o.before;
END $$;

-- ---- settlements and voids ---------------------------------------------------------------------
-- Bet settlements and voids in batches (group commit), the counterpart of bet_place_batch():
-- concurrent settle/void requests are queued by the server and closed together by one call, one
-- transaction, one WAL flush; every caller is answered after that commit. Each item keeps the
-- semantics of BetService.close() (one bet each):
--   - no bet of that round (or, when p_member is given, not that member's bet): 'unknown';
--   - the bet closed already: 'repeat' if the same way with the same figures (nothing moves),
--     'closed' if the other way (settled vs void), 'conflict' if settled with other figures;
--   - otherwise one entry under the reference (SETTLE|VOID):<vendor>:<round>: BET_HOLD -stake,
--     HOUSE +(stake - payout) and the stake's wallet +payout (zero legs left out; a void returns
--     the stake), the record closed, and a settlement's valid bet (NULL: the stake) counted
--     against the member's turnover requirements: 'settled'.
-- Items naming the same bet are applied in order. Anything unexpected raises and rolls the whole
-- batch back, and the server then closes each item on its own.
--
-- Locks: the batch's bets in ascending id, then every tracked account it touches in ascending
-- id, before anything is written. A single close (bet row, then its entry's accounts ascending)
-- and bet_place_batch() (accounts ascending) take theirs in the same order, so no deadlock.
CREATE OR REPLACE FUNCTION bet_settle_batch(
  p_merchant text[], p_vendor text[], p_round text[], p_member bigint[], p_to text[],
  p_payout bigint[], p_valid bigint[], p_house bigint[]
) RETURNS TABLE (
  item int, outcome text, balance bigint,
  id bigint, merchant_code text, member_id bigint, vendor_code text, game_type text, game_code text,
  game_name text, round_id text, stake bigint, valid_bet bigint, payout bigint, status text,
  stake_entry_id bigint, settle_entry_id bigint, placed_at timestamptz, settled_at timestamptz
) LANGUAGE plpgsql
SET enable_seqscan = off
SET jit = off
AS $$
DECLARE
  n          int := coalesce(array_length(p_round, 1), 0);
  -- Per item: its bet's id (NULL: none), what became of it, the wallet balance to answer.
  v_item_bet bigint[];
  v_outcome  text[] := array_fill(NULL::text, ARRAY[n]);
  v_balance  bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  -- Per item closed now: its entry's reference, kind, member and memo (NULL for the others).
  v_ref      text[] := array_fill(NULL::text, ARRAY[n]);
  v_kind     text[] := array_fill(NULL::text, ARRAY[n]);
  v_mem      bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_memo     jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
  -- The batch's bets (locked, read once), with their stake wallet and hold account.
  v_bets     bet_record[];
  v_bet_id   bigint[];
  v_wallet   bigint[];
  v_hold     bigint[];
  -- Tracked accounts (locked, ascending) and their running balances.
  acc_id     bigint[];
  acc_bal    bigint[];
  -- Postings to write, in order: item, account, amount, balance after (NULL: untracked).
  leg_item   int[] := '{}';
  leg_acc    bigint[] := '{}';
  leg_amt    bigint[] := '{}';
  leg_after  bigint[] := '{}';
  -- Entries written: item -> entry id.
  v_entry    bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_closed   int := 0;
  b          bet_record;
  k          int;
  w          int;
  h          int;
  v_pay      bigint;
  v_valid    bigint;
  i          int;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM unnest(ARRAY[
       array_length(p_merchant, 1), array_length(p_vendor, 1), array_length(p_member, 1),
       array_length(p_to, 1), array_length(p_payout, 1), array_length(p_valid, 1),
       array_length(p_house, 1)]) AS l(len) WHERE l.len IS DISTINCT FROM n) THEN
    RAISE EXCEPTION 'bet_settle_batch: arrays of different lengths' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  FOR i IN 1..n LOOP
    IF p_to[i] IS NULL OR p_to[i] NOT IN ('SETTLED', 'VOID') OR (p_to[i] = 'SETTLED' AND (p_payout[i] IS NULL
        OR p_payout[i] < 0 OR p_valid[i] < 0 OR p_house[i] IS NULL)) THEN
      RAISE EXCEPTION 'bet_settle_batch: bad item %', i USING ERRCODE = 'invalid_parameter_value';
    END IF;
  END LOOP;

  -- Each item's bet, found by its unique key (one index lookup per item).
  v_item_bet := ARRAY(SELECT (SELECT x.id FROM bet_record x
                               WHERE x.merchant_code = u.m AND x.vendor_code = u.v AND x.round_id = u.rnd)
                        FROM unnest(p_merchant, p_vendor, p_round) WITH ORDINALITY AS u(m, v, rnd, ord)
                       ORDER BY u.ord);
  -- The bets locked in ascending id and read once; each one's stake wallet (the stake entry's
  -- debit) and hold account (its credit).
  SELECT array_agg(l.r ORDER BY (l.r).id), array_agg((l.r).id ORDER BY (l.r).id)
    INTO v_bets, v_bet_id
    FROM (SELECT r AS r FROM bet_record r WHERE r.id = ANY (v_item_bet) ORDER BY r.id FOR UPDATE) l;
  SELECT array_agg((SELECT p.account_id FROM ledger_posting p
                      WHERE p.entry_id = (v_bets[g.k]).stake_entry_id AND p.amount < 0) ORDER BY g.k),
         array_agg((SELECT p.account_id FROM ledger_posting p
                      WHERE p.entry_id = (v_bets[g.k]).stake_entry_id AND p.amount > 0) ORDER BY g.k)
    INTO v_wallet, v_hold
    FROM generate_subscripts(v_bets, 1) AS g(k);
  -- Every tracked account those touch, locked in ascending id, with its balance.
  SELECT array_agg(a.id ORDER BY a.id), array_agg(a.balance ORDER BY a.id) INTO acc_id, acc_bal
    FROM (SELECT l.id, l.balance FROM ledger_account l
           WHERE l.tracked AND l.id = ANY (v_wallet || v_hold) ORDER BY l.id FOR UPDATE) a;

  -- Decide each item in order, on the bets and balances in memory.
  FOR i IN 1..n LOOP
    k := array_position(v_bet_id, v_item_bet[i]);
    IF k IS NULL THEN
      v_outcome[i] := 'unknown';
      CONTINUE;
    END IF;
    b := v_bets[k];
    IF p_member[i] IS NOT NULL AND b.member_id <> p_member[i] THEN
      v_item_bet[i] := NULL;
      v_outcome[i] := 'unknown';
      CONTINUE;
    END IF;
    w := array_position(acc_id, v_wallet[k]);
    h := array_position(acc_id, v_hold[k]);
    IF w IS NULL OR h IS NULL THEN
      RAISE EXCEPTION 'bet_settle_batch: bet % has no tracked wallet or hold', b.id USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF b.status <> 'OPEN' THEN
      IF b.status <> p_to[i] THEN
        v_outcome[i] := 'closed';
      ELSIF p_to[i] = 'SETTLED' AND (b.payout <> p_payout[i] OR b.valid_bet <> coalesce(p_valid[i], b.stake)) THEN
        v_outcome[i] := 'conflict';
      ELSE
        v_outcome[i] := 'repeat';
      END IF;
      v_balance[i] := acc_bal[w];
      CONTINUE;
    END IF;
    v_pay := CASE WHEN p_to[i] = 'SETTLED' THEN p_payout[i] ELSE b.stake END;
    v_valid := CASE WHEN p_to[i] = 'SETTLED' THEN coalesce(p_valid[i], b.stake) ELSE 0 END;
    -- Legs in ascending account id, as ledger_post() writes them; zero legs left out.
    acc_bal[h] := acc_bal[h] - b.stake;
    IF acc_bal[h] < 0 THEN
      RAISE EXCEPTION 'bet_settle_batch: hold of bet % cannot cover its stake', b.id USING ERRCODE = 'check_violation';
    END IF;
    IF v_pay <> 0 THEN acc_bal[w] := acc_bal[w] + v_pay; END IF;
    SELECT leg_item || array_agg(i ORDER BY l.acc), leg_acc || array_agg(l.acc ORDER BY l.acc),
           leg_amt || array_agg(l.amt ORDER BY l.acc), leg_after || array_agg(l.after ORDER BY l.acc)
      INTO leg_item, leg_acc, leg_amt, leg_after
      FROM (VALUES (v_hold[k], -b.stake, acc_bal[h]),
                   (CASE WHEN p_to[i] = 'SETTLED' THEN p_house[i] END, b.stake - v_pay, NULL::bigint),
                   (v_wallet[k], v_pay, acc_bal[w])) AS l(acc, amt, after)
     WHERE l.acc IS NOT NULL AND l.amt <> 0;
    v_ref[i] := CASE WHEN p_to[i] = 'SETTLED' THEN 'SETTLE' ELSE 'VOID' END || ':' || b.vendor_code || ':' || b.round_id;
    v_kind[i] := CASE WHEN p_to[i] = 'SETTLED' THEN 'PAYOUT' ELSE 'BET_VOID' END;
    v_mem[i] := b.member_id;
    v_memo[i] := jsonb_build_object('vendor', b.vendor_code, 'roundId', b.round_id);
    b.status := p_to[i];
    b.payout := CASE WHEN p_to[i] = 'SETTLED' THEN v_pay ELSE 0 END;
    b.valid_bet := v_valid;
    b.settled_at := now();
    v_bets[k] := b;
    v_balance[i] := acc_bal[w];
    v_outcome[i] := 'settled';
    v_closed := v_closed + 1;
  END LOOP;

  IF v_closed > 0 THEN
    -- Entries in item order. A reference already applied while its bet is open was not written
    -- by this code: the whole batch fails (and each item is then tried alone).
    v_entry := ledger_add_entries(p_merchant, v_ref, v_kind, v_mem, v_memo);
    IF coalesce(array_length(array_remove(v_entry, NULL), 1), 0) <> v_closed THEN
      RAISE EXCEPTION 'bet_settle_batch: a reference of the batch was applied already' USING ERRCODE = 'unique_violation';
    END IF;

    PERFORM ledger_add_postings(v_entry, leg_item, leg_acc, leg_amt, leg_after, acc_id, acc_bal);

    UPDATE bet_record r
       SET status = (u.bet).status, payout = (u.bet).payout, valid_bet = (u.bet).valid_bet,
           settle_entry_id = v_entry[u.it], settled_at = (u.bet).settled_at
      FROM (SELECT DISTINCT ON (x.bet) x.it, v_bets[array_position(v_bet_id, x.bet)] AS bet
              FROM unnest(v_outcome, v_item_bet) WITH ORDINALITY AS x(o, bet, it)
             WHERE x.o = 'settled' ORDER BY x.bet, x.it DESC) u
     WHERE r.id = (u.bet).id;

    -- Turnover: each member's valid bets of the batch together (oldest requirement first either
    -- way), only for members with an open requirement.
    PERFORM turnover_accrue(t.mem, t.total)
       FROM (SELECT (v_bets[array_position(v_bet_id, x.bet)]).member_id AS mem,
                    sum((v_bets[array_position(v_bet_id, x.bet)]).valid_bet)::bigint AS total
               FROM unnest(v_outcome, v_item_bet) AS x(o, bet)
              WHERE x.o = 'settled'
              GROUP BY 1) t
      WHERE t.total > 0
        AND EXISTS (SELECT 1 FROM turnover_requirement q WHERE q.member_id = t.mem AND q.achieved < q.required);
  END IF;

  RETURN QUERY
  SELECT u.ord::int, u.o, u.bal,
         (u.b).id, (u.b).merchant_code, (u.b).member_id, (u.b).vendor_code, (u.b).game_type,
         (u.b).game_code, (u.b).game_name, (u.b).round_id, (u.b).stake, (u.b).valid_bet, (u.b).payout,
         (u.b).status, (u.b).stake_entry_id,
         CASE WHEN u.o = 'settled' THEN v_entry[u.ord] ELSE (u.b).settle_entry_id END,
         (u.b).placed_at, (u.b).settled_at
    FROM (SELECT x.o, x.bal, x.ord,
                 CASE WHEN x.bet IS NULL THEN NULL ELSE v_bets[array_position(v_bet_id, x.bet)] END AS b
            FROM unnest(v_outcome, v_balance, v_item_bet) WITH ORDINALITY AS x(o, bal, bet, ord)) u
   ORDER BY u.ord;
END $$;
