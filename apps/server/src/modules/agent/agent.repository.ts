import { AGENT_LIMITS, AGENT_TRANSACTION_TYPES, type AgentTransactionType } from '@app/contracts';
import { sql } from 'kysely';
import { Repository } from '../../db/repository';
import { withinWindow, type DayWindow } from '../../platform/day-window';

const nothing = sql``;

/**
 * The team under `rootId`: every member below it with its level (1 = direct), as a CTE named
 * `team` (id, level). WARNING: the root itself is not in it; a caller that checks whether an id is
 * in a team must use the rows of this walk (or isInTeam), never compare upline_id alone.
 * A recursive walk down member_upline_idx (migration 0014 says why not a closure or path).
 */
function teamCte(rootId: string) {
  return sql`WITH RECURSIVE team (id, level) AS (
      SELECT m.id, 1 FROM member m WHERE m.upline_id = ${rootId}
      UNION ALL
      SELECT m.id, t.level + 1 FROM member m JOIN team t ON m.upline_id = t.id
       WHERE t.level < ${AGENT_LIMITS.maxDepth}
    )`;
}

interface TeamFilter {
  username?: string;
  level?: number;
  status?: 'ACTIVE' | 'DISABLED';
  memberId?: string;
}

/** Conditions on `m` (member) and `t` (team) a list narrows by. */
function teamWhere(f: TeamFilter) {
  return sql`WHERE TRUE
    ${f.username ? sql`AND position(${f.username} in m.username) > 0` : nothing}
    ${f.level ? sql`AND t.level = ${f.level}` : nothing}
    ${f.status ? sql`AND m.status = ${f.status}` : nothing}
    ${f.memberId ? sql`AND m.id = ${f.memberId}` : nothing}`;
}

export interface Sums {
  [key: string]: string;
}

/** SQL of the agent centre. Reads the tree, bets and the ledger; writes nothing (transfers post through the ledger). */
export class AgentRepository extends Repository {
  member(merchant: string, id: string) {
    return this.db
      .selectFrom('member')
      .select(['id', 'username', 'is_agent', 'status', 'upline_id', 'affiliate_code'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The level of `memberId` below `agentId` (1 = direct downline), or null when it is not in the
   * agent's team (the agent itself, its upline, a sibling's downline, another brand's member).
   * Walks up from the member over the primary key: as many probes as the member is deep.
   */
  async levelInTeam(merchant: string, agentId: string, memberId: string): Promise<number | null> {
    const { rows } = await sql<{ level: number }>`
      WITH RECURSIVE up (id, upline_id, level) AS (
        SELECT m.id, m.upline_id, 0 FROM member m WHERE m.id = ${memberId} AND m.merchant_code = ${merchant}
        UNION ALL
        SELECT m.id, m.upline_id, u.level + 1 FROM member m JOIN up u ON m.id = u.upline_id
         WHERE u.level < ${AGENT_LIMITS.maxDepth}
      )
      SELECT level FROM up WHERE id = ${agentId} AND level > 0 LIMIT 1`.execute(this.db);
    return rows[0] ? Number(rows[0].level) : null;
  }

  /** Team and direct counts under the root. */
  async teamCounts(rootId: string) {
    const { rows } = await sql<{ members: string; direct: string }>`${teamCte(rootId)}
      SELECT count(*)::text AS members, count(*) FILTER (WHERE level = 1)::text AS direct FROM team`.execute(
      this.db,
    );
    return { members: Number(rows[0]?.members ?? 0), direct: Number(rows[0]?.direct ?? 0) };
  }

  /** The overview's figures for the team under the root within the window. */
  async overview(rootId: string, w: DayWindow) {
    const { rows } = await sql<Sums>`${teamCte(rootId)},
      flows AS (
        SELECT
          coalesce(sum(CASE WHEN e.kind = 'DEPOSIT' AND p.amount > 0 THEN p.amount ELSE 0 END), 0) AS deposits,
          coalesce(sum(CASE WHEN e.kind = 'WITHDRAW' AND p.amount < 0 THEN -p.amount
                            WHEN e.kind = 'WITHDRAW_RETURN' AND p.amount > 0 THEN -p.amount ELSE 0 END), 0) AS withdrawals
          FROM team t
          JOIN ledger_account a ON a.member_id = t.id AND a.kind = 'MAIN'
          JOIN ledger_posting p ON p.account_id = a.id
          JOIN ledger_entry e ON e.id = p.entry_id
         WHERE e.kind IN ('DEPOSIT', 'WITHDRAW', 'WITHDRAW_RETURN') AND ${withinWindow('p.created_at', w)}
      ),
      settled AS (
        SELECT coalesce(sum(b.valid_bet), 0) AS turnover, coalesce(sum(b.payout - b.stake), 0) AS profit
          FROM team t JOIN bet_record b ON b.member_id = t.id
         WHERE b.status = 'SETTLED' AND ${withinWindow('b.settled_at', w)}
      )
      SELECT
        (SELECT count(*) FROM team)::text AS members,
        (SELECT count(*) FROM team WHERE level = 1)::text AS direct,
        (SELECT count(*) FROM team t JOIN member m ON m.id = t.id WHERE ${withinWindow('m.created_at', w)})::text AS new_members,
        (SELECT count(DISTINCT b.member_id) FROM team t JOIN bet_record b ON b.member_id = t.id
          WHERE ${withinWindow('b.placed_at', w)})::text AS active,
        (SELECT deposits FROM flows)::text AS deposits,
        (SELECT withdrawals FROM flows)::text AS withdrawals,
        (SELECT turnover FROM settled)::text AS turnover,
        (SELECT profit FROM settled)::text AS profit`.execute(this.db);
    return rows[0]!;
  }

  /** The team list: level, then id; with the count over every page. */
  async members(rootId: string, f: TeamFilter, offset: number, limit: number) {
    const { rows } = await sql<{
      id: string;
      username: string;
      level: number;
      is_agent: number;
      status: 'ACTIVE' | 'DISABLED';
      balance: string;
      last_login_at: Date | null;
      created_at: Date;
      total: string;
    }>`${teamCte(rootId)}
      SELECT m.id, m.username, t.level, m.is_agent, m.status, m.last_login_at, m.created_at,
             (SELECT coalesce(sum(a.balance), 0) FROM ledger_account a
               WHERE a.member_id = m.id AND a.kind IN ('MAIN', 'VENDOR'))::text AS balance,
             (count(*) OVER ())::text AS total
        FROM team t JOIN member m ON m.id = t.id
        ${teamWhere(f)}
       ORDER BY t.level, m.id
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Bets placed within the window per team member with at least one (settled figures from the
   * settled ones); a page of rows, and the sums over all of them.
   */
  async betting(rootId: string, f: TeamFilter, w: DayWindow, offset: number, limit: number) {
    const { rows } = await sql<
      Sums & { id: string; username: string; level: number; total: string }
    >`${teamCte(rootId)},
      per AS (
        SELECT b.member_id,
               count(*) AS bet_count,
               sum(b.stake) AS stake,
               sum(CASE WHEN b.status = 'SETTLED' THEN b.valid_bet ELSE 0 END) AS valid_bet,
               sum(CASE WHEN b.status = 'SETTLED' THEN b.payout ELSE 0 END) AS payout,
               sum(CASE WHEN b.status = 'SETTLED' THEN b.payout - b.stake ELSE 0 END) AS win_loss
          FROM team t JOIN bet_record b ON b.member_id = t.id
         WHERE ${withinWindow('b.placed_at', w)}
         GROUP BY b.member_id
      )
      SELECT m.id, m.username, t.level,
             per.bet_count::text, per.stake::text, per.valid_bet::text, per.payout::text, per.win_loss::text,
             (count(*) OVER ())::text AS total,
             (sum(per.bet_count) OVER ())::text AS t_bet_count,
             (sum(per.stake) OVER ())::text AS t_stake,
             (sum(per.valid_bet) OVER ())::text AS t_valid_bet,
             (sum(per.payout) OVER ())::text AS t_payout,
             (sum(per.win_loss) OVER ())::text AS t_win_loss
        FROM per JOIN team t ON t.id = per.member_id JOIN member m ON m.id = per.member_id
        ${teamWhere(f)}
       ORDER BY t.level, m.id
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Money flows and settled bets within the window per team member with any of them. */
  async profit(rootId: string, f: TeamFilter, w: DayWindow, offset: number, limit: number) {
    const { rows } = await sql<
      Sums & { id: string; username: string; level: number; total: string }
    >`${teamCte(rootId)},
      flows AS (
        SELECT a.member_id,
               sum(CASE WHEN e.kind = 'DEPOSIT' AND p.amount > 0 THEN p.amount ELSE 0 END) AS deposits,
               sum(CASE WHEN e.kind = 'WITHDRAW' AND p.amount < 0 THEN -p.amount
                        WHEN e.kind = 'WITHDRAW_RETURN' AND p.amount > 0 THEN -p.amount ELSE 0 END) AS withdrawals,
               sum(CASE WHEN e.kind IN ('BONUS', 'REBATE') THEN p.amount ELSE 0 END) AS bonuses
          FROM team t
          JOIN ledger_account a ON a.member_id = t.id AND a.kind = 'MAIN'
          JOIN ledger_posting p ON p.account_id = a.id
          JOIN ledger_entry e ON e.id = p.entry_id
         WHERE e.kind IN ('DEPOSIT', 'WITHDRAW', 'WITHDRAW_RETURN', 'BONUS', 'REBATE')
           AND ${withinWindow('p.created_at', w)}
         GROUP BY a.member_id
      ),
      bets AS (
        SELECT b.member_id, sum(b.valid_bet) AS valid_bet, sum(b.payout - b.stake) AS win_loss
          FROM team t JOIN bet_record b ON b.member_id = t.id
         WHERE b.status = 'SETTLED' AND ${withinWindow('b.settled_at', w)}
         GROUP BY b.member_id
      ),
      per AS (
        SELECT coalesce(fl.member_id, bt.member_id) AS member_id,
               coalesce(fl.deposits, 0) AS deposits, coalesce(fl.withdrawals, 0) AS withdrawals,
               coalesce(fl.bonuses, 0) AS bonuses, coalesce(bt.valid_bet, 0) AS valid_bet,
               coalesce(bt.win_loss, 0) AS win_loss
          FROM flows fl FULL JOIN bets bt ON bt.member_id = fl.member_id
      )
      SELECT m.id, m.username, t.level,
             per.deposits::text, per.withdrawals::text, per.bonuses::text, per.valid_bet::text,
             per.win_loss::text,
             (count(*) OVER ())::text AS total,
             (sum(per.deposits) OVER ())::text AS t_deposits,
             (sum(per.withdrawals) OVER ())::text AS t_withdrawals,
             (sum(per.bonuses) OVER ())::text AS t_bonuses,
             (sum(per.valid_bet) OVER ())::text AS t_valid_bet,
             (sum(per.win_loss) OVER ())::text AS t_win_loss
        FROM per JOIN team t ON t.id = per.member_id JOIN member m ON m.id = per.member_id
        ${teamWhere(f)}
       ORDER BY t.level, m.id
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Postings to the agent's own main account of agent kinds, newest first, each with the member
   * on the other side of the entry (if any), and the count and totals over the whole window.
   */
  async transactions(
    agentId: string,
    w: DayWindow,
    type: AgentTransactionType | undefined,
    offset: number,
    limit: number,
  ) {
    const kinds = type ? [type] : [...AGENT_TRANSACTION_TYPES];
    const { rows } = await sql<{
      id: string;
      amount: string;
      balance_after: string | null;
      created_at: Date;
      kind: AgentTransactionType;
      reference: string;
      counterpart: string | null;
      total: string;
      total_in: string;
      total_out: string;
    }>`SELECT p.id, p.amount::text, p.balance_after::text, p.created_at, e.kind, e.reference,
             (SELECT om.username FROM ledger_posting op
                JOIN ledger_account oa ON oa.id = op.account_id
                JOIN member om ON om.id = oa.member_id
               WHERE op.entry_id = e.id AND oa.member_id <> ${agentId}
               ORDER BY op.id LIMIT 1) AS counterpart,
             (count(*) OVER ())::text AS total,
             (sum(CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END) OVER ())::text AS total_in,
             (sum(CASE WHEN p.amount < 0 THEN -p.amount ELSE 0 END) OVER ())::text AS total_out
        FROM ledger_account a
        JOIN ledger_posting p ON p.account_id = a.id
        JOIN ledger_entry e ON e.id = p.entry_id
       WHERE a.member_id = ${agentId} AND a.kind = 'MAIN'
         AND e.kind IN (${sql.join(kinds)})
         AND ${withinWindow('p.created_at', w)}
       ORDER BY p.id DESC
       OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }
}
