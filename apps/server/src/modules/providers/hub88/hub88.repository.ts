import { sql, type Selectable } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Db } from '../../../db/repository';
import { GroupCommit, type Settled } from '../../../platform/group-commit';

export interface Hub88Session {
  token: string;
  merchant: string;
  memberId: string;
  vendor: string;
  gameCode: string;
  currency: string;
  expiresAt: Date;
}

export interface Hub88Transaction {
  transactionUuid: string;
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  memberId: string;
  vendor: string;
  referenceUuid: string | null;
  round: string;
  digest: string;
  response: Record<string, unknown>;
}

export interface Hub88Member {
  id: string;
  active: boolean;
  bettingBlocked: boolean;
  createdAt: Date;
}

/** SQL of Hub88 game sessions, answered wallet transactions, and the members Hub88 names. */
type SessionRow = Pick<
  Selectable<Database['hub88_session']>,
  'token' | 'merchant_code' | 'member_id' | 'vendor_code' | 'game_code' | 'currency' | 'expires_at'
>;

const toSession = (r: SessionRow): Hub88Session => ({
  token: r.token,
  merchant: r.merchant_code,
  memberId: String(r.member_id),
  vendor: r.vendor_code,
  gameCode: r.game_code,
  currency: r.currency,
  expiresAt: r.expires_at,
});

/** A first answer to store (record). */
interface RecordItem {
  merchant: string;
  t: Hub88Transaction;
}

/** A claim on a bet's settlement (claimSettlement). */
interface ClaimItem {
  merchant: string;
  betUuid: string;
  settler: string;
}

/** Most rows one batched insert writes. */
const WRITE_BATCH = 64;

export class Hub88Repository {
  /**
   * The answers and settlement claims of concurrent calls, each group written by one statement:
   * one commit (and its flush) per group instead of one per call. A caller is answered once its
   * group has committed, as it was by its own insert.
   */
  private readonly records: GroupCommit<RecordItem, Hub88Transaction>;
  private readonly claims: GroupCommit<ClaimItem, string>;

  constructor(private readonly db: Db) {
    this.records = new GroupCommit((items) => this.each(items, (b) => this.recordBatch(b)), {
      maxBatch: WRITE_BATCH,
      maxInFlight: 2,
      // Two answers under one uuid (concurrent repeats) go in two groups: the second finds the first.
      key: (i) => `${i.merchant}|${i.t.transactionUuid}`,
    });
    this.claims = new GroupCommit((items) => this.each(items, (b) => this.claimBatch(b)), {
      maxBatch: WRITE_BATCH,
      maxInFlight: 2,
      key: (i) => `${i.merchant}|${i.betUuid}`,
    });
  }

  /**
   * A batch's answers; when its statement fails as a whole (it wrote nothing), each item is tried
   * alone, so one bad item fails only its own call.
   */
  private async each<I, O>(items: I[], batch: (items: I[]) => Promise<O[]>): Promise<Settled<O>[]> {
    try {
      return (await batch(items)).map((value) => ({ ok: true, value }));
    } catch (err) {
      if (items.length === 1) return [{ ok: false, error: err }];
      return Promise.all(
        items.map((i) =>
          batch([i]).then(
            ([value]): Settled<O> => ({ ok: true, value: value! }),
            (error: unknown): Settled<O> => ({ ok: false, error }),
          ),
        ),
      );
    }
  }

  async openSession(s: Hub88Session): Promise<void> {
    await this.db
      .insertInto('hub88_session')
      .values({
        token: s.token,
        merchant_code: s.merchant,
        member_id: s.memberId,
        vendor_code: s.vendor,
        game_code: s.gameCode,
        currency: s.currency,
        expires_at: s.expiresAt,
      })
      .execute();
  }

  async session(merchant: string, token: string): Promise<Hub88Session | null> {
    const r = await this.db
      .selectFrom('hub88_session')
      .selectAll()
      .where('token', '=', token)
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
    return r ? toSession(r) : null;
  }

  /** Sessions whose last bet time is long past: no win or rollback needs them (wins find their bet). */
  async pruneSessions(before: Date): Promise<number> {
    const r = await this.db.deleteFrom('hub88_session').where('expires_at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * What a bet needs before money moves, in one query: the transaction already answered under its
   * uuid (a repeat), and the session its token names with that member's standing. Either may be
   * missing: a repeat is answered even after its session was pruned.
   */
  async betContext(
    merchant: string,
    uuid: string,
    token: string,
  ): Promise<{ seen: Hub88Transaction | null; session: (Hub88Session & { member: Hub88Member }) | null }> {
    const { rows } = await sql<BetContextRow>`
      SELECT t.transaction_uuid, t.kind, t.member_id, t.vendor_code, t.reference_uuid, t.round, t.digest,
             t.response, s.token AS s_token, s.member_id AS s_member_id, s.vendor_code AS s_vendor_code,
             s.game_code AS s_game_code, s.currency AS s_currency, s.expires_at AS s_expires_at,
             m.status AS m_status, m.block_betting AS m_block_betting, m.created_at AS m_created_at
        FROM (SELECT 1) AS one
        LEFT JOIN hub88_transaction t ON t.merchant_code = ${merchant} AND t.transaction_uuid = ${uuid}
        LEFT JOIN hub88_session s ON s.merchant_code = ${merchant} AND s.token = ${token}
        LEFT JOIN member m ON m.merchant_code = ${merchant} AND m.id = s.member_id`.execute(this.db);
    const r = rows[0]!;
    const seen = r.transaction_uuid === null ? null : toTransaction(r as TransactionRow);
    if (r.s_token === null || r.m_status === null) return { seen, session: null };
    return {
      seen,
      session: {
        ...toSession({
          token: r.s_token,
          merchant_code: merchant,
          member_id: r.s_member_id!,
          vendor_code: r.s_vendor_code!,
          game_code: r.s_game_code!,
          currency: r.s_currency!,
          expires_at: r.s_expires_at!,
        }),
        member: {
          id: String(r.s_member_id),
          active: r.m_status === 'ACTIVE',
          bettingBlocked: r.m_block_betting!,
          createdAt: r.m_created_at!,
        },
      },
    };
  }

  /**
   * What a win needs, in one query: the answered transactions under its own uuid (a repeat) and
   * its bet's, and every answered transaction naming that bet (its other wins and rollbacks).
   */
  async winContext(
    merchant: string,
    uuid: string,
    betUuid: string,
  ): Promise<{ known: Map<string, Hub88Transaction>; referencing: Hub88Transaction[] }> {
    const rows = await this.db
      .selectFrom('hub88_transaction')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where((eb) =>
        eb.or([eb('transaction_uuid', 'in', [uuid, betUuid]), eb('reference_uuid', '=', betUuid)]),
      )
      .execute();
    const all = rows.map(toTransaction);
    return {
      known: new Map(
        all
          .filter((t) => t.transactionUuid === uuid || t.transactionUuid === betUuid)
          .map((t) => [t.transactionUuid, t]),
      ),
      referencing: all.filter((t) => t.referenceUuid === betUuid),
    };
  }

  async transaction(merchant: string, uuid: string): Promise<Hub88Transaction | null> {
    const r = await this.db
      .selectFrom('hub88_transaction')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('transaction_uuid', '=', uuid)
      .executeTakeFirst();
    return r ? toTransaction(r) : null;
  }

  /**
   * Records an answered transaction; when one with the same uuid was recorded first (a
   * concurrent repeat), that one stays and is returned, so every repeat answers alike.
   */
  record(merchant: string, t: Hub88Transaction): Promise<Hub88Transaction> {
    return this.records.submit({ merchant, t });
  }

  private async recordBatch(items: RecordItem[]): Promise<Hub88Transaction[]> {
    const inserted = await this.db
      .insertInto('hub88_transaction')
      .values(
        items.map(({ merchant, t }) => ({
          merchant_code: merchant,
          transaction_uuid: t.transactionUuid,
          kind: t.kind,
          member_id: t.memberId,
          vendor_code: t.vendor,
          reference_uuid: t.referenceUuid,
          round: t.round,
          digest: t.digest,
          response: JSON.stringify(t.response),
        })),
      )
      .onConflict((oc) => oc.columns(['merchant_code', 'transaction_uuid']).doNothing())
      .returningAll()
      .execute();
    const stored = new Map(
      inserted.map((r) => [`${r.merchant_code}|${r.transaction_uuid}`, toTransaction(r)]),
    );
    // Not inserted: a concurrent repeat stored its uuid first; that answer is the one kept.
    const taken = items.filter(({ merchant, t }) => !stored.has(`${merchant}|${t.transactionUuid}`));
    if (taken.length > 0) {
      const rows = await this.db
        .selectFrom('hub88_transaction')
        .selectAll()
        .where((eb) =>
          eb(
            eb.refTuple('merchant_code', 'transaction_uuid'),
            'in',
            taken.map(({ merchant, t }) => eb.tuple(merchant, t.transactionUuid)),
          ),
        )
        .execute();
      for (const r of rows) stored.set(`${r.merchant_code}|${r.transaction_uuid}`, toTransaction(r));
    }
    return items.map(({ merchant, t }) => {
      const r = stored.get(`${merchant}|${t.transactionUuid}`);
      if (!r) throw new Error(`hub88 transaction ${t.transactionUuid} not stored`);
      return r;
    });
  }

  /**
   * Claims a bet's settlement for `settler` unless another claimed it first; returns the one
   * that holds it (committed before any money moves, so racing wins agree on who settles).
   */
  claimSettlement(merchant: string, betUuid: string, settler: string): Promise<string> {
    return this.claims.submit({ merchant, betUuid, settler });
  }

  private async claimBatch(items: ClaimItem[]): Promise<string[]> {
    const claimed = await this.db
      .insertInto('hub88_bet_settler')
      .values(items.map((i) => ({ merchant_code: i.merchant, bet_uuid: i.betUuid, settler: i.settler })))
      .onConflict((oc) => oc.columns(['merchant_code', 'bet_uuid']).doNothing())
      .returning(['merchant_code', 'bet_uuid', 'settler'])
      .execute();
    const holders = new Map(claimed.map((r) => [`${r.merchant_code}|${r.bet_uuid}`, r.settler]));
    const taken = items.filter((i) => !holders.has(`${i.merchant}|${i.betUuid}`));
    if (taken.length > 0) {
      const rows = await this.db
        .selectFrom('hub88_bet_settler')
        .select(['merchant_code', 'bet_uuid', 'settler'])
        .where((eb) =>
          eb(
            eb.refTuple('merchant_code', 'bet_uuid'),
            'in',
            taken.map((i) => eb.tuple(i.merchant, i.betUuid)),
          ),
        )
        .execute();
      for (const r of rows) holders.set(`${r.merchant_code}|${r.bet_uuid}`, r.settler);
    }
    return items.map((i) => {
      const holder = holders.get(`${i.merchant}|${i.betUuid}`);
      if (holder === undefined) throw new Error(`hub88 settlement of ${i.betUuid} not claimed`);
      return holder;
    });
  }

  /** A member's bets of a round that no win or rollback named yet (other than `except`). */
  async openBetsOfRound(
    merchant: string,
    memberId: string,
    round: string,
    except: string,
  ): Promise<Hub88Transaction[]> {
    const rows = await this.db
      .selectFrom('hub88_transaction as t')
      .selectAll('t')
      .where('t.merchant_code', '=', merchant)
      .where('t.member_id', '=', memberId)
      .where('t.kind', '=', 'BET')
      .where('t.round', '=', round)
      .where('t.transaction_uuid', '<>', except)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('hub88_transaction as r')
              .select('r.transaction_uuid')
              .whereRef('r.merchant_code', '=', 't.merchant_code')
              .whereRef('r.reference_uuid', '=', 't.transaction_uuid'),
          ),
        ),
      )
      .execute();
    return rows.map(toTransaction);
  }

  async member(merchant: string, memberId: string): Promise<Hub88Member | null> {
    const r = await this.db
      .selectFrom('member')
      .select(['id', 'status', 'block_betting', 'created_at'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!r) return null;
    return {
      id: String(r.id),
      active: r.status === 'ACTIVE',
      bettingBlocked: r.block_betting,
      createdAt: r.created_at,
    };
  }
}

interface TransactionRow {
  transaction_uuid: string;
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  member_id: string;
  vendor_code: string;
  reference_uuid: string | null;
  round: string;
  digest: string;
  response: Record<string, unknown>;
}

/** betContext's row: the transaction's columns (all null when none), the session's, the member's. */
type BetContextRow = { [K in keyof TransactionRow]: TransactionRow[K] | null } & {
  s_token: string | null;
  s_member_id: string | null;
  s_vendor_code: string | null;
  s_game_code: string | null;
  s_currency: string | null;
  s_expires_at: Date | null;
  m_status: string | null;
  m_block_betting: boolean | null;
  m_created_at: Date | null;
};

function toTransaction(r: TransactionRow): Hub88Transaction {
  return {
    transactionUuid: r.transaction_uuid,
    kind: r.kind,
    memberId: String(r.member_id),
    vendor: r.vendor_code,
    referenceUuid: r.reference_uuid,
    round: r.round,
    digest: r.digest,
    response: r.response,
  };
}
