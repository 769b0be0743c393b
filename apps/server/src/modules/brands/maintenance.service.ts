import {
  type Language,
  type MaintenanceState,
  type MaintenanceWindowView,
  type RegionRules,
  type maintenanceWindowInputSchema,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { MaintenanceWindowTable } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import type { Brand, BrandResolver } from '../../platform/brand';
import type { BrandsRepository } from './brands.repository';

type WindowInput = z.output<typeof maintenanceWindowInputSchema>;

/** The longest window one schedule may hold (a longer closure is the immediate switch's job). */
const MAX_WINDOW_MS = 7 * 86_400_000;
/** How far ahead a window may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;

function view(row: Selectable<MaintenanceWindowTable>, now: Date): MaintenanceWindowView {
  const state = row.cancelled_at
    ? 'CANCELLED'
    : row.ends_at <= now
      ? 'ENDED'
      : row.starts_at <= now
        ? 'ACTIVE'
        : 'UPCOMING';
  return {
    id: String(row.id),
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    message: row.message,
    allowedUsernames: row.allowed_usernames,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    cancelledBy: row.cancelled_by,
    state,
  };
}

/**
 * Scheduled maintenance windows (with their message per language and the members still let in)
 * and the brand's region rules. The gate reads both from the brand (platform/brand.ts,
 * request-context.ts); each change drops this instance's brand cache.
 */
export class MaintenanceService {
  constructor(
    private readonly repo: BrandsRepository,
    private readonly brands: BrandResolver,
  ) {}

  async state(brand: Brand): Promise<MaintenanceState> {
    const m = await this.repo.merchant(brand.code);
    if (!m) throw new AppError('brand.not.found');
    const now = new Date();
    return {
      maintenanceOn: m.maintenance_on,
      maintenanceEndTime: m.maintenance_end_time?.toISOString() ?? null,
      windows: (await this.repo.windows(brand.code)).map((r) => view(r, now)),
    };
  }

  async schedule(brand: Brand, input: WindowInput, by: string): Promise<MaintenanceWindowView> {
    const bad = (why: string) => new AppError('brand.maintenance.invalid', undefined, [why]);
    const start = new Date(input.startsAt);
    const end = new Date(input.endsAt);
    const now = Date.now();
    if (end.getTime() <= start.getTime()) throw bad('the end must be after the start');
    if (end.getTime() <= now) throw bad('the window is already over');
    if (end.getTime() - start.getTime() > MAX_WINDOW_MS) throw bad('a window lasts at most 7 days');
    if (start.getTime() - now > MAX_AHEAD_MS) throw bad('a window starts within a year');
    const message: Partial<Record<Language, string>> = {};
    for (const [lang, text] of Object.entries(input.message) as [Language, string | undefined][]) {
      if (!text) continue;
      if (!brand.languages.includes(lang)) throw bad(`the brand does not offer ${lang}`);
      message[lang] = text;
    }
    if (!message[brand.defaultLanguage]) throw bad(`a message in ${brand.defaultLanguage} is needed`);
    const row = await this.repo.insertWindow({
      merchant_code: brand.code,
      starts_at: start,
      ends_at: end,
      message: JSON.stringify(message),
      allowed_usernames: [...new Set(input.allowedUsernames)],
      created_by: by,
    });
    this.brands.invalidate();
    return view(row, new Date());
  }

  async cancel(brand: Brand, id: string, by: string): Promise<MaintenanceWindowView> {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('brand.maintenance.not.found');
    const row = await this.repo.cancelWindow(brand.code, id, by);
    if (!row) throw new AppError('brand.maintenance.not.found');
    this.brands.invalidate();
    return view(row, new Date());
  }

  /** The immediate switch: on (optionally until a time) or off. */
  async setSwitch(brand: Brand, on: boolean, endTime: string | null) {
    const end = on && endTime ? new Date(endTime) : null;
    if (end && end.getTime() <= Date.now())
      throw new AppError('brand.maintenance.invalid', undefined, ['the end time is in the past']);
    const before = await this.repo.merchant(brand.code);
    if (!before) throw new AppError('brand.not.found');
    await this.repo.updateMerchant(this.repo.db, brand.code, {
      maintenance_on: on,
      maintenance_end_time: end,
    });
    this.brands.invalidate();
    return {
      before: { maintenanceOn: before.maintenance_on, maintenanceEndTime: before.maintenance_end_time },
      after: { maintenanceOn: on, maintenanceEndTime: end },
    };
  }

  async regions(brand: Brand): Promise<RegionRules> {
    const m = await this.repo.merchant(brand.code);
    if (!m) throw new AppError('brand.not.found');
    return { allowedCountries: m.allowed_countries, blockedCountries: m.blocked_countries };
  }

  async setRegions(brand: Brand, rules: RegionRules) {
    const allowed = [...new Set(rules.allowedCountries)].sort();
    const blocked = [...new Set(rules.blockedCountries)].sort();
    const both = allowed.find((c) => blocked.includes(c));
    if (both) throw new AppError('brand.region.invalid', undefined, [`${both} is both allowed and refused`]);
    const before = await this.regions(brand);
    await this.repo.updateMerchant(this.repo.db, brand.code, {
      allowed_countries: allowed,
      blocked_countries: blocked,
    });
    this.brands.invalidate();
    return { before, after: { allowedCountries: allowed, blockedCountries: blocked } };
  }
}
