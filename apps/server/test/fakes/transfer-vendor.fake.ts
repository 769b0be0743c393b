import type {
  TransferOutcome,
  TransferWalletOps,
  VendorAdapter,
  VendorPlayer,
  VendorRound,
} from '../../src/modules/providers';

/**
 * How the fake answers its next call of an operation:
 * - OK: applies the move (a withdrawal the balance cannot cover is FAILED, as a vendor answers);
 * - FAIL: refuses it (FAILED), nothing applied;
 * - TIMEOUT: no answer and nothing applied (the request never reached the vendor);
 * - HTTP_5XX: the vendor answers 503, nothing applied;
 * - APPLY_TIMEOUT: applies the move, then the answer is lost on the way back.
 */
export type FakeBehaviour = 'OK' | 'FAIL' | 'TIMEOUT' | 'HTTP_5XX' | 'APPLY_TIMEOUT';

interface Move {
  memberId: string;
  direction: 'DEPOSIT' | 'WITHDRAW';
  amount: bigint;
  outcome: TransferOutcome;
}

/** A transport error as an HTTP client raises it (the adapter's own timeout, or a 5xx). */
export class FakeTransportError extends Error {}

/**
 * A transfer-wallet vendor with its own balance store, in-process: what the vendor transfer and
 * round sync framework is tested against. It keeps each member's balance and every move by our
 * reference (a reference it already applied is never applied twice: answered as first), answers
 * `status` from that store (a reference it never saw is FAILED, as vendors answer "not found"
 * once the move is old enough, unless told to answer UNKNOWN), and can be told to misbehave per
 * call. `rounds` serves the settled rounds the test puts in.
 */
export class FakeTransferVendor implements VendorAdapter {
  readonly balances = new Map<string, bigint>();
  readonly moves = new Map<string, Move>();
  readonly settled: VendorRound[] = [];
  /** Calls the vendor received, by operation (what a test checks was or was not asked). */
  readonly calls: { op: string; reference?: string }[] = [];
  private readonly next: Record<'deposit' | 'withdraw' | 'balance' | 'status', FakeBehaviour[]> = {
    deposit: [],
    withdraw: [],
    balance: [],
    status: [],
  };
  /** What status answers for a reference it never saw. */
  unseen: 'FAILED' | 'UNKNOWN' = 'FAILED';
  /** Rounds calls fail while set (a vendor outage). */
  roundsDown = false;

  constructor(readonly code: string) {}

  /** The next calls of `op` behave like this, in order; then OK again. */
  queue(op: keyof FakeTransferVendor['next'], ...behaviours: FakeBehaviour[]): void {
    this.next[op].push(...behaviours);
  }

  balanceOf(memberId: string): bigint {
    return this.balances.get(memberId) ?? 0n;
  }

  playable(): boolean {
    return true;
  }

  async launch(): Promise<{ url: string; mode: 'FRAME' }> {
    return { url: `https://fake-vendor.invalid/${this.code}/play`, mode: 'FRAME' };
  }

  readonly transfer: TransferWalletOps = {
    deposit: (p, reference, amount) => this.move('deposit', p, reference, amount),
    withdraw: (p, reference, amount) => this.move('withdraw', p, reference, amount),
    balance: async (p: VendorPlayer) => {
      this.calls.push({ op: 'balance' });
      this.misbehave(this.next.balance.shift() ?? 'OK');
      return this.balanceOf(p.memberId);
    },
    status: async (_p, reference) => {
      this.calls.push({ op: 'status', reference });
      this.misbehave(this.next.status.shift() ?? 'OK');
      return this.moves.get(reference)?.outcome ?? this.unseen;
    },
  };

  async rounds(_merchant: string, from: Date, to: Date): Promise<VendorRound[]> {
    this.calls.push({ op: 'rounds' });
    if (this.roundsDown) throw new FakeTransportError('rounds: HTTP 503');
    return this.settled.filter((r) => r.settledAt >= from && r.settledAt < to);
  }

  private misbehave(b: FakeBehaviour): void {
    if (b === 'TIMEOUT') throw new FakeTransportError('timeout: no answer');
    if (b === 'HTTP_5XX') throw new FakeTransportError('HTTP 503 Service Unavailable');
  }

  private async move(
    op: 'deposit' | 'withdraw',
    p: VendorPlayer,
    reference: string,
    amount: bigint,
  ): Promise<TransferOutcome> {
    this.calls.push({ op, reference });
    const behaviour = this.next[op].shift() ?? 'OK';
    const known = this.moves.get(reference);
    if (known) return known.outcome;
    this.misbehave(behaviour);
    let outcome: TransferOutcome = behaviour === 'FAIL' ? 'FAILED' : 'DONE';
    const held = this.balanceOf(p.memberId);
    if (outcome === 'DONE' && op === 'withdraw' && held < amount) outcome = 'FAILED';
    if (outcome === 'DONE') this.balances.set(p.memberId, op === 'deposit' ? held + amount : held - amount);
    this.moves.set(reference, {
      memberId: p.memberId,
      direction: op === 'deposit' ? 'DEPOSIT' : 'WITHDRAW',
      amount,
      outcome,
    });
    if (behaviour === 'APPLY_TIMEOUT') throw new FakeTransportError('timeout after the move was applied');
    return outcome;
  }
}
