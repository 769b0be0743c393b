import {
  CONTRACT_FLAG,
  CONTRACT_KIND_PERIODS,
  CONTRACT_LIMITS,
  contractProcessSchema,
  toMinor,
  type ConsolidatedFunds,
  type Contract,
  type ContractKind,
  type ContractPeriod,
} from '@app/contracts';
import type { AgentMenuKey, ContractFlags } from './agent-menu';

/**
 * The pure side of the contract pages (SPEC sections 2, 3, 4 and 7): which menu entry
 * shows which kind, what the consolidated flags mean for the menu, what a direct downline may be
 * offered, and the checks an offer passes before it is confirmed (the server checks them again).
 */

export type ContractMenuKey = Extract<
  AgentMenuKey,
  'dividend' | 'dailyWage' | 'hourlySalary' | 'realTimeSalary'
>;

export const ENTRY_OF_KIND: Record<ContractKind, ContractMenuKey> = {
  DIVIDEND: 'dividend',
  DAILY: 'dailyWage',
  HOURLY: 'hourlySalary',
  REALTIME: 'realTimeSalary',
};

/** The SPEC section 7 call of each kind (POST /wps/relay/<call>, one body shape). */
export const CONTRACT_CALLS: Record<ContractKind, string> = {
  DIVIDEND: 'MCS2_processDividendReq',
  DAILY: 'MCS2_processDailySalContract',
  HOURLY: 'MCS2_processContractHourSalary',
  REALTIME: 'MCSFE_processRealTimeSalaryContract',
};

/** The consolidated flag (SPEC section 3) that reports each kind. */
const FLAG_OF_KIND = {
  DIVIDEND: 'divtypereq',
  DAILY: 'dailysalreqtype',
  HOURLY: 'contracthoursalreq',
  REALTIME: 'realtimesalreqtype',
} as const satisfies Record<ContractKind, keyof ConsolidatedFunds>;

/** The agent-menu flag each kind turns on (agent-menu.ts names them after the module switches). */
const MENU_FLAG_OF_KIND = {
  DIVIDEND: 'contracts',
  DAILY: 'salary',
  HOURLY: 'hourSalary',
  REALTIME: 'realTimeSalary',
} as const satisfies Record<ContractKind, keyof ContractFlags>;

type ContractFlagValues = Pick<ConsolidatedFunds, (typeof FLAG_OF_KIND)[ContractKind]>;

const KINDS = Object.keys(FLAG_OF_KIND) as ContractKind[];

/**
 * The menu flags from the consolidated call: an entry shows when its flag is not OFF (the brand's
 * switch is on and the member is an agent type). Unknown (still loading, failed): hidden.
 */
export function contractMenuFlags(funds: ContractFlagValues | undefined): ContractFlags {
  const flags: ContractFlags = {};
  if (!funds) return flags;
  for (const kind of KINDS) flags[MENU_FLAG_OF_KIND[kind]] = funds[FLAG_OF_KIND[kind]] !== CONTRACT_FLAG.OFF;
  return flags;
}

/** The kinds whose pages are on (in the spec's menu order). */
export const enabledKinds = (funds: ContractFlagValues | undefined): ContractKind[] =>
  funds ? KINDS.filter((k) => funds[FLAG_OF_KIND[k]] !== CONTRACT_FLAG.OFF) : [];

type AwaitingRequest = 'NEW' | 'TERMINATION';

/** Per menu entry, the request awaiting the member's answer (the badge on the entry). */
export function awaitingByEntry(
  funds: ContractFlagValues | undefined,
): Partial<Record<ContractMenuKey, AwaitingRequest>> {
  const found: Partial<Record<ContractMenuKey, AwaitingRequest>> = {};
  if (!funds) return found;
  for (const kind of KINDS) {
    const v = funds[FLAG_OF_KIND[kind]];
    if (v === CONTRACT_FLAG.NEW_PENDING) found[ENTRY_OF_KIND[kind]] = 'NEW';
    else if (v === CONTRACT_FLAG.TERMINATION_PENDING) found[ENTRY_OF_KIND[kind]] = 'TERMINATION';
  }
  return found;
}

// ---- contracts as lists show them ----------------------------------------------------------------

/** Contracts still in play (awaiting an answer or in force), newest version first. */
export const liveContracts = (list: readonly Contract[]): Contract[] =>
  list
    .filter((c) => c.state === 'PENDING' || c.state === 'ACCEPTED')
    .sort((a, b) => b.version - a.version || b.createdTime.localeCompare(a.createdTime));

/** Contracts that ended (rejected or terminated), newest first. */
export const endedContracts = (list: readonly Contract[]): Contract[] =>
  list
    .filter((c) => c.state === 'REJECTED' || c.state === 'TERMINATED')
    .sort((a, b) => (b.endedTime ?? b.createdTime).localeCompare(a.endedTime ?? a.createdTime));

/**
 * What the viewing side may do with a contract: the holder answers a pending offer; whoever did
 * not ask answers a termination request; either side of an accepted contract with an upline
 * (not a platform contract) may ask to terminate it.
 */
type ContractMove = 'answerOffer' | 'answerTermination' | 'awaitOther' | 'terminate' | 'none';
export function moveOf(c: Contract, side: 'holder' | 'upline'): ContractMove {
  const me = side === 'holder' ? c.member : c.upline;
  if (c.state === 'PENDING') return side === 'holder' ? 'answerOffer' : 'awaitOther';
  if (c.state !== 'ACCEPTED') return 'none';
  if (c.pendingRequest === 'TERMINATION') return c.awaiting === me ? 'answerTermination' : 'awaitOther';
  return c.upline === null ? 'none' : 'terminate';
}

// ---- offers ------------------------------------------------------------------------------------

/** Basis points as a percentage text with 2 decimals (80 → "0.80"). */
export const bpText = (bp: number) => (bp / 100).toFixed(2);
/** A contract's percentage number as basis points (0.8 → 80). */
const percentToBp = (rate: number) => Math.round(rate * 100);

/**
 * The highest rate (basis points) the agent may offer of a kind: its own accepted contract's
 * rate; a top agent without one, the brand's ceiling; anyone else, 0 (nothing to pass on).
 */
export function offerCapBp(kind: ContractKind, held: readonly Contract[], topAgent: boolean): number {
  const own = held.find((c) => c.kind === kind && c.state === 'ACCEPTED');
  if (own) return percentToBp(own.rate);
  return topAgent ? CONTRACT_LIMITS.maxRateBp[kind] : 0;
}

/** One tier row as the editor holds it: typed text. */
export interface TierDraft {
  minAmount: string;
  minActive: string;
  rate: string;
}
export type TierField = keyof TierDraft;
export type TierProblem = 'required' | 'format' | 'range' | 'rise' | 'cap';
export type OfferProblem = 'noTiers' | 'tooMany' | 'period' | 'noCap';

export interface OfferCheck {
  rows: Partial<Record<TierField, TierProblem>>[];
  offer?: OfferProblem;
  ok: boolean;
}

export const emptyTier = (): TierDraft => ({ minAmount: '', minActive: '0', rate: '' });

const FIELDS: readonly TierField[] = ['minAmount', 'minActive', 'rate'];

/**
 * Checks an offer as the contract's zod schema (contractProcessSchema, OFFER) and the server's
 * rules do: each field present and well formed, tiers rising (a higher amount, no fewer active
 * members, no lower rate than the tier before), the period one the kind settles by, and no rate
 * above `capBp` (the agent's own).
 */
export function checkOffer(
  kind: ContractKind,
  period: ContractPeriod,
  tiers: readonly TierDraft[],
  capBp: number,
): OfferCheck {
  const rows: Partial<Record<TierField, TierProblem>>[] = tiers.map(() => ({}));
  let offer: OfferProblem | undefined;
  if (capBp <= 0) offer = 'noCap';
  else if (tiers.length === 0) offer = 'noTiers';
  else if (tiers.length > CONTRACT_LIMITS.maxTiers) offer = 'tooMany';
  else if (!CONTRACT_KIND_PERIODS[kind].includes(period)) offer = 'period';

  tiers.forEach((t, i) => {
    for (const f of FIELDS) if (t[f].trim() === '') rows[i]![f] = 'required';
  });
  const parsed = contractProcessSchema.safeParse({ action: 'OFFER', memberId: '1', period, tiers });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [root, index, field] = issue.path;
      if (root !== 'tiers' || typeof index !== 'number' || !FIELDS.includes(field as TierField)) continue;
      const row = rows[index];
      if (!row || row[field as TierField]) continue;
      const range = issue.message === 'rate.range' || issue.code === 'too_big' || issue.code === 'too_small';
      row[field as TierField] = range ? 'range' : 'format';
    }
  } else if (parsed.data.action === 'OFFER') {
    const ts = parsed.data.tiers;
    ts.forEach((t, i) => {
      const prev = ts[i - 1];
      const row = rows[i]!;
      if (prev && t.minAmount <= prev.minAmount) row.minAmount = 'rise';
      if (prev && t.minActive < prev.minActive) row.minActive = 'rise';
      if (t.rate > capBp) row.rate = 'cap';
      else if (prev && t.rate < prev.rate) row.rate = 'rise';
    });
  }
  const ok = offer === undefined && rows.every((r) => Object.keys(r).length === 0);
  return offer === undefined ? { rows, ok } : { rows, offer, ok };
}

/** The offer's highest rate as the confirmation shows it ("1.20"), or null while a rate is malformed. */
export function offerRateText(tiers: readonly TierDraft[]): string | null {
  let max = 0n;
  for (const t of tiers) {
    const bp = toMinor(t.rate);
    if (bp === null) return null;
    if (bp > max) max = bp;
  }
  return bpText(Number(max));
}
