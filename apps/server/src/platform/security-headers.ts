import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from './request-context';

/**
 * Features no page of the site uses, denied to it and to every frame in it (the games' frames
 * keep fullscreen, autoplay and clipboard-write, which the site allows them).
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The house games' clients (/play/...): the site frames them, so they may be framed by it. */
function isGameClientPage(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/play/');
}

/** The SHA-256 CSP sources of the inline scripts of a built page (the theme script of index.html). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Browser security headers on every answer (the site, the API, media): a content security policy,
 * HSTS in production, no framing by other sites, nosniff, a referrer policy and (on pages) a
 * permissions policy.
 * Routes with a page of their own (the demo gateway's pay page, /docs) set a stricter or their own
 * policy on the reply, which wins over this one.
 *
 * The policy lets the built site run as it is: its scripts are files of the site (the one inline
 * script, the theme before first paint, is allowed by its hash, read from the built index.html);
 * styles are its files and the brand theme's inline <style>; images and media may come from a brand's image CDN (any https host, data: and blob:
 * for QR codes and canvases); games open in frames from the site or a brand's https launch CDN;
 * API calls and the service worker stay on the site.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { production: boolean; indexHtml?: string }) => {
    const indexHtml = opts.indexHtml;
    const html = indexHtml && existsSync(indexHtml) ? readFileSync(indexHtml, 'utf8') : '';
    const options = (frameAncestors: string): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...inlineScriptHashes(html)],
          'script-src-attr': ["'none'"],
          // Inline styles too: the served page carries each brand's theme in a <style> element that
          // the site rewrites when the theme changes. Scripts, the real injection risk, stay strict.
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'media-src': ["'self'", 'data:', 'blob:', 'https:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': ["'self'", 'https:'],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': [frameAncestors],
          ...(opts.production ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      // Production is served over TLS (behind the proxy); a local http demo must not pin https.
      // Not includeSubDomains: a brand's domain may have other, http-only hosts the operator does not run.
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      // Set below with frame-ancestors' value: helmet's is one value for every page.
      xFrameOptions: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The customer-service window is opened by the site and then goes to the chat's own site.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
    });
    // A set's headers are the same on every answer of its kind (page, game client, API), so each
    // set is built once here (building helmet's middleware per request was a tenth of a game-list
    // request's time) and handed to every reply.
    const site: Record<string, string> = {
      ...headersOf(options("'none'")),
      'x-frame-options': 'DENY',
      'permissions-policy': PERMISSIONS_POLICY,
    };
    const game = {
      ...headersOf(options("'self'")),
      'x-frame-options': 'SAMEORIGIN',
      'permissions-policy': PERMISSIONS_POLICY,
    };
    // The API's answers (JSON, and the images and files it serves) are never pages that run
    // anything: the set OWASP gives for REST services, with a policy that allows nothing at all
    // should one be opened as a document. The page-only headers (the page policy, COOP, the
    // permissions policy, the legacy ones) would be a kilobyte more on every call of the site.
    const api: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const hsts = site['strict-transport-security'];
    if (hsts) api['strict-transport-security'] = hsts;
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isGameClientPage(req.url) ? game : isApiPath(req.url) ? api : site);
      done();
    });
  },
  { name: 'security-headers' },
);

/** The headers helmet's middleware sets with these options (it reads nothing of the request). */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
