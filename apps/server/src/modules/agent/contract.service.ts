import {
  CONTRACT_KIND_PERIODS,
  CONTRACT_KINDS,
  CONTRACT_LIMITS,
  isModuleOnTree,
  minorText,
  toMinor,
  type Contract,
  type ContractKind,
  type ContractPeriod,
  type ContractTerms,
  type MemberContracts,
  type ModuleSwitch,
  type MyContracts,
  type contractProcessSchema,
  type memberContractsQuerySchema,
  type platformContractSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import type { InboxService } from '../messages';
import type { SystemService } from '../system';
import { isAgentType } from './agent.service';
import type { ContractRepository, ContractRow } from './contract.repository';
import { bpText, bpToPercent, maxRateBp, tiersRise, type Tier } from './settlement-formula';

/** How a contract message names the platform side of a platform contract (it has no username). */
const brandSide = 'platform';

type ContractProcessInput = z.output<typeof contractProcessSchema>;
type MemberContractsQuery = z.output<typeof memberContractsQuerySchema>;
type PlatformContractInput = z.output<typeof platformContractSchema>;
export type TierInput = Extract<ContractProcessInput, { action: 'OFFER' }>['tiers'][number];

/** The module switch each kind's pages and calls follow (the consolidated flags use the same). */
const CONTRACT_MODULES: Record<ContractKind, ModuleSwitch> = {
  DIVIDEND: 'CONTRACT',
  DAILY: 'SALARY',
  HOURLY: 'HOURSALARY',
  REALTIME: 'REALTIMESALARY',
};

/** Why a contract ended (end_reason). */
const END_REASONS = {
  rejected: 'REJECTED',
  terminated: 'TERMINATED',
  /** A newer version the same two sides agreed replaced it. */
  superseded: 'SUPERSEDED',
  /** The holder's own upline contract fell below this contract's rate, or ended (SPEC section 4). */
  uplineRate: 'UPLINE_RATE',
  /** An operator moved the holder to another upline: the old upline no longer pays for its team. */
  moved: 'MOVED',
} as const;

/** Terms as stored and shown: amounts as 2-decimal text, rates as % text with 2 decimals. */
function termsOf(kind: ContractKind, period: ContractPeriod, tiers: readonly Tier[]): ContractTerms {
  return {
    kind,
    period,
    tiers: tiers.map((t) => ({
      minAmount: minorText(t.minAmount),
      minActive: t.minActive,
      rate: bpText(t.rateBp),
    })),
  };
}

const KIND_TITLE: Record<ContractKind, string> = {
  DIVIDEND: 'Dividend',
  DAILY: 'Daily wage',
  HOURLY: 'Hourly wage',
  REALTIME: 'Real-time wage',
};
const PERIOD_TEXT: Record<ContractPeriod, string> = {
  D: 'each calendar day',
  W: 'each week, Monday to Sunday',
  H: 'each hour',
  SM: 'each half month (the 1st to the 15th, the 16th to the month end)',
  M: 'each calendar month',
};

/**
 * The contract's wording, fixed with its version: what both sides read and agree to (English, the
 * language of record; the site shows the same terms translated beside it).
 */
function contractText(c: {
  kind: ContractKind;
  version: number;
  upline: string | null;
  member: string;
  currency: string;
  timeZone: string;
  terms: ContractTerms;
}): string {
  const base = c.kind === 'DIVIDEND' ? "team's net loss" : "team's valid turnover";
  const payer = c.upline ?? 'the platform';
  const when =
    c.kind === 'REALTIME'
      ? "accrued every 5 minutes within each calendar day, the day's accruals adding up to the day's figure"
      : `settled for ${PERIOD_TEXT[c.terms.period]}`;
  const lines = [
    `${KIND_TITLE[c.kind]} contract, version ${c.version}, between ${payer} (upline) and ${c.member} (agent).`,
    `${payer} pays ${c.member} a share of the ${base} under ${c.member} (every level below it), ${when}, in the ${c.timeZone} time zone.`,
    ...c.terms.tiers.map(
      (t, i) =>
        `Tier ${i + 1}: ${base} of at least ${c.currency} ${t.minAmount} with at least ${t.minActive} active member${t.minActive === 1 ? '' : 's'}: ${t.rate}%.`,
    ),
    'A period is paid at the highest tier it reaches; a period reaching no tier pays nothing.',
    "The rate never exceeds the upline's own contract of this kind; if the upline's rate falls below it, or the upline's contract ends, this contract ends.",
    'Either side may ask to end the contract; it ends when the other side agrees.',
  ];
  return lines.join('\n');
}

/**
 * A platform contract's terms (a grant, a template) checked as an agent's offer is: a period the
 * kind settles by, tiers rising, the highest rate within the brand's cap for a top agent.
 */
export function checkPlatformTerms(
  kind: ContractKind,
  period: ContractPeriod,
  input: readonly TierInput[],
): Tier[] {
  if (!CONTRACT_KIND_PERIODS[kind].includes(period)) throw new AppError('agent.contract.period.invalid');
  const tiers: Tier[] = input.map((t) => ({
    minAmount: t.minAmount,
    minActive: t.minActive,
    rateBp: t.rate,
  }));
  if (!tiersRise(tiers)) throw new AppError('agent.contract.tiers.invalid');
  const cap = CONTRACT_LIMITS.maxRateBp[kind];
  if (maxRateBp(tiers) > cap) throw new AppError('agent.contract.rate.cap', undefined, [bpText(cap)]);
  return tiers;
}

/** The tiers back from stored terms (the one representation both sides agreed to). */
export function tiersOf(terms: ContractTerms): Tier[] {
  return terms.tiers.map((t) => ({
    minAmount: toMinor(t.minAmount)!,
    minActive: t.minActive,
    rateBp: Number(toMinor(t.rate)),
  }));
}

/** A contract's stored terms (jsonb arrives parsed; text is parsed here). */
export const storedTerms = (c: { terms: unknown }): ContractTerms =>
  (typeof c.terms === 'string' ? JSON.parse(c.terms) : c.terms) as ContractTerms;

function present(c: ContractRow): Contract {
  const terms = storedTerms(c);
  const pendingRequest = c.state === 'PENDING' ? 'NEW' : c.termination_by ? 'TERMINATION' : null;
  const awaiting =
    pendingRequest === 'NEW'
      ? c.member_name
      : pendingRequest === 'TERMINATION'
        ? c.termination_by === c.member_id
          ? c.upline_name
          : c.member_name
        : null;
  return {
    id: c.id,
    kind: c.kind,
    upline: c.upline_name,
    uplineId: c.upline_id === null ? null : Number(c.upline_id),
    member: c.member_name,
    memberId: Number(c.member_id),
    version: c.version,
    state: c.state,
    pendingRequest,
    awaiting,
    terms,
    termsText: c.terms_text,
    rate: bpToPercent(c.max_rate_bp),
    endReason: c.end_reason,
    createdTime: c.created_at.toISOString(),
    acceptedTime: c.accepted_at?.toISOString() ?? null,
    endedTime: c.ended_at?.toISOString() ?? null,
  };
}

/**
 * Agent contracts (SPEC section 4): offers to a direct downline agent, the downline's
 * answer, termination requests either side may make and the other side answers, and the rules
 * that keep rates in line down the tree:
 * - a contract's rate (its highest tier's) never exceeds the offering upline's own contract of
 *   that kind, checked at the offer and again at acceptance; a top agent (no upline) is capped by
 *   CONTRACT_LIMITS.maxRateBp (or by a platform contract it holds);
 * - when a member agrees to a contract, or its contract ends, every contract it offered of that
 *   kind whose rate now exceeds its own ends too (UPLINE_RATE), and so on down the tree.
 * WARNING: every use case starts from the caller's id; a contract id or member id the caller sent
 * is only acted on when the caller is one of its two sides (else agent.contract.unknown or
 * agent.not.downline, nothing changed).
 */
export class ContractService {
  constructor(
    private readonly repo: ContractRepository,
    private readonly system: SystemService,
    /** Tells members about offers, answers and ends in their inbox, in the change's transaction. */
    private readonly inbox: Pick<InboxService, 'notify'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A contract message to one side (`to`) naming the other side (`other`), in the caller's
   * transaction so it is sent only if the change commits.
   */
  private async tell(
    trx: Db,
    c: Pick<ContractRow, 'merchant_code' | 'kind'>,
    kind: 'CONTRACT_OFFER' | 'CONTRACT_ACCEPTED' | 'CONTRACT_REJECTED' | 'CONTRACT_TERMINATED',
    to: string | null,
    other: string | null,
  ): Promise<void> {
    if (!to) return;
    const name = other ? (await this.repo.member(trx, c.merchant_code, other))?.username : undefined;
    await this.inbox.notify(trx, {
      merchant: c.merchant_code,
      memberId: to,
      kind,
      // A platform contract's other side is the operator.
      params: { contract: c.kind, member: name ?? brandSide },
    });
  }

  /** The caller must be an agent type; the routes call this before any use case. */
  assertAgent(isAgent: number): void {
    if (!isAgentType(isAgent)) throw new AppError('login.not.agent');
  }

  private async assertFeature(brand: Brand, kind: ContractKind): Promise<void> {
    const tree = await this.system.whitelabel(brand);
    if (!isModuleOnTree(tree, CONTRACT_MODULES[kind])) throw new AppError('system.feature.disabled');
  }

  /** The highest rate `memberId` may offer of this kind: its own contract's, or the brand's for a top agent. */
  private async capOf(db: Db, merchant: string, memberId: string, kind: ContractKind): Promise<number> {
    const own = await this.repo.accepted(db, memberId, kind);
    if (own) return own.max_rate_bp;
    const me = await this.repo.member(db, merchant, memberId);
    return me && me.upline_id === null ? CONTRACT_LIMITS.maxRateBp[kind] : 0;
  }

  // ---- the process calls ---------------------------------------------------------------------

  async process(
    brand: Brand,
    callerId: string,
    kind: ContractKind,
    input: ContractProcessInput,
  ): Promise<Contract> {
    await this.assertFeature(brand, kind);
    switch (input.action) {
      case 'OFFER':
        return this.offer(brand, callerId, kind, input.memberId, input.period, input.tiers);
      case 'ACCEPT':
      case 'REJECT':
        return this.answer(brand, callerId, kind, input.contractId, input.action === 'ACCEPT');
      case 'TERMINATE':
        return this.requestTermination(brand, callerId, kind, input.contractId);
    }
  }

  private async offer(
    brand: Brand,
    uplineId: string,
    kind: ContractKind,
    memberId: string,
    period: ContractPeriod,
    input: TierInput[],
  ): Promise<Contract> {
    const member = await this.repo.member(this.repo.db, brand.code, memberId);
    if (!member || member.upline_id !== uplineId) throw new AppError('agent.not.downline');
    if (!isAgentType(member.is_agent)) throw new AppError('agent.contract.not.agent');
    if (!CONTRACT_KIND_PERIODS[kind].includes(period)) throw new AppError('agent.contract.period.invalid');
    const tiers: Tier[] = input.map((t) => ({
      minAmount: t.minAmount,
      minActive: t.minActive,
      rateBp: t.rate,
    }));
    if (!tiersRise(tiers)) throw new AppError('agent.contract.tiers.invalid');
    const terms = termsOf(kind, period, tiers);
    try {
      const id = await this.repo.transaction(async (trx) => {
        const cap = await this.capOf(trx, brand.code, uplineId, kind);
        if (maxRateBp(tiers) > cap) throw new AppError('agent.contract.rate.cap', undefined, [bpText(cap)]);
        const version = await this.repo.nextVersion(trx, memberId, kind);
        const upline = await this.repo.member(trx, brand.code, uplineId);
        const inserted = await this.repo.insert(trx, {
          merchant_code: brand.code,
          kind,
          upline_id: uplineId,
          member_id: memberId,
          version,
          period,
          terms,
          terms_text: contractText({
            kind,
            version,
            upline: upline?.username ?? uplineId,
            member: member.username,
            currency: brand.currencySymbol,
            timeZone: brand.timezone,
            terms,
          }),
          max_rate_bp: maxRateBp(tiers),
        });
        await this.tell(trx, { merchant_code: brand.code, kind }, 'CONTRACT_OFFER', memberId, uplineId);
        return inserted;
      });
      return this.read(brand.code, id);
    } catch (err) {
      // One offer awaiting an answer per (member, kind); a concurrent offer loses on the index.
      if (uniqueViolation(err)) throw new AppError('agent.contract.pending');
      throw err;
    }
  }

  /** The caller's side of a contract of this kind, locked for the transaction; anything else is unknown. */
  private async ownContract(trx: Db, merchant: string, callerId: string, kind: ContractKind, id: string) {
    const c = await this.repo.contract(trx, merchant, id, true);
    if (!c || c.kind !== kind || (c.member_id !== callerId && c.upline_id !== callerId))
      throw new AppError('agent.contract.unknown');
    return c;
  }

  /** ACCEPT or REJECT the request pending on the contract: a new offer (the holder answers) or a termination (the other side). */
  private async answer(
    brand: Brand,
    callerId: string,
    kind: ContractKind,
    id: string,
    accept: boolean,
  ): Promise<Contract> {
    await this.repo.transaction(async (trx) => {
      const c = await this.ownContract(trx, brand.code, callerId, kind, id);
      const at = this.now();
      if (c.state === 'PENDING' && c.member_id === callerId) {
        if (!accept) {
          await this.repo.end(trx, c.id, 'REJECTED', END_REASONS.rejected, at);
          return this.tell(trx, c, 'CONTRACT_REJECTED', c.upline_id, c.member_id);
        }
        // The upline's own contract may have changed since the offer.
        const cap = c.upline_id ? await this.capOf(trx, brand.code, c.upline_id, kind) : c.max_rate_bp;
        if (c.max_rate_bp > cap) throw new AppError('agent.contract.rate.cap', undefined, [bpText(cap)]);
        const old = await this.repo.accepted(trx, c.member_id, kind);
        if (old) await this.repo.end(trx, old.id, 'TERMINATED', END_REASONS.superseded, at);
        await this.repo.accept(trx, c.id, at);
        await this.tell(trx, c, 'CONTRACT_ACCEPTED', c.upline_id, c.member_id);
        return this.cascade(trx, c.member_id, kind, c.max_rate_bp, at);
      }
      if (c.state === 'ACCEPTED' && c.termination_by !== null && c.termination_by !== callerId) {
        if (!accept) return this.repo.setTermination(trx, c.id, null, null);
        await this.repo.end(trx, c.id, 'TERMINATED', END_REASONS.terminated, at);
        await this.tell(trx, c, 'CONTRACT_TERMINATED', c.termination_by, callerId);
        return this.cascade(trx, c.member_id, kind, await this.capOf(trx, brand.code, c.member_id, kind), at);
      }
      throw new AppError('agent.contract.state');
    });
    return this.read(brand.code, id);
  }

  /**
   * Ends every contract of this kind `holderId` offered whose rate exceeds `capBp` (SPEC section
   * 4: a lower rate agreed upstream terminates the downline contract that exceeds it), then the
   * same below each contract ended (its holder now has no contract: its cap is 0). The rows are
   * locked in id order; the tree is at most AGENT_LIMITS.maxDepth deep.
   */
  private async cascade(
    trx: Db,
    holderId: string,
    kind: ContractKind,
    capBp: number,
    at: Date,
  ): Promise<number> {
    let ended = 0;
    for (const c of await this.repo.offeredBy(trx, holderId, kind)) {
      if (c.max_rate_bp <= capBp) continue;
      await this.repo.end(trx, c.id, 'TERMINATED', END_REASONS.uplineRate, at);
      await this.tell(trx, c, 'CONTRACT_TERMINATED', c.member_id, holderId);
      ended++;
      if (c.state === 'ACCEPTED') ended += await this.cascade(trx, c.member_id, kind, 0, at);
    }
    return ended;
  }

  /**
   * An operator moved `memberId` away from `oldUplineId` (null: it was a top agent) as of `at`:
   * the contracts it holds from that side end (an offer awaiting its answer is rejected), and,
   * as when any upline contract ends, those it offered end too, down the tree. In the caller's
   * transaction; returns the contracts ended.
   */
  async endOnMove(trx: Db, merchant: string, memberId: string, oldUplineId: string | null, at: Date) {
    let ended = 0;
    for (const kind of CONTRACT_KINDS) {
      const held = await this.repo.heldFrom(trx, merchant, memberId, oldUplineId, kind);
      for (const c of held) {
        await this.repo.end(
          trx,
          c.id,
          c.state === 'PENDING' ? 'REJECTED' : 'TERMINATED',
          END_REASONS.moved,
          at,
        );
        await this.tell(trx, { merchant_code: merchant, kind }, 'CONTRACT_TERMINATED', memberId, oldUplineId);
        ended++;
        if (c.state === 'ACCEPTED') ended += await this.cascade(trx, memberId, kind, 0, at);
      }
    }
    return ended;
  }

  /** The member's contracts, newest first (the back office's view of one agent). */
  async ofAgent(merchant: string, memberId: string): Promise<Contract[]> {
    return (await this.repo.list(merchant, memberId, 'member')).map(present);
  }

  /**
   * The operator ends a platform contract (a top agent's; an agent-to-agent contract is the two
   * sides' to end): in force until now, and the contracts it capped end with it, down the tree.
   */
  async endPlatform(brand: Brand, id: string): Promise<{ before: Contract; after: Contract }> {
    const before = await this.read(brand.code, id);
    await this.repo.transaction(async (trx) => {
      const c = await this.repo.contract(trx, brand.code, id, true);
      if (!c) throw new AppError('agent.contract.unknown');
      if (c.upline_id !== null || c.state !== 'ACCEPTED') throw new AppError('agent.contract.state');
      const at = this.now();
      await this.repo.end(trx, c.id, 'TERMINATED', END_REASONS.terminated, at);
      await this.tell(trx, c, 'CONTRACT_TERMINATED', c.member_id, null);
      await this.cascade(trx, c.member_id, c.kind, 0, at);
    });
    return { before, after: await this.read(brand.code, id) };
  }

  private async requestTermination(brand: Brand, callerId: string, kind: ContractKind, id: string) {
    await this.repo.transaction(async (trx) => {
      const c = await this.ownContract(trx, brand.code, callerId, kind, id);
      // A platform contract has no other side to answer here; the operator ends it.
      if (c.state !== 'ACCEPTED' || c.termination_by !== null || c.upline_id === null)
        throw new AppError('agent.contract.state');
      await this.repo.setTermination(trx, c.id, callerId, this.now());
    });
    return this.read(brand.code, id);
  }

  /** The operator's grant (POST /wps/admin/agent/contracts): validated like an offer. */
  async grant(brand: Brand, input: PlatformContractInput): Promise<Contract> {
    const member = await this.repo.memberByUsername(brand.code, input.username);
    if (!member) throw new AppError('agent.not.downline');
    const tiers = checkPlatformTerms(input.kind, input.period, input.tiers);
    const id = await this.grantFromPlatform(brand, member.id, input.kind, input.period, tiers);
    return this.read(brand.code, id);
  }

  /**
   * A contract from the platform to a top agent (no upline), in force at once: what the operator
   * grants (back office, seed). Its rate is capped by the brand maximum.
   */
  async grantFromPlatform(
    brand: Brand,
    memberId: string,
    kind: ContractKind,
    period: ContractPeriod,
    tiers: Tier[],
  ): Promise<string> {
    if (!tiersRise(tiers) || maxRateBp(tiers) > CONTRACT_LIMITS.maxRateBp[kind])
      throw new AppError('agent.contract.tiers.invalid');
    const terms = termsOf(kind, period, tiers);
    const merchant = brand.code;
    return this.repo.transaction(async (trx) => {
      const member = await this.repo.member(trx, merchant, memberId);
      if (!member || member.upline_id !== null) throw new AppError('agent.not.downline');
      if (!isAgentType(member.is_agent)) throw new AppError('agent.contract.not.agent');
      const at = this.now();
      const old = await this.repo.accepted(trx, memberId, kind);
      if (old) await this.repo.end(trx, old.id, 'TERMINATED', END_REASONS.superseded, at);
      const version = await this.repo.nextVersion(trx, memberId, kind);
      const id = await this.repo.insert(trx, {
        merchant_code: merchant,
        kind,
        upline_id: null,
        member_id: memberId,
        version,
        period,
        terms,
        terms_text: contractText({
          kind,
          version,
          upline: null,
          member: member.username,
          currency: brand.currencySymbol,
          timeZone: brand.timezone,
          terms,
        }),
        max_rate_bp: maxRateBp(tiers),
        state: 'ACCEPTED',
        accepted_at: at,
      });
      await this.cascade(trx, memberId, kind, maxRateBp(tiers), at);
      return id;
    });
  }

  private async read(merchant: string, id: string): Promise<Contract> {
    const c = await this.repo.contract(this.repo.db, merchant, id);
    if (!c) throw new AppError('agent.contract.unknown');
    return present(c);
  }

  // ---- reads -------------------------------------------------------------------------------------

  async mine(brand: Brand, memberId: string, kind?: ContractKind): Promise<MyContracts> {
    const [asUpline, asDownline] = await Promise.all([
      this.repo.list(brand.code, memberId, 'upline', kind),
      this.repo.list(brand.code, memberId, 'member', kind),
    ]);
    return { asUpline: asUpline.map(present), asDownline: asDownline.map(present) };
  }

  /** The contracts between the caller and one of its direct downlines. */
  async ofMember(brand: Brand, agentId: string, q: MemberContractsQuery): Promise<MemberContracts> {
    const member = await this.repo.member(this.repo.db, brand.code, q.memberId);
    if (!member || member.upline_id !== agentId) throw new AppError('agent.not.downline');
    const rows = await this.repo.list(brand.code, agentId, 'upline', q.kind, q.memberId);
    return { list: rows.map(present) };
  }

  /** Requests awaiting the member's answer, per kind (for the consolidated flags). */
  async awaiting(merchant: string, memberId: string) {
    return this.repo.awaiting(merchant, memberId);
  }
}
