import { randomBytes } from 'node:crypto';
import type { createBrandSchema } from '@app/contracts';
import {
  BRAND_MODULES,
  brandThemeSchema,
  minorText,
  REGISTER_FIELDS,
  REGISTER_PATTERNS,
  scrambleCsPath,
  toMinor,
  unscrambleCsPath,
  WHITELABEL_FLAGS,
  type BrandChange,
  type BrandSettings,
  type BrandSummary,
  type CreateBrand,
  type Language,
  type RegisterPatternId,
} from '@app/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/repository';
import { AppError } from '../../platform/app-error';
import type { BrandResolver } from '../../platform/brand';
import { brandChanges } from './brand-changes';
import {
  DEFAULT_APPROVAL_THRESHOLD,
  DEFAULT_CASHIER,
  DEFAULT_REGISTER_RULES,
  defaultModuleNodes,
} from './brand-defaults';
import type { BrandsRepository } from './brands.repository';
import QRCode from 'qrcode';

type NewBrand = z.output<typeof createBrandSchema>;

const TIME_ZONES = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** Refuses a time zone the runtime does not know (the site formats every time in it). */
export function checkTimezone(timezone: string): void {
  if (!TIME_ZONES.has(timezone))
    throw new AppError('brand.timezone.invalid', undefined, [timezone.slice(0, 64)]);
}

/** Offered languages without repeats, the default among them. */
export function checkLanguages(defaultLanguage: Language, languages: Language[]): void {
  if (new Set(languages).size !== languages.length)
    throw new AppError('brand.language.invalid', undefined, ['a language is listed twice']);
  if (!languages.includes(defaultLanguage))
    throw new AppError('brand.language.invalid', undefined, [
      `the default ${defaultLanguage} is not offered`,
    ]);
}

const csKey = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
};

const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * Brands as the back office runs them: a new brand with everything its site reads, and every
 * brand switch the site reads today, with what a change means for players before it is saved.
 * Each change drops this instance's brand cache; other instances see it within their cache time.
 */
export class BrandsService {
  constructor(
    private readonly repo: BrandsRepository,
    private readonly brands: BrandResolver,
  ) {}

  async list(): Promise<BrandSummary[]> {
    const [rows, hosts] = await Promise.all([this.repo.listBrands(), this.repo.allHosts()]);
    return rows.map((r) => ({
      code: r.code,
      name: r.name,
      hosts: hosts.filter((h) => h.merchant_code === r.code).map((h) => h.host),
      defaultLanguage: r.default_language,
      languages: r.languages,
      currency: r.currency,
      currencySymbol: r.currency_symbol,
      timezone: r.timezone,
      maintenance: r.maintenance_on,
      createdAt: r.created_at.toISOString(),
    }));
  }

  /** Creates a brand with sane defaults for all the site reads; refuses a taken code or host. */
  async create(input: NewBrand, by: string): Promise<BrandSettings> {
    checkLanguages(input.defaultLanguage, input.languages);
    checkTimezone(input.timezone);
    const hosts = unique(input.hosts);
    await this.repo.transaction(async (trx) => {
      if (await this.repo.merchant(input.code, trx))
        throw new AppError('brand.code.taken', undefined, [input.code]);
      const taken = await this.repo.hostsTaken(hosts, null, trx);
      if (taken.length) throw new AppError('brand.host.taken', undefined, [taken[0]!]);
      await this.repo.insertMerchant(trx, {
        code: input.code,
        name: input.name,
        default_language: input.defaultLanguage,
        languages: input.languages,
        currency: input.currency,
        currency_symbol: input.currencySymbol,
        timezone: input.timezone,
        logined_to_home_page: false,
        blocked_countries: [],
        maintenance_on: false,
        maintenance_end_time: null,
        gtag_id: null,
        image_cdns: ['/media'],
        launch_game_cdns: ['/'],
        social: JSON.stringify({ facebook: '', telegram: '', whatsapp: '' }),
        licence: JSON.stringify({}),
        stats: JSON.stringify({ avgDepositSeconds: 0, avgWithdrawSeconds: 0 }),
        legacy_crypto: false,
        geetest_id: null,
        lottery_rtp_bp: JSON.stringify({}),
        theme: input.theme ? JSON.stringify(input.theme) : null,
        // Without an image the site shows the brand's name as its logo (brand-logo.ts).
        logo_path: input.logoPath ?? `/brand-logo/${input.code}.svg`,
        favicon_path: input.faviconPath,
      });
      await this.repo.replaceHosts(trx, input.code, hosts);
      await this.repo.upsertModuleNodes(trx, defaultModuleNodes(input.code));
      await this.writeRules(trx, input.code, DEFAULT_REGISTER_RULES);
      await this.writeCashier(trx, input.code, DEFAULT_CASHIER);
      await this.repo.insertApprovalThreshold(trx, {
        merchant_code: input.code,
        withdrawal_approval_threshold: toMinor(DEFAULT_APPROVAL_THRESHOLD) ?? 0n,
        updated_by: by,
      });
      await this.writeLinks(trx, input.code, {
        hosts,
        resources: input.resources,
        customerService: input.customerService,
        domainRoutes: [],
      });
    });
    this.brands.invalidate();
    return this.settings(input.code);
  }

  /** The QR code of a brand's app download, drawn from its address; null when there is none. */
  async appQrSvg(code: string, type: string): Promise<string | null> {
    const url = await this.repo.resourceUrl(code, type);
    return url ? QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) : null;
  }

  /** Every setting the site reads for the brand, as the settings page edits it. */
  async settings(code: string, db: Db = this.repo.db): Promise<BrandSettings> {
    const m = await this.repo.merchant(code, db);
    if (!m) throw new AppError('brand.not.found');
    const [hosts, resources, cs, nodes, rules, cashier, routes] = await Promise.all([
      this.repo.hostsOf(code, db),
      this.repo.resources(code, db),
      this.repo.customerService(code, db),
      this.repo.moduleNodes(code, db),
      this.repo.registerRules(code, db),
      this.repo.cashier(code, db),
      this.repo.domainRoutes(code, db),
    ]);
    const theme = brandThemeSchema.safeParse(m.theme);
    const social = (m.social ?? {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      general: {
        name: m.name,
        defaultLanguage: m.default_language as Language,
        languages: m.languages as Language[],
        currencySymbol: m.currency_symbol,
        timezone: m.timezone,
        loginedToHomePage: m.logined_to_home_page,
        gtagId: m.gtag_id,
        logoPath: m.logo_path,
        faviconPath: m.favicon_path,
        theme: theme.success ? theme.data : null,
        social: {
          facebook: text(social.facebook),
          telegram: text(social.telegram),
          whatsapp: text(social.whatsapp),
        },
      },
      links: {
        hosts: hosts.map((h) => h.host),
        resources: resources.map((r) => ({ type: r.resource_type, url: r.url })),
        customerService: cs.map((c) => ({
          position: c.cs_position,
          type: c.cs_type as 'VIP' | 'LIVECHAT',
          url: unscrambleCsPath(c.path) ?? '',
        })),
        domainRoutes: routes.map((d) => ({ domain: d.domain, speed: d.speed })),
      },
      modules: BRAND_MODULES.map((modId, i) => {
        const n = nodes.find((x) => x.mod_id === modId);
        return { modId, enabled: n?.enabled ?? false, sort: n?.sort ?? i };
      }),
      registerRules: REGISTER_FIELDS.map((field) => {
        const r = rules.find((x) => x.field === field);
        if (!r)
          return { field, enabled: false, required: false, patternId: 'ANY' as const, min: 0, max: 255 };
        return {
          field,
          enabled: r.enabled,
          required: r.required,
          patternId: (r.pattern_id in REGISTER_PATTERNS ? r.pattern_id : 'ANY') as RegisterPatternId,
          min: r.min_length,
          max: r.max_length,
        };
      }),
      cashier: cashier
        ? {
            withdrawMin: minorText(cashier.withdraw_min),
            withdrawMax: minorText(cashier.withdraw_max),
            withdrawDailyCount: cashier.withdraw_daily_count,
            withdrawConfirmMinutes: cashier.withdraw_confirm_minutes,
            uplineTransfer: cashier.upline_transfer_enabled,
            singleWallet: cashier.single_wallet,
          }
        : DEFAULT_CASHIER,
      security: {
        legacyCrypto: m.legacy_crypto,
        passwordExpiryDays: m.password_expiry_days,
        enforcePasswordExpiry: m.enforce_password_expiry,
        geetestId: m.geetest_id,
      },
    };
  }

  /** The rules no schema can check: each refusal names the setting. */
  private validate(s: BrandSettings): void {
    checkLanguages(s.general.defaultLanguage, s.general.languages);
    checkTimezone(s.general.timezone);
    const bad = (why: string) => new AppError('brand.settings.invalid', undefined, [why]);
    if (new Set(s.links.hosts).size !== s.links.hosts.length) throw bad('a domain is listed twice');
    if (new Set(s.links.resources.map((r) => r.type)).size !== s.links.resources.length)
      throw bad('an app download type is listed twice');
    if (
      new Set(s.links.customerService.map((c) => `${c.position} ${c.type}`)).size !==
      s.links.customerService.length
    )
      throw bad('a customer-service link is listed twice');
    if (new Set(s.links.domainRoutes.map((d) => d.domain)).size !== s.links.domainRoutes.length)
      throw bad('an app domain is listed twice');
    if (new Set(s.modules.map((m) => m.modId)).size !== s.modules.length)
      throw bad('a module is listed twice');
    if (new Set(s.registerRules.map((r) => r.field)).size !== s.registerRules.length)
      throw bad('a registration field is listed twice');
    for (const r of s.registerRules) {
      if (r.min > r.max) throw bad(`${r.field}: the minimum length is above the maximum`);
      if (r.required && !r.enabled) throw bad(`${r.field}: a required field must be shown`);
    }
    for (const f of ['username', 'password'] as const) {
      const r = s.registerRules.find((x) => x.field === f);
      if (r && !(r.enabled && r.required)) throw bad(`${f}: sign-up always asks for it`);
    }
    const on = (id: string) => s.modules.find((m) => m.modId === id)?.enabled;
    if (!WHITELABEL_FLAGS.some((f) => f.endsWith('REG3') && f !== 'REGMOBVERF3' && on(f)))
      throw bad('at least one way to sign up must stay on');
    const min = toMinor(s.cashier.withdrawMin) ?? 0n;
    const max = toMinor(s.cashier.withdrawMax) ?? 0n;
    if (min <= 0n) throw bad('the minimum withdrawal must be above zero');
    if (min > max) throw bad('the minimum withdrawal is above the maximum');
    if (s.security.enforcePasswordExpiry && s.security.passwordExpiryDays === null)
      throw bad('enforcing password expiry needs a number of days');
  }

  /** What saving these settings would change for players; nothing is written. */
  async preview(code: string, next: BrandSettings): Promise<BrandChange[]> {
    this.validate(next);
    const taken = await this.repo.hostsTaken(next.links.hosts, code);
    if (taken.length) throw new AppError('brand.host.taken', undefined, [taken[0]!]);
    return brandChanges(await this.settings(code), next);
  }

  /** Saves every setting at once (all or nothing); answers the settings before and after. */
  async save(code: string, next: BrandSettings) {
    this.validate(next);
    const result = await this.repo.transaction(async (trx) => {
      const before = await this.settings(code, trx);
      const taken = await this.repo.hostsTaken(next.links.hosts, code, trx);
      if (taken.length) throw new AppError('brand.host.taken', undefined, [taken[0]!]);
      const g = next.general;
      const s = next.security;
      await this.repo.updateMerchant(trx, code, {
        name: g.name,
        default_language: g.defaultLanguage,
        languages: g.languages,
        currency_symbol: g.currencySymbol,
        timezone: g.timezone,
        logined_to_home_page: g.loginedToHomePage,
        gtag_id: g.gtagId,
        logo_path: g.logoPath,
        favicon_path: g.faviconPath,
        theme: g.theme ? JSON.stringify(g.theme) : null,
        social: JSON.stringify(g.social),
        legacy_crypto: s.legacyCrypto,
        password_expiry_days: s.passwordExpiryDays,
        enforce_password_expiry: s.enforcePasswordExpiry,
        geetest_id: s.geetestId,
      });
      await this.writeLinks(trx, code, next.links);
      const nodes = defaultModuleNodes(code).map((n) => {
        const set = next.modules.find((m) => m.modId === n.mod_id);
        return set ? { ...n, enabled: set.enabled, sort: set.sort } : n;
      });
      // Roots first (inserted when missing, never switched off); the flags keep their stored state unless named.
      await this.repo.upsertModuleNodes(trx, nodes.slice(0, 2));
      const named = new Set(next.modules.map((m) => m.modId));
      await this.repo.upsertModuleNodes(
        trx,
        nodes.slice(2).filter((n) => named.has(n.mod_id as never)),
      );
      await this.writeRules(trx, code, next.registerRules);
      await this.writeCashier(trx, code, next.cashier);
      return { before, after: await this.settings(code, trx) };
    });
    this.brands.invalidate();
    return { ...result, changes: brandChanges(result.before, result.after) };
  }

  private async writeLinks(trx: Db, code: string, links: BrandSettings['links']) {
    const existing = await this.repo.resources(code, trx);
    await this.repo.replaceHosts(trx, code, unique(links.hosts));
    await this.repo.replaceResources(
      trx,
      code,
      links.resources.map((r, i) => ({
        merchant_code: code,
        resource_type: r.type,
        url: r.url,
        qr_path: qrPathFor(code, r, existing),
        sort: i,
      })),
    );
    await this.repo.replaceDomainRoutes(
      trx,
      code,
      links.domainRoutes.map((d) => ({ merchant_code: code, domain: d.domain, speed: d.speed })),
    );
    await this.repo.replaceCustomerService(
      trx,
      code,
      links.customerService.map((c) => ({
        merchant_code: code,
        cs_position: c.position,
        cs_type: c.type,
        path: scrambleCsPath(c.url, csKey()),
      })),
    );
  }

  private writeRules(trx: Db, code: string, rules: BrandSettings['registerRules']) {
    return this.repo.upsertRegisterRules(
      trx,
      rules.map((r) => ({
        merchant_code: code,
        field: r.field,
        enabled: r.enabled,
        required: r.required,
        accepted_pattern: REGISTER_PATTERNS[r.patternId],
        pattern_id: r.patternId,
        min_length: r.min,
        max_length: r.max,
        sort: REGISTER_FIELDS.indexOf(r.field),
      })),
    );
  }

  private writeCashier(trx: Db, code: string, c: BrandSettings['cashier']) {
    return this.repo.upsertCashier(trx, {
      merchant_code: code,
      single_wallet: c.singleWallet,
      withdraw_min: toMinor(c.withdrawMin) ?? 0n,
      withdraw_max: toMinor(c.withdrawMax) ?? 0n,
      withdraw_daily_count: c.withdrawDailyCount,
      withdraw_confirm_minutes: c.withdrawConfirmMinutes,
      upline_transfer_enabled: c.uplineTransfer,
      // Used only when the row is new: the demo gateway's signing secret, never shown.
      gateway_secret: randomBytes(32).toString('hex'),
    });
  }
}

export type { CreateBrand };

/**
 * Where the site finds an app download's QR code: an image drawn for it (the demo's) stays while
 * the address it encodes is unchanged; otherwise the server draws one from the address
 * (`/app-qr/<CODE>-<TYPE>.svg`), so a new or changed download never shows a stale or missing code.
 */
export function qrPathFor(
  code: string,
  r: { type: string; url: string },
  existing: readonly { resource_type: string; url: string; qr_path: string }[],
): string {
  const was = existing.find((e) => e.resource_type === r.type);
  if (was && was.url === r.url) return was.qr_path;
  return `/app-qr/${code}-${r.type}.svg`;
}
