import { parseLanguage, type Language } from '@app/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LocalizedText, MerchantTable } from '../db/schema';
import { AppError } from './app-error';

/** A brand (merchant) as every request sees it. */
export interface Brand {
  code: string;
  name: string;
  defaultLanguage: Language;
  languages: Language[];
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
  /** Days a password lives; null means it never expires. */
  passwordExpiryDays: number | null;
  /** Whether an expired password must be changed at login (else the login result only reports it). */
  enforcePasswordExpiry: boolean;
}

function toBrand(row: Selectable<MerchantTable>): Brand {
  const languages = row.languages.map((l) => parseLanguage(l)).filter((l): l is Language => !!l);
  return {
    code: row.code,
    name: row.name,
    defaultLanguage: parseLanguage(row.default_language) ?? languages[0] ?? 'EN',
    languages,
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
    passwordExpiryDays: row.password_expiry_days,
    enforcePasswordExpiry: row.enforce_password_expiry,
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

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly defaultMerchant: string,
  ) {}

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

  /** Forget cached brands (tests and operator actions that must show at once). */
  invalidate(): void {
    this.byCode.clear();
    this.byHost.clear();
  }

  private fresh<T>(entry: Cached<T> | undefined): entry is Cached<T> {
    return !!entry && Date.now() - entry.at < this.ttlMs;
  }

  private async brandByCode(code: string): Promise<Brand | null> {
    if (!/^[A-Z0-9_]{2,20}$/.test(code)) return null;
    const hit = this.byCode.get(code);
    if (this.fresh(hit)) return hit.value;
    const row = await this.db.selectFrom('merchant').selectAll().where('code', '=', code).executeTakeFirst();
    const value = row ? toBrand(row) : null;
    this.byCode.set(code, { value, at: Date.now() });
    return value;
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
