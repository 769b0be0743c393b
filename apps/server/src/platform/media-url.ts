import type { FastifyRequest } from 'fastify';
// Type-only: brings in the FastifyRequest.brand augmentation read here.
import type {} from './request-context';

const ABSOLUTE = /^https?:\/\//i;
/** What a Host header may hold to be put into a URL (name or address, optional port). */
const HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/** 'https://host[:port]' of the request; empty when its Host header is not a plain host name. */
export function requestOrigin(req: FastifyRequest): string {
  return HOST.test(req.host) ? `${req.protocol}://${req.host}` : '';
}

/**
 * The absolute base of the brand's image CDN for this request: its first image CDN (one fixed
 * choice keeps cached answers identical), made absolute against the request's own origin when it
 * is a path (the demo's '/media', which this server serves). Empty when the Host header is not a
 * plain host name: paths then stay relative rather than carry whatever the header held.
 */
export function mediaBase(req: FastifyRequest): string {
  const cdn = (req.brand.imageCdns[0] ?? '/media').replace(/\/+$/, '');
  if (ABSOLUTE.test(cdn)) return cdn;
  const origin = requestOrigin(req);
  return origin && `${origin}${cdn.startsWith('/') ? cdn : `/${cdn}`}`;
}

/** A media path (as stored: 'games/PG/x.svg') as a URL under `base`; absolute paths are kept. */
export function mediaUrl(base: string, path: string): string {
  if (!base || ABSOLUTE.test(path) || path.startsWith('//')) return path;
  return `${base}/${path.replace(/^\/+/, '')}`;
}
