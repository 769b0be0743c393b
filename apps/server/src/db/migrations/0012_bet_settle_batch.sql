-- Bet settlements and voids in batches (group commit), the counterpart of bet_place_batch()
-- (migration 0004): concurrent settle/void requests are queued by the server and closed together
-- by one call, one transaction, one WAL flush; every caller is answered after that commit. Each
-- item keeps the semantics of BetService.close() (one bet each):
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
-- Counts a valid bet against a member's open turnover requirements, oldest first: each takes
-- what it still needs, the rest flows to the next (the one place this rule is written; the
-- caller's transaction holds the rows until it ends).
CREATE FUNCTION turnover_accrue(p_member bigint, p_valid bigint) RETURNS void LANGUAGE plpgsql AS $$
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

CREATE FUNCTION bet_settle_batch(
  p_merchant text[], p_vendor text[], p_round text[], p_member bigint[], p_to text[],
  p_payout bigint[], p_valid bigint[], p_house bigint[]
) RETURNS TABLE (
  item int, outcome text, balance bigint,
  id bigint, merchant_code text, member_id bigint, vendor_code text, game_type text, game_code text,
  game_name text, round_id text, stake bigint, valid_bet bigint, payout bigint, status text,
  stake_entry_id bigint, settle_entry_id bigint, placed_at timestamptz, settled_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  n          int := coalesce(array_length(p_round, 1), 0);
  -- Per item: its bet's id (NULL: none), what became of it, the wallet balance to answer.
  v_item_bet bigint[];
  v_outcome  text[] := array_fill(NULL::text, ARRAY[n]);
  v_balance  bigint[] := array_fill(NULL::bigint, ARRAY[n]);
  v_ref      text[] := array_fill(NULL::text, ARRAY[n]);
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
  v_inserted int;
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
    WITH ins AS (
      INSERT INTO ledger_entry (merchant_code, reference, kind, member_id, memo)
      SELECT (v_bets[array_position(v_bet_id, u.bet)]).merchant_code, u.ref,
             CASE WHEN u.ref LIKE 'SETTLE:%' THEN 'PAYOUT' ELSE 'BET_VOID' END,
             (v_bets[array_position(v_bet_id, u.bet)]).member_id,
             jsonb_build_object('vendor', (v_bets[array_position(v_bet_id, u.bet)]).vendor_code,
                                'roundId', (v_bets[array_position(v_bet_id, u.bet)]).round_id)
        FROM unnest(v_outcome, v_ref, v_item_bet) WITH ORDINALITY AS u(o, ref, bet, ord)
       WHERE u.o = 'settled' ORDER BY u.ord
      ON CONFLICT ON CONSTRAINT ledger_entry_reference_unique DO NOTHING
      RETURNING ledger_entry.id, ledger_entry.merchant_code, ledger_entry.reference
    )
    SELECT array_agg(ins.id ORDER BY u.ord), (SELECT count(*) FROM ins)::int INTO v_entry, v_inserted
      FROM unnest(p_merchant, v_ref) WITH ORDINALITY AS u(m, ref, ord)
      LEFT JOIN ins ON ins.merchant_code = u.m AND ins.reference = u.ref;
    IF v_inserted <> v_closed THEN
      RAISE EXCEPTION 'bet_settle_batch: a reference of the batch was applied already' USING ERRCODE = 'unique_violation';
    END IF;

    UPDATE ledger_account a SET balance = u.bal
      FROM unnest(acc_id, acc_bal) AS u(id, bal)
     WHERE a.id = u.id AND a.balance <> u.bal;

    INSERT INTO ledger_posting (entry_id, account_id, amount, balance_after)
    SELECT v_entry[l.it], l.acc, l.amt, l.after
      FROM unnest(leg_item, leg_acc, leg_amt, leg_after) WITH ORDINALITY AS l(it, acc, amt, after, ord)
     ORDER BY l.ord;

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
END $$
-- As bet_place_batch(): plans that stay index lookups however small the tables were when planned.
SET enable_seqscan = off;

-- Popular games' index led with the brand, and so tied with the (merchant, vendor, round) unique
-- index for a round lookup on a small table: a plan cached then (plpgsql keeps its plans for the
-- connection's life) read every bet of the brand for each lookup. Led by the time instead, it
-- cannot serve a round lookup; the popular list (a brand's bets of the last days) still ranges on it.
DROP INDEX bet_record_recent_idx;
CREATE INDEX bet_record_recent_idx ON bet_record (placed_at, merchant_code);

-- Open bets, oldest first: what sweepers of interrupted rounds look for (few rows at any time).
CREATE INDEX bet_record_open_idx ON bet_record (placed_at) WHERE status = 'OPEN';
