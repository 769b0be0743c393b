import { HEADERS, parseLanguage, PUSH_PATH, STAFF_PUSH_PATH, type Language } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
import type { BrandResolver } from './brand';
import type { LocalizedText } from '../db/schema';
import { activeWindow, NO_BRAND, type Brand } from './brand';
import { countryOf } from './geo-ip';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is for; set on every API route. */
    brand: Brand;
    /** The language answers and messages are given in. */
    lang: Language;
  }
  interface FastifyRequest {
    /** Refused later (preHandler) unless the caller is on the active maintenance window's allowed list. */
    maintenanceHeld: boolean;
    /** The caller's username as the maintenance gate sees it (session token, else a login's body). */
    callerUsername: () => Promise<string | null>;
  }
  interface FastifyContextConfig {
    /** Reachable while the brand is in maintenance or the client's region is blocked (status, help). */
    openWhenClosed?: boolean;
  }
}

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
const STATUS_PATH = '/wps/system/status';
const BACKOFFICE_API = '/wps/admin/';
const LOGIN_PATH = '/wps/session/login';
/**
 * The payload keys: public, and an allowed member needs them to log in while a window with an
 * allowed list is in force (nobody else gets further than the login).
 */
const KEY_PATHS = new Set(['/wps/session/key', '/wps/session/key/rsa']);
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

export interface Closure {
  maintenance: boolean;
  /** When the maintenance ends, if known (the window's end, else the switch's end time). */
  maintenanceEndTime: Date | null;
  /** The scheduled window's message per language, when a window closes the site. */
  maintenanceMessage: LocalizedText | null;
  regionRestriction: boolean;
  countryCode: string | null;
}

/**
 * Whether the brand is closed to this client: maintenance (the switch, or a scheduled window in
 * force, unless `username` is on that window's allowed list), or its country is refused (on the
 * block-list, or missing from a non-empty allow-list; an address of no known country is let in).
 */
export function closureFor(
  brand: Brand,
  ip: string,
  username: string | null = null,
  now: Date = new Date(),
): Closure {
  const countryCode = countryOf(ip);
  const window = activeWindow(brand, now);
  const windowCloses = !!window && !(username !== null && window.allowedUsernames.includes(username));
  const refused =
    countryCode !== null &&
    (brand.blockedCountries.includes(countryCode) ||
      (brand.allowedCountries.length > 0 && !brand.allowedCountries.includes(countryCode)));
  return {
    maintenance: brand.maintenanceOn || windowCloses,
    maintenanceEndTime: brand.maintenanceOn ? brand.maintenanceEndTime : (window?.endsAt ?? null),
    maintenanceMessage: !brand.maintenanceOn && windowCloses ? window.message : null,
    regionRestriction: refused,
    countryCode,
  };
}

/**
 * closureFor's verdict for a visitor (no username): closed by maintenance or refused by region.
 * The country is looked up only for a brand with a country list.
 */
export function closedTo(brand: Brand, ip: string, now: Date = new Date()): boolean {
  if (brand.maintenanceOn || activeWindow(brand, now)) return true;
  if (brand.blockedCountries.length === 0 && brand.allowedCountries.length === 0) return false;
  return closureFor(brand, ip, null, now).regionRestriction;
}

/** Finds the member a session token belongs to on a brand (the session module's lookup). */
type VerifyToken = (token: string, merchantCode: string) => Promise<{ username: string } | null>;

/**
 * The member a request comes from, only as far as the maintenance gate needs it: the session
 * token's member, else the username a login names.
 */
async function callerUsername(request: FastifyRequest, verify: VerifyToken): Promise<string | null> {
  const header = request.headers[HEADERS.authorization];
  const token = typeof header === 'string' ? header.replace(/^Bearer\s+/i, '').trim() : '';
  if (token) {
    const member = await verify(token, request.brand.code);
    if (member) return member.username.toLowerCase();
  }
  if (request.routeOptions.url === LOGIN_PATH && request.method === 'POST') {
    const username = (request.body as Record<string, unknown> | undefined)?.username;
    if (typeof username === 'string') return username.trim().toLowerCase();
  }
  return null;
}

/**
 * The closure for this request's caller: what the permission call answers (a tester on the
 * active window's allowed list sees the site open). The session is looked up only while a
 * window with an allowed list is in force.
 */
export async function closureOf(request: FastifyRequest): Promise<Closure> {
  const window = activeWindow(request.brand);
  const username = window && window.allowedUsernames.length > 0 ? await request.callerUsername() : null;
  return closureFor(request.brand, request.ip, username);
}

/** The language asked for by the Language header (or ?language=), if it is one we speak. */
export function requestedLanguage(request: FastifyRequest): {
  raw: string | undefined;
  lang: Language | undefined;
} {
  const header = request.headers[HEADERS.language];
  const query = (request.query as Record<string, unknown> | undefined)?.language;
  const raw = (typeof header === 'string' && header) || (typeof query === 'string' && query) || undefined;
  return { raw, lang: parseLanguage(raw) };
}

/**
 * Runs first on every API call: brand (Merchant header, else ?host= on the permission call,
 * else Host), language, then the maintenance and region gates.
 */
export const requestContext = fp(
  async (app: FastifyInstance, opts: { resolver: BrandResolver; verify?: VerifyToken }) => {
    // Without a session lookup no caller is on a window's allowed list.
    const verify: VerifyToken = opts.verify ?? (async () => null);
    app.decorateRequest('brand', null as unknown as Brand);
    app.decorateRequest('lang', 'EN');
    app.decorateRequest('maintenanceHeld', false);
    app.decorateRequest('callerUsername', async () => null);

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      request.callerUsername = () => callerUsername(request, verify);
      const header = request.headers[HEADERS.merchant];
      // A browser cannot set headers on a WebSocket: the push channel names its brand in the query.
      const named =
        typeof header === 'string'
          ? header
          : request.routeOptions.url === PUSH_PATH || request.routeOptions.url === STAFF_PUSH_PATH
            ? (request.query as Record<string, unknown> | undefined)?.merchant
            : undefined;
      const merchant = typeof named === 'string' && named ? named : undefined;
      // Only the permission call names the host in its query (SPEC section 7); elsewhere it is ignored.
      const hostParam =
        request.routeOptions.url === STATUS_PATH
          ? (request.query as Record<string, unknown> | undefined)?.host
          : undefined;
      const host = typeof hostParam === 'string' && hostParam ? hostParam : request.host;
      if (request.url.startsWith(BACKOFFICE_API) && !merchant) {
        // The back office before it picks a brand, or on a database with no brand yet: only
        // sign-in, set-up and platform-wide routes may run without one.
        const brand = await opts.resolver.resolve(undefined, host).catch(() => null);
        const operator = request.routeOptions.config.operator;
        if (!brand && operator && !operator.platform) throw new AppError('system.merchant.unknown');
        request.brand = brand ?? NO_BRAND;
        request.lang = request.brand.defaultLanguage;
        const { lang } = requestedLanguage(request);
        if (lang) request.lang = lang;
        return;
      }
      request.brand = await opts.resolver.resolve(merchant, host);

      const { raw, lang } = requestedLanguage(request);
      // Set before the check below so even that refusal is worded in the brand's language.
      request.lang = lang && request.brand.languages.includes(lang) ? lang : request.brand.defaultLanguage;
      if (raw !== undefined && !lang) throw new AppError('system.language.unsupported');

      if (request.routeOptions.config.openWhenClosed) return;
      const closure = closureFor(request.brand, request.ip);
      if (closure.maintenance) {
        const window = activeWindow(request.brand);
        // Its allowed members are known only once the session (or the login's body) is read.
        if (!request.brand.maintenanceOn && window && window.allowedUsernames.length > 0) {
          request.maintenanceHeld = true;
        } else {
          throw new AppError('system.maintenance', {
            maintenanceEndTime: closure.maintenanceEndTime?.toISOString() ?? null,
          });
        }
      }
      if (closure.regionRestriction) throw new AppError('system.region.restricted');
    });

    app.addHook('preHandler', async (request) => {
      if (!request.maintenanceHeld || KEY_PATHS.has(request.routeOptions.url ?? '')) return;
      const closure = closureFor(request.brand, request.ip, await request.callerUsername());
      if (closure.maintenance) {
        throw new AppError('system.maintenance', {
          maintenanceEndTime: closure.maintenanceEndTime?.toISOString() ?? null,
        });
      }
    });
  },
  { name: 'request-context' },
);
