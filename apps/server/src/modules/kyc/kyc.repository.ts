import type { KycDocumentKind } from '@app/contracts';
import { sql } from 'kysely';
import { Repository, type Db } from '../../db/repository';

export interface SubmissionRow {
  id: string;
  merchant_code: string;
  member_id: string;
  full_name: string;
  id_number: string;
  date_of_birth: string;
  id_expiry: string | null;
  state: 'PENDING' | 'APPROVED' | 'REJECTED';
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
}

export interface DocumentMeta {
  id: string;
  member_id: string;
  submission_id: string | null;
  kind: KycDocumentKind;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  created_at: Date;
}

const DOCUMENT_META = [
  'id',
  'member_id',
  'submission_id',
  'kind',
  'content_type',
  'size',
  'created_at',
] as const;

/** SQL of verification: settings, submissions, documents, flags and the history. */
export class KycRepository extends Repository {
  settings(merchant: string, db: Db = this.db) {
    return db.selectFrom('kyc_settings').selectAll().where('merchant_code', '=', merchant).executeTakeFirst();
  }

  async saveSettings(
    db: Db,
    merchant: string,
    s: {
      requiredDocuments: string[];
      beforeFirstWithdrawal: boolean;
      depositThreshold: bigint | null;
      validityDays: number;
    },
    by: string,
  ): Promise<void> {
    const values = {
      required_documents: s.requiredDocuments,
      before_first_withdrawal: s.beforeFirstWithdrawal,
      deposit_threshold: s.depositThreshold,
      validity_days: s.validityDays,
      updated_by: by,
    };
    await db
      .insertInto('kyc_settings')
      .values({ merchant_code: merchant, ...values })
      .onConflict((oc) => oc.column('merchant_code').doUpdateSet({ ...values, updated_at: sql`now()` }))
      .execute();
  }

  // ---- documents -----------------------------------------------------------------------------

  async insertDocument(row: {
    id: string;
    merchant: string;
    memberId: string;
    kind: KycDocumentKind;
    contentType: 'image/png' | 'image/jpeg';
    bytes: Buffer;
  }): Promise<DocumentMeta> {
    return this.db
      .insertInto('kyc_document')
      .values({
        id: row.id,
        merchant_code: row.merchant,
        member_id: row.memberId,
        kind: row.kind,
        content_type: row.contentType,
        bytes: row.bytes,
        size: row.bytes.length,
      })
      .returning(DOCUMENT_META)
      .executeTakeFirstOrThrow();
  }

  /** The member's uploads no submission has taken yet, newest first. */
  drafts(memberId: string, db: Db = this.db): Promise<DocumentMeta[]> {
    return db
      .selectFrom('kyc_document')
      .select(DOCUMENT_META)
      .where('member_id', '=', memberId)
      .where('submission_id', 'is', null)
      .orderBy('created_at', 'desc')
      .execute();
  }

  documentsOf(submissionIds: string[]): Promise<DocumentMeta[]> {
    if (submissionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('kyc_document')
      .select(DOCUMENT_META)
      .where('submission_id', 'in', submissionIds)
      .orderBy('kind')
      .execute();
  }

  /** Gives the drafts to a submission; returns how many it took (only this member's drafts). */
  async attach(db: Db, memberId: string, submissionId: string, ids: string[]): Promise<number> {
    const rows = await db
      .updateTable('kyc_document')
      .set({ submission_id: submissionId })
      .where('member_id', '=', memberId)
      .where('submission_id', 'is', null)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
    return rows.length;
  }

  document(merchant: string, id: string) {
    return this.db
      .selectFrom('kyc_document')
      .select(['id', 'member_id', 'content_type', 'bytes'])
      .where('merchant_code', '=', merchant)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  // ---- submissions ---------------------------------------------------------------------------

  /** Locks the member's row: submissions and decisions of one member take turns. */
  async lockMember(db: Db, merchant: string, memberId: string): Promise<boolean> {
    const row = await db
      .selectFrom('member')
      .select('id')
      .where('merchant_code', '=', merchant)
      .where('id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    return !!row;
  }

  latest(memberId: string, db: Db = this.db): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('kyc_submission')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The member's last approval (a later rejection does not undo an approval still valid). */
  lastApproved(memberId: string, db: Db = this.db): Promise<SubmissionRow | undefined> {
    return db
      .selectFrom('kyc_submission')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('state', '=', 'APPROVED')
      .orderBy('decided_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  submissionsOf(memberId: string): Promise<SubmissionRow[]> {
    return this.db
      .selectFrom('kyc_submission')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  }

  submission(merchant: string, id: string, db: Db = this.db, lock = false) {
    let q = db
      .selectFrom('kyc_submission')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .where('id', '=', id);
    if (lock) q = q.forUpdate();
    return q.executeTakeFirst();
  }

  async insertSubmission(
    db: Db,
    s: {
      merchant: string;
      memberId: string;
      fullName: string;
      idNumber: string;
      dateOfBirth: string;
      idExpiry: string | null;
    },
  ): Promise<string> {
    const row = await db
      .insertInto('kyc_submission')
      .values({
        merchant_code: s.merchant,
        member_id: s.memberId,
        full_name: s.fullName,
        id_number: s.idNumber,
        date_of_birth: s.dateOfBirth,
        id_expiry: s.idExpiry,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async decide(db: Db, id: string, state: 'APPROVED' | 'REJECTED', reason: string | null, by: string) {
    await db
      .updateTable('kyc_submission')
      .set({ state, reason, decided_by: by, decided_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async verifyMember(db: Db, memberId: string, dateOfBirth: string): Promise<void> {
    await db
      .updateTable('member')
      .set({ date_of_birth: dateOfBirth, date_of_birth_verified_at: new Date() })
      .where('id', '=', memberId)
      .execute();
  }

  /** Review queue, oldest first, with the hours each has waited (by the database clock). */
  queue(merchant: string, state: 'PENDING' | 'APPROVED' | 'REJECTED' | undefined, limit: number) {
    let q = this.db
      .selectFrom('kyc_submission as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .leftJoin('kyc_flag as f', 'f.member_id', 's.member_id')
      .select([
        's.id',
        's.member_id',
        'm.username',
        's.full_name',
        's.state',
        's.created_at',
        's.decided_by',
        sql<number>`round((extract(epoch FROM coalesce(s.decided_at, now()) - s.created_at) / 3600)::numeric, 1)::float8`.as(
          'age_hours',
        ),
        sql<boolean>`f.member_id IS NOT NULL`.as('flagged'),
      ])
      .where('s.merchant_code', '=', merchant);
    if (state) q = q.where('s.state', '=', state);
    return q.orderBy('s.created_at', 'asc').orderBy('s.id', 'asc').limit(limit).execute();
  }

  /** Pending submissions by age bucket, and the oldest's age in hours. */
  async queueAges(merchant: string) {
    const row = await this.db
      .selectFrom('kyc_submission')
      .select([
        sql<number>`count(*)::int`.as('pending'),
        sql<number>`count(*) FILTER (WHERE created_at > now() - interval '24 hours')::int`.as('under24h'),
        sql<number>`count(*) FILTER (WHERE created_at <= now() - interval '24 hours' AND created_at > now() - interval '3 days')::int`.as(
          'from1to3d',
        ),
        sql<number>`count(*) FILTER (WHERE created_at <= now() - interval '3 days')::int`.as('over3d'),
        sql<
          number | null
        >`round((extract(epoch FROM now() - min(created_at)) / 3600)::numeric, 1)::float8`.as('oldest_hours'),
      ])
      .where('merchant_code', '=', merchant)
      .where('state', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return row;
  }

  // ---- the member and their money ------------------------------------------------------------

  memberProfile(merchant: string, memberId: string) {
    return this.db
      .selectFrom('member')
      .select([
        'id',
        'username',
        'payee_name',
        'mobile_num',
        'email',
        'date_of_birth',
        'date_of_birth_verified_at',
        'created_at',
        'register_ip',
      ])
      .where('merchant_code', '=', merchant)
      .where('id', '=', memberId)
      .executeTakeFirst();
  }

  /** Credited deposits (minor units) of the member, ever. */
  async depositsTotal(db: Db, memberId: string): Promise<bigint> {
    const row = await db
      .selectFrom('deposit')
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .where('status', 'in', ['APPROVED', 'ARRIVED'])
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  /** What was paid out to the member (minor units), ever. */
  async withdrawalsTotal(memberId: string): Promise<bigint> {
    const row = await this.db
      .selectFrom('withdrawal')
      .select(sql<string>`coalesce(sum(paid_amount), 0)::text`.as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  async waitingWithdrawals(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('withdrawal')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'PENDING')
      .where('kyc_wait', 'is not', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  // ---- flags and history ---------------------------------------------------------------------

  flag(memberId: string, db: Db = this.db) {
    return db.selectFrom('kyc_flag').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  }

  async setFlag(db: Db, merchant: string, memberId: string, reason: string, by: string): Promise<void> {
    await db
      .insertInto('kyc_flag')
      .values({ member_id: memberId, merchant_code: merchant, reason, set_by: by })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ reason, set_by: by, set_at: sql`now()` }))
      .execute();
  }

  async clearFlag(db: Db, memberId: string): Promise<boolean> {
    const rows = await db
      .deleteFrom('kyc_flag')
      .where('member_id', '=', memberId)
      .returning('member_id')
      .execute();
    return rows.length > 0;
  }

  async event(
    db: Db,
    e: {
      merchant: string;
      memberId: string;
      submissionId: string | null;
      action: 'SUBMITTED' | 'APPROVED' | 'REJECTED' | 'FLAGGED' | 'UNFLAGGED';
      reason: string | null;
      actor: string;
    },
  ): Promise<void> {
    await db
      .insertInto('kyc_event')
      .values({
        merchant_code: e.merchant,
        member_id: e.memberId,
        submission_id: e.submissionId,
        action: e.action,
        reason: e.reason,
        actor: e.actor,
      })
      .execute();
  }

  history(memberId: string) {
    return this.db
      .selectFrom('kyc_event')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
  }
}
