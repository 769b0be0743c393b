import { randomUUID } from 'node:crypto';
import {
  fromMinor,
  minorText,
  PROMO_ADMIN_LIMITS,
  promotionRuleIssues,
  toMinor,
  type Language,
  type PromoCategoryAdmin,
  type promoCategoryInputSchema,
  type PromotionAdmin,
  type PromotionAdminList,
  type promotionAdminListQuerySchema,
  type promotionCreateSchema,
  type PromotionForecast,
  type promotionUpdateSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/repository';
import type { LocalizedText } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { pngOrJpeg } from '../../platform/image-check';
import type { Brand } from '../../platform/brand';
import { sanitizeContent } from '../../platform/sanitize';
import { validZone } from '../../platform/zoned-time';
import type { AdminPromotionRow, AdminState, PromotionAdminRepository } from './promotion-admin.repository';
import { forecast, type ForecastMember, type ForecastPromotion } from './promotion-forecast';

type CreateInput = z.output<typeof promotionCreateSchema>;
type UpdateInput = z.output<typeof promotionUpdateSchema>;
type ListQuery = z.output<typeof promotionAdminListQuerySchema>;
type CategoryInput = z.output<typeof promoCategoryInputSchema>;

const DAY_MS = 86_400_000;
/** Members the forecast reads at most (the busiest brands: a sample of the first this many). */
const FORECAST_MEMBERS = 50_000;
const IMAGE_PREFIX = '/wps/media/promotion-images/';

const invalid = (field: string, message: string) =>
  new AppError('request.invalid', { fields: [{ field, message }] });

const minorOf = (v: string | null): bigint | null => (v === null ? null : toMinor(v));
const moneyOrNull = (v: string | null): number | null => (v === null ? null : fromMinor(v));

/** Texts with empty languages left out (an empty text falls back to the default language's). */
const compact = (t: Partial<Record<Language, string>>): LocalizedText =>
  Object.fromEntries(
    Object.entries(t).filter(([, v]) => v !== undefined && v.trim() !== ''),
  ) as LocalizedText;

export function adminState(
  r: { active: boolean; killed_at: Date | null; starts_at: Date; ends_at: Date | null },
  now: number,
): AdminState {
  if (!r.active) return 'DRAFT';
  if (r.killed_at !== null) return 'STOPPED';
  if (now < r.starts_at.getTime()) return 'SCHEDULED';
  if (r.ends_at !== null && now >= r.ends_at.getTime()) return 'ENDED';
  return 'RUNNING';
}

/**
 * The back office's promotions: set-up (rules, eligibility, caps, texts and images per language,
 * schedule, category), publishing, the kill switch and the bonus cost forecast. A promotion is
 * created unpublished (a draft the site does not show). An edit changes what new participations
 * are taken on; what members joined, applied or were paid keeps its terms (each participation
 * stores them). Caps may not be set below what is used of them already.
 */
export class PromotionAdminService {
  constructor(
    private readonly repo: PromotionAdminRepository,
    private readonly now: () => number = Date.now,
  ) {}

  // ---- categories -------------------------------------------------------------------------------

  async categories(brand: Brand): Promise<PromoCategoryAdmin[]> {
    return (await this.repo.categories(brand.code)).map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      sort: c.sort,
      active: c.active,
      promotions: c.promotions,
    }));
  }

  async createCategory(brand: Brand, input: CategoryInput): Promise<PromoCategoryAdmin> {
    const name = compact(input.name);
    if (!name[brand.defaultLanguage]) throw invalid('name', 'default.language');
    if (await this.repo.categoryCode(brand.code, input.code))
      throw new AppError('promo.code.taken', undefined, [input.code]);
    const id = await this.repo.insertCategory({
      merchant_code: brand.code,
      code: input.code,
      name: JSON.stringify(name),
      sort: input.sort,
      active: input.active,
    });
    return this.mustCategory(brand, id);
  }

  async updateCategory(
    brand: Brand,
    id: string,
    input: CategoryInput,
  ): Promise<{ before: PromoCategoryAdmin; after: PromoCategoryAdmin }> {
    const before = await this.mustCategory(brand, id);
    const name = compact(input.name);
    if (!name[brand.defaultLanguage]) throw invalid('name', 'default.language');
    const other = await this.repo.categoryCode(brand.code, input.code);
    if (other && other.id !== id) throw new AppError('promo.code.taken', undefined, [input.code]);
    await this.repo.updateCategory(id, {
      code: input.code,
      name: JSON.stringify(name),
      sort: input.sort,
      active: input.active,
    });
    return { before, after: await this.mustCategory(brand, id) };
  }

  private async mustCategory(brand: Brand, id: string): Promise<PromoCategoryAdmin> {
    const found = (await this.categories(brand)).find((c) => c.id === id);
    if (!found) throw new AppError('promo.category.not.found');
    return found;
  }

  // ---- promotions -------------------------------------------------------------------------------

  async list(brand: Brand, q: ListQuery): Promise<PromotionAdminList> {
    const now = new Date(this.now());
    const { rows, total } = await this.repo.page(
      brand.code,
      { state: q.state, kind: q.kind, categoryId: q.categoryId },
      now,
      (q.pageNo - 1) * q.pageSize,
      q.pageSize,
    );
    const list: PromotionAdmin[] = [];
    for (const r of rows) list.push(await this.present(r));
    return { list, totalCount: total, live: await this.repo.liveCount(brand.code, now) };
  }

  async get(brand: Brand, id: string): Promise<PromotionAdmin> {
    return this.present(await this.mustFind(brand, id));
  }

  async create(brand: Brand, input: CreateInput): Promise<PromotionAdmin> {
    const settings = await this.settings(brand, input.kind, input);
    if (await this.repo.codeTaken(brand.code, input.code))
      throw new AppError('promo.code.taken', undefined, [input.code]);
    const id = await this.repo.transaction(async (trx) => {
      const newId = await this.repo.insert(trx, {
        merchant_code: brand.code,
        code: input.code,
        kind: input.kind,
        ...settings.columns,
        // A new promotion is a draft until it is published.
        active: false,
      });
      await this.repo.replacePrizes(trx, newId, settings.prizes);
      return newId;
    });
    return this.get(brand, id);
  }

  /** Saves new settings for new participations; returns the promotion before and after. */
  async update(
    brand: Brand,
    id: string,
    input: UpdateInput,
  ): Promise<{ before: PromotionAdmin; after: PromotionAdmin }> {
    const row = await this.mustFind(brand, id);
    const before = await this.present(row);
    const settings = await this.settings(brand, row.kind, input);
    await this.repo.transaction(async (trx) => {
      // Waits for a payment of the promotion in flight, then checks the caps against what it used.
      await this.repo.lock(trx, brand.code, id);
      const fresh = (await this.repo.find(brand.code, id, trx))!;
      const used = BigInt(fresh.budget_used);
      if (settings.columns.budget_total !== null && settings.columns.budget_total < used)
        throw new AppError('promo.budget.below.used', undefined, [minorText(used)]);
      if (settings.columns.max_claims !== null && settings.columns.max_claims < fresh.claims_count)
        throw invalid('maxClaims', 'claims.below.used');
      await this.repo.update(trx, id, settings.columns);
      await this.repo.replacePrizes(trx, id, settings.prizes);
    });
    return { before, after: await this.get(brand, id) };
  }

  /** Shows (true) or hides (false) the promotion on the site. */
  async publish(
    brand: Brand,
    id: string,
    published: boolean,
  ): Promise<{ before: PromotionAdmin; after: PromotionAdmin }> {
    const before = await this.present(await this.mustFind(brand, id));
    await this.repo.update(this.repo.db, id, { active: published });
    return { before, after: await this.get(brand, id) };
  }

  /**
   * The kill switch: the promotion takes no new join, claim, check-in, draw or application and
   * pays no new bonus from the moment this commits (every payment re-reads it under the
   * promotion's row lock); what members were paid stays theirs. `on` false resumes it.
   */
  async kill(
    brand: Brand,
    id: string,
    on: boolean,
    by: string,
  ): Promise<{ before: PromotionAdmin; after: PromotionAdmin }> {
    const before = await this.present(await this.mustFind(brand, id));
    await this.repo.transaction(async (trx) => {
      await this.repo.lock(trx, brand.code, id);
      await this.repo.update(
        trx,
        id,
        on ? { killed_at: new Date(this.now()), killed_by: by } : { killed_at: null, killed_by: null },
      );
    });
    return { before, after: await this.get(brand, id) };
  }

  /** The kill switch for every published promotion of the brand at once; the ids it stopped. */
  async killAll(brand: Brand, by: string): Promise<string[]> {
    return this.repo.transaction((trx) => this.repo.killAll(trx, brand.code, by));
  }

  // ---- images -----------------------------------------------------------------------------------

  /** Stores an uploaded PNG or JPEG and makes it the promotion's image (for `lang`, or the default). */
  async uploadImage(
    brand: Brand,
    id: string,
    lang: Language | undefined,
    bytes: Buffer,
    by: string,
  ): Promise<{ url: string; before: PromotionAdmin; after: PromotionAdmin }> {
    const row = await this.mustFind(brand, id);
    if (bytes.length === 0 || bytes.length > PROMO_ADMIN_LIMITS.maxImageBytes)
      throw new AppError('promo.image.invalid');
    const contentType = pngOrJpeg(bytes);
    if (!contentType) throw new AppError('promo.image.invalid');
    const before = await this.present(row);
    const imageId = randomUUID();
    const url = `${IMAGE_PREFIX}${imageId}`;
    await this.repo.insertImage({
      id: imageId,
      merchant_code: brand.code,
      content_type: contentType,
      bytes,
      size: bytes.length,
      created_by: by,
    });
    await this.repo.update(
      this.repo.db,
      id,
      lang ? { images: JSON.stringify({ ...row.images, [lang]: url }) } : { image_path: url },
    );
    return { url, before, after: await this.get(brand, id) };
  }

  /** An uploaded image by id (public: the site shows it to visitors). */
  async image(id: string): Promise<{ contentType: string; bytes: Uint8Array }> {
    const found = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
      ? await this.repo.image(id)
      : undefined;
    if (!found) throw new AppError('system.not.found');
    return { contentType: found.content_type, bytes: found.bytes };
  }

  // ---- forecast ---------------------------------------------------------------------------------

  /** The bonus cost forecast of the promotion as saved (promotion-forecast.ts explains the method). */
  async forecast(brand: Brand, id: string): Promise<PromotionForecast> {
    const row = await this.mustFind(brand, id);
    const now = this.now();
    const windowDays = PROMO_ADMIN_LIMITS.forecastDays;
    const from = new Date(now - windowDays * DAY_MS);
    const to = new Date(now);
    const activity = await this.repo.activity(
      brand.code,
      from,
      to,
      validZone(brand.timezone),
      FORECAST_MEMBERS,
    );
    const members: ForecastMember[] = activity.map((a) => ({
      vipLevel: a.level,
      registeredDaysAgo: (now - a.created_at.getTime()) / DAY_MS,
      deposits: (a.amounts ?? []).map((x) => BigInt(x)),
      firstDepositInWindow: a.first_in_window,
      turnover: a.turnover === null ? 0n : BigInt(a.turnover),
      activeDays: a.active_days,
    }));
    // The part of the next window the promotion takes claims in.
    const start = Math.max(now, row.starts_at.getTime());
    const end = Math.min(now + windowDays * DAY_MS, row.ends_at?.getTime() ?? Infinity);
    const runDays = row.killed_at !== null ? 0 : Math.max(0, (end - start) / DAY_MS);
    const similarRows = await this.repo.similar(brand.code, row.kind, row.id, from, to);
    const similar = [];
    for (const s of similarRows) {
      const sStart = Math.max(from.getTime(), s.starts_at.getTime());
      const sEnd = Math.min(
        to.getTime(),
        s.ends_at?.getTime() ?? Infinity,
        s.killed_at?.getTime() ?? Infinity,
      );
      similar.push({
        promotion: await this.forecastPromotion(s),
        runDays: Math.max(0, (sEnd - sStart) / DAY_MS),
        claims: s.paid_claims ?? 0,
        cost: BigInt(s.paid_cost ?? '0'),
      });
    }
    const budgetLeft = row.budget_total === null ? null : BigInt(row.budget_total) - BigInt(row.budget_used);
    const f = forecast({
      windowDays,
      runDays,
      members,
      promotion: await this.forecastPromotion(row),
      similar,
      budgetLeft,
      claimsLeft: row.max_claims === null ? null : row.max_claims - row.claims_count,
    });
    return {
      estimated: f.estimated,
      windowDays,
      runDays: Math.round(runDays * 10) / 10,
      activeMembers: f.activeMembers,
      eligibleMembers: f.eligibleMembers,
      maxClaims: f.maxClaims,
      maxCost: fromMinor(f.maxCost),
      takeUp: Math.round(f.takeUp * 10_000) / 10_000,
      takeUpSource: f.takeUpSource,
      similarPromotions: similar.length,
      similarClaims: f.similarClaims,
      similarCost: fromMinor(f.similarCost),
      expectedClaims: f.expectedClaims,
      expectedCost: fromMinor(f.expectedCost),
      cappedBy: f.cappedBy,
      budgetLeft: budgetLeft === null ? null : fromMinor(budgetLeft),
    };
  }

  private async forecastPromotion(r: Omit<AdminPromotionRow, 'participants'>): Promise<ForecastPromotion> {
    return {
      kind: r.kind,
      period: r.period,
      minVipLevel: r.min_vip_level,
      maxVipLevel: r.max_vip_level,
      newMemberDays: r.new_member_days,
      minDeposit: r.min_deposit === null ? null : BigInt(r.min_deposit),
      bonusRateBp: r.bonus_rate_bp,
      maxBonus: r.max_bonus === null ? null : BigInt(r.max_bonus),
      bonusAmount: r.bonus_amount === null ? null : BigInt(r.bonus_amount),
      targetTurnover: r.target_turnover === null ? null : BigInt(r.target_turnover),
      prizes:
        r.kind === 'RAFFLE'
          ? (await this.repo.prizes(r.id)).map((p) => ({ amount: BigInt(p.amount), weight: p.weight }))
          : [],
      perMemberCap: r.per_member_cap === null ? null : BigInt(r.per_member_cap),
    };
  }

  // ---- internals --------------------------------------------------------------------------------

  private async mustFind(brand: Brand, id: string, db?: Db): Promise<AdminPromotionRow> {
    const row = /^\d{1,18}$/.test(id) ? await this.repo.find(brand.code, id, db) : undefined;
    if (!row) throw new AppError('promo.not.found');
    return row;
  }

  /** The settings as columns, checked: the kind's rules, the default language's title, the category. */
  private async settings(brand: Brand, kind: AdminPromotionRow['kind'], input: UpdateInput) {
    const issues = promotionRuleIssues({ ...input, kind });
    if (issues.length > 0) throw new AppError('request.invalid', { fields: issues });
    const title = compact(input.title);
    if (!title[brand.defaultLanguage]) throw invalid('title', 'default.language');
    const category = await this.repo.category(brand.code, input.categoryId);
    if (!category) throw new AppError('promo.category.not.found');
    const content: LocalizedText = {};
    for (const [lang, html] of Object.entries(compact(input.content))) content[lang] = sanitizeContent(html);
    const prizes = input.prizes.map((p) => ({ amount: toMinor(p.amount)!, weight: p.weight }));
    return {
      prizes: kind === 'RAFFLE' ? prizes : [],
      columns: {
        category_id: input.categoryId,
        title: JSON.stringify(title),
        summary: JSON.stringify(compact(input.summary)),
        content: JSON.stringify(content),
        image_path: input.imagePath,
        images: JSON.stringify(input.images),
        starts_at: new Date(input.startTime),
        ends_at: input.endTime === null ? null : new Date(input.endTime),
        period: input.period,
        min_vip_level: input.minVipLevel,
        max_vip_level: input.maxVipLevel,
        new_member_days: input.newMemberDays,
        // Only the figures the kind reads are kept (the database's checks hold them per kind).
        min_deposit: ['FIRST_DEPOSIT', 'RELOAD', 'RAFFLE'].includes(kind) ? minorOf(input.minDeposit) : null,
        bonus_rate_bp:
          (kind === 'FIRST_DEPOSIT' || kind === 'RELOAD') && input.bonusPercent !== null
            ? Math.round(input.bonusPercent * 100)
            : null,
        max_bonus: ['FIRST_DEPOSIT', 'RELOAD', 'APPLY'].includes(kind) ? minorOf(input.maxBonus) : null,
        bonus_amount: kind === 'TURNOVER' || kind === 'SIGN_IN' ? minorOf(input.bonusAmount) : null,
        target_turnover: kind === 'TURNOVER' ? minorOf(input.targetTurnover) : null,
        turnover_multiple: input.turnoverMultiple,
        budget_total: minorOf(input.budgetTotal),
        per_member_cap: minorOf(input.perMemberCap),
        max_claims: input.maxClaims,
        sort: input.sort,
      },
    };
  }

  private async present(r: AdminPromotionRow): Promise<PromotionAdmin> {
    const prizes = r.kind === 'RAFFLE' ? await this.repo.prizes(r.id) : [];
    return {
      id: r.id,
      code: r.code,
      kind: r.kind,
      categoryId: r.category_id,
      title: r.title,
      summary: r.summary,
      content: r.content,
      imagePath: r.image_path,
      images: r.images,
      startTime: r.starts_at.toISOString(),
      endTime: r.ends_at?.toISOString() ?? null,
      period: r.period,
      minVipLevel: r.min_vip_level,
      maxVipLevel: r.max_vip_level,
      newMemberDays: r.new_member_days,
      minDeposit: moneyOrNull(r.min_deposit),
      bonusPercent: r.bonus_rate_bp === null ? null : r.bonus_rate_bp / 100,
      maxBonus: moneyOrNull(r.max_bonus),
      bonusAmount: moneyOrNull(r.bonus_amount),
      targetTurnover: moneyOrNull(r.target_turnover),
      turnoverMultiple: r.turnover_multiple,
      prizes: prizes.map((p) => ({ amount: fromMinor(p.amount), weight: p.weight })),
      budgetTotal: moneyOrNull(r.budget_total),
      perMemberCap: moneyOrNull(r.per_member_cap),
      maxClaims: r.max_claims,
      budgetUsed: fromMinor(r.budget_used),
      claimsCount: r.claims_count,
      sort: r.sort,
      published: r.active,
      state: adminState(r, this.now()),
      killedAt: r.killed_at?.toISOString() ?? null,
      killedBy: r.killed_by,
      participants: r.participants,
      updatedAt: r.updated_at.toISOString(),
    };
  }
}
