import type { KycState, KycTrigger } from '@app/contracts';

const DAY_MS = 86_400_000;

/** The calendar date (yyyy-mm-dd) of an instant in a time zone. */
export function dateIn(instant: Date, timezone: string): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Whether yyyy-mm-dd names a real calendar date (2001-02-30 does not). */
export function isRealDate(ymd: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === ymd;
}

/**
 * Until when an approval holds: validityDays after it was given, or the day before the ID's own
 * expiry if that comes first (an ID expiring on a date is not valid on it).
 */
export function approvalValidUntil(decidedAt: Date, validityDays: number, idExpiry: string | null): Date {
  const byValidity = new Date(decidedAt.getTime() + validityDays * DAY_MS);
  if (!idExpiry || !isRealDate(idExpiry)) return byValidity;
  const byId = new Date(`${idExpiry}T00:00:00Z`);
  return byId < byValidity ? byId : byValidity;
}

/** A member's verification state from their latest submission and last approval. */
export function kycState(
  latest: { state: 'PENDING' | 'APPROVED' | 'REJECTED' } | undefined,
  approvedUntil: Date | null,
  now: Date,
): KycState {
  if (!latest) return 'NOT_SUBMITTED';
  if (latest.state === 'PENDING') return 'PENDING';
  if (latest.state === 'REJECTED') return 'REJECTED';
  return approvedUntil && now < approvedUntil ? 'APPROVED' : 'EXPIRED';
}

/**
 * The brand's triggers that hold for a member, most specific first. A flag set after the last
 * approval asks for a new one; deposits count once their credited total reaches the threshold;
 * "before the first withdrawal" means no withdrawal is paid to an unverified member.
 */
export function triggers(rule: {
  beforeFirstWithdrawal: boolean;
  depositThreshold: bigint | null;
  deposited: bigint;
  flagged: boolean;
}): KycTrigger[] {
  const out: KycTrigger[] = [];
  if (rule.flagged) out.push('FLAGGED');
  if (rule.depositThreshold !== null && rule.deposited >= rule.depositThreshold) out.push('DEPOSITS');
  if (rule.beforeFirstWithdrawal) out.push('FIRST_WITHDRAWAL');
  return out;
}
