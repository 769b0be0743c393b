import { ACCOUNT_CENTRE_TYPES, AGENT_LIMITS, type AgentMoveStatus, type ContractKind } from '@app/contracts';
import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { AgentContractTemplateTable, AgentMoveTable, AgentSettlementTable } from '../../db/schema';
import { windowEnd, windowStart, type DayWindow } from '../../platform/day-window';
import { teamWithin } from './contract.repository';

export interface NodeRow {
  id: string;
  username: string;
  is_agent: number;
  upline_id: string | null;
  created_at: Date;
  direct_count: string;
  team_size: string;
}

export type StatementRow = Selectable<AgentSettlementTable> & {
  version: number;
  member_name: string;
  payer_name: string | null;
};

export type MoveRow = Omit<Selectable<AgentMoveTable>, 'failure_params'> & {
  failure_params: (string | number)[] | null;
  member_name: string;
  to_name: string;
  from_name: string | null;
  total: string;
};

/** `LIKE` pattern of a prefix: the caller's % and _ match themselves. */
const prefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL of the back office's agent pages: the tree, templates, moves and statements. */
export class AgentAdminRepository extends Repository {
  // ---- the tree ----------------------------------------------------------------------------------

  /**
   * Nodes with their direct downlines and whole team counted (a walk down the upline index per
   * node: a page is at most 100 nodes). `where` picks them: the direct downlines of a member, the
   * top of the tree (no upline, and an agent type or someone under it), or given ids.
   */
  async nodes(
    merchant: string,
    where: { parentId: string } | { top: true } | { ids: string[] },
    offset = 0,
    limit = 100,
  ): Promise<{ rows: NodeRow[]; total: number }> {
    const filter =
      'parentId' in where
        ? sql`m.upline_id = ${where.parentId}`
        : 'ids' in where
          ? sql`m.id = ANY(${where.ids}::bigint[])`
          : sql`m.upline_id IS NULL AND (m.is_agent = ANY(${[...ACCOUNT_CENTRE_TYPES]}::int[])
                  OR EXISTS (SELECT 1 FROM member c WHERE c.upline_id = m.id))`;
    const { rows } = await sql<NodeRow & { total: string }>`
      SELECT m.id, m.username, m.is_agent, m.upline_id, m.created_at,
             (SELECT count(*) FROM member c WHERE c.upline_id = m.id)::text AS direct_count,
             (WITH RECURSIVE t (id, level) AS (
                SELECT c.id, 1 FROM member c WHERE c.upline_id = m.id
                UNION ALL
                SELECT c.id, t.level + 1 FROM member c JOIN t ON c.upline_id = t.id
                 WHERE t.level < ${AGENT_LIMITS.maxDepth})
              SELECT count(*) FROM t)::text AS team_size,
             (count(*) OVER ())::text AS total
        FROM member m
       WHERE m.merchant_code = ${merchant} AND ${filter}
       ORDER BY m.username
      OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return { rows, total: Number(rows[0]?.total ?? 0) };
  }

  /** Members of the brand whose account starts with q (case-insensitive), at most `limit`. */
  async searchIds(merchant: string, q: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where(sql<boolean>`lower(username) LIKE lower(${prefix(q)})`)
      .orderBy(sql`length(username)`)
      .orderBy('username')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The member's uplines from the top of the tree down to its direct upline. */
  async path(db: Db, memberId: string): Promise<{ id: string; username: string }[]> {
    const { rows } = await sql<{ id: string; username: string }>`
      WITH RECURSIVE up (id, username, upline_id, depth) AS (
        SELECT m.id, m.username, m.upline_id, 0 FROM member m WHERE m.id = ${memberId}
        UNION ALL
        SELECT m.id, m.username, m.upline_id, up.depth + 1 FROM member m JOIN up ON m.id = up.upline_id
         WHERE up.depth < ${AGENT_LIMITS.maxDepth} + 1)
      SELECT id, username FROM up WHERE depth > 0 ORDER BY depth DESC`.execute(db);
    return rows;
  }

  /** Contracts in force (ACCEPTED) held by these members. */
  inForce(memberIds: string[]) {
    if (memberIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('agent_contract as c')
      .leftJoin('member as u', 'u.id', 'c.upline_id')
      .select([
        'c.id',
        'c.member_id',
        'c.kind',
        'c.period',
        'c.max_rate_bp',
        'c.version',
        'u.username as upline',
      ])
      .where('c.member_id', 'in', memberIds)
      .where('c.state', '=', 'ACCEPTED')
      .orderBy('c.kind')
      .execute();
  }

  byUsername(merchant: string, username: string) {
    return this.db
      .selectFrom('member')
      .select(['id'])
      .where('merchant_code', '=', merchant)
      .where(sql<boolean>`lower(username) = lower(${username})`)
      .executeTakeFirst();
  }

  member(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('member')
      .select(['id', 'username', 'is_agent', 'upline_id'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  // ---- templates ---------------------------------------------------------------------------------

  templates(merchant: string) {
    return this.db
      .selectFrom('agent_contract_template')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .orderBy('kind')
      .orderBy('name')
      .execute();
  }

  template(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('agent_contract_template')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertTemplate(
    row: Omit<Selectable<AgentContractTemplateTable>, 'id' | 'created_at' | 'updated_at'>,
  ): Promise<string> {
    const r = await this.db
      .insertInto('agent_contract_template')
      .values({ ...row, tiers: JSON.stringify(row.tiers) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async updateTemplate(
    merchant: string,
    id: string,
    row: Omit<Selectable<AgentContractTemplateTable>, 'id' | 'created_at' | 'updated_at' | 'merchant_code'>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('agent_contract_template')
      .set({ ...row, tiers: JSON.stringify(row.tiers), updated_at: new Date() })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  async deleteTemplate(merchant: string, id: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom('agent_contract_template')
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  // ---- moves -------------------------------------------------------------------------------------

  /** One brand's moves are made one at a time: two crossing moves cannot make a loop together. */
  async lockMoves(trx: Db, merchant: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`agent-move:${merchant}`}))`.execute(trx);
  }

  /** The member and everyone below it (the live tree), with each one's level (the member: 0). */
  async subtree(db: Db, memberId: string): Promise<{ id: string; level: number }[]> {
    const { rows } = await sql<{ id: string; level: number }>`
      WITH RECURSIVE t (id, level) AS (
        SELECT ${memberId}::bigint, 0
        UNION ALL
        SELECT c.id, t.level + 1 FROM member c JOIN t ON c.upline_id = t.id
         WHERE t.level < ${AGENT_LIMITS.maxDepth} + 1)
      SELECT id::text AS id, level FROM t`.execute(db);
    return rows;
  }

  /** The end of the last period settled for any of these members' contracts (null: none). */
  async lastSettledEnd(db: Db, merchant: string, memberIds: string[]): Promise<Date | null> {
    if (memberIds.length === 0) return null;
    const { rows } = await sql<{ last: Date | null }>`
      SELECT max(period_end) AS last FROM agent_settlement
       WHERE merchant_code = ${merchant} AND member_id = ANY(${memberIds}::bigint[])`.execute(db);
    const last = rows[0]?.last ?? null;
    return last === null ? null : new Date(last);
  }

  async setUpline(db: Db, memberId: string, uplineId: string): Promise<void> {
    await db.updateTable('member').set({ upline_id: uplineId }).where('id', '=', memberId).execute();
  }

  async insertMove(
    db: Db,
    row: {
      merchant_code: string;
      member_id: string;
      from_upline_id: string | null;
      to_upline_id: string;
      effective_at: Date;
      reason: string;
      moved_by: string;
      contracts_ended: number;
      team_size: number;
      status: 'SCHEDULED' | 'APPLIED';
      applied_at: Date | null;
    },
  ): Promise<string> {
    const r = await db.insertInto('agent_move').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** Whether a move of this member waits for its time. */
  async pendingOf(db: Db, merchant: string, memberId: string): Promise<boolean> {
    const r = await db
      .selectFrom('agent_move')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Marks a scheduled move CANCELLED; false when it is not (or no longer) scheduled. */
  async cancelMove(
    db: Db,
    merchant: string,
    id: string,
    c: { by: string; reason: string; at: Date },
  ): Promise<boolean> {
    const r = await db
      .updateTable('agent_move')
      .set({ status: 'CANCELLED', cancelled_by: c.by, cancel_reason: c.reason, cancelled_at: c.at })
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .where('status', '=', 'SCHEDULED')
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  }

  /** Scheduled moves whose time has come, of every brand, oldest first. */
  dueMoves(now: Date, limit: number) {
    return this.db
      .selectFrom('agent_move')
      .select(['id', 'merchant_code'])
      .where('status', '=', 'SCHEDULED')
      .where('effective_at', '<=', now)
      .orderBy('effective_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The move, locked, if it is still scheduled and due; undefined when another pass has it or had it. */
  claimMove(db: Db, id: string, now: Date) {
    return db
      .selectFrom('agent_move')
      .select(['id', 'merchant_code', 'member_id', 'to_upline_id', 'effective_at'])
      .where('id', '=', id)
      .where('status', '=', 'SCHEDULED')
      .where('effective_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  }

  async markApplied(
    db: Db,
    id: string,
    a: { from_upline_id: string | null; contracts_ended: number; team_size: number; applied_at: Date },
  ): Promise<void> {
    await db
      .updateTable('agent_move')
      .set({ ...a, status: 'APPLIED' })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(db: Db, id: string, code: string, params: (string | number)[]): Promise<void> {
    await db
      .updateTable('agent_move')
      .set({ status: 'FAILED', failure_code: code, failure_params: JSON.stringify(params) })
      .where('id', '=', id)
      .execute();
  }

  async moves(
    merchant: string,
    f: { id?: string; memberId?: string; status?: AgentMoveStatus },
    offset: number,
    limit: number,
  ): Promise<MoveRow[]> {
    let q = this.db
      .selectFrom('agent_move as v')
      .innerJoin('member as m', 'm.id', 'v.member_id')
      .innerJoin('member as t', 't.id', 'v.to_upline_id')
      .leftJoin('member as f', 'f.id', 'v.from_upline_id')
      .selectAll('v')
      .select([
        'm.username as member_name',
        't.username as to_name',
        'f.username as from_name',
        sql<string>`(count(*) OVER ())::text`.as('total'),
      ])
      .where('v.merchant_code', '=', merchant);
    if (f.id) q = q.where('v.id', '=', f.id);
    if (f.memberId) q = q.where('v.member_id', '=', f.memberId);
    if (f.status) q = q.where('v.status', '=', f.status);
    const rows = await q.orderBy('v.id', 'desc').offset(offset).limit(limit).execute();
    return rows.map((r) => ({
      ...r,
      failure_params:
        typeof r.failure_params === 'string'
          ? (JSON.parse(r.failure_params) as (string | number)[])
          : r.failure_params,
    }));
  }

  // ---- statements --------------------------------------------------------------------------------

  async statements(
    merchant: string,
    f: { memberId?: string; kind?: ContractKind; status?: string; w: DayWindow },
    offset: number,
    limit: number,
  ) {
    const { rows } = await sql<StatementRow & { total: string; total_paid: string }>`
      SELECT s.*, c.version, m.username AS member_name, p.username AS payer_name,
             (count(*) OVER ())::text AS total,
             (sum(CASE WHEN s.status = 'PAID' THEN s.amount ELSE 0 END) OVER ())::text AS total_paid
        FROM agent_settlement s
        JOIN agent_contract c ON c.id = s.contract_id
        JOIN member m ON m.id = s.member_id
        LEFT JOIN member p ON p.id = s.payer_id
       WHERE s.merchant_code = ${merchant}
         AND s.period_end > ${windowStart(f.w)} AND s.period_end <= ${windowEnd(f.w)}
         ${f.memberId ? sql`AND (s.member_id = ${f.memberId} OR s.payer_id = ${f.memberId})` : sql``}
         ${f.kind ? sql`AND s.kind = ${f.kind}` : sql``}
         ${f.status ? sql`AND s.status = ${f.status}` : sql``}
       ORDER BY s.period_end DESC, s.id DESC
      OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async statement(merchant: string, id: string): Promise<StatementRow | undefined> {
    const { rows } = await sql<StatementRow>`
      SELECT s.*, c.version, m.username AS member_name, p.username AS payer_name
        FROM agent_settlement s
        JOIN agent_contract c ON c.id = s.contract_id
        JOIN member m ON m.id = s.member_id
        LEFT JOIN member p ON p.id = s.payer_id
       WHERE s.merchant_code = ${merchant} AND s.id = ${id}`.execute(this.db);
    return rows[0];
  }

  entry(merchant: string, id: string) {
    return this.db
      .selectFrom('ledger_entry')
      .select(['id', 'reference', 'kind', 'created_at'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  postings(entryId: string) {
    return this.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .leftJoin('member as m', 'm.id', 'a.member_id')
      .select(['p.account_id', 'a.kind', 'm.username', 'p.amount', 'p.balance_after'])
      .where('p.entry_id', '=', entryId)
      .orderBy('p.id')
      .execute();
  }

  /** The team's members with settled bets within [start, end), as settlement counted them (teamWithin). */
  async teamMembers(rootId: string, start: Date, end: Date, limit: number) {
    const { rows } = await sql<{
      member_id: string;
      username: string;
      level: number;
      bets: string;
      turnover: string;
      loss: string;
    }>`
      ${teamWithin(rootId, start, end)}
      SELECT b.member_id::text AS member_id, m.username, min(t.level) AS level, count(*)::text AS bets,
             sum(b.valid_bet)::text AS turnover, sum(b.stake - b.payout)::text AS loss
        FROM team t
        JOIN bet_record b ON b.member_id = t.id
        JOIN member m ON m.id = b.member_id
       WHERE t.level > 0 AND b.status = 'SETTLED' AND b.settled_at >= t.lo AND b.settled_at < t.hi
       GROUP BY b.member_id, m.username
       ORDER BY sum(b.valid_bet) DESC, b.member_id
       LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** One team member's bets counted in [start, end) under the root, newest first. */
  async teamBets(rootId: string, memberId: string, start: Date, end: Date, offset: number, limit: number) {
    const { rows } = await sql<{
      id: string;
      round_id: string;
      vendor_code: string;
      game_name: string;
      stake: string;
      valid_bet: string;
      payout: string;
      stake_entry_id: string | null;
      settled_at: Date;
      total: string;
    }>`
      ${teamWithin(rootId, start, end)}
      SELECT b.id, b.round_id, b.vendor_code, b.game_name, b.stake, b.valid_bet, b.payout,
             b.stake_entry_id, b.settled_at, (count(*) OVER ())::text AS total
        FROM team t JOIN bet_record b ON b.member_id = t.id
       WHERE t.level > 0 AND t.id = ${memberId} AND b.status = 'SETTLED'
         AND b.settled_at >= t.lo AND b.settled_at < t.hi
       ORDER BY b.settled_at DESC, b.id DESC
      OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}
