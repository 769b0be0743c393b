import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ReferralRuleTable } from '../../db/schema';

type Db = Kysely<Database>;
export type ReferralRuleRow = Selectable<ReferralRuleTable>;

/** An invited friend with its first credited deposit and its reward, if paid. */
export interface FriendRow {
  id: string;
  username: string;
  created_at: Date;
  first_deposit: string | null;
  first_deposit_at: Date | null;
  reward: string | null;
}

/** SQL of the referral programme: rules, invited friends, rewards. */
export class ReferralRepository {
  constructor(private readonly db: Db) {}

  get root(): Db {
    return this.db;
  }

  transaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  rule(merchant: string, db: Db = this.db): Promise<ReferralRuleRow | undefined> {
    return db
      .selectFrom('referral_rule')
      .selectAll()
      .where('merchant_code', '=', merchant)
      .executeTakeFirst();
  }

  /**
   * Friends who registered with this member's code, newest first, each with its first credited
   * deposit (the one that decides whether it qualifies) and the reward paid for it.
   */
  friends(referrerId: string, offset: number, limit: number, db: Db = this.db): Promise<FriendRow[]> {
    return this.friendsQuery(db, referrerId).orderBy('m.id', 'desc').offset(offset).limit(limit).execute();
  }

  /** One friend of this member (null when the id is not a friend of this member). */
  friend(db: Db, referrerId: string, friendId: string): Promise<FriendRow | undefined> {
    return this.friendsQuery(db, referrerId).where('m.id', '=', friendId).executeTakeFirst();
  }

  private friendsQuery(db: Db, referrerId: string) {
    return db
      .selectFrom('member as m')
      .leftJoin('referral_reward as r', 'r.friend_id', 'm.id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('deposit as d')
            .select(['d.amount', 'd.updated_at'])
            .whereRef('d.member_id', '=', 'm.id')
            .where('d.status', 'in', ['APPROVED', 'ARRIVED'])
            .orderBy('d.updated_at')
            .orderBy('d.id')
            .limit(1)
            .as('d'),
        (join) => join.onTrue(),
      )
      .select([
        'm.id',
        'm.username',
        'm.created_at',
        sql<string | null>`d.amount::text`.as('first_deposit'),
        sql<Date | null>`d.updated_at`.as('first_deposit_at'),
        sql<string | null>`r.amount::text`.as('reward'),
      ])
      .where('m.referrer_id', '=', referrerId);
  }

  /** Invited friends and rewards paid, for the summary. */
  async counts(referrerId: string): Promise<{ invited: number; rewarded: number; earned: bigint }> {
    const [invited, rewards] = await Promise.all([
      this.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('referrer_id', '=', referrerId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('referral_reward')
        .select([
          (eb) => eb.fn.countAll<string>().as('n'),
          sql<string>`coalesce(sum(amount), 0)::text`.as('total'),
        ])
        .where('referrer_id', '=', referrerId)
        .executeTakeFirstOrThrow(),
    ]);
    return { invited: Number(invited.n), rewarded: Number(rewards.n), earned: BigInt(rewards.total) };
  }

  /** Rewards this member was paid since `since` (the monthly limit). */
  async rewardsSince(db: Db, referrerId: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('referral_reward')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('referrer_id', '=', referrerId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Serialises this member's claims for the rest of the transaction (the monthly limit is a count). */
  async lockReferrer(db: Db, referrerId: string): Promise<void> {
    await db.selectFrom('member').select('id').where('id', '=', referrerId).forUpdate().executeTakeFirst();
  }

  async insertReward(
    db: Db,
    r: { merchant: string; referrerId: string; friendId: string; amount: bigint; entryId: string },
  ): Promise<void> {
    await db
      .insertInto('referral_reward')
      .values({
        merchant_code: r.merchant,
        referrer_id: r.referrerId,
        friend_id: r.friendId,
        amount: r.amount,
        entry_id: r.entryId,
      })
      .execute();
  }

  async referralCode(memberId: string): Promise<string> {
    const row = await this.db
      .selectFrom('member')
      .select('referral_code')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return row.referral_code;
  }
}
