import { HEADERS, parseLanguage, type Language } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';
import type { BrandResolver } from './brand';
import { type Brand } from './brand';
import { countryOf } from './geo-ip';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is for; set on every API route. */
    brand: Brand;
    /** The language answers and messages are given in. */
    lang: Language;
  }
  interface FastifyContextConfig {
    /** Reachable while the brand is in maintenance or the client's region is blocked (status, help). */
    openWhenClosed?: boolean;
  }
}

const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
const STATUS_PATH = '/wps/system/status';
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

interface Closure {
  maintenance: boolean;
  regionRestriction: boolean;
  countryCode: string | null;
}

/** Whether the brand is closed to this client: maintenance, or its country is blocked. */
export function closureFor(brand: Brand, ip: string): Closure {
  const countryCode = countryOf(ip);
  return {
    maintenance: brand.maintenanceOn,
    regionRestriction: countryCode !== null && brand.blockedCountries.includes(countryCode),
    countryCode,
  };
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
  async (app: FastifyInstance, opts: { resolver: BrandResolver }) => {
    app.decorateRequest('brand', null as unknown as Brand);
    app.decorateRequest('lang', 'EN');

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      const merchant = request.headers[HEADERS.merchant];
      // Only the permission call names the host in its query (SPEC section 7); elsewhere it is ignored.
      const hostParam =
        request.routeOptions.url === STATUS_PATH
          ? (request.query as Record<string, unknown> | undefined)?.host
          : undefined;
      const host = typeof hostParam === 'string' && hostParam ? hostParam : request.host;
      request.brand = await opts.resolver.resolve(typeof merchant === 'string' ? merchant : undefined, host);

      const { raw, lang } = requestedLanguage(request);
      // Set before the check below so even that refusal is worded in the brand's language.
      request.lang = lang && request.brand.languages.includes(lang) ? lang : request.brand.defaultLanguage;
      if (raw !== undefined && !lang) throw new AppError('system.language.unsupported');

      if (request.routeOptions.config.openWhenClosed) return;
      const closure = closureFor(request.brand, request.ip);
      if (closure.maintenance) {
        throw new AppError('system.maintenance', {
          maintenanceEndTime: request.brand.maintenanceEndTime?.toISOString() ?? null,
        });
      }
      if (closure.regionRestriction) throw new AppError('system.region.restricted');
    });
  },
  { name: 'request-context' },
);
