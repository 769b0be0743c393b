import type { AmlRuleKind } from '@app/contracts';
import type { PushNotices } from '../../platform/push-topics';
import { AML_RULE_KINDS, fromMinor } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { isLittlePlay, structuringFloor, withDefaults, type RuleConfig } from './aml-rules';
import type { AmlRepository, CaseHit, Movement } from './aml.repository';
import { BLOCKING_LISTS, type ScreeningProvider } from './screening';

const SYSTEM = 'SYSTEM';

const txOf = (m: Movement) => ({
  kind: m.kind,
  orderNo: m.orderNo,
  amount: m.amount.toString(),
  at: m.at.toISOString(),
});

/**
 * Transaction monitoring: evaluates each credited deposit and each requested withdrawal once,
 * after its money transaction has committed, and opens a case for every rule it hits.
 * WARNING: nothing here runs inside a money transaction. The cashier calls in after commit; a
 * process that dies before that leaves the movement unclaimed in aml_evaluation, and the sweep
 * (a job) evaluates it. The claim row commits with the cases, so an evaluation runs once.
 */
export class AmlMonitorService {
  constructor(
    private readonly repo: AmlRepository,
    private readonly screening: ScreeningProvider,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
    /** The operators' case queue hears of each case opened or triggered. */
    private readonly notices?: PushNotices,
  ) {}

  async rules(merchant: string): Promise<Record<AmlRuleKind, RuleConfig>> {
    const rows = await this.repo.rules(merchant);
    const byKind = new Map(rows.map((r) => [r.kind, r]));
    return Object.fromEntries(
      AML_RULE_KINDS.map((k) => {
        const r = byKind.get(k);
        return [
          k,
          withDefaults(
            k,
            r && {
              enabled: r.enabled,
              amount: r.amount === null ? null : BigInt(r.amount),
              windowHours: r.window_hours,
              percent: r.percent,
              count: r.count,
            },
          ),
        ];
      }),
    ) as Record<AmlRuleKind, RuleConfig>;
  }

  /** Evaluates a credited deposit (by id); a second call, or one for an uncredited order, does nothing. */
  async evaluateDeposit(depositId: string): Promise<number> {
    const subject = `D:${depositId}`;
    if (await this.repo.evaluated(subject)) return 0;
    const d = await this.repo.creditedDeposit(depositId);
    if (!d) return 0;
    const rules = await this.rules(d.merchant);
    const hits: CaseHit[] = [];
    const base = { merchant: d.merchant, memberId: d.memberId };

    const large = rules.LARGE_TRANSACTION;
    if (large.enabled && large.amount !== null && d.amount >= large.amount)
      hits.push({
        ...base,
        rule: 'LARGE_TRANSACTION',
        subject: `DEPOSIT:${d.orderNo}`,
        detail: { threshold: fromMinor(large.amount), amount: fromMinor(d.amount) },
        transactions: [txOf(d)],
      });

    const cum = rules.CUMULATIVE_DEPOSITS;
    if (cum.enabled && cum.amount !== null && cum.windowHours !== null) {
      const inWindow = await this.repo.depositsBetween(d.memberId, hoursBefore(d.at, cum.windowHours), d.at);
      const sum = inWindow.reduce((s, x) => s + x.amount, 0n);
      if (sum >= cum.amount)
        hits.push({
          ...base,
          rule: 'CUMULATIVE_DEPOSITS',
          subject: 'WINDOW',
          detail: {
            threshold: fromMinor(cum.amount),
            windowHours: cum.windowHours,
            total: fromMinor(sum),
            deposits: inWindow.length,
          },
          transactions: [txOf(d)],
        });
    }

    const st = rules.STRUCTURING;
    if (
      st.enabled &&
      large.amount !== null &&
      st.windowHours !== null &&
      st.percent !== null &&
      st.count !== null
    ) {
      const floor = structuringFloor(large.amount, st.percent);
      const near = (x: Movement) => x.amount >= floor && x.amount < large.amount!;
      if (near(d)) {
        const inBand = (
          await this.repo.depositsBetween(d.memberId, hoursBefore(d.at, st.windowHours), d.at)
        ).filter(near);
        if (inBand.length >= st.count)
          hits.push({
            ...base,
            rule: 'STRUCTURING',
            subject: 'WINDOW',
            detail: {
              threshold: fromMinor(large.amount),
              bandFrom: fromMinor(floor),
              windowHours: st.windowHours,
              deposits: inBand.length,
              required: st.count,
            },
            transactions: inBand.map(txOf),
          });
      }
    }

    hits.push(...(await this.deviceHits(d, rules.SHARED_DEVICE)));
    return this.record(d.merchant, subject, hits);
  }

  /** Evaluates a requested withdrawal (by id), once. */
  async evaluateWithdrawal(withdrawalId: string): Promise<number> {
    const subject = `W:${withdrawalId}`;
    if (await this.repo.evaluated(subject)) return 0;
    const w = await this.repo.withdrawal(withdrawalId);
    if (!w) return 0;
    const rules = await this.rules(w.merchant);
    const hits: CaseHit[] = [];
    const base = { merchant: w.merchant, memberId: w.memberId };

    const large = rules.LARGE_TRANSACTION;
    if (large.enabled && large.amount !== null && w.amount >= large.amount)
      hits.push({
        ...base,
        rule: 'LARGE_TRANSACTION',
        subject: `WITHDRAWAL:${w.orderNo}`,
        detail: { threshold: fromMinor(large.amount), amount: fromMinor(w.amount) },
        transactions: [txOf(w)],
      });

    const lp = rules.LITTLE_PLAY;
    if (lp.enabled && lp.windowHours !== null && lp.percent !== null) {
      const deposits = await this.repo.depositsBetween(w.memberId, hoursBefore(w.at, lp.windowHours), w.at);
      const first = deposits[0];
      if (first) {
        const total = deposits.reduce((s, x) => s + x.amount, 0n);
        const stakes = await this.repo.stakesBetween(w.memberId, first.at, w.at);
        if (isLittlePlay(total, stakes, lp.percent))
          hits.push({
            ...base,
            rule: 'LITTLE_PLAY',
            subject: `WITHDRAWAL:${w.orderNo}`,
            detail: {
              deposits: fromMinor(total),
              stakes: fromMinor(stakes),
              percent: lp.percent,
              windowHours: lp.windowHours,
            },
            transactions: [...deposits.map(txOf), txOf(w)],
          });
      }
    }

    const sp = rules.SHARED_PAYOUT_ACCOUNT;
    if (sp.enabled && sp.count !== null) {
      const members = await this.repo.membersOnPayoutAccount(w.merchant, w.accountNo);
      if (members.length > sp.count)
        hits.push({
          ...base,
          rule: 'SHARED_PAYOUT_ACCOUNT',
          subject: `PAYOUT:${w.accountNo}`,
          detail: { accountNo: w.accountNo, members: members.length, allowed: sp.count, memberIds: members },
          transactions: [txOf(w)],
        });
    }

    hits.push(...(await this.deviceHits(w, rules.SHARED_DEVICE)));
    return this.record(w.merchant, subject, hits);
  }

  private async deviceHits(m: Movement, rule: RuleConfig): Promise<CaseHit[]> {
    if (!rule.enabled || rule.count === null) return [];
    const hits: CaseHit[] = [];
    for (const device of await this.repo.devicesOf(m.memberId)) {
      const members = await this.repo.membersOnDevice(m.merchant, device);
      if (members.length > rule.count)
        hits.push({
          merchant: m.merchant,
          memberId: m.memberId,
          rule: 'SHARED_DEVICE',
          subject: `DEVICE:${device}`,
          detail: { device, members: members.length, allowed: rule.count, memberIds: members },
          transactions: [txOf(m)],
        });
    }
    return hits;
  }

  /**
   * Screens a member against the brand's lists (the member's real name and date of birth). A
   * match opens a SCREENING case; a SANCTIONS or RESTRICTED match also blocks deposits and betting
   * until the case is decided. `claimAs` makes it once-only (registration: R:<member id>).
   */
  async screenMember(memberId: string, claimAs: string | null, verifiedName?: string): Promise<number> {
    if (claimAs && (await this.repo.evaluated(claimAs))) return 0;
    const m = await this.repo.memberForScreening(memberId);
    if (!m) return 0;
    // The name as on the identity document, once staff verified it; the registered name before.
    const name = verifiedName ?? m.payee_name;
    const matches = name
      ? await this.screening.check({
          merchant: m.merchant_code,
          name,
          dateOfBirth: m.date_of_birth,
        })
      : [];
    const blocked = matches.some((h) => BLOCKING_LISTS.includes(h.listKind));
    const hits: CaseHit[] = matches.length
      ? [
          {
            merchant: m.merchant_code,
            memberId,
            rule: 'SCREENING',
            subject: 'LIST',
            detail: { name, dateOfBirth: m.date_of_birth, matches },
            transactions: [],
            blocked,
          },
        ]
      : [];
    return this.record(m.merchant_code, claimAs, hits, blocked ? memberId : null);
  }

  /** Claims the evaluation and records its hits, in one transaction. */
  private async record(
    merchant: string,
    subject: string | null,
    hits: CaseHit[],
    block: string | null = null,
  ) {
    return this.repo.transaction(async (trx) => {
      if (subject && !(await this.repo.claim(trx, merchant, subject, hits.length))) return 0;
      for (const h of hits) {
        const c = await this.repo.openOrTrigger(trx, h);
        await this.repo.addNote(trx, c.id, c.created ? 'OPENED' : 'TRIGGERED', SYSTEM, '', {
          rule: h.rule,
          ...h.detail,
          orders: h.transactions.map((t) => t.orderNo),
        });
      }
      if (block) await this.repo.setMoneyBlocks(trx, block, true);
      if (hits.length > 0) this.notices?.queue(merchant, 'aml');
      return hits.length;
    });
  }

  /**
   * Evaluates what the after-commit calls missed (a crash, a failed call): movements and
   * registrations of the last days with no claim. Safe to run on several instances at once.
   */
  async sweep(limit = 200): Promise<number> {
    let n = 0;
    for (const item of await this.repo.unevaluated(limit)) {
      try {
        if (item.kind === 'D') await this.evaluateDeposit(item.id);
        else if (item.kind === 'W') await this.evaluateWithdrawal(item.id);
        else await this.screenMember(item.id, `R:${item.id}`);
        n++;
      } catch (err) {
        this.log?.warn({ err, item }, 'AML evaluation failed; the next sweep retries it');
      }
    }
    return n;
  }

  /** After-commit entry points: never throw into the money path that called them. */
  afterDeposit(orderNo: string): Promise<void> {
    return this.safely(async () => {
      const d = await this.repo.depositByOrder(orderNo);
      if (d) await this.evaluateDeposit(String(d.id));
    });
  }

  afterWithdrawal(withdrawalId: string): Promise<void> {
    return this.safely(() => this.evaluateWithdrawal(withdrawalId));
  }

  afterRegistration(memberId: string): Promise<void> {
    return this.safely(() => this.screenMember(memberId, `R:${memberId}`));
  }

  /** After staff verified a member's identity: the verified name and date of birth screened once. */
  afterVerification(memberId: string, submissionId: string, fullName: string): Promise<void> {
    return this.safely(() => this.screenMember(memberId, `V:${submissionId}`, fullName));
  }

  private async safely(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.log?.warn({ err }, 'AML evaluation failed after commit; the sweep will retry it');
    }
  }
}

function hoursBefore(at: Date, hours: number): Date {
  return new Date(at.getTime() - hours * 3_600_000);
}
