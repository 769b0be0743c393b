import {
  fromMinor,
  parseLanguage,
  type AdminRedemption,
  type Language,
  type PointReward,
  type PointRewardList,
  type RedeemState,
  type Redemption,
  type RedemptionList,
  type redeemPointRewardSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import type { InboxService } from '../messages';
import type { ProfileService } from '../member';
import type { BonusService } from '../wallet';
import type { PointsLedger } from './points-ledger.service';
import type {
  AdminRedemptionRow,
  PointsMallRepository,
  RedemptionRow,
  RewardRow,
} from './points-mall.repository';

type RedeemInput = z.output<typeof redeemPointRewardSchema>;

/**
 * The references of one redemption. WARNING: each is built from the member and the member's
 * request id (or the redemption), the same way on every retry; a second reference for the same
 * redemption would move points or money twice.
 */
const redeemRefs = {
  spend: (memberId: string, requestId: string) => `REDEEM:${memberId}:${requestId}`,
  bonus: (memberId: string, requestId: string) => `POINTS_REDEEM:${memberId}:${requestId}`,
  refund: (redemptionId: string) => `REDEEM_REFUND:${redemptionId}`,
};

/** "007" and "7" name the same row: compare ids as the database does. */
const sameId = (a: string, b: string) => BigInt(a) === BigInt(b);

/**
 * The points mall: the brand's catalogue, redemptions and the operator's answers.
 *
 * A redemption checks the payment password (the withdrawal's rules and lockout), then in one
 * transaction: the member's points locked, one of the reward's stock taken in a single UPDATE (a
 * row lock orders racing members, so stock is never oversold), the cost debited from the points
 * ledger, the redemption recorded, and for a BONUS reward the money credited through BonusService
 * (approved at once). Goods (ITEM) stay IN_PROCESS until an operator approves them or rejects them;
 * a rejection gives the points and the stock back, once. A retried request id redeems once.
 */
export class PointsMallService {
  constructor(
    private readonly repo: PointsMallRepository,
    private readonly ledger: PointsLedger,
    private readonly bonus: BonusService,
    private readonly members: ProfileService,
    private readonly inbox: InboxService,
    /** Whether the operator paused redemptions (goods in process are still answered). */
    private readonly paused: (merchant: string) => Promise<boolean> = async () => false,
  ) {}

  // ---- catalogue ----------------------------------------------------------------------------------

  async rewards(brand: Brand, lang: Language): Promise<PointRewardList> {
    const rows = await this.repo.activeRewards(brand.code);
    return { list: rows.map((r) => this.toReward(r, brand, lang)), currencySymbol: brand.currencySymbol };
  }

  // ---- redeeming ------------------------------------------------------------------------------------

  /**
   * Redeems a reward (see the class comment). WARNING: the request id is looked up first, before
   * any rule and the payment password: a retry gets its redemption back even if the stock has run
   * out since.
   */
  async redeem(brand: Brand, lang: Language, memberId: string, input: RedeemInput): Promise<Redemption> {
    const existing = await this.repo.byRequest(this.repo.db, memberId, input.requestId);
    if (existing) return this.sameRequest(existing, input.rewardId, brand, lang);

    if (await this.paused(brand.code)) throw new AppError('reward.paused');
    const reward = await this.repo.reward(this.repo.db, brand.code, input.rewardId);
    if (!reward?.active) throw new AppError('points.reward.unavailable');
    if (reward.stock === 0) throw new AppError('points.reward.out.of.stock');
    if ((await this.ledger.balance(this.repo.db, memberId)) < BigInt(reward.cost))
      throw new AppError('points.insufficient');
    await this.members.confirmPaymentPassword(memberId, input.paymentPassword);
    // Resolved before the transaction (LedgerService.account WARNING).
    const accounts = reward.kind === 'BONUS' ? await this.bonus.accounts(brand.code, memberId) : null;

    let id: string;
    try {
      id = await this.repo.transaction(async (trx) => {
        // The member's points first: from here no other movement of this member's points runs, so
        // a twin of this request that got here before us has committed.
        await this.ledger.lock(trx, brand.code, memberId);
        const twin = await this.repo.byRequest(trx, memberId, input.requestId);
        if (twin) return twin.id;
        if (!(await this.repo.takeStock(trx, brand.code, reward.id))) {
          const now = await this.repo.reward(trx, brand.code, reward.id);
          throw new AppError(now?.active ? 'points.reward.out.of.stock' : 'points.reward.unavailable');
        }
        // Read under the row lock takeStock holds: what the member pays is what the reward costs now.
        const r = (await this.repo.reward(trx, brand.code, reward.id))!;
        if (r.kind === 'BONUS' && !accounts) throw new AppError('points.reward.unavailable');
        const cost = BigInt(r.cost);
        const name = pickText(r.name, lang, brand);
        // An overdraft is refused here (points.insufficient) and the stock taken above rolls back.
        const spent = await this.ledger.post(trx, {
          merchant: brand.code,
          memberId,
          kind: 'REDEEM',
          points: -cost,
          reference: redeemRefs.spend(memberId, input.requestId),
          memo: { rewardId: r.id, reward: r.name },
        });
        let ledgerEntryId: string | null = null;
        if (r.kind === 'BONUS') {
          const amount = BigInt(r.bonus_amount!);
          const paid = await this.bonus.credit(trx, accounts!, {
            amount,
            kind: 'BONUS',
            reference: redeemRefs.bonus(memberId, input.requestId),
            turnoverRequired: amount * BigInt(r.turnover_multiple),
            memo: { source: 'POINTS_MALL', title: name, reason: name, rewardId: r.id },
            message: { kind: 'POINTS_REDEEM_APPROVED', params: { reward: name } },
          });
          ledgerEntryId = paid.entryId;
        }
        return this.repo.insertRedemption(trx, {
          merchant_code: brand.code,
          member_id: memberId,
          request_id: input.requestId,
          reward_id: r.id,
          kind: r.kind,
          reward_name: JSON.stringify(r.name),
          image_path: r.image_path,
          cost: cost.toString(),
          bonus_amount: r.bonus_amount,
          status: r.kind === 'BONUS' ? 'APPROVED' : 'IN_PROCESS',
          remark: input.remark || null,
          lang,
          point_entry_id: spent.entryId,
          ledger_entry_id: ledgerEntryId,
        });
      });
    } catch (err) {
      // A racing twin of this request committed first (both created the balance row): its answer.
      if (uniqueViolation(err) === 'point_redemption_member_id_request_id_key') {
        const first = await this.repo.byRequest(this.repo.db, memberId, input.requestId);
        if (first) return this.sameRequest(first, input.rewardId, brand, lang);
      }
      throw err;
    }
    const row = await this.repo.redemption(this.repo.db, brand.code, id);
    if (!row) throw new AppError('points.redemption.unknown');
    return this.sameRequest(row, input.rewardId, brand, lang);
  }

  async list(
    brand: Brand,
    lang: Language,
    memberId: string,
    q: { pageNo: number; pageSize: number; state?: RedeemState | undefined },
  ): Promise<RedemptionList> {
    const { rows, total } = await this.repo.memberPage(
      memberId,
      q.state,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => this.toRedemption(r, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  inProcessCount(memberId: string): Promise<number> {
    return this.repo.inProcessCount(memberId);
  }

  // ---- operators ----------------------------------------------------------------------------------

  async adminList(
    brand: Brand,
    lang: Language,
    q: { pageNo: number; pageSize: number; state?: RedeemState | undefined },
  ) {
    const { rows, total } = await this.repo.brandPage(
      brand.code,
      q.state,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => this.toAdmin(r, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  /** Approves goods IN_PROCESS (they are on their way); the member is told. Nothing else moves. */
  async approve(brand: Brand, lang: Language, id: string, operator: string): Promise<AdminRedemption> {
    await this.repo.transaction(async (trx) => {
      const r = await this.repo.lockRedemption(trx, brand.code, id);
      if (!r) throw new AppError('points.redemption.unknown');
      if (r.status !== 'IN_PROCESS') throw new AppError('points.redemption.state');
      await this.repo.answer(trx, r.id, {
        status: 'APPROVED',
        reviewedBy: operator,
        reason: null,
        refundEntryId: null,
      });
      await this.inbox.notify(trx, {
        merchant: brand.code,
        memberId: r.member_id,
        kind: 'POINTS_REDEEM_APPROVED',
        params: { reward: this.nameAsRedeemed(r, brand) },
      });
    });
    return this.adminGet(brand, lang, id);
  }

  /**
   * Rejects goods IN_PROCESS: the points come back (one REDEEM_REFUND entry, its reference from
   * the redemption) and so does the stock, under the redemption's row lock, once.
   */
  async reject(
    brand: Brand,
    lang: Language,
    id: string,
    operator: string,
    reason: string,
  ): Promise<AdminRedemption> {
    await this.repo.transaction(async (trx) => {
      const r = await this.repo.lockRedemption(trx, brand.code, id);
      if (!r) throw new AppError('points.redemption.unknown');
      if (r.status !== 'IN_PROCESS') throw new AppError('points.redemption.state');
      const refund = await this.ledger.post(trx, {
        merchant: brand.code,
        memberId: r.member_id,
        kind: 'REDEEM_REFUND',
        points: BigInt(r.cost),
        reference: redeemRefs.refund(r.id),
        memo: { redemptionId: r.id, rewardId: r.reward_id, reward: r.reward_name, reason },
      });
      await this.repo.returnStock(trx, r.reward_id);
      await this.repo.answer(trx, r.id, {
        status: 'REJECTED',
        reviewedBy: operator,
        reason,
        refundEntryId: refund.entryId,
      });
      await this.inbox.notify(trx, {
        merchant: brand.code,
        memberId: r.member_id,
        kind: 'POINTS_REDEEM_REJECTED',
        params: { reward: this.nameAsRedeemed(r, brand), reason },
      });
    });
    return this.adminGet(brand, lang, id);
  }

  // ---- internals --------------------------------------------------------------------------------

  /** A retried request: its redemption back, or a conflict if it now names another reward. */
  private sameRequest(r: RedemptionRow, rewardId: string, brand: Brand, lang: Language): Redemption {
    if (!sameId(r.reward_id, rewardId)) throw new AppError('wallet.reference.conflict');
    return this.toRedemption(r, brand, lang);
  }

  private async adminGet(brand: Brand, lang: Language, id: string): Promise<AdminRedemption> {
    const r = await this.repo.redemption(this.repo.db, brand.code, id);
    if (!r) throw new AppError('points.redemption.unknown');
    return this.toAdmin({ ...r, username: await this.repo.usernameOf(r.member_id) }, brand, lang);
  }

  /** The reward's name in the language the member redeemed it in (the member's messages use it). */
  private nameAsRedeemed(r: RedemptionRow, brand: Brand): string {
    return pickText(r.reward_name, parseLanguage(r.lang) ?? brand.defaultLanguage, brand);
  }

  private toReward(r: RewardRow, brand: Brand, lang: Language): PointReward {
    const bonus = r.bonus_amount === null ? null : BigInt(r.bonus_amount);
    return {
      id: r.id,
      kind: r.kind,
      name: pickText(r.name, lang, brand),
      description: pickText(r.description, lang, brand),
      imageUrl: r.image_path,
      cost: Number(r.cost),
      stock: r.stock,
      bonusAmount: bonus === null ? null : fromMinor(bonus),
      turnoverRequired: bonus === null ? 0 : fromMinor(bonus * BigInt(r.turnover_multiple)),
    };
  }

  private toRedemption(r: RedemptionRow, brand: Brand, lang: Language): Redemption {
    return {
      id: r.id,
      rewardId: r.reward_id,
      kind: r.kind,
      rewardName: pickText(r.reward_name, lang, brand),
      imageUrl: r.image_path,
      cost: Number(r.cost),
      bonusAmount: r.bonus_amount === null ? null : fromMinor(r.bonus_amount),
      state: r.status,
      remark: r.remark,
      reason: r.reason,
      createdTime: r.created_at.toISOString(),
      updatedTime: r.updated_at.toISOString(),
    };
  }

  private toAdmin(r: AdminRedemptionRow, brand: Brand, lang: Language): AdminRedemption {
    return {
      ...this.toRedemption(r, brand, lang),
      memberId: r.member_id,
      username: r.username,
      reviewedBy: r.reviewed_by,
    };
  }
}
