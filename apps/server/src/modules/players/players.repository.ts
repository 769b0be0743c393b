import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/repository';

/** The linked-accounts window: shared IPs and devices count when seen within it. */
const LINK_WINDOW_DAYS = 90;

/** What a search matches q against; each kind is one index range scan (migration 0033). */
export type SearchKind =
  'ID' | 'USERNAME' | 'MOBILE' | 'EMAIL' | 'REAL_NAME' | 'IP' | 'DEVICE' | 'AFFILIATE' | 'UPLINE';

export interface SearchFilters {
  status?: 'ACTIVE' | 'LOCKED' | 'BLOCKED';
  vipLevel?: number;
  registeredFrom?: Date;
  registeredTo?: Date;
  lastLoginFrom?: Date;
  lastLoginTo?: Date;
}

export interface PlayerRow {
  id: string;
  username: string;
  payee_name: string | null;
  nickname: string;
  email: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  id_number: string | null;
  status: 'ACTIVE' | 'DISABLED';
  block_login: boolean;
  block_deposit: boolean;
  block_withdrawal: boolean;
  block_betting: boolean;
  tags: string[];
  vip_level: number;
  created_at: Date;
  register_ip: string | null;
  register_device: string | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  is_agent: number;
  upline: string | null;
  affiliate_code: string | null;
  totp_enabled: boolean;
}

/** `LIKE` pattern matching values that start with `prefix` (its wildcards taken literally). */
const prefixPattern = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PLAYER_COLUMNS = sql`m.id::text AS id, m.username, m.payee_name, m.nickname, m.email,
  m.country_dialing_code, m.mobile_num, m.id_number, m.status, m.block_login, m.block_deposit,
  m.block_withdrawal, m.block_betting, m.tags, coalesce(v.level, 0) AS vip_level, m.created_at,
  m.register_ip, m.register_device, m.last_login_at, m.last_login_ip, m.is_agent,
  u.username AS upline, m.affiliate_code, m.totp_enabled`;

/** Players as the back office reads and changes them; every query is scoped to one brand. */
export class PlayersRepository {
  constructor(readonly db: Db) {}

  /** The filters as SQL on `m` (member); vip level reads the member's stored level. */
  private filterSql(f: SearchFilters): RawBuilder<unknown> {
    const parts: RawBuilder<unknown>[] = [];
    if (f.status === 'ACTIVE') parts.push(sql`m.status = 'ACTIVE'`);
    if (f.status === 'LOCKED') parts.push(sql`m.status = 'DISABLED'`);
    if (f.status === 'BLOCKED')
      parts.push(sql`(m.block_login OR m.block_deposit OR m.block_withdrawal OR m.block_betting)`);
    if (f.vipLevel !== undefined)
      parts.push(sql`coalesce((SELECT level FROM member_vip WHERE member_id = m.id), 0) = ${f.vipLevel}`);
    if (f.registeredFrom) parts.push(sql`m.created_at >= ${f.registeredFrom}`);
    if (f.registeredTo) parts.push(sql`m.created_at <= ${f.registeredTo}`);
    if (f.lastLoginFrom) parts.push(sql`m.last_login_at >= ${f.lastLoginFrom}`);
    if (f.lastLoginTo) parts.push(sql`m.last_login_at <= ${f.lastLoginTo}`);
    return parts.length ? sql`AND ${sql.join(parts, sql` AND `)}` : sql``;
  }

  /**
   * One kind's newest `limit` matching member ids. Every member-column kind is a range scan of a
   * (merchant_code, value text_pattern_ops) index; login-event kinds scan their covering index.
   */
  private kindSql(merchant: string, kind: SearchKind, q: string, f: RawBuilder<unknown>, limit: number) {
    const like = prefixPattern(q);
    const lower = prefixPattern(q.toLowerCase());
    // WARNING: the OFFSET 0 fence keeps the planner from walking the newest-first index backwards
    // hoping to meet `limit` matches early: a prefix nobody has would read every member. Fenced,
    // it reads the prefix's range in the kind's own index and sorts only what matched.
    const one = (cond: RawBuilder<unknown>) =>
      sql`(SELECT id FROM (SELECT m.id FROM member m WHERE m.merchant_code = ${merchant} AND ${cond} ${f}
                            OFFSET 0) matched
            ORDER BY id DESC LIMIT ${limit})`;
    switch (kind) {
      case 'ID':
        return one(sql`m.id = ${q}::bigint`);
      case 'USERNAME':
        return one(sql`m.username LIKE ${lower}`);
      case 'MOBILE':
        return sql`${one(sql`m.mobile_num LIKE ${like}`)} UNION ${one(
          sql`m.mobile_num IS NOT NULL AND (m.country_dialing_code || m.mobile_num) LIKE ${like}`,
        )}`;
      case 'EMAIL':
        return one(sql`m.email IS NOT NULL AND lower(m.email) LIKE ${lower}`);
      case 'REAL_NAME':
        return one(sql`m.payee_name IS NOT NULL AND lower(m.payee_name) LIKE ${lower}`);
      case 'AFFILIATE':
        return one(sql`m.affiliate_code IS NOT NULL AND lower(m.affiliate_code) LIKE ${lower}`);
      case 'UPLINE':
        return one(
          sql`m.upline_id IN (SELECT id FROM member WHERE merchant_code = ${merchant} AND username LIKE ${lower}
                                ORDER BY id DESC LIMIT 20)`,
        );
      case 'IP':
        return sql`${one(sql`m.register_ip IS NOT NULL AND m.register_ip LIKE ${like}`)} UNION ${one(
          sql`m.last_login_ip IS NOT NULL AND m.last_login_ip LIKE ${like}`,
        )} UNION ${one(
          sql`m.id IN (SELECT e.member_id FROM login_event e
                        WHERE e.merchant_code = ${merchant} AND e.ip LIKE ${like} AND e.member_id IS NOT NULL)`,
        )}`;
      case 'DEVICE':
        return sql`${one(sql`m.register_device IS NOT NULL AND m.register_device LIKE ${like}`)} UNION ${one(
          sql`m.id IN (SELECT e.member_id FROM login_event e
                        WHERE e.merchant_code = ${merchant} AND e.device <> '' AND e.device LIKE ${like}
                          AND e.member_id IS NOT NULL)`,
        )}`;
    }
  }

  /**
   * Members of the brand matching any of the kinds (or all members without kinds) and the filters,
   * newest first: `offset`, then `limit` rows. Each kind contributes its own newest offset+limit
   * ids, which is all the union's first offset+limit can hold.
   */
  async search(
    merchant: string,
    match: { q: string; kinds: SearchKind[] } | null,
    filters: SearchFilters,
    offset: number,
    limit: number,
  ): Promise<PlayerRow[]> {
    const f = this.filterSql(filters);
    const ids = match
      ? sql`SELECT id FROM (${sql.join(
          match.kinds.map((k) => this.kindSql(merchant, k, match.q, f, offset + limit)),
          sql` UNION `,
        )}) hits ORDER BY id DESC OFFSET ${offset} LIMIT ${limit}`
      : sql`SELECT m.id FROM member m WHERE m.merchant_code = ${merchant} ${f}
            ORDER BY m.id DESC OFFSET ${offset} LIMIT ${limit}`;
    const { rows } = await sql<PlayerRow>`
      SELECT ${PLAYER_COLUMNS}
        FROM (${ids}) page
        JOIN member m ON m.id = page.id
        LEFT JOIN member_vip v ON v.member_id = m.id
        LEFT JOIN member u ON u.id = m.upline_id
       ORDER BY m.id DESC`.execute(this.db);
    return rows;
  }

  /** One member of the brand (undefined for another brand's id: the back office never sees it). */
  async player(merchant: string, memberId: string): Promise<PlayerRow | undefined> {
    const { rows } = await sql<PlayerRow>`
      SELECT ${PLAYER_COLUMNS}
        FROM member m
        LEFT JOIN member_vip v ON v.member_id = m.id
        LEFT JOIN member u ON u.id = m.upline_id
       WHERE m.id = ${memberId}::bigint AND m.merchant_code = ${merchant}`.execute(this.db);
    return rows[0];
  }

  async wallets(memberId: string) {
    return this.db
      .selectFrom('ledger_account')
      .select(['kind', 'vendor_code', 'balance'])
      .where('member_id', '=', memberId)
      .where('kind', 'in', ['MAIN', 'VENDOR'])
      .orderBy('kind')
      .orderBy('vendor_code')
      .execute();
  }

  async turnover(memberId: string, limit: number) {
    return this.db
      .selectFrom('turnover_requirement')
      .select(['id', 'source', 'required', 'achieved', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The member's postings (every wallet), newest first. */
  async ledger(memberId: string, offset: number, limit: number) {
    const { rows } = await sql<{
      at: Date;
      kind: string;
      reference: string;
      amount: string;
      balance_after: string | null;
      memo: Record<string, unknown>;
      wallet: string;
    }>`
      SELECT e.created_at AS at, e.kind, e.reference, p.amount::text AS amount,
             p.balance_after::text AS balance_after, e.memo,
             CASE WHEN a.kind = 'VENDOR' THEN a.vendor_code ELSE a.kind END AS wallet
        FROM ledger_account a
        JOIN ledger_posting p ON p.account_id = a.id
        JOIN ledger_entry e ON e.id = p.entry_id
       WHERE a.member_id = ${memberId}
       ORDER BY p.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Bets, newest first, with the game's own record of the bet where the platform keeps one (house
   * rounds, baccarat, sportsbook, cockfight, lottery); null for vendors' games.
   */
  async bets(memberId: string, offset: number, limit: number) {
    const { rows } = await sql<{
      at: Date;
      game: string;
      vendor: string;
      bet_id: string;
      stake: string;
      valid_bet: string;
      payout: string;
      status: string;
      detail: unknown;
    }>`
      SELECT b.placed_at AS at, b.game_name AS game, b.vendor_code AS vendor, b.round_id AS bet_id,
             b.stake::text AS stake, b.valid_bet::text AS valid_bet, b.payout::text AS payout, b.status,
             coalesce(
               (SELECT h.detail FROM house_round h
                 WHERE h.member_id = b.member_id AND h.round_id = b.round_id LIMIT 1),
               (SELECT jsonb_build_object('game', 'BACCARAT', 'table', x.table_id, 'round', x.round_no,
                                          'betType', x.bet_type, 'status', x.status)
                  FROM baccarat_bet x
                 WHERE x.merchant_code = b.merchant_code AND x.transaction_id = b.round_id),
               (SELECT jsonb_build_object('game', 'SPORTSBOOK', 'legs', x.legs, 'legResults', x.leg_results,
                                          'status', x.status)
                  FROM sportsbook_bet x
                 WHERE x.merchant_code = b.merchant_code AND x.bet_id = b.round_id),
               -- Cockfight and lottery stakes carry their bet's id: 'cf' + bet id, 'lt' + first line id.
               CASE WHEN b.round_id ~ '^cf[0-9]{1,18}$' THEN
                 (SELECT jsonb_build_object('game', 'COCKFIGHT', 'fight', x.fight_id, 'side', x.side,
                                            'odds', x.odds, 'status', x.status)
                    FROM cockfight_bet x
                   WHERE x.id = substr(b.round_id, 3)::bigint AND x.member_id = b.member_id)
               END,
               CASE WHEN b.round_id ~ '^lt[0-9]{1,18}$' THEN
                 (SELECT jsonb_build_object('game', 'LOTTERY', 'lines',
                           jsonb_agg(jsonb_build_object('draw', x.draw_id, 'betType', x.bet_type,
                                     'numbers', x.numbers, 'stake', round(x.stake / 100.0, 2), 'odds', x.odds,
                                     'status', x.status, 'hits', x.hits) ORDER BY x.line_no))
                    FROM lottery_bet x
                   WHERE x.member_id = b.member_id
                     AND x.request_id = (SELECT f.request_id FROM lottery_bet f
                                          WHERE f.id = substr(b.round_id, 3)::bigint AND f.member_id = b.member_id))
               END
             ) AS detail
        FROM bet_record b
       WHERE b.member_id = ${memberId}
       ORDER BY b.placed_at DESC, b.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async deposits(memberId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('deposit as d')
      .innerJoin('payment_channel as c', 'c.id', 'd.channel_id')
      .select([
        'd.order_no',
        'd.created_at',
        'd.amount',
        'd.status',
        'c.code as channel',
        'd.reviewed_by',
        'd.updated_at',
      ])
      .where('d.member_id', '=', memberId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async withdrawals(memberId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('withdrawal as w')
      .innerJoin('payout_account as a', 'a.id', 'w.payout_account_id')
      .select([
        'w.order_no',
        'w.created_at',
        'w.amount',
        'w.status',
        'a.bank_code as channel',
        'w.reviewed_by',
        'w.updated_at',
      ])
      .where('w.member_id', '=', memberId)
      .orderBy('w.created_at', 'desc')
      .orderBy('w.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /** Bonus-like credits (bonuses, rebates) and the turnover each one requires. */
  async bonuses(memberId: string, offset: number, limit: number) {
    const { rows } = await sql<{
      at: Date;
      kind: string;
      amount: string;
      required: string | null;
      achieved: string | null;
    }>`
      SELECT e.created_at AS at, coalesce(e.memo->>'source', e.kind) AS kind,
             (SELECT coalesce(sum(p.amount), 0) FROM ledger_posting p
                JOIN ledger_account a ON a.id = p.account_id
               WHERE p.entry_id = e.id AND a.member_id = e.member_id)::text AS amount,
             t.required::text AS required, t.achieved::text AS achieved
        FROM ledger_entry e
        LEFT JOIN turnover_requirement t ON t.member_id = e.member_id AND t.source = e.reference
       WHERE e.member_id = ${memberId} AND e.kind IN ('BONUS', 'REBATE')
       ORDER BY e.created_at DESC, e.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async logins(memberId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('login_event')
      .select(['at', 'ip', 'device', 'user_agent', 'success', 'reason'])
      .where('member_id', '=', memberId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  /**
   * Other members of the brand sharing an IP or device with this one within the window (logins
   * and sign-up), a payout account number, or a mobile number: one row per member, way and value.
   */
  private linkedSql(merchant: string, memberId: string) {
    const since = sql`now() - make_interval(days => ${LINK_WINDOW_DAYS})`;
    return sql`
      WITH me AS (
        SELECT id, register_ip, register_device, mobile_num, created_at FROM member
         WHERE id = ${memberId}::bigint AND merchant_code = ${merchant}
      ), my_ips AS (
        SELECT ip FROM login_event WHERE member_id = ${memberId}::bigint AND at > ${since}
        UNION SELECT register_ip FROM me WHERE register_ip IS NOT NULL AND created_at > ${since}
      ), my_devices AS (
        SELECT device FROM login_event WHERE member_id = ${memberId}::bigint AND at > ${since} AND device <> ''
        UNION SELECT register_device FROM me
         WHERE register_device IS NOT NULL AND register_device <> '' AND created_at > ${since}
      ), links AS (
        SELECT e.member_id, 'IP' AS via, e.ip AS value, e.at AS seen FROM login_event e
         WHERE e.merchant_code = ${merchant} AND e.ip IN (SELECT ip FROM my_ips) AND e.at > ${since}
        UNION ALL
        SELECT o.id, 'IP', o.register_ip, o.created_at FROM member o
         WHERE o.merchant_code = ${merchant} AND o.register_ip IN (SELECT ip FROM my_ips) AND o.created_at > ${since}
        UNION ALL
        SELECT e.member_id, 'DEVICE', e.device, e.at FROM login_event e
         -- device <> '' lets the partial device index serve (without it: a scan of every login).
         WHERE e.merchant_code = ${merchant} AND e.device <> '' AND e.device IN (SELECT device FROM my_devices)
           AND e.at > ${since}
        UNION ALL
        SELECT o.id, 'DEVICE', o.register_device, o.created_at FROM member o
         WHERE o.merchant_code = ${merchant} AND o.register_device IN (SELECT device FROM my_devices)
           AND o.created_at > ${since}
        UNION ALL
        SELECT o.member_id, 'PAYOUT_ACCOUNT', o.account_no, o.created_at FROM payout_account o
          JOIN payout_account mine ON mine.merchant_code = o.merchant_code AND mine.account_no = o.account_no
         WHERE mine.member_id = ${memberId}::bigint AND o.merchant_code = ${merchant}
        UNION ALL
        SELECT o.id, 'MOBILE', o.mobile_num, o.created_at FROM member o JOIN me ON o.mobile_num = me.mobile_num
         WHERE o.merchant_code = ${merchant} AND o.mobile_num IS NOT NULL
      )
      SELECT l.member_id::text AS member_id, l.via, l.value, max(l.seen) AS last_seen_at
        FROM links l
       WHERE l.member_id IS NOT NULL AND l.member_id <> ${memberId}::bigint
       GROUP BY l.member_id, l.via, l.value`;
  }

  async linked(merchant: string, memberId: string, offset: number, limit: number) {
    const { rows } = await sql<{
      member_id: string;
      username: string;
      via: 'IP' | 'DEVICE' | 'PAYOUT_ACCOUNT' | 'MOBILE';
      value: string;
      last_seen_at: Date;
    }>`
      SELECT k.member_id, m.username, k.via, k.value, k.last_seen_at
        FROM (${this.linkedSql(merchant, memberId)}) k
        JOIN member m ON m.id = k.member_id::bigint
       ORDER BY k.last_seen_at DESC, k.member_id DESC, k.via, k.value
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async countLinked(merchant: string, memberId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(DISTINCT k.member_id)::int AS n FROM (${this.linkedSql(merchant, memberId)}) k`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }

  async notes(memberId: string, offset: number, limit: number) {
    return this.db
      .selectFrom('member_note')
      .select(['id', 'created_at', 'author', 'body'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async addNote(merchant: string, memberId: string, author: string, body: string) {
    return this.db
      .insertInto('member_note')
      .values({ merchant_code: merchant, member_id: memberId, author, body })
      .returning(['id', 'created_at', 'author', 'body'])
      .executeTakeFirstOrThrow();
  }

  async update(
    merchant: string,
    memberId: string,
    set: Partial<{
      status: 'ACTIVE' | 'DISABLED';
      block_login: boolean;
      block_deposit: boolean;
      block_withdrawal: boolean;
      block_betting: boolean;
      tags: string[];
    }>,
  ): Promise<void> {
    await this.db
      .updateTable('member')
      .set(set)
      .where('id', '=', memberId)
      .where('merchant_code', '=', merchant)
      .execute();
  }
}
