import {
  brandThemeSchema,
  parseLanguage,
  PLATFORM_THEME,
  PRIZE_MODES,
  type BrandTheme,
  type Language,
  type PrizeMode,
} from '@app/contracts';
import type { Db } from '../db/repository';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { LocalizedText, MerchantTable } from '../db/schema';
import { AppError } from './app-error';
import type { Bus } from './bus';
import { CacheNotices } from './shared-cache';

/** The band a brand's lottery return may be set in, basis points of the stake (80.00% to 99.00%). */
const LOTTERY_RTP_BP_MIN = 8000;
const LOTTERY_RTP_BP_MAX = 9900;

/** A brand's lottery return per prize mode (basis points); a mode it does not name uses the default. */
export type LotteryRtpBp = Partial<Record<PrizeMode, number>>;

/** One prize mode's return: whole basis points within the band (the same rule as the CHECK's lottery_rtp_bp_valid(), db/functions/guards.sql). */
export const lotteryRtpBpValueSchema = z
  .number({ error: 'must be a number of basis points' })
  .int({ error: 'must be a whole number of basis points' })
  .min(LOTTERY_RTP_BP_MIN, {
    error: `must be from ${LOTTERY_RTP_BP_MIN} (80.00%) to ${LOTTERY_RTP_BP_MAX} (99.00%) basis points`,
  })
  .max(LOTTERY_RTP_BP_MAX, {
    error: `must be from ${LOTTERY_RTP_BP_MIN} (80.00%) to ${LOTTERY_RTP_BP_MAX} (99.00%) basis points`,
  });

/**
 * The stored map as read: each known prize mode with a valid value is kept; anything else (an
 * unknown mode, a value out of the band, not an object at all) is dropped, so that mode falls
 * back to the default. Answers what was dropped, for the log.
 */
export function readLotteryRtpBp(stored: unknown): { value: LotteryRtpBp; rejected: string[] } {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) {
    return { value: {}, rejected: stored === undefined || stored === null ? [] : [JSON.stringify(stored)] };
  }
  const value: LotteryRtpBp = {};
  const rejected: string[] = [];
  for (const [mode, bp] of Object.entries(stored)) {
    const known = PRIZE_MODES.find((m) => m === mode);
    if (known && lotteryRtpBpValueSchema.safeParse(bp).success) value[known] = bp as number;
    else rejected.push(`${mode}=${JSON.stringify(bp)}`);
  }
  return { value, rejected };
}

/** Logs a warning (the server's logger; quiet when none is given). */
type BrandWarn = (context: Record<string, unknown>, message: string) => void;

/** A brand (merchant) as every request sees it. */
export interface Brand {
  code: string;
  name: string;
  defaultLanguage: Language;
  languages: Language[];
  /** ISO 4217: every amount of the brand is in it. */
  currency: string;
  currencySymbol: string;
  timezone: string;
  loginedToHomePage: boolean;
  blockedCountries: string[];
  maintenanceOn: boolean;
  maintenanceEndTime: Date | null;
  gtagId: string | null;
  imageCdns: string[];
  launchGameCdns: string[];
  social: { facebook: string; telegram: string; whatsapp: string };
  licence: LocalizedText;
  stats: { avgDepositSeconds: number; avgWithdrawSeconds: number };
  legacyCrypto: boolean;
  /** The brand's GeeTest captcha id; null where it does not use GeeTest. */
  geetestId: string | null;
  /** Days a password lives; null means it never expires. */
  passwordExpiryDays: number | null;
  /** Whether an expired password must be changed at login (else the login result only reports it). */
  enforcePasswordExpiry: boolean;
  /** The lottery return per prize mode the brand sets (validated; a mode not named uses the default). */
  lotteryRtpBp: LotteryRtpBp;
  /** The brand's look (validated; the platform's when it has none or the stored one is not valid). */
  theme: BrandTheme;
  /** Non-empty: only clients from these countries may use the site (blockedCountries still refuse). */
  allowedCountries: string[];
  /** The logo and favicon (relative to the image CDN, or absolute); null: the platform's. */
  logoPath: string | null;
  faviconPath: string | null;
  /** Scheduled maintenance windows not yet over (cancelled ones left out), earliest first. */
  maintenanceWindows: MaintenanceWindow[];
}

/** A scheduled maintenance window as the gate reads it. */
export interface MaintenanceWindow {
  id: string;
  startsAt: Date;
  endsAt: Date;
  message: LocalizedText;
  /** Lower-case usernames of members who may still use the site during the window. */
  allowedUsernames: string[];
}

/** The window in force at `now`, if any (the one ending last when several overlap). */
export function activeWindow(brand: Brand, now: Date = new Date()): MaintenanceWindow | null {
  let found: MaintenanceWindow | null = null;
  for (const w of brand.maintenanceWindows) {
    if (w.startsAt <= now && now < w.endsAt && (!found || w.endsAt > found.endsAt)) found = w;
  }
  return found;
}

/** The brand's logo as the site shows it: its own, else the platform's demo logo for its code. */
export const brandLogoPath = (brand: Brand): string =>
  brand.logoPath ?? `brand/${brand.code.toLowerCase()}-logo.svg`;

/**
 * What a back-office request sees before any brand exists (or when its host names none): no
 * brand code, so no brand's data can be read through it. Only sign-in, set-up and platform
 * routes accept it (request-context.ts).
 */
export const NO_BRAND: Brand = Object.freeze({
  code: '',
  name: '',
  defaultLanguage: 'EN',
  languages: ['EN'],
  currency: '',
  currencySymbol: '',
  timezone: 'UTC',
  loginedToHomePage: false,
  blockedCountries: [],
  maintenanceOn: false,
  maintenanceEndTime: null,
  gtagId: null,
  imageCdns: [],
  launchGameCdns: [],
  social: { facebook: '', telegram: '', whatsapp: '' },
  licence: {},
  stats: { avgDepositSeconds: 0, avgWithdrawSeconds: 0 },
  legacyCrypto: false,
  geetestId: null,
  passwordExpiryDays: null,
  enforcePasswordExpiry: false,
  lotteryRtpBp: {},
  theme: PLATFORM_THEME,
  allowedCountries: [],
  logoPath: null,
  faviconPath: null,
  maintenanceWindows: [],
}) as Brand;

/** The stored theme as read: a valid theme, else the platform's, with why it was rejected for the log. */
function readTheme(stored: unknown): { value: BrandTheme; rejected: string | null } {
  if (stored === null || stored === undefined) return { value: PLATFORM_THEME, rejected: null };
  const parsed = brandThemeSchema.safeParse(stored);
  if (parsed.success) return { value: parsed.data, rejected: null };
  const first = parsed.error.issues[0];
  return {
    value: PLATFORM_THEME,
    rejected: `${first?.path.join('.') ?? ''}: ${first?.message ?? 'invalid'}`,
  };
}

function toBrand(
  row: Selectable<MerchantTable>,
  lotteryRtpBp: LotteryRtpBp,
  theme: BrandTheme,
  maintenanceWindows: MaintenanceWindow[],
): Brand {
  const languages = row.languages.map((l) => parseLanguage(l)).filter((l): l is Language => !!l);
  return {
    code: row.code,
    name: row.name,
    defaultLanguage: parseLanguage(row.default_language) ?? languages[0] ?? 'EN',
    languages,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    timezone: row.timezone,
    loginedToHomePage: row.logined_to_home_page,
    blockedCountries: row.blocked_countries,
    maintenanceOn: row.maintenance_on,
    maintenanceEndTime: row.maintenance_end_time,
    gtagId: row.gtag_id,
    imageCdns: row.image_cdns,
    launchGameCdns: row.launch_game_cdns,
    social: row.social,
    licence: row.licence,
    stats: row.stats,
    legacyCrypto: row.legacy_crypto,
    geetestId: row.geetest_id,
    passwordExpiryDays: row.password_expiry_days,
    enforcePasswordExpiry: row.enforce_password_expiry,
    lotteryRtpBp,
    theme,
    allowedCountries: row.allowed_countries,
    logoPath: row.logo_path,
    faviconPath: row.favicon_path,
    maintenanceWindows,
  };
}

type Cached<T> = { value: T; at: number };

/**
 * Resolves the brand of a request: the Merchant header wins, else the host. Brands are
 * read on every API call, so they are cached for a few seconds; a change made in the
 * database shows within that time on every instance.
 */
export class BrandResolver {
  private byCode = new Map<string, Cached<Brand | null>>();
  private byHost = new Map<string, Cached<string | null>>();
  /** Bad stored values already logged (brand and value), so a bad row is logged once, not per read. */
  private warned = new Set<string>();

  private readonly notices: CacheNotices;

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly defaultMerchant: string,
    private readonly warn: BrandWarn = () => {},
    /** The other instances hear of invalidate() through it, and this one of theirs. */
    bus?: Bus,
  ) {
    this.notices = new CacheNotices(bus, 'brands', () => {
      this.byCode.clear();
      this.byHost.clear();
    });
  }

  async resolve(merchantHeader: string | undefined, host: string | undefined): Promise<Brand> {
    if (merchantHeader) {
      const brand = await this.brandByCode(merchantHeader.trim().toUpperCase());
      if (!brand) throw new AppError('system.merchant.unknown');
      return brand;
    }
    const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    const code = (hostname && (await this.codeByHost(hostname))) || this.defaultMerchant;
    const brand = code ? await this.brandByCode(code) : null;
    if (!brand) throw new AppError('system.merchant.unknown');
    return brand;
  }

  /**
   * What resolve() would answer right now without reading the database: the cached brand, or
   * undefined when it is not cached, no longer fresh, or the inputs name no brand.
   */
  cached(merchantHeader: string | undefined, host: string | undefined): Brand | undefined {
    let code: string | null | undefined;
    if (merchantHeader) code = merchantHeader.trim().toUpperCase();
    else {
      const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
      const named = hostname ? this.byHost.get(hostname) : undefined;
      if (hostname && !this.fresh(named)) return undefined;
      code = named?.value || this.defaultMerchant;
    }
    const hit = code ? this.byCode.get(code) : undefined;
    return this.fresh(hit) ? (hit.value ?? undefined) : undefined;
  }

  /** Whether `host` (a name, no port) is one of the brand's own hosts. */
  async ownsHost(code: string, host: string): Promise<boolean> {
    return (await this.codeByHost(host.toLowerCase())) === code;
  }

  /** Forget cached brands, on every instance (operator actions that must show at once, tests). */
  invalidate(): void {
    this.notices.forget();
  }

  private fresh<T>(entry: Cached<T> | undefined): entry is Cached<T> {
    return !!entry && Date.now() - entry.at < this.ttlMs;
  }

  private async brandByCode(code: string): Promise<Brand | null> {
    if (!/^[A-Z0-9_]{2,20}$/.test(code)) return null;
    const hit = this.byCode.get(code);
    if (this.fresh(hit)) return hit.value;
    const row = await this.db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
    const value = row
      ? toBrand(row, this.lotteryRtpOf(row), this.themeOf(row), await this.windowsOf(code))
      : null;
    this.byCode.set(code, { value, at: Date.now() });
    return value;
  }

  /** The brand's maintenance windows not yet over; the gate compares their times on every request. */
  private async windowsOf(code: string): Promise<MaintenanceWindow[]> {
    const rows = await this.db
      .selectFrom('maintenance_window')
      .select(['id', 'starts_at', 'ends_at', 'message', 'allowed_usernames'])
      .where('merchant_code', '=', code)
      .where('cancelled_at', 'is', null)
      .where('ends_at', '>', new Date())
      .orderBy('starts_at')
      .limit(50)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      message: r.message,
      allowedUsernames: r.allowed_usernames,
    }));
  }

  /** The row's lottery returns; bad stored values are logged (once) and fall back to the default. */
  private lotteryRtpOf(row: Selectable<MerchantTable>): LotteryRtpBp {
    const { value, rejected } = readLotteryRtpBp(row.lottery_rtp_bp);
    const key = `${row.code}:${rejected.join(',')}`;
    if (rejected.length > 0 && !this.warned.has(key)) {
      if (this.warned.size > 1_000) this.warned.clear();
      this.warned.add(key);
      this.warn(
        { merchant: row.code, rejected },
        'merchant.lottery_rtp_bp holds values that are not valid; those prize modes use the default return',
      );
    }
    return value;
  }

  /** The row's theme; a stored theme that is not valid is logged (once) and the platform's is used. */
  private themeOf(row: Selectable<MerchantTable>): BrandTheme {
    const { value, rejected } = readTheme(row.theme);
    const key = `${row.code}:theme:${rejected}`;
    if (rejected && !this.warned.has(key)) {
      if (this.warned.size > 1_000) this.warned.clear();
      this.warned.add(key);
      this.warn(
        { merchant: row.code, rejected },
        'merchant.theme is not a valid theme; the platform theme is used',
      );
    }
    return value;
  }

  /**
   * Sets (a number) or clears (null: back to the default) a brand's lottery return per prize mode,
   * in one statement, and answers the brand's map as stored. The values must have been validated
   * (lotteryRtpBpValueSchema); the column's CHECK refuses anything else anyway. Null when the brand
   * is unknown. This instance's cache is dropped; others see the change within their cache time.
   */
  async setLotteryRtp(
    code: string,
    changes: Partial<Record<PrizeMode, number | null>>,
  ): Promise<LotteryRtpBp | null> {
    // Merged, then the cleared modes (nulls) stripped: the stored map never holds a null.
    const row = await this.db
      .updateTable('merchant')
      .set({
        lottery_rtp_bp: sql<string>`jsonb_strip_nulls(lottery_rtp_bp || ${JSON.stringify(changes)}::jsonb)`,
      })
      .where('code', '=', code)
      .returning('lottery_rtp_bp')
      .executeTakeFirst();
    this.byCode.delete(code);
    return row ? readLotteryRtpBp(row.lottery_rtp_bp).value : null;
  }

  private async codeByHost(host: string): Promise<string | null> {
    const hit = this.byHost.get(host);
    if (this.fresh(hit)) return hit.value;
    const row = await this.db
      .selectFrom('merchant_host')
      .select('merchant_code')
      .where('host', '=', host)
      .executeTakeFirst();
    const value = row?.merchant_code ?? null;
    // WARNING: hosts come from the client; bound the cache so random Host headers cannot grow it forever.
    if (this.byHost.size > 10_000) this.byHost.clear();
    this.byHost.set(host, { value, at: Date.now() });
    return value;
  }
}

/** The text of a localized field in the request language, falling back to the brand default, then any. */
export function pickText(text: LocalizedText, lang: Language, brand: Brand): string {
  return text[lang] ?? text[brand.defaultLanguage] ?? text.EN ?? Object.values(text)[0] ?? '';
}
