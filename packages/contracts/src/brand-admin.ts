import { z } from 'zod';
import { CS_TYPES, LANGUAGES, MODULE_SWITCHES, WHITELABEL_FLAGS } from './constants';
import { AMOUNT_PATTERN } from './money';
import { REGISTER_PATTERNS, type RegisterPatternId } from './register-patterns';
import { REGISTER_FIELDS } from './system';
import { brandThemeSchema } from './theme-schema';

/*
 * The back office's brands: creating a brand, every brand setting the site reads, maintenance
 * windows, region rules and the first owner's set-up. Shared by the server's routes (validation)
 * and the back office's forms.
 */

export const BRAND_CODE_PATTERN = /^[A-Z0-9_]{2,20}$/;
/** An ISO 4217 currency code (PHP, MYR, THB, ...). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;
/** A host name as a browser sends it (lower case, no port, no scheme). */
export const HOST_PATTERN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** An image: a path under the brand's image CDN, a path on the site (/...), or an https address. */
export const IMAGE_PATH_PATTERN = /^(https:\/\/[^\s"<>]{3,490}|\/?[A-Za-z0-9][A-Za-z0-9._/-]{0,199})$/;
/** Country codes (ISO 3166-1 alpha-2) in region rules. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
/** The module-tree switches the back office edits: the whitelabel flags and the module switches. */
export const BRAND_MODULES = [...WHITELABEL_FLAGS, ...MODULE_SWITCHES] as const;
export type BrandModule = (typeof BRAND_MODULES)[number];
export const REGISTER_PATTERN_IDS = Object.keys(REGISTER_PATTERNS) as RegisterPatternId[];

const language = z.enum(LANGUAGES);
const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s"<>]+$/, { error: 'must be an https:// address' });
const optionalUrl = z.union([z.literal(''), httpsUrl]);
const imagePath = z
  .string()
  .trim()
  .regex(IMAGE_PATH_PATTERN, { error: 'must be a path or an https:// address' });

export const brandGeneralSchema = z.object({
  name: z.string().trim().min(1).max(60),
  defaultLanguage: language,
  languages: z.array(language).min(1).max(LANGUAGES.length),
  currencySymbol: z.string().trim().min(1).max(8),
  /** An IANA time zone (e.g. Asia/Manila); checked against the runtime's list on the server. */
  timezone: z.string().trim().min(1).max(64),
  loginedToHomePage: z.boolean(),
  gtagId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{2,40}$/)
    .nullable(),
  logoPath: imagePath.nullable(),
  faviconPath: imagePath.nullable(),
  /** Null: the platform's own look. */
  theme: brandThemeSchema.nullable(),
  social: z.object({ facebook: optionalUrl, telegram: optionalUrl, whatsapp: optionalUrl }),
});
export type BrandGeneral = z.infer<typeof brandGeneralSchema>;

export const appResourceSchema = z.object({
  type: z.string().regex(/^[A-Z_]{2,20}$/),
  url: httpsUrl,
});
export const customerServiceLinkSchema = z.object({
  position: z.string().regex(/^[A-Z_]{2,20}$/),
  type: z.enum(CS_TYPES),
  /** An https address or a path on the site (e.g. /helpmc#contact). */
  url: z.union([
    httpsUrl,
    z
      .string()
      .trim()
      .regex(/^\/[^\s"<>]{0,300}$/),
  ]),
});
export const brandLinksSchema = z.object({
  hosts: z.array(z.string().trim().toLowerCase().regex(HOST_PATTERN)).min(1).max(20),
  resources: z.array(appResourceSchema).max(10),
  customerService: z.array(customerServiceLinkSchema).max(10),
  /** The alternative domains the apps pick from by measured speed (the WPS domain list). */
  domainRoutes: z
    .array(
      z.object({
        domain: z.string().trim().toLowerCase().regex(HOST_PATTERN),
        speed: z.number().int().min(0).max(100_000),
      }),
    )
    .max(20),
});
export type BrandLinks = z.infer<typeof brandLinksSchema>;

export const brandModuleSettingSchema = z.object({
  modId: z.enum(BRAND_MODULES),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(999),
});

export const brandRegisterRuleSchema = z.object({
  field: z.enum(REGISTER_FIELDS),
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.enum(REGISTER_PATTERN_IDS as [RegisterPatternId, ...RegisterPatternId[]]),
  min: z.number().int().min(0).max(255),
  max: z.number().int().min(1).max(255),
});
export type BrandRegisterRule = z.infer<typeof brandRegisterRuleSchema>;

const amount = z.string().trim().regex(AMOUNT_PATTERN, { error: 'must be an amount like 100.00' });
export const brandCashierSchema = z.object({
  withdrawMin: amount,
  withdrawMax: amount,
  withdrawDailyCount: z.number().int().min(1).max(100),
  withdrawConfirmMinutes: z.number().int().min(0).max(1440),
  uplineTransfer: z.boolean(),
  singleWallet: z.boolean(),
});
export type BrandCashier = z.infer<typeof brandCashierSchema>;

export const brandSecuritySchema = z.object({
  legacyCrypto: z.boolean(),
  passwordExpiryDays: z.number().int().min(1).max(3650).nullable(),
  enforcePasswordExpiry: z.boolean(),
  geetestId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8,64}$/)
    .nullable(),
});
export type BrandSecurity = z.infer<typeof brandSecuritySchema>;

/** Every brand switch the site reads, as the settings page edits them (one document). */
export const brandSettingsSchema = z.object({
  general: brandGeneralSchema,
  links: brandLinksSchema,
  modules: z.array(brandModuleSettingSchema).max(BRAND_MODULES.length),
  registerRules: z.array(brandRegisterRuleSchema).max(REGISTER_FIELDS.length),
  cashier: brandCashierSchema,
  security: brandSecuritySchema,
});
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/**
 * One change players will notice, in plain words (the back office words it from `kind`):
 * `subject` names the field, module or setting; `from` and `to` the values where they help.
 */
export const BRAND_CHANGE_KINDS = [
  'name',
  'languages.added',
  'languages.removed',
  'language.default',
  'currency',
  'timezone',
  'home.after.login',
  'analytics',
  'logo',
  'favicon',
  'theme',
  'social',
  'host.added',
  'host.removed',
  'resource.changed',
  'domain.routes',
  'service.changed',
  'module.shown',
  'module.hidden',
  'module.order',
  'register.field.shown',
  'register.field.hidden',
  'register.field.required',
  'register.field.optional',
  'register.field.rule',
  'withdraw.limits',
  'withdraw.count',
  'withdraw.confirm',
  'transfer.upline',
  'wallet.single',
  'legacy.crypto',
  'password.expiry',
  'password.enforce',
  'geetest',
] as const;
export type BrandChangeKind = (typeof BRAND_CHANGE_KINDS)[number];
export const brandChangeSchema = z.object({
  kind: z.enum(BRAND_CHANGE_KINDS),
  subject: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type BrandChange = z.infer<typeof brandChangeSchema>;

export const createBrandSchema = z.object({
  code: z.string().trim().toUpperCase().regex(BRAND_CODE_PATTERN, {
    error: 'must be 2 to 20 capital letters, digits or _',
  }),
  name: z.string().trim().min(1).max(60),
  hosts: z.array(z.string().trim().toLowerCase().regex(HOST_PATTERN)).min(1).max(20),
  defaultLanguage: language,
  languages: z.array(language).min(1).max(LANGUAGES.length),
  /** Fixed once the brand exists: its balances and reports are in it. */
  currency: z.string().trim().toUpperCase().regex(CURRENCY_CODE_PATTERN, {
    error: 'must be a 3-letter ISO 4217 code',
  }),
  currencySymbol: z.string().trim().min(1).max(8),
  timezone: z.string().trim().min(1).max(64),
  logoPath: imagePath.nullable().default(null),
  faviconPath: imagePath.nullable().default(null),
  theme: brandThemeSchema.nullable().default(null),
  resources: z.array(appResourceSchema).max(10).default([]),
  customerService: z.array(customerServiceLinkSchema).max(10).default([]),
});
export type CreateBrand = z.input<typeof createBrandSchema>;

export const brandSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  defaultLanguage: z.string(),
  languages: z.array(z.string()),
  currency: z.string(),
  currencySymbol: z.string(),
  timezone: z.string(),
  maintenance: z.boolean(),
  createdAt: z.string(),
});
export type BrandSummary = z.infer<typeof brandSummarySchema>;

export const maintenanceWindowInputSchema = z.object({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** The message players see, per language; at least the brand's default language. */
  message: z.partialRecord(language, z.string().trim().max(500)),
  allowedUsernames: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9_]{2,30}$/),
    )
    .max(50)
    .default([]),
});
export type MaintenanceWindowInput = z.input<typeof maintenanceWindowInputSchema>;

export const maintenanceWindowSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  message: z.partialRecord(language, z.string()),
  allowedUsernames: z.array(z.string()),
  createdBy: z.string(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  /** UPCOMING, ACTIVE, ENDED or CANCELLED at the time of the answer. */
  state: z.enum(['UPCOMING', 'ACTIVE', 'ENDED', 'CANCELLED']),
});
export type MaintenanceWindowView = z.infer<typeof maintenanceWindowSchema>;

export const maintenanceStateSchema = z.object({
  /** The immediate switch (on until switched off, or until its end time). */
  maintenanceOn: z.boolean(),
  maintenanceEndTime: z.string().nullable(),
  windows: z.array(maintenanceWindowSchema),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

export const regionRulesSchema = z.object({
  /** Non-empty: only these countries may use the site. */
  allowedCountries: z.array(z.string().trim().toUpperCase().regex(COUNTRY_CODE_PATTERN)).max(250),
  blockedCountries: z.array(z.string().trim().toUpperCase().regex(COUNTRY_CODE_PATTERN)).max(250),
});
export type RegionRules = z.infer<typeof regionRulesSchema>;

export const setupStateSchema = z.object({ needed: z.boolean() });
export const setupRequestSchema = z.object({
  token: z.string().trim().min(10).max(200),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9._-]{2,31}$/, { error: 'must be 3 to 32 letters, digits, dot, dash or _' }),
  displayName: z.string().trim().min(1).max(60),
});
export const setupResultSchema = z.object({ username: z.string(), oneTimePassword: z.string() });
