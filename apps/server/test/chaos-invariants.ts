/**
 * The database side of the multi-instance chaos test (multi-instance-chaos.test.ts): what is left
 * unsettled past its game's clock, and the rows that break an invariant between the games' own
 * tables, the bet records and the ledger. Each function answers counts or offending rows; the
 * test says which must be zero or empty, and why.
 */
import { sql } from 'kysely';
import type { DbHandle } from '../src/db/client';
import type { Tally } from './chaos-players';

type Db = DbHandle['db'];

/** The clocks the servers run on (their env), for what is due by now. */
export interface Clocks {
  /** A card hand's cycle (decision window + result on show) and its decision window, ms. */
  cardsCycleMs: number;
  cardsDecisionMs: number;
  /** The sportsbook's clock now (a shortened match minute runs it fast). */
  bookNow: Date;
}

/**
 * Bets and rounds whose game's clock says they are over but that are not settled (or paid), per
 * game; and every bet record of the members still open. All zero once the games have caught up.
 */
export async function dueButUnsettled(
  db: Db,
  merchant: string,
  members: string[],
  clocks: Clocks,
): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    SELECT
      (SELECT count(*) FROM baccarat_bet b JOIN baccarat_round r
          ON r.merchant_code = b.merchant_code AND r.table_id = b.table_id AND r.round_no = b.round_no
        WHERE b.merchant_code = ${merchant} AND b.status = 'PENDING' AND r.closes_at < now())::int AS baccarat_bets,
      (SELECT count(*) FROM cards_hand h
        WHERE h.merchant_code = ${merchant} AND h.settled_at IS NULL AND h.decide_by < now())::int AS cards_hands,
      (SELECT count(*) FROM cards_entry e
        WHERE e.merchant_code = ${merchant}
          AND (e.status IN ('PENDING', 'LATE') OR (e.status = 'ANTED' AND NOT e.paid))
          AND to_timestamp((e.hand_no * ${clocks.cardsCycleMs} + ${clocks.cardsDecisionMs}) / 1000.0) < now()
      )::int AS cards_seats,
      (SELECT count(*) FROM cockfight_fight f
        WHERE f.merchant_code = ${merchant} AND f.status <> 'SETTLED' AND f.reveal_at < now())::int AS cockfight_fights,
      (SELECT count(*) FROM cockfight_bet b JOIN cockfight_fight f ON f.id = b.fight_id
        WHERE b.merchant_code = ${merchant} AND b.status IN ('PLACING', 'OPEN') AND f.reveal_at < now())::int AS cockfight_bets,
      (SELECT count(*) FROM sportsbook_bet b
        WHERE b.merchant_code = ${merchant}
          AND (b.status IN ('PLACING', 'OPEN') OR (b.status <> 'REJECTED' AND b.credited_at IS NULL))
          AND NOT EXISTS (
            SELECT 1 FROM sportsbook_bet_leg l JOIN sportsbook_fixture f
              ON f.merchant_code = l.merchant_code AND f.fixture_id = l.fixture_id
            WHERE l.bet_row_id = b.id AND (f.ends_at IS NULL OR f.ends_at > ${clocks.bookNow}))
      )::int AS sportsbook_bets,
      (SELECT count(*) FROM lottery_draw d
        WHERE d.merchant_code = ${merchant} AND d.status IN ('OPEN', 'LOCKED', 'DRAWN') AND d.draw_at < now()
      )::int AS lottery_draws,
      (SELECT count(*) FROM lottery_bet l JOIN lottery_draw d ON d.id = l.draw_id
        WHERE l.merchant_code = ${merchant} AND l.status IN ('PLACING', 'OPEN') AND d.draw_at < now()
      )::int AS lottery_lines,
      (SELECT count(*) FROM bet_record r
        WHERE r.merchant_code = ${merchant} AND r.member_id = ANY(${members}::bigint[]) AND r.status = 'OPEN'
      )::int AS open_bet_records`.execute(db);
  return rows[0]!;
}

/** How late (seconds) the latest settlement came after its clock's moment, per clocked game. */
export async function settleLag(db: Db, merchant: string): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    SELECT
      (SELECT coalesce(max(extract(epoch FROM h.settled_at - h.decide_by)), 0) FROM cards_hand h
        WHERE h.merchant_code = ${merchant})::float AS cards_hand,
      (SELECT coalesce(max(extract(epoch FROM f.settled_at - f.reveal_at)), 0) FROM cockfight_fight f
        WHERE f.merchant_code = ${merchant})::float AS cockfight_fight,
      (SELECT coalesce(max(extract(epoch FROM d.settled_at - d.draw_at)), 0) FROM lottery_draw d
        WHERE d.merchant_code = ${merchant})::float AS lottery_draw`.execute(db);
  return rows[0]!;
}

/**
 * Every bet the games' own tables know, as the seamless wallet names it (vendor, round id), with
 * what those tables say became of it: SETTLED (with its stake and payout), VOID (its stake given
 * back), 'VOID?' (given back, or never taken: no bet record at all is right too) or UNSETTLED.
 */
const gameBets = (merchant: string, members: string[]) => sql`
  SELECT 'slot/fish' AS game, 'HOUSE'::text AS vendor_code, h.round_id, h.member_id,
         'SETTLED' AS status, h.bet AS stake, h.total_win AS payout
    FROM house_round h WHERE h.merchant_code = ${merchant} AND h.member_id = ANY(${members}::bigint[])
  UNION ALL
  SELECT 'baccarat', b.vendor_code, b.transaction_id, b.member_id,
         CASE b.status WHEN 'SETTLED' THEN 'SETTLED' WHEN 'VOID' THEN 'VOID?' ELSE 'UNSETTLED' END,
         b.stake, CASE WHEN b.status = 'SETTLED' THEN b.payout ELSE 0 END
    FROM baccarat_bet b WHERE b.merchant_code = ${merchant} AND b.member_id = ANY(${members}::bigint[])
  UNION ALL
  -- A seat's ante; a seat that played has a second bet (the play bet), and the pot's share it won
  -- is paid half on each (the odd unit on the play bet).
  SELECT 'cards', e.vendor_code, 'cards-' || e.room_id || '-' || e.hand_no || '-' || e.member_id || '-A',
         e.member_id,
         CASE WHEN e.status = 'ANTED' AND e.paid THEN 'SETTLED'
              WHEN e.status IN ('VOID', 'FAILED') THEN 'VOID?' ELSE 'UNSETTLED' END,
         e.ante,
         CASE WHEN e.action = 'PLAY' THEN coalesce(e.payout, 0) / 2 ELSE coalesce(e.payout, 0) END
    FROM cards_entry e WHERE e.merchant_code = ${merchant} AND e.member_id = ANY(${members}::bigint[])
  UNION ALL
  SELECT 'cards', e.vendor_code, 'cards-' || e.room_id || '-' || e.hand_no || '-' || e.member_id || '-P',
         e.member_id,
         CASE WHEN e.status = 'ANTED' AND e.paid AND e.action = 'PLAY' THEN 'SETTLED'
              WHEN e.status = 'ANTED' AND e.paid AND e.play_void THEN 'VOID?' ELSE 'UNSETTLED' END,
         e.ante, coalesce(e.payout, 0) - coalesce(e.payout, 0) / 2
    FROM cards_entry e WHERE e.merchant_code = ${merchant} AND e.member_id = ANY(${members}::bigint[])
      AND (e.action IN ('PLAY', 'PLAYING') OR e.play_void)
  UNION ALL
  SELECT 'cockfight', b.vendor_code, 'cf' || b.id, b.member_id,
         CASE WHEN b.status IN ('WON', 'LOST', 'REFUNDED') THEN 'SETTLED'
              WHEN b.status IN ('VOID', 'REJECTED') THEN 'VOID?' ELSE 'UNSETTLED' END,
         b.stake, coalesce(b.payout, 0)
    FROM cockfight_bet b WHERE b.merchant_code = ${merchant} AND b.member_id = ANY(${members}::bigint[])
  UNION ALL
  SELECT 'sportsbook', b.vendor_code, b.bet_id, b.member_id,
         CASE WHEN b.status = 'REJECTED' THEN 'VOID?'
              WHEN b.credited_at IS NULL THEN 'UNSETTLED'
              WHEN b.status IN ('WON', 'LOST', 'CASHED_OUT') THEN 'SETTLED'
              WHEN b.status = 'VOID' THEN 'VOID' ELSE 'UNSETTLED' END,
         b.stake, coalesce(b.payout, 0)
    FROM sportsbook_bet b WHERE b.merchant_code = ${merchant} AND b.member_id = ANY(${members}::bigint[])
  UNION ALL
  -- A slip is one bet, named by its first line.
  SELECT 'lottery', min(l.vendor_code), 'lt' || (array_agg(l.id ORDER BY l.line_no))[1], l.member_id,
         CASE WHEN bool_and(l.status IN ('WON', 'LOST')) THEN 'SETTLED'
              WHEN bool_and(l.status = 'VOID') THEN 'VOID?' ELSE 'UNSETTLED' END,
         sum(l.stake), CASE WHEN bool_and(l.status IN ('WON', 'LOST')) THEN sum(l.payout) ELSE 0 END
    FROM lottery_bet l WHERE l.merchant_code = ${merchant} AND l.member_id = ANY(${members}::bigint[])
    GROUP BY l.member_id, l.request_id`;

export interface BetMismatch {
  game: string | null;
  round_id: string;
  expected: string | null;
  actual: string | null;
  game_stake: string | null;
  bet_stake: string | null;
  game_payout: string | null;
  bet_payout: string | null;
}

/**
 * The games' bets against the members' bet records, one to one: a game's bet with no record (or a
 * record in another state, or with another stake or payout), and a record no game knows (a stake
 * taken for nothing). Empty when every game's book and the wallet's agree.
 */
export async function gameBetMismatches(db: Db, merchant: string, members: string[]): Promise<BetMismatch[]> {
  const { rows } = await sql<BetMismatch>`
    WITH expected AS (${gameBets(merchant, members)}),
    actual AS (
      SELECT r.vendor_code, r.round_id, r.member_id, r.status, r.stake, r.payout FROM bet_record r
       WHERE r.merchant_code = ${merchant} AND r.member_id = ANY(${members}::bigint[]))
    SELECT e.game, coalesce(e.round_id, a.round_id) AS round_id, e.status AS expected, a.status AS actual,
           e.stake::text AS game_stake, a.stake::text AS bet_stake,
           e.payout::text AS game_payout, a.payout::text AS bet_payout
      FROM expected e FULL OUTER JOIN actual a ON a.vendor_code = e.vendor_code AND a.round_id = e.round_id
     WHERE e.round_id IS NULL OR NOT coalesce(
             (e.status = 'VOID?' AND a.round_id IS NULL)
             OR (a.member_id = e.member_id AND a.stake = e.stake AND (
                  (e.status IN ('VOID', 'VOID?') AND a.status = 'VOID' AND a.payout = 0)
                  OR (e.status = 'SETTLED' AND a.status = 'SETTLED' AND a.payout = e.payout))),
             false)
     ORDER BY 1, 2`.execute(db);
  return rows;
}

export interface BetClosing {
  vendor_code: string;
  round_id: string;
  status: string;
  stake: string;
  payout: string;
  settle_entry_id: string | null;
  closings: string[] | null;
  wallet_net: string;
}

/**
 * Each of the members' bet records with the ledger entries that closed it (its settlement, its
 * void) and what every entry of its round moved in the member's wallets (stake, payout, refund).
 */
export async function betClosings(db: Db, merchant: string, members: string[]): Promise<BetClosing[]> {
  const { rows } = await sql<BetClosing>`
    SELECT r.vendor_code, r.round_id, r.status, r.stake::text, r.payout::text,
           r.settle_entry_id::text,
           (SELECT array_agg(e.id::text ORDER BY e.id) FROM ledger_entry e
             WHERE e.merchant_code = r.merchant_code
               AND e.reference IN ('SETTLE:' || r.vendor_code || ':' || r.round_id,
                                   'VOID:' || r.vendor_code || ':' || r.round_id)) AS closings,
           (SELECT coalesce(sum(p.amount), 0) FROM ledger_entry e
              JOIN ledger_posting p ON p.entry_id = e.id
              JOIN ledger_account a ON a.id = p.account_id
             WHERE e.merchant_code = r.merchant_code AND a.member_id = r.member_id
               AND a.kind IN ('MAIN', 'VENDOR')
               AND e.reference IN ('BET:' || r.vendor_code || ':' || r.round_id,
                                   'SETTLE:' || r.vendor_code || ':' || r.round_id,
                                   'VOID:' || r.vendor_code || ':' || r.round_id))::text AS wallet_net
      FROM bet_record r
     WHERE r.merchant_code = ${merchant} AND r.member_id = ANY(${members}::bigint[])`.execute(db);
  return rows;
}

export interface MemberBooks {
  member_id: string;
  /** Main and vendor wallets together (a transfer-wallet game plays from its vendor wallet). */
  balance: string;
  /** The stakes of open bets waiting in the member's bet hold. */
  held: string;
  /** The play money the member started with: the first posting of its main wallet. */
  first: string;
  /** Payouts less stakes of the settled bets, by the bet records. */
  bets_net: string;
  /** Payouts less stakes of the settled bets, by the games' own tables. */
  games_net: string;
}

export async function memberBooks(db: Db, merchant: string, members: string[]): Promise<MemberBooks[]> {
  const { rows } = await sql<MemberBooks>`
    WITH expected AS (${gameBets(merchant, members)})
    SELECT m.id::text AS member_id,
      (SELECT coalesce(sum(a.balance), 0) FROM ledger_account a
        WHERE a.member_id = m.id AND a.kind IN ('MAIN', 'VENDOR'))::text AS balance,
      (SELECT coalesce(sum(a.balance), 0) FROM ledger_account a
        WHERE a.member_id = m.id AND a.kind = 'BET_HOLD')::text AS held,
      (SELECT p.amount FROM ledger_posting p JOIN ledger_account a ON a.id = p.account_id
        WHERE a.member_id = m.id AND a.kind = 'MAIN' ORDER BY p.id LIMIT 1)::text AS first,
      (SELECT coalesce(sum(r.payout - r.stake), 0) FROM bet_record r
        WHERE r.member_id = m.id AND r.status = 'SETTLED')::text AS bets_net,
      (SELECT coalesce(sum(e.payout - e.stake), 0) FROM expected e
        WHERE e.member_id = m.id AND e.status = 'SETTLED')::text AS games_net
    FROM member m WHERE m.merchant_code = ${merchant} AND m.id = ANY(${members}::bigint[])
    ORDER BY m.id`.execute(db);
  return rows;
}

/**
 * The answered bets each game does not show as one settled bet: a problem per bet, described.
 * Fish: the stored shots must be exactly the answered ones (a retried shot is not played twice, and
 * every cut shot was retried until answered). Cards: an answered join is a seat in a settled, paid
 * hand, with the decision answered. Cockfight, sportsbook, lottery: one row (or one slip) per
 * answered bet, settled, and voided only when its fight or draw was cancelled.
 */
export async function answeredProblems(
  db: Db,
  merchant: string,
  members: string[],
  tally: Tally,
): Promise<Record<'fish' | 'cards' | 'cockfight' | 'sportsbook' | 'lottery', string[]>> {
  const fishRows = await db
    .selectFrom('house_round')
    .select('round_id')
    .where('merchant_code', '=', merchant)
    .where('member_id', 'in', members)
    .where('round_id', 'like', '%-fish-%')
    .execute();
  const stored = new Set(fishRows.map((r) => r.round_id));
  const answered = new Set(tally.fish);
  const fish = [
    ...tally.fish.filter((id) => !stored.has(id)).map((id) => `answered shot ${id} not stored`),
    ...[...stored].filter((id) => !answered.has(id)).map((id) => `stored shot ${id} never answered`),
    ...(answered.size === tally.fish.length ? [] : ['a shot answered twice']),
  ];

  const seats = await sql<{
    member_id: string;
    room_id: string;
    hand_no: string;
    status: string;
    action: string | null;
    play_void: boolean;
    paid: boolean;
    settled: boolean;
  }>`
    SELECT e.member_id::text, e.room_id, e.hand_no::text, e.status, e.action, e.play_void, e.paid,
           h.settled_at IS NOT NULL AS settled
      FROM cards_entry e LEFT JOIN cards_hand h
        ON h.merchant_code = e.merchant_code AND h.room_id = e.room_id AND h.hand_no = e.hand_no
     WHERE e.merchant_code = ${merchant} AND e.member_id = ANY(${members}::bigint[])`.execute(db);
  const seatOf = new Map(seats.rows.map((s) => [`${s.member_id}|${s.room_id}|${s.hand_no}`, s]));
  const cards = tally.cards.flatMap((c) => {
    const s = seatOf.get(`${c.memberId}|${c.roomId}|${c.handNo}`);
    const what = `hand ${c.roomId}/${c.handNo} of ${c.memberId}`;
    if (!s) return [`${what}: joined, no seat stored`];
    if (s.status !== 'ANTED' || !s.settled || !s.paid)
      return [`${what}: ${s.status}, settled ${s.settled}, paid ${s.paid}`];
    // An answered decision stands; an unanswered one may have landed or timed out as a fold.
    if (c.action !== null && (s.action !== c.action || s.play_void))
      return [`${what}: answered ${c.action}, stored ${s.action} (play void ${s.play_void})`];
    return [];
  });

  const fights = await sql<{ id: string; status: string; result: string | null }>`
    SELECT b.id::text, b.status, f.result FROM cockfight_bet b JOIN cockfight_fight f ON f.id = b.fight_id
     WHERE b.id = ANY(${tally.cockfight}::bigint[])`.execute(db);
  const cockfight = [
    ...(fights.rows.length === tally.cockfight.length
      ? []
      : [`${tally.cockfight.length} bets answered, ${fights.rows.length} stored`]),
    ...fights.rows
      .filter(
        (b) =>
          !['WON', 'LOST', 'REFUNDED'].includes(b.status) &&
          !(b.status === 'VOID' && b.result === 'CANCELLED'),
      )
      .map((b) => `bet ${b.id}: ${b.status} (fight ${b.result})`),
  ];

  const sports = await db
    .selectFrom('sportsbook_bet')
    .select(['bet_id', 'status', 'credited_at'])
    .where('merchant_code', '=', merchant)
    .where('bet_id', 'in', tally.sportsbook.length > 0 ? tally.sportsbook : [''])
    .execute();
  const sportsbook = [
    ...(sports.length === tally.sportsbook.length
      ? []
      : [`${tally.sportsbook.length} bets answered, ${sports.length} stored`]),
    ...sports
      .filter((b) => !['WON', 'LOST', 'VOID', 'CASHED_OUT'].includes(b.status) || b.credited_at === null)
      .map((b) => `bet ${b.bet_id}: ${b.status}, credited ${b.credited_at !== null}`),
  ];

  const lines = await sql<{
    member_id: string;
    request_id: string;
    lines: number;
    settled: number;
    draw: string;
  }>`
    SELECT l.member_id::text, l.request_id, count(*)::int AS lines,
           count(*) FILTER (WHERE l.status IN ('WON', 'LOST'))::int AS settled, min(d.status) AS draw
      FROM lottery_bet l JOIN lottery_draw d ON d.id = l.draw_id
     WHERE l.merchant_code = ${merchant} AND l.member_id = ANY(${members}::bigint[])
     GROUP BY l.member_id, l.request_id`.execute(db);
  const slipOf = new Map(lines.rows.map((s) => [`${s.member_id}|${s.request_id}`, s]));
  const lottery = tally.lottery.flatMap((slip) => {
    const s = slipOf.get(`${slip.memberId}|${slip.requestId}`);
    if (!s) return [`slip ${slip.requestId}: answered, not stored`];
    if (s.lines !== slip.lines || s.settled !== slip.lines || s.draw !== 'SETTLED')
      return [`slip ${slip.requestId}: ${s.lines}/${slip.lines} lines, ${s.settled} settled, draw ${s.draw}`];
    return [];
  });

  return { fish, cards, cockfight, sportsbook, lottery };
}
