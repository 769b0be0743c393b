import { randomUUID } from 'node:crypto';
import type { PushNotices } from '../../platform/push-topics';
import {
  fromMinor,
  KYC_DOCUMENT_KINDS,
  KYC_LIMITS,
  type KycDecision,
  type KycDocument,
  type KycDocumentKind,
  type KycEvent,
  type KycMemberView,
  type KycQueueAges,
  type KycReview,
  type KycSettings,
  type KycState,
  type KycStatus,
  type KycSubmission,
  type KycSubmitInput,
  type KycTrigger,
  toMinor,
} from '@app/contracts';
import type { Db } from '../../db/repository';
import { type AuditActor, writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import type { RateLimiter } from '../../platform/rate-limit';
import { ageOn, type ProtectionService } from '../protection';
import { approvalValidUntil, dateIn, isRealDate, kycState, triggers } from './kyc-rules';
import type { DocumentMeta, KycRepository, SubmissionRow } from './kyc.repository';

/** Uploads per member per hour: a few retakes of each document, not a photo store. */
const UPLOADS_PER_HOUR = 20;

/**
 * The withdrawals module's release of a member's held withdrawals, run in the approval's
 * transaction (the cashier is composed after this module: bound at composition).
 */
export type ReleaseWithdrawals = (trx: Db, merchant: string, memberId: string) => Promise<string[]>;

interface Rules {
  requiredDocuments: KycDocumentKind[];
  beforeFirstWithdrawal: boolean;
  depositThreshold: bigint | null;
  validityDays: number;
}

/** A brand that never set its rules requires nothing (so no withdrawal waits). */
const DEFAULT_RULES: Rules = {
  requiredDocuments: ['ID_FRONT', 'SELFIE'],
  beforeFirstWithdrawal: false,
  depositThreshold: null,
  validityDays: 365,
};

/** What the bytes say the image is (the Content-Type header alone is not trusted). */
function sniff(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });

const toDocument = (d: DocumentMeta): KycDocument => ({
  id: d.id,
  kind: d.kind,
  size: d.size,
  contentType: d.content_type,
  createdAt: d.created_at.toISOString(),
});

/**
 * Identity verification: documents a member uploads, the submission staff approve or reject, the
 * brand's rules for when a withdrawal waits for it, staff flags, and the append-only history.
 * Every change of a member's verification runs under a lock on the member's row with its history
 * row (and, for staff, its audit row) in the same transaction.
 */
export class KycService {
  constructor(
    private readonly repo: KycRepository,
    private readonly limits: RateLimiter,
    private readonly protection: Pick<ProtectionService, 'rules'>,
    private readonly releaseWithdrawals: ReleaseWithdrawals,
    private readonly clock: () => Date = () => new Date(),
    /** The operators' verification queue and the member's screens hear of each submission and decision. */
    private readonly notices?: PushNotices,
  ) {}

  private readonly approvedListeners: ((
    memberId: string,
    submissionId: string,
    fullName: string,
  ) => Promise<void>)[] = [];

  /**
   * Calls `fn` after an approval has committed (screening the verified identity against the
   * brand's lists). A listener must not throw: the decision is already taken.
   */
  onApproved(fn: (memberId: string, submissionId: string, fullName: string) => Promise<void>): void {
    this.approvedListeners.push(fn);
  }

  // ---- rules -----------------------------------------------------------------------------------

  private async rules(merchant: string, db: Db = this.repo.db): Promise<Rules> {
    const row = await this.repo.settings(merchant, db);
    if (!row) return DEFAULT_RULES;
    return {
      requiredDocuments: row.required_documents.filter((k): k is KycDocumentKind =>
        (KYC_DOCUMENT_KINDS as readonly string[]).includes(k),
      ),
      beforeFirstWithdrawal: row.before_first_withdrawal,
      depositThreshold: row.deposit_threshold === null ? null : BigInt(row.deposit_threshold),
      validityDays: row.validity_days,
    };
  }

  async settings(merchant: string): Promise<KycSettings> {
    const r = await this.rules(merchant);
    return {
      requiredDocuments: r.requiredDocuments,
      beforeFirstWithdrawal: r.beforeFirstWithdrawal,
      depositThreshold: r.depositThreshold === null ? null : fromMinor(r.depositThreshold),
      validityDays: r.validityDays,
    };
  }

  async saveSettings(
    merchant: string,
    input: KycSettings,
    who: AuditActor,
  ): Promise<{ before: KycSettings; after: KycSettings }> {
    const threshold = input.depositThreshold === null ? null : toMinor(String(input.depositThreshold));
    if (input.depositThreshold !== null && (threshold === null || threshold <= 0n))
      throw invalid('depositThreshold', 'amount.format');
    const before = await this.settings(merchant);
    await this.repo.transaction(async (trx) => {
      await this.repo.saveSettings(
        trx,
        merchant,
        {
          requiredDocuments: [...new Set(input.requiredDocuments)],
          beforeFirstWithdrawal: input.beforeFirstWithdrawal,
          depositThreshold: threshold,
          validityDays: input.validityDays,
        },
        who.actor,
      );
      const after = {
        ...input,
        requiredDocuments: [...new Set(input.requiredDocuments)],
      };
      await writeAudit(trx, who, {
        merchant,
        action: 'kyc.settings',
        target: `brand:${merchant}`,
        before,
        after,
      });
    });
    return { before, after: await this.settings(merchant) };
  }

  // ---- where a member stands -------------------------------------------------------------------

  private async standing(merchant: string, memberId: string, db: Db = this.repo.db) {
    const now = this.clock();
    const [rules, latest, approved, flag] = await Promise.all([
      this.rules(merchant, db),
      this.repo.latest(memberId, db),
      this.repo.lastApproved(memberId, db),
      this.repo.flag(memberId, db),
    ]);
    const validUntil =
      approved && approved.decided_at
        ? approvalValidUntil(approved.decided_at, rules.validityDays, approved.id_expiry)
        : null;
    const state = kycState(latest, validUntil, now);
    const approvedNow = validUntil !== null && now < validUntil;
    // A flag is answered by an approval given after it.
    const flagOpen = !!flag && !(approvedNow && approved!.decided_at! > flag.set_at);
    const deposited = rules.depositThreshold === null ? 0n : await this.repo.depositsTotal(db, memberId);
    const because = triggers({
      beforeFirstWithdrawal: rules.beforeFirstWithdrawal,
      depositThreshold: rules.depositThreshold,
      deposited,
      flagged: !!flag,
    });
    let wait: KycTrigger | null = null;
    if (flagOpen) wait = 'FLAGGED';
    else if (!approvedNow) wait = because.find((t) => t !== 'FLAGGED') ?? null;
    return { rules, latest, state, validUntil: approvedNow ? validUntil : null, flag, because, wait };
  }

  /**
   * Why a new withdrawal of this member must wait for verification (null: it need not). The
   * cashier asks this inside the withdrawal's transaction: pass it.
   */
  async withdrawalWait(db: Db, merchant: string, memberId: string): Promise<KycTrigger | null> {
    return (await this.standing(merchant, memberId, db)).wait;
  }

  /** A member's verification state alone (what the chat desk shows beside a conversation). */
  async stateOf(merchant: string, memberId: string): Promise<KycState> {
    return (await this.standing(merchant, memberId)).state;
  }

  async status(brand: Brand, memberId: string): Promise<KycStatus> {
    const s = await this.standing(brand.code, memberId);
    const [drafts, history] = await Promise.all([this.repo.drafts(memberId), this.repo.history(memberId)]);
    return {
      state: s.state,
      requiredBecause: s.because,
      withdrawalsWait: s.wait !== null,
      requiredDocuments: s.rules.requiredDocuments,
      depositThreshold: s.rules.depositThreshold === null ? null : fromMinor(s.rules.depositThreshold),
      validUntil: s.validUntil?.toISOString() ?? null,
      latest: s.latest ? (await this.withDocuments([s.latest]))[0]! : null,
      drafts: drafts.map(toDocument),
      // Members see that staff acted, not who.
      history: history.map((e) => this.toEvent(e, true)),
    };
  }

  // ---- the member's side -----------------------------------------------------------------------

  /** Stores one document photo as a draft of the member's next submission. */
  async upload(brand: Brand, memberId: string, kind: KycDocumentKind, bytes: Buffer): Promise<KycDocument> {
    if (bytes.length > KYC_LIMITS.maxDocumentBytes)
      throw new AppError('kyc.document.too.large', undefined, [KYC_LIMITS.maxDocumentBytes / 1024 / 1024]);
    const contentType = sniff(bytes);
    if (!contentType) throw new AppError('kyc.document.invalid');
    if (!(await this.limits.allow(`kyc-document:${memberId}`, 3600, UPLOADS_PER_HOUR)))
      throw new AppError('system.throttled');
    const row = await this.repo.insertDocument({
      id: randomUUID(),
      merchant: brand.code,
      memberId,
      kind,
      contentType,
      bytes,
    });
    return toDocument(row);
  }

  /**
   * Submits the details and one draft per document kind for review. Refused while a submission
   * waits or an approval holds (kyc.state); every required kind must be there and each id must be
   * one of this member's drafts of that kind (kyc.document.missing); nothing changes otherwise.
   */
  async submit(brand: Brand, memberId: string, input: KycSubmitInput): Promise<KycStatus> {
    const now = this.clock();
    const fields: { field: string; message: string }[] = [];
    if (!isRealDate(input.dateOfBirth) || input.dateOfBirth > dateIn(now, brand.timezone))
      fields.push({ field: 'dateOfBirth', message: 'date.invalid' });
    if (input.idExpiry && (!isRealDate(input.idExpiry) || input.idExpiry <= dateIn(now, brand.timezone)))
      fields.push({ field: 'idExpiry', message: 'date.expired' });
    const kinds = input.documents.map((d) => d.kind);
    if (new Set(kinds).size !== kinds.length) fields.push({ field: 'documents', message: 'kind.duplicate' });
    if (fields.length) throw new AppError('request.invalid', { fields });

    const rules = await this.rules(brand.code);
    const missing = rules.requiredDocuments.filter((k) => !kinds.includes(k));
    if (missing.length) throw new AppError('kyc.document.missing', undefined, [missing.join(', ')]);

    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.lockMember(trx, brand.code, memberId))) throw new AppError('system.not.found');
      const s = await this.standing(brand.code, memberId, trx);
      if (s.state === 'PENDING' || s.state === 'APPROVED')
        throw new AppError('kyc.state', undefined, [s.state]);
      const drafts = new Map((await this.repo.drafts(memberId, trx)).map((d) => [d.id, d]));
      for (const d of input.documents) {
        const draft = drafts.get(d.id);
        if (!draft || draft.kind !== d.kind) throw new AppError('kyc.document.missing', undefined, [d.kind]);
      }
      const id = await this.repo.insertSubmission(trx, {
        merchant: brand.code,
        memberId,
        fullName: input.fullName.trim(),
        idNumber: input.idNumber.trim(),
        dateOfBirth: input.dateOfBirth,
        idExpiry: input.idExpiry ?? null,
      });
      const ids = input.documents.map((d) => d.id);
      // Under the member's lock nobody else takes these drafts; a short count would be a bug.
      if ((await this.repo.attach(trx, memberId, id, ids)) !== ids.length)
        throw new AppError('kyc.document.missing', undefined, ['']);
      await this.repo.event(trx, {
        merchant: brand.code,
        memberId,
        submissionId: id,
        action: 'SUBMITTED',
        reason: null,
        actor: 'MEMBER',
      });
    });
    this.notices?.queue(brand.code, 'kyc');
    return this.status(brand, memberId);
  }

  /**
   * A document's bytes for its owner (memberId), or for staff (memberId null: the route checked
   * kyc.review on the brand). Anyone else gets not found, as for an id that does not exist.
   */
  async document(merchant: string, id: string, memberId: string | null) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('system.not.found');
    const row = await this.repo.document(merchant, id);
    if (!row || (memberId !== null && row.member_id !== memberId)) throw new AppError('system.not.found');
    return { contentType: row.content_type, bytes: row.bytes, memberId: row.member_id };
  }

  // ---- staff -----------------------------------------------------------------------------------

  async queue(merchant: string, state: 'PENDING' | 'APPROVED' | 'REJECTED' | undefined) {
    const [rows, ages] = await Promise.all([this.repo.queue(merchant, state, 200), this.queueAges(merchant)]);
    return {
      list: rows.map((r) => ({
        submissionId: r.id,
        memberId: r.member_id,
        username: r.username,
        fullName: r.full_name,
        state: r.state,
        createdAt: r.created_at.toISOString(),
        ageHours: Number(r.age_hours),
        decidedBy: r.decided_by,
        flagged: Boolean(r.flagged),
      })),
      ages,
    };
  }

  async queueAges(merchant: string): Promise<KycQueueAges> {
    const r = await this.repo.queueAges(merchant);
    return {
      pending: r.pending,
      under24h: r.under24h,
      from1to3d: r.from1to3d,
      over3d: r.over3d,
      oldestHours: r.oldest_hours === null ? null : Number(r.oldest_hours),
    };
  }

  async review(brand: Brand, submissionId: string): Promise<KycReview> {
    const sub = await this.repo.submission(brand.code, submissionId);
    if (!sub) throw new AppError('kyc.not.found');
    const profile = await this.repo.memberProfile(brand.code, sub.member_id);
    if (!profile) throw new AppError('kyc.not.found');
    const [s, deposits, withdrawals, history, waiting, minAge] = await Promise.all([
      this.standing(brand.code, sub.member_id),
      this.repo.depositsTotal(this.repo.db, sub.member_id),
      this.repo.withdrawalsTotal(sub.member_id),
      this.repo.history(sub.member_id),
      this.repo.waitingWithdrawals(sub.member_id),
      this.protection.rules(brand.code).then((r) => r.minAge),
    ]);
    return {
      submission: (await this.withDocuments([sub]))[0]!,
      member: {
        id: profile.id,
        username: profile.username,
        realName: profile.payee_name,
        mobile: profile.mobile_num,
        email: profile.email,
        dateOfBirth: profile.date_of_birth,
        dateOfBirthVerifiedAt: profile.date_of_birth_verified_at?.toISOString() ?? null,
        registeredAt: profile.created_at.toISOString(),
        registerIp: profile.register_ip,
        depositsTotal: fromMinor(deposits),
        withdrawalsTotal: fromMinor(withdrawals),
        declaredAge: ageOn(sub.date_of_birth, dateIn(this.clock(), brand.timezone)) ?? 0,
        minAge,
      },
      state: s.state,
      flag: s.flag
        ? { reason: s.flag.reason, setBy: s.flag.set_by, setAt: s.flag.set_at.toISOString() }
        : null,
      history: history.map((e) => this.toEvent(e, false)),
      waitingWithdrawals: waiting,
    };
  }

  /**
   * Staff's decision on a PENDING submission, with its history row and audit row in one
   * transaction. An approval checks the declared date of birth against the brand's minimum age
   * (kyc.underage, nothing changes), records it on the member as verified, and releases the
   * member's withdrawals held for verification into the normal queue. A rejection keeps them
   * held: the member may submit again or take them back.
   */
  async decide(
    brand: Brand,
    submissionId: string,
    decision: KycDecision,
    who: AuditActor,
  ): Promise<{ state: 'APPROVED' | 'REJECTED'; released: number }> {
    const first = await this.repo.submission(brand.code, submissionId);
    if (!first) throw new AppError('kyc.not.found');
    const minAge = (await this.protection.rules(brand.code)).minAge;
    const result = await this.repo.transaction(async (trx) => {
      await this.repo.lockMember(trx, brand.code, first.member_id);
      const sub = await this.repo.submission(brand.code, submissionId, trx, true);
      if (!sub) throw new AppError('kyc.not.found');
      if (sub.state !== 'PENDING') throw new AppError('kyc.state', undefined, [sub.state]);
      let released: string[] = [];
      if (decision.decision === 'APPROVE') {
        const age = ageOn(sub.date_of_birth, dateIn(this.clock(), brand.timezone));
        if (age === null || age < minAge) throw new AppError('kyc.underage', undefined, [minAge]);
        await this.repo.decide(trx, sub.id, 'APPROVED', null, who.actor);
        await this.repo.verifyMember(trx, sub.member_id, sub.date_of_birth);
        await this.repo.event(trx, {
          merchant: brand.code,
          memberId: sub.member_id,
          submissionId: sub.id,
          action: 'APPROVED',
          reason: null,
          actor: who.actor,
        });
        // A staff flag set before this approval is answered by it: lifted, and said so in the history.
        if (await this.repo.clearFlag(trx, sub.member_id))
          await this.repo.event(trx, {
            merchant: brand.code,
            memberId: sub.member_id,
            submissionId: sub.id,
            action: 'UNFLAGGED',
            reason: null,
            actor: who.actor,
          });
        // After the approval nothing requires verification any more: every held withdrawal of
        // the member may join the queue.
        released = await this.releaseWithdrawals(trx, brand.code, sub.member_id);
      } else {
        await this.repo.decide(trx, sub.id, 'REJECTED', decision.reason, who.actor);
        await this.repo.event(trx, {
          merchant: brand.code,
          memberId: sub.member_id,
          submissionId: sub.id,
          action: 'REJECTED',
          reason: decision.reason,
          actor: who.actor,
        });
      }
      const state: 'APPROVED' | 'REJECTED' = decision.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      await writeAudit(trx, who, {
        merchant: brand.code,
        action: state === 'APPROVED' ? 'kyc.approve' : 'kyc.reject',
        target: `member:${sub.member_id}`,
        before: { submissionId: sub.id, state: 'PENDING' },
        after: {
          submissionId: sub.id,
          state,
          ...(state === 'REJECTED' ? { reason: (decision as { reason: string }).reason } : {}),
          releasedWithdrawals: released,
        },
      });
      return { state, released: released.length };
    });
    this.notices?.queue(brand.code, 'kyc');
    if (result.state === 'APPROVED')
      for (const fn of this.approvedListeners) await fn(first.member_id, first.id, first.full_name);
    return result;
  }

  /** Staff's "require verification" flag on a member (set or cleared), audited with its history row. */
  async setFlag(
    brand: Brand,
    memberId: string,
    input: { flagged: boolean; reason?: string },
    who: AuditActor,
  ): Promise<KycMemberView> {
    if (input.flagged && !input.reason) throw invalid('reason', 'reason.required');
    await this.repo.transaction(async (trx) => {
      if (!(await this.repo.lockMember(trx, brand.code, memberId))) throw new AppError('system.not.found');
      const before = await this.repo.flag(memberId, trx);
      if (input.flagged) await this.repo.setFlag(trx, brand.code, memberId, input.reason!, who.actor);
      else if (!(await this.repo.clearFlag(trx, memberId))) return;
      await this.repo.event(trx, {
        merchant: brand.code,
        memberId,
        submissionId: null,
        action: input.flagged ? 'FLAGGED' : 'UNFLAGGED',
        reason: input.reason ?? null,
        actor: who.actor,
      });
      await writeAudit(trx, who, {
        merchant: brand.code,
        action: input.flagged ? 'kyc.flag' : 'kyc.unflag',
        target: `member:${memberId}`,
        before: before ? { flagged: true, reason: before.reason } : { flagged: false },
        after: input.flagged ? { flagged: true, reason: input.reason } : { flagged: false },
      });
    });
    return this.memberView(brand, memberId);
  }

  /** A member's verification for the player page: state, flag, submissions with documents, history. */
  async memberView(brand: Brand, memberId: string): Promise<KycMemberView> {
    if (!(await this.repo.memberProfile(brand.code, memberId))) throw new AppError('system.not.found');
    const [s, subs, history] = await Promise.all([
      this.standing(brand.code, memberId),
      this.repo.submissionsOf(memberId),
      this.repo.history(memberId),
    ]);
    return {
      state: s.state as KycState,
      flag: s.flag
        ? { reason: s.flag.reason, setBy: s.flag.set_by, setAt: s.flag.set_at.toISOString() }
        : null,
      submissions: await this.withDocuments(subs),
      history: history.map((e) => this.toEvent(e, false)),
    };
  }

  // ---- presenters ------------------------------------------------------------------------------

  private async withDocuments(rows: SubmissionRow[]): Promise<KycSubmission[]> {
    const docs = await this.repo.documentsOf(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      state: r.state,
      fullName: r.full_name,
      idNumber: r.id_number,
      dateOfBirth: r.date_of_birth,
      idExpiry: r.id_expiry,
      reason: r.reason,
      createdAt: r.created_at.toISOString(),
      decidedAt: r.decided_at?.toISOString() ?? null,
      documents: docs.filter((d) => d.submission_id === r.id).map(toDocument),
    }));
  }

  private toEvent(
    e: {
      at: Date;
      action: KycEvent['action'];
      reason: string | null;
      actor: string;
      submission_id: string | null;
    },
    forMember: boolean,
  ): KycEvent {
    return {
      at: e.at.toISOString(),
      action: e.action,
      // Staff's reason for a flag is internal; a rejection's reason is for the member.
      reason: forMember && (e.action === 'FLAGGED' || e.action === 'UNFLAGGED') ? null : e.reason,
      actor: forMember && e.actor !== 'MEMBER' ? 'STAFF' : e.actor,
      submissionId: e.submission_id,
    };
  }
}
