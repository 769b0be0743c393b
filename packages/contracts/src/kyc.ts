import { z } from 'zod';

/**
 * Identity verification (KYC): documents a member uploads, the submission staff decide, the
 * brand's rules for when a withdrawal waits for it. Money in major units on the wire.
 */
export const KYC_DOCUMENT_KINDS = ['ID_FRONT', 'ID_BACK', 'SELFIE', 'PROOF_OF_ADDRESS'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
/** A member's verification: EXPIRED is an approval past the brand's validity or the ID's expiry. */
export const KYC_STATES = ['NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
export type KycState = (typeof KYC_STATES)[number];
/** Why verification is required: the brand's rule that holds for this member. */
export const KYC_TRIGGERS = ['FIRST_WITHDRAWAL', 'DEPOSITS', 'FLAGGED'] as const;
export type KycTrigger = (typeof KYC_TRIGGERS)[number];

/** Documents: PNG or JPEG (sniffed from the bytes), at most 5 MB each, shared by site and server. */
export const KYC_LIMITS = {
  maxDocumentBytes: 5 * 1024 * 1024,
  documentTypes: ['image/png', 'image/jpeg'] as const,
} as const;

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date.format');

export const kycDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(KYC_DOCUMENT_KINDS),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycEventSchema = z.object({
  at: z.string(),
  action: z.enum(['SUBMITTED', 'APPROVED', 'REJECTED', 'FLAGGED', 'UNFLAGGED']),
  reason: z.string().nullable(),
  /** MEMBER, or the staff member's name (staff views only; members see STAFF). */
  actor: z.string(),
  submissionId: z.string().nullable(),
});
export type KycEvent = z.infer<typeof kycEventSchema>;

export const kycSubmissionSchema = z.object({
  id: z.string(),
  state: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  fullName: z.string(),
  idNumber: z.string(),
  dateOfBirth: z.string(),
  idExpiry: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  documents: z.array(kycDocumentSchema),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

/** GET /wps/member/kyc: where the member stands and what the brand asks of them. */
export const kycStatusSchema = z.object({
  state: z.enum(KYC_STATES),
  /** Triggers that hold now (empty: nothing requires verification yet). */
  requiredBecause: z.array(z.enum(KYC_TRIGGERS)),
  /** Verification is needed before a withdrawal can be paid (required and not approved). */
  withdrawalsWait: z.boolean(),
  requiredDocuments: z.array(z.enum(KYC_DOCUMENT_KINDS)),
  /** The brand's deposit threshold (major units), for the "deposits above X" explanation. */
  depositThreshold: z.number().nullable(),
  /** Until when an approval holds (the earlier of validity and ID expiry). */
  validUntil: z.string().nullable(),
  latest: kycSubmissionSchema.nullable(),
  /** Uploaded documents not yet part of a submission, newest first. */
  drafts: z.array(kycDocumentSchema),
  history: z.array(kycEventSchema),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** POST /wps/member/kyc/submit: the details as on the ID and one uploaded document per kind. */
export const kycSubmitSchema = z.object({
  fullName: z.string().trim().min(2).max(100),
  idNumber: z
    .string()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9 -]+$/, 'idNumber.format'),
  dateOfBirth: ymd,
  idExpiry: ymd.nullable().optional(),
  documents: z
    .array(z.object({ kind: z.enum(KYC_DOCUMENT_KINDS), id: z.string().uuid() }))
    .min(1)
    .max(KYC_DOCUMENT_KINDS.length),
});
export type KycSubmitInput = z.input<typeof kycSubmitSchema>;

export const kycSettingsSchema = z.object({
  requiredDocuments: z.array(z.enum(KYC_DOCUMENT_KINDS)).min(1),
  beforeFirstWithdrawal: z.boolean(),
  /** Major units; null: off. */
  depositThreshold: z.number().nullable(),
  validityDays: z.number().int().min(1).max(3650),
});
export type KycSettings = z.infer<typeof kycSettingsSchema>;

/** A row of the review queue. */
export const kycQueueRowSchema = z.object({
  submissionId: z.string(),
  memberId: z.string(),
  username: z.string(),
  fullName: z.string(),
  state: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  createdAt: z.string(),
  ageHours: z.number(),
  decidedBy: z.string().nullable(),
  flagged: z.boolean(),
});
export type KycQueueRow = z.infer<typeof kycQueueRowSchema>;

/** Pending submissions by age: the KYC queue-age report. */
export const kycQueueAgesSchema = z.object({
  pending: z.number().int(),
  under24h: z.number().int(),
  from1to3d: z.number().int(),
  over3d: z.number().int(),
  /** Hours the oldest pending submission has waited; null: none pending. */
  oldestHours: z.number().nullable(),
});
export type KycQueueAges = z.infer<typeof kycQueueAgesSchema>;

export const kycQueueSchema = z.object({
  list: z.array(kycQueueRowSchema),
  ages: kycQueueAgesSchema,
});

/** The review view: the submission beside the member's profile and money totals. */
export const kycReviewSchema = z.object({
  submission: kycSubmissionSchema,
  member: z.object({
    id: z.string(),
    username: z.string(),
    realName: z.string().nullable(),
    mobile: z.string().nullable(),
    email: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    dateOfBirthVerifiedAt: z.string().nullable(),
    registeredAt: z.string(),
    registerIp: z.string().nullable(),
    depositsTotal: z.number(),
    withdrawalsTotal: z.number(),
    /** Age in whole years on the date of birth declared in the submission. */
    declaredAge: z.number().int(),
    minAge: z.number().int(),
  }),
  state: z.enum(KYC_STATES),
  flag: z.object({ reason: z.string(), setBy: z.string(), setAt: z.string() }).nullable(),
  history: z.array(kycEventSchema),
  /** Withdrawals held until this member is verified. */
  waitingWithdrawals: z.number().int(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

/** A member's verification as the player page shows it. */
export const kycMemberViewSchema = z.object({
  state: z.enum(KYC_STATES),
  flag: z.object({ reason: z.string(), setBy: z.string(), setAt: z.string() }).nullable(),
  submissions: z.array(kycSubmissionSchema),
  history: z.array(kycEventSchema),
});
export type KycMemberView = z.infer<typeof kycMemberViewSchema>;

export const kycDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('APPROVE') }),
  z.object({ decision: z.literal('REJECT'), reason: z.string().trim().min(3).max(300) }),
]);
export type KycDecision = z.infer<typeof kycDecisionSchema>;

export const kycFlagInputSchema = z.object({
  flagged: z.boolean(),
  reason: z.string().trim().min(3).max(300).optional(),
});
