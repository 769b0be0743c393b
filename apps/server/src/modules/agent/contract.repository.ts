import { AGENT_LIMITS, type ContractKind, type ContractPeriod } from '@app/contracts';
import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { AgentContractTable, AgentSettlementTable } from '../../db/schema';
import { windowEnd, windowStart, type DayWindow } from '../../platform/day-window';

export type ContractRow = Selectable<AgentContractTable> & {
  upline_name: string | null;
  member_name: string;
};
type NewSettlement = Omit<Selectable<AgentSettlementTable>, 'id' | 'created_at'>;

/**
 * `WITH RECURSIVE edges, team (id, level, lo, hi)`: the team under `rootId` within [start, end)
 * as it was over time, for a query to follow. Each member is in it with the part [lo, hi) of the
 * window in which it was below the root; the root itself is level 0 with the whole window.
 *
 * The edges are member.upline_id for a member never moved, and for a moved member (agent_move
 * rows APPLIED: a scheduled move changes nothing until the job applies it; `moved`) one edge per
 * stretch of time: the first move's from-upline before its effective_at, then each move's
 * to-upline until the next move. A member moved from one branch of the root to another
 * appears twice, with windows that do not overlap, so each bet counts once.
 */
export function teamWithin(rootId: string, start: Date, end: Date) {
  // Each level probes member_upline_idx once per member of the level above (LATERAL: a nested
  // loop, never a scan of every member per level); moves are few and read from their own table.
  return sql`WITH RECURSIVE applied AS (
      SELECT * FROM agent_move WHERE status = 'APPLIED'
    ), moved (child, parent, lo, hi) AS (
      SELECT v.member_id, v.from_upline_id, '-infinity'::timestamptz, v.effective_at
        FROM applied v
       WHERE NOT EXISTS (SELECT 1 FROM applied w WHERE w.member_id = v.member_id
                            AND (w.effective_at, w.id) < (v.effective_at, v.id))
      UNION ALL
      SELECT v.member_id, v.to_upline_id, v.effective_at,
             coalesce((SELECT min(w.effective_at) FROM applied w WHERE w.member_id = v.member_id
                          AND (w.effective_at, w.id) > (v.effective_at, v.id)), 'infinity'::timestamptz)
        FROM applied v
    ), team (id, level, lo, hi) AS (
      SELECT ${rootId}::bigint, 0, ${start}::timestamptz, ${end}::timestamptz
      UNION ALL
      SELECT e.child, t.level + 1, greatest(e.lo, t.lo), least(e.hi, t.hi)
        FROM team t
       CROSS JOIN LATERAL (
             SELECT m.id AS child, '-infinity'::timestamptz AS lo, 'infinity'::timestamptz AS hi
               FROM member m
              WHERE m.upline_id = t.id
                AND NOT EXISTS (SELECT 1 FROM applied v WHERE v.member_id = m.id)
             UNION ALL
             SELECT d.child, d.lo, d.hi FROM moved d WHERE d.parent = t.id
           ) e
       WHERE e.lo < t.hi AND e.hi > t.lo AND t.level < ${AGENT_LIMITS.maxDepth}
    )`;
}

/** SQL of agent contracts and their settlement lines. */
export class ContractRepository extends Repository {
  member(db: Db, merchant: string, id: string) {
    return db
      .selectFrom('member')
      .select(['id', 'username', 'is_agent', 'upline_id'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  memberByUsername(merchant: string, username: string) {
    return this.db
      .selectFrom('member')
      .select(['id'])
      .where('merchant_code', '=', merchant)
      .where('username', '=', username)
      .executeTakeFirst();
  }

  private contracts(db: Db) {
    return db
      .selectFrom('agent_contract as c')
      .innerJoin('member as m', 'm.id', 'c.member_id')
      .leftJoin('member as u', 'u.id', 'c.upline_id')
      .selectAll('c')
      .select(['m.username as member_name', 'u.username as upline_name']);
  }

  /** One contract of the brand; `lock` holds it for the rest of the caller's transaction. */
  async contract(db: Db, merchant: string, id: string, lock = false): Promise<ContractRow | undefined> {
    if (lock) {
      await db.selectFrom('agent_contract').select('id').where('id', '=', id).forUpdate().execute();
    }
    return this.contracts(db)
      .where('c.merchant_code', '=', merchant)
      .where('c.id', '=', id)
      .executeTakeFirst();
  }

  /** The member's contract of this kind in force (ACCEPTED), if any. */
  accepted(db: Db, memberId: string, kind: ContractKind) {
    return this.contracts(db)
      .where('c.member_id', '=', memberId)
      .where('c.kind', '=', kind)
      .where('c.state', '=', 'ACCEPTED')
      .executeTakeFirst();
  }

  async nextVersion(db: Db, memberId: string, kind: ContractKind): Promise<number> {
    const r = await db
      .selectFrom('agent_contract')
      .select((eb) => eb.fn.max('version').as('v'))
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(r?.v ?? 0) + 1;
  }

  async insert(
    db: Db,
    row: {
      merchant_code: string;
      kind: ContractKind;
      upline_id: string | null;
      member_id: string;
      version: number;
      period: ContractPeriod;
      terms: unknown;
      terms_text: string;
      max_rate_bp: number;
      state?: 'PENDING' | 'ACCEPTED';
      accepted_at?: Date;
    },
  ): Promise<string> {
    const r = await db
      .insertInto('agent_contract')
      .values({ ...row, terms: JSON.stringify(row.terms) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async accept(db: Db, id: string, at: Date) {
    await db
      .updateTable('agent_contract')
      .set({ state: 'ACCEPTED', accepted_at: at })
      .where('id', '=', id)
      .execute();
  }

  async end(db: Db, id: string, state: 'REJECTED' | 'TERMINATED', reason: string, at: Date) {
    await db
      .updateTable('agent_contract')
      .set({ state, end_reason: reason, ended_at: at, termination_by: null, termination_at: null })
      .where('id', '=', id)
      .execute();
  }

  async setTermination(db: Db, id: string, by: string | null, at: Date | null) {
    await db
      .updateTable('agent_contract')
      .set({ termination_by: by, termination_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** The member's contracts of this kind from `uplineId` (null: the platform) in force or awaiting its answer, locked. */
  heldFrom(db: Db, merchant: string, memberId: string, uplineId: string | null, kind: ContractKind) {
    return db
      .selectFrom('agent_contract')
      .select(['id', 'state'])
      .where('merchant_code', '=', merchant)
      .where('member_id', '=', memberId)
      .where('kind', '=', kind)
      .where('state', 'in', ['ACCEPTED', 'PENDING'])
      .where('upline_id', uplineId === null ? 'is' : '=', uplineId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Contracts of this kind the member offered (accepted or awaiting an answer), locked. */
  offeredBy(db: Db, uplineId: string, kind: ContractKind) {
    return db
      .selectFrom('agent_contract')
      .select(['id', 'merchant_code', 'kind', 'member_id', 'max_rate_bp', 'state'])
      .where('upline_id', '=', uplineId)
      .where('kind', '=', kind)
      .where('state', 'in', ['ACCEPTED', 'PENDING'])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The newest contracts where the member is the upline (side 'upline') or the holder. */
  list(merchant: string, memberId: string, side: 'upline' | 'member', kind?: ContractKind, other?: string) {
    let q = this.contracts(this.db)
      .where('c.merchant_code', '=', merchant)
      .where(side === 'upline' ? 'c.upline_id' : 'c.member_id', '=', memberId);
    if (kind) q = q.where('c.kind', '=', kind);
    if (other) q = q.where('c.member_id', '=', other);
    return q.orderBy('c.id', 'desc').limit(100).execute();
  }

  /** Requests awaiting this member's answer, per kind: NEW offers to it, termination asked by the other side. */
  async awaiting(merchant: string, memberId: string) {
    const { rows } = await sql<{ kind: ContractKind; request: 'NEW' | 'TERMINATION' }>`
      SELECT kind, CASE WHEN state = 'PENDING' THEN 'NEW' ELSE 'TERMINATION' END AS request
        FROM agent_contract
       WHERE merchant_code = ${merchant}
         AND ((state = 'PENDING' AND member_id = ${memberId})
           OR (state = 'ACCEPTED' AND termination_by IS NOT NULL AND termination_by <> ${memberId}
               AND (member_id = ${memberId} OR upline_id = ${memberId})))`.execute(this.db);
    return rows;
  }

  // ---- settlement --------------------------------------------------------------------------------

  /** Brands with contracts of this kind in force, and their zone. */
  async brandsWith(kind: ContractKind) {
    const { rows } = await sql<{ code: string; timezone: string }>`
      SELECT b.code, b.timezone FROM merchant b
       WHERE EXISTS (SELECT 1 FROM agent_contract c WHERE c.merchant_code = b.code AND c.kind = ${kind}
                       AND c.state IN ('ACCEPTED', 'TERMINATED') AND c.accepted_at IS NOT NULL)
       ORDER BY b.code`.execute(this.db);
    return rows;
  }

  /**
   * Contracts of the brand, kind and period in force at `at` (accepted at or before it, not ended
   * by then) without a line for `periodKey` yet. One contract per member and kind is in force at
   * any instant (a new version ends the old one as it starts), so a period is paid once per member.
   */
  inForce(merchant: string, kind: ContractKind, period: ContractPeriod, at: Date, periodKey: string) {
    return this.db
      .selectFrom('agent_contract as c')
      .select(['c.id'])
      .where('c.merchant_code', '=', merchant)
      .where('c.kind', '=', kind)
      .where('c.period', '=', period)
      .where('c.accepted_at', '<=', at)
      .where((eb) => eb.or([eb('c.ended_at', 'is', null), eb('c.ended_at', '>', at)]))
      .where('c.state', 'in', ['ACCEPTED', 'TERMINATED'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('agent_settlement as s')
              .select('s.id')
              .whereRef('s.contract_id', '=', 'c.id')
              .where('s.period_key', '=', periodKey),
          ),
        ),
      )
      .orderBy('c.id')
      .execute();
  }

  settled(db: Db, contractId: string, periodKey: string) {
    return db
      .selectFrom('agent_settlement')
      .select(['id'])
      .where('contract_id', '=', contractId)
      .where('period_key', '=', periodKey)
      .executeTakeFirst();
  }

  /**
   * The team under `rootId` (every level; the root not counted, as in the agent reports) over
   * bets settled within [start, end): valid turnover, loss (stake - payout) and active members.
   * A member moved by an operator counts under the upline it had when each bet settled
   * (teamWithin).
   */
  async teamFigures(db: Db, rootId: string, start: Date, end: Date) {
    const { rows } = await sql<{ turnover: string; loss: string; active: string }>`
      ${teamWithin(rootId, start, end)}
      SELECT coalesce(sum(b.valid_bet), 0)::text AS turnover,
             coalesce(sum(b.stake - b.payout), 0)::text AS loss,
             count(DISTINCT b.member_id)::text AS active
        FROM team t JOIN bet_record b ON b.member_id = t.id
       WHERE t.level > 0 AND b.status = 'SETTLED'
         AND b.settled_at >= t.lo AND b.settled_at < t.hi`.execute(db);
    const r = rows[0];
    return { turnover: BigInt(r?.turnover ?? 0), loss: BigInt(r?.loss ?? 0), active: Number(r?.active ?? 0) };
  }

  /** What the member's real-time accruals of the day have paid so far (any contract version). */
  async paidOfDay(db: Db, memberId: string, dayKey: string): Promise<bigint> {
    const r = await db
      .selectFrom('agent_settlement')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('paid'))
      .where('member_id', '=', memberId)
      .where('kind', '=', 'REALTIME')
      .where('day_key', '=', dayKey)
      .where('status', '=', 'PAID')
      .executeTakeFirst();
    return BigInt(r?.paid ?? 0);
  }

  /**
   * UNPAID lines of the periods that are not real-time accruals (those are owed again by the next
   * accrual of their day), oldest first: what the job tries to pay again.
   */
  unpaidLines(limit: number) {
    return this.db
      .selectFrom('agent_settlement')
      .select(['id', 'merchant_code', 'contract_id', 'period_key'])
      .where('status', '=', 'UNPAID')
      .where('kind', '<>', 'REALTIME')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The line of (contract, period), locked for update. */
  settlementForUpdate(db: Db, contractId: string, periodKey: string) {
    return db
      .selectFrom('agent_settlement')
      .selectAll()
      .where('contract_id', '=', contractId)
      .where('period_key', '=', periodKey)
      .forUpdate()
      .executeTakeFirst();
  }

  /** An UNPAID line paid at last by the ledger entry. */
  async markPaid(db: Db, id: string, entryId: string): Promise<void> {
    await db
      .updateTable('agent_settlement')
      .set({ status: 'PAID', reason: null, entry_id: entryId })
      .where('id', '=', id)
      .where('status', '=', 'UNPAID')
      .execute();
  }

  /** Inserts a line; false when one exists for (contract, period) (another instance got there first). */
  async insertSettlement(db: Db, line: NewSettlement): Promise<boolean> {
    const r = await db
      .insertInto('agent_settlement')
      .values(line)
      .onConflict((oc) => oc.columns(['contract_id', 'period_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Statement lines paid to (IN) or by (OUT) the member, newest first, for periods ending within the days. */
  async statements(
    memberId: string,
    side: 'IN' | 'OUT',
    w: DayWindow,
    kind: ContractKind | undefined,
    offset: number,
    limit: number,
  ) {
    const { rows } = await sql<
      Selectable<AgentSettlementTable> & {
        version: number;
        member_name: string;
        payer_name: string | null;
        total: string;
        total_paid: string;
      }
    >`SELECT s.*, c.version, m.username AS member_name, p.username AS payer_name,
             (count(*) OVER ())::text AS total,
             (sum(CASE WHEN s.status = 'PAID' THEN s.amount ELSE 0 END) OVER ())::text AS total_paid
        FROM agent_settlement s
        JOIN agent_contract c ON c.id = s.contract_id
        JOIN member m ON m.id = s.member_id
        LEFT JOIN member p ON p.id = s.payer_id
       WHERE ${side === 'IN' ? sql`s.member_id` : sql`s.payer_id`} = ${memberId}
         AND s.period_end > ${windowStart(w)} AND s.period_end <= ${windowEnd(w)}
         ${kind ? sql`AND s.kind = ${kind}` : sql``}
       ORDER BY s.id DESC
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}
