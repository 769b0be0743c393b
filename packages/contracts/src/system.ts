import { z } from 'zod';
import { CS_TYPES, GAME_TYPES, LANGUAGES, SYSTEM_STATUS } from './constants';
import type { ModuleNode } from './module-tree';
import { brandThemeSchema } from './theme-schema';

export const languageSchema = z.enum(LANGUAGES);

export const moduleNodeSchema: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(moduleNodeSchema),
  }),
);

/** Fields of the registration form (SPEC section 3). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const registerRuleSchema = z.object({
  field: z.enum(REGISTER_FIELDS),
  enabled: z.boolean(),
  required: z.boolean(),
  /** A regular expression, or '*' for any value. */
  acceptedPattern: z.string(),
  patternId: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
});
export type RegisterRule = z.infer<typeof registerRuleSchema>;

export const resourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const customerServiceEntrySchema = z.object({
  csPosition: z.string(),
  csType: z.enum(CS_TYPES),
  /** Scrambled; the last 8 characters are the key (see cs-path in this package). */
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

export const domainRouteSchema = z.object({
  domainList: z.array(z.object({ domain: z.string(), speed: z.number() })),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export const brandInfoSchema = z.object({
  merchantCode: z.string(),
  brandName: z.string(),
  /** Brand logo, relative to the image CDN. */
  logoUrl: z.string(),
  currencySymbol: z.string(),
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  timezone: z.string(),
  loginedToHomePage: z.boolean(),
  whitelabel: z.array(moduleNodeSchema),
  register: z.array(registerRuleSchema),
  resources: z.array(resourceSchema),
  customerService: z.array(customerServiceEntrySchema),
  analytics: z.object({ gtagId: z.string().nullable() }),
  domainRoute: domainRouteSchema,
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  social: z.object({ facebook: z.string(), telegram: z.string(), whatsapp: z.string() }),
  licence: z.string(),
  stats: z.object({ avgDepositSeconds: z.number(), avgWithdrawSeconds: z.number() }),
  /** The brand's look (the platform's default when it has none); the site applies it. */
  theme: brandThemeSchema,
});
export type BrandInfo = z.infer<typeof brandInfoSchema>;

export const systemStatusSchema = z.object({
  status: z.union([
    z.literal(SYSTEM_STATUS.NORMAL),
    z.literal(SYSTEM_STATUS.MAINTENANCE),
    z.literal(SYSTEM_STATUS.REGION_RESTRICTED),
  ]),
  maintenance: z.boolean(),
  maintenanceEndTime: z.string().nullable(),
  /** The scheduled window's message to players, in the request language; absent otherwise. */
  maintenanceMessage: z.string().nullable().optional(),
  regionRestriction: z.boolean(),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  info: brandInfoSchema,
});
export type SystemStatusValue = z.infer<typeof systemStatusSchema>;

/** The payload a 503 carries while the brand is in maintenance. */
export const maintenancePayloadSchema = z.object({ maintenanceEndTime: z.string().nullable() });

export const statusQuerySchema = z.object({
  /** The permission call adds the current host; it overrides the Host header for brand resolution. */
  host: z
    .string()
    .max(253)
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i)
    .optional(),
});

export const helpSectionSchema = z.object({
  tag: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
});
export type HelpSection = z.infer<typeof helpSectionSchema>;
export const helpCenterSchema = z.object({ list: z.array(helpSectionSchema) });
export type HelpCenter = z.infer<typeof helpCenterSchema>;

export const serviceLinkQuerySchema = z.object({
  csPosition: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z_]{1,32}$/)
      .optional(),
  ),
});
export const serviceLinkSchema = z.object({
  csType: z.enum(CS_TYPES),
  version: z.object({
    pathList: z.array(z.object({ type: z.number().int(), path: z.string() })),
  }),
});
export type ServiceLink = z.infer<typeof serviceLinkSchema>;

export const rsaKeySchema = z.object({
  keyId: z.string(),
  /** SPKI public key, PEM. */
  publicKey: z.string(),
  /** The hybrid scheme our own client uses: RSA-OAEP(SHA-256) wraps an AES-256-GCM key. */
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
});
export type RsaKey = z.infer<typeof rsaKeySchema>;

export const gameTypeSchema = z.enum(GAME_TYPES);
