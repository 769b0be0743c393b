import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { LedgerService } from '../src/modules/wallet/ledger.service';

/**
 * A test tree of members for the agent tests (agent centre and contracts): members inserted
 * straight into a brand with their upline and agent type, ids kept by name, main wallets funded
 * through the ledger as operator adjustments.
 */
export class AgentTeam {
  private readonly ledger: LedgerService;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly merchant: string,
    private readonly hashes: { password: string; payment?: string },
    /** Member ids by name (the test's own map, filled in by add). */
    readonly ids: Record<string, string> = {},
  ) {
    this.ledger = new LedgerService(db);
  }

  /** Inserts `name` under `upline` (null: a top member); agents get an affiliate code. */
  async add(name: string, isAgent: number, upline: string | null, merchant = this.merchant): Promise<string> {
    const row = await this.db
      .insertInto('member')
      .values({
        merchant_code: merchant,
        username: name,
        password_hash: this.hashes.password,
        ...(this.hashes.payment ? { payment_password_hash: this.hashes.payment } : {}),
        is_agent: isAgent,
        upline_id: upline ? this.ids[upline]! : null,
        affiliate_code: isAgent ? `AFF${name.toUpperCase()}` : null,
        referral_code: `REF${name.toUpperCase()}`,
        register_method: 'SEED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.ids[name] = row.id;
    return row.id;
  }

  /** Credits a member's main wallet through the ledger (as an operator adjustment). */
  async fund(name: string, minor: bigint, merchant = this.merchant): Promise<void> {
    const adjustment = await this.ledger.account(merchant, 'ADJUSTMENT');
    const main = await this.ledger.account(merchant, 'MAIN', this.ids[name]!);
    await this.ledger.post(this.db, {
      merchant,
      reference: `test-fund:${randomUUID()}`,
      kind: 'ADJUSTMENT',
      memberId: this.ids[name]!,
      postings: [
        { accountId: adjustment, amount: -minor },
        { accountId: main, amount: minor },
      ],
    });
  }

  /** A member's main balance, minor units (0 before its first movement). */
  async mainBalance(name: string): Promise<bigint> {
    const row = await this.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', this.ids[name]!)
      .where('kind', '=', 'MAIN')
      .executeTakeFirst();
    return BigInt(row?.balance ?? 0);
  }

  /**
   * A settled house-slot bet of `name` at `settledAt` with `validBet` minor units of valid turnover,
   * booked against an existing stake entry (the settlement reads bet records, not their money).
   */
  async settledBet(name: string, settledAt: Date, validBet: bigint, stakeEntryId: string): Promise<void> {
    await this.db
      .insertInto('bet_record')
      .values({
        merchant_code: this.merchant,
        member_id: this.ids[name]!,
        vendor_code: 'HOUSE',
        game_type: 'RNG',
        game_code: 'slot',
        game_name: 'Slot',
        round_id: `team-${randomUUID()}`,
        stake: validBet.toString(),
        valid_bet: validBet.toString(),
        payout: '0',
        status: 'SETTLED',
        stake_entry_id: stakeEntryId,
        settled_at: settledAt,
      })
      .execute();
  }
}
