import { sql, type Selectable } from 'kysely';
import { Repository, type Db } from '../../db/repository';
import type { ReferralRuleTable } from '../../db/schema';

export type ReferralRuleRow = Selectable<ReferralRuleTable>;

/** An invited friend with its first credited deposit and its reward, if claimed. */
export interface FriendRow {
  id: string;
  username: string;
  created_at: Date;
  first_deposit: string | null;
  first_deposit_at: Date | null;
  reward: string | null;
  reward_status: 'PAID' | 'HELD' | 'REJECTED' | null;
}

/** What tied a friend to the inviting member (REFERRAL_HOLD_REASONS). */
export type HoldReason = 'IP' | 'DEVICE' | 'PAYOUT_ACCOUNT';

/** A reward row with both members' names, for operators. */
export interface RewardRow {
  id: string;
  merchant_code: string;
  referrer_id: string;
  referrer: string;
  friend_id: string;
  friend: string;
  amount: string;
  turnover_required: string;
  status: 'PAID' | 'HELD' | 'REJECTED';
  hold_reasons: string[];
  reviewed_by: string | null;
  reviewed_at: Date | null;
  reject_reason: string | null;
  created_at: Date;
}

/** SQL of the referral programme: rules, invited friends, rewards. */
export class ReferralRepository extends Repository {
  /** The brand's programme as members meet it: not enabled while the operator has it paused. */
  rule(merchant: string, db: Db = this.db): Promise<ReferralRuleRow | undefined> {
    return db
      .selectFrom('referral_rule as r')
      .select([
        'r.merchant_code',
        'r.min_first_deposit',
        'r.reward',
        'r.turnover_multiple',
        'r.qualify_days',
        'r.monthly_limit',
        'r.review_all',
      ])
      .select(
        sql<boolean>`r.enabled AND NOT EXISTS (
          SELECT 1 FROM reward_pause p WHERE p.merchant_code = r.merchant_code AND p.kind = 'REFERRAL')`.as(
          'enabled',
        ),
      )
      .where('r.merchant_code', '=', merchant)
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
        sql<FriendRow['reward_status']>`r.status`.as('reward_status'),
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
        .where('status', '=', 'PAID')
        .executeTakeFirstOrThrow(),
    ]);
    return { invited: Number(invited.n), rewarded: Number(rewards.n), earned: BigInt(rewards.total) };
  }

  /** Rewards this member claimed since `since`, paid or held (the monthly limit). */
  async rewardsSince(db: Db, referrerId: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('referral_reward')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('referrer_id', '=', referrerId)
      .where('created_at', '>=', since)
      .where('status', '<>', 'REJECTED')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Serialises this member's claims for the rest of the transaction (the monthly limit is a count). */
  async lockReferrer(db: Db, referrerId: string): Promise<void> {
    await db.selectFrom('member').select('id').where('id', '=', referrerId).forUpdate().executeTakeFirst();
  }

  async insertReward(
    db: Db,
    r: {
      merchant: string;
      referrerId: string;
      friendId: string;
      amount: bigint;
      turnoverRequired: bigint;
      entryId: string | null;
      holdReasons: HoldReason[];
    },
  ): Promise<void> {
    await db
      .insertInto('referral_reward')
      .values({
        merchant_code: r.merchant,
        referrer_id: r.referrerId,
        friend_id: r.friendId,
        amount: r.amount,
        turnover_required: r.turnoverRequired,
        entry_id: r.entryId,
        status: r.entryId === null ? 'HELD' : 'PAID',
        hold_reasons: r.holdReasons,
      })
      .execute();
  }

  /**
   * What ties the friend to the inviting member: an IP address either registered or signed in
   * from (IP), the device id either registered on (DEVICE), a payout account with the same bank
   * and number (PAYOUT_ACCOUNT). Empty: nothing known ties them.
   */
  async ties(db: Db, referrerId: string, friendId: string): Promise<HoldReason[]> {
    const { rows } = await sql<{ ip: boolean; device: boolean; payout: boolean }>`
      WITH ips AS (
        SELECT m.id AS member_id, m.register_ip AS ip FROM member m WHERE m.id IN (${referrerId}, ${friendId})
        UNION
        SELECT m.id, m.last_login_ip FROM member m WHERE m.id IN (${referrerId}, ${friendId})
        UNION
        SELECT k.member_id, k.ip FROM member_known_ip k WHERE k.member_id IN (${referrerId}, ${friendId})
      )
      SELECT
        EXISTS (SELECT 1 FROM ips a JOIN ips b ON b.ip = a.ip
                 WHERE a.member_id = ${referrerId} AND b.member_id = ${friendId} AND a.ip IS NOT NULL) AS ip,
        EXISTS (SELECT 1 FROM member a JOIN member b ON b.register_device = a.register_device
                 WHERE a.id = ${referrerId} AND b.id = ${friendId}) AS device,
        EXISTS (SELECT 1 FROM payout_account a
                  JOIN payout_account b ON b.bank_code = a.bank_code AND b.account_no = a.account_no
                 WHERE a.member_id = ${referrerId} AND b.member_id = ${friendId}) AS payout`.execute(db);
    const row = rows[0]!;
    const reasons: HoldReason[] = [];
    if (row.ip) reasons.push('IP');
    if (row.device) reasons.push('DEVICE');
    if (row.payout) reasons.push('PAYOUT_ACCOUNT');
    return reasons;
  }

  /** Rewards of a brand for operators, newest first, optionally of one status. */
  async rewards(
    merchant: string,
    status: RewardRow['status'] | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: RewardRow[]; total: number }> {
    let q = this.rewardQuery(this.db).where('r.merchant_code', '=', merchant);
    if (status) q = q.where('r.status', '=', status);
    const [rows, total] = await Promise.all([
      q.orderBy('r.id', 'desc').offset(offset).limit(limit).execute(),
      this.db
        .selectFrom('referral_reward')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_code', '=', merchant)
        .$if(status !== undefined, (qb) => qb.where('status', '=', status!))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** One reward of the brand (another brand's id is not found); forUpdate locks it. */
  reward(db: Db, merchant: string, id: string, forUpdate = false): Promise<RewardRow | undefined> {
    const q = this.rewardQuery(db).where('r.merchant_code', '=', merchant).where('r.id', '=', id);
    return (forUpdate ? q.forUpdate('r') : q).executeTakeFirst();
  }

  private rewardQuery(db: Db) {
    return db
      .selectFrom('referral_reward as r')
      .innerJoin('member as a', 'a.id', 'r.referrer_id')
      .innerJoin('member as f', 'f.id', 'r.friend_id')
      .select([
        'r.id',
        'r.merchant_code',
        'r.referrer_id',
        'a.username as referrer',
        'r.friend_id',
        'f.username as friend',
        sql<string>`r.amount::text`.as('amount'),
        sql<string>`r.turnover_required::text`.as('turnover_required'),
        'r.status',
        'r.hold_reasons',
        'r.reviewed_by',
        'r.reviewed_at',
        'r.reject_reason',
        'r.created_at',
      ]);
  }

  async decide(
    db: Db,
    id: string,
    d: { status: 'PAID' | 'REJECTED'; entryId: string | null; operator: string; reason: string | null },
  ): Promise<void> {
    await db
      .updateTable('referral_reward')
      .set({
        status: d.status,
        entry_id: d.entryId,
        reviewed_by: d.operator,
        reviewed_at: new Date(),
        reject_reason: d.reason,
      })
      .where('id', '=', id)
      .where('status', '=', 'HELD')
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
