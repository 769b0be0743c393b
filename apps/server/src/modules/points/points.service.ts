import {
  fromMinor,
  GAME_TYPES,
  type Conversion,
  type convertPointSchema,
  type Language,
  type PointBalance,
  type PointConfig,
  type PointEntry,
  type PointEntryKind,
  type PointHistory,
} from '@app/contracts';
import type { z } from 'zod';
import type { LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { pickText, type Brand } from '../../platform/brand';
import { uniqueViolation } from '../../platform/db-errors';
import type { ProfileService } from '../member';
import type { BonusService } from '../wallet';
import type { PointsLedger } from './points-ledger.service';
import type { ConversionRow, PointsMallRepository } from './points-mall.repository';
import type { PointEntryRow, PointsRepository } from './points.repository';
import { conversionOf, minimumConversion } from './points-rules';

type ConvertInput = z.output<typeof convertPointSchema>;

/**
 * The references of one conversion. WARNING: built from the member and its request id, the same
 * way on every retry, so a retried conversion takes the points and pays the cash once.
 */
const convertRefs = {
  spend: (memberId: string, requestId: string) => `CONVERT:${memberId}:${requestId}`,
  cash: (memberId: string, requestId: string) => `POINTS_CONVERT:${memberId}:${requestId}`,
};

/** What a conversion is called in the member's account record and bonus details. */
const CONVERSION_TITLE: Record<Language, string> = {
  CN: '积分兑换',
  EN: 'Points conversion',
  ID: 'Penukaran poin',
  MY: 'Penukaran mata ganjaran',
  TH: 'แลกคะแนนเป็นเงินสด',
  TY: 'Pag-convert ng puntos',
  VI: 'Quy đổi điểm',
};

interface ConvertRules {
  enabled: boolean;
  pointsPerUnit: number;
  minPoints: number;
  turnoverMultiple: number;
}

const isText = (v: unknown): v is LocalizedText =>
  !!v && typeof v === 'object' && Object.values(v).every((s) => typeof s === 'string');

/**
 * A member's points: the balance, the brand's rules, the points history, and converting
 * points into cash: the points taken from the points ledger and the cash credited through
 * BonusService (kind POINTS, with the brand's turnover multiple and a POINTS_CONVERTED message) in
 * one transaction, once per request id, after the payment password.
 */
export class PointsService {
  constructor(
    private readonly repo: PointsRepository,
    private readonly mall: PointsMallRepository,
    private readonly ledger: PointsLedger,
    private readonly bonus: BonusService,
    private readonly members: ProfileService,
  ) {}

  async balance(memberId: string): Promise<PointBalance> {
    return {
      balance: Number(await this.ledger.balance(this.repo.db, memberId)),
      inProcess: await this.mall.inProcessCount(memberId),
    };
  }

  async config(brand: Brand): Promise<PointConfig> {
    const c = await this.repo.config(brand.code);
    const rates = c ? await this.repo.rates(brand.code) : [];
    const rules = this.rulesOf(c);
    return {
      earningEnabled: c?.earning_enabled ?? false,
      turnoverRates: GAME_TYPES.flatMap((gameType) => {
        const points = rates.find((r) => r.game_type === gameType)?.points ?? 0;
        return points > 0 ? [{ gameType, points }] : [];
      }),
      depositRate: c?.deposit_rate ?? 0,
      convert: {
        enabled: rules.enabled,
        pointsPerUnit: rules.pointsPerUnit,
        minPoints: minimumConversion(rules),
        turnoverMultiple: rules.turnoverMultiple,
      },
      currencySymbol: brand.currencySymbol,
    };
  }

  async history(
    brand: Brand,
    lang: Language,
    memberId: string,
    q: { pageNo: number; pageSize: number; kind?: PointEntryKind | undefined },
  ): Promise<PointHistory> {
    const { rows, total } = await this.repo.history(
      memberId,
      q.kind,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      list: rows.map((r) => this.toEntry(r, brand, lang)),
      totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      totalCount: total,
    };
  }

  /**
   * Converts points into cash (see the class comment). WARNING: the request id is looked up first,
   * before the rules and the payment password: a retry gets its conversion back.
   */
  async convert(brand: Brand, lang: Language, memberId: string, input: ConvertInput): Promise<Conversion> {
    const requested = BigInt(input.points);
    const existing = await this.mall.conversionByRequest(this.repo.db, memberId, input.requestId);
    if (existing) return this.sameRequest(existing, requested);

    const rules = this.rulesOf(await this.repo.config(brand.code));
    const c = conversionOf(requested, rules);
    if (!c.ok) {
      if (c.problem === 'disabled') throw new AppError('points.convert.disabled');
      throw new AppError('points.convert.minimum', undefined, [minimumConversion(rules)]);
    }
    if ((await this.ledger.balance(this.repo.db, memberId)) < c.pointsUsed)
      throw new AppError('points.insufficient');
    await this.members.confirmPaymentPassword(memberId, input.paymentPassword);
    // Resolved before the transaction (LedgerService.account WARNING).
    const accounts = await this.bonus.accounts(brand.code, memberId);
    const title = `${CONVERSION_TITLE[lang]} (${c.pointsUsed})`;

    let id: string;
    try {
      id = await this.repo.transaction(async (trx) => {
        await this.ledger.lock(trx, brand.code, memberId);
        const twin = await this.mall.conversionByRequest(trx, memberId, input.requestId);
        if (twin) return twin.id;
        // An overdraft is refused here (points.insufficient): nothing is paid.
        const spent = await this.ledger.post(trx, {
          merchant: brand.code,
          memberId,
          kind: 'CONVERT',
          points: -c.pointsUsed,
          reference: convertRefs.spend(memberId, input.requestId),
          memo: { amount: c.amountMinor.toString(), pointsPerUnit: rules.pointsPerUnit },
        });
        const paid = await this.bonus.credit(trx, accounts, {
          amount: c.amountMinor,
          kind: 'POINTS',
          reference: convertRefs.cash(memberId, input.requestId),
          turnoverRequired: c.amountMinor * BigInt(rules.turnoverMultiple),
          memo: { source: 'POINTS', title, reason: title, points: c.pointsUsed.toString() },
          message: {
            kind: 'POINTS_CONVERTED',
            params: { points: Number(c.pointsUsed), amount: fromMinor(c.amountMinor) },
          },
        });
        return this.mall.insertConversion(trx, {
          merchant_code: brand.code,
          member_id: memberId,
          request_id: input.requestId,
          points: requested.toString(),
          points_used: c.pointsUsed.toString(),
          amount: c.amountMinor.toString(),
          point_entry_id: spent.entryId,
          ledger_entry_id: paid.entryId,
        });
      });
    } catch (err) {
      if (uniqueViolation(err) === 'point_conversion_member_id_request_id_key') {
        const first = await this.mall.conversionByRequest(this.repo.db, memberId, input.requestId);
        if (first) return this.sameRequest(first, requested);
      }
      throw err;
    }
    const row = await this.mall.conversionByRequest(this.repo.db, memberId, input.requestId);
    if (!row || row.id !== id) throw new AppError('system.error');
    return this.sameRequest(row, requested);
  }

  // ---- internals --------------------------------------------------------------------------------

  private rulesOf(c: Awaited<ReturnType<PointsRepository['config']>>): ConvertRules {
    return {
      enabled: c?.convert_enabled ?? false,
      pointsPerUnit: c?.convert_points_per_unit ?? 100,
      minPoints: c?.convert_min_points ?? 1,
      turnoverMultiple: c?.convert_turnover_multiple ?? 0,
    };
  }

  /** A retried request: the same conversion back, or a conflict if it now asks for other points. */
  private async sameRequest(r: ConversionRow, requested: bigint): Promise<Conversion> {
    if (BigInt(r.points) !== requested) throw new AppError('wallet.reference.conflict');
    return {
      id: r.id,
      points: Number(r.points),
      pointsUsed: Number(r.points_used),
      amount: fromMinor(r.amount),
      balance: Number(await this.mall.balanceAfter(this.repo.db, r.point_entry_id)),
      createdTime: r.created_at.toISOString(),
    };
  }

  private toEntry(r: PointEntryRow, brand: Brand, lang: Language): PointEntry {
    const memo = r.memo;
    return {
      id: r.id,
      kind: r.kind,
      points: Number(r.points),
      balanceAfter: Number(r.balance_after),
      day: typeof memo.day === 'string' ? memo.day : null,
      reward: isText(memo.reward) ? pickText(memo.reward, lang, brand) : null,
      amount: typeof memo.amount === 'string' && /^\d+$/.test(memo.amount) ? fromMinor(memo.amount) : null,
      time: r.created_at.toISOString(),
    };
  }
}
