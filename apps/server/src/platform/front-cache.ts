import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { HEADERS } from '@app/contracts';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedLru } from './bounded-lru';
import type { Brand } from './brand';

/** How the server trusts proxies (config TRUST_PROXY): no proxy, their addresses, or a test. */
export type TrustProxy = false | string[] | ((addr: string, hop: number) => boolean);

/** A finished answer and what it was built from. */
interface Entry {
  route: string;
  /** The brand the request resolved to when the answer was built: the same object must resolve now. */
  brand: Brand;
  /** Whether the data the answer was built from is still current. */
  current: () => boolean;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

export interface FrontCacheOptions {
  trustProxy: TrustProxy;
  /** The brand a Merchant header or host resolves to, when known without the database. */
  brandOf: (merchantHeader: string | undefined, host: string) => Brand | undefined;
  /** Whether the brand is closed to this address now (maintenance, region): such a request goes the whole way. */
  closedTo: (brand: Brand, ip: string) => boolean;
  /** Counts an answer given here (the request metrics' counter and timer). */
  counted: (route: string, seconds: number) => void;
  log: FastifyBaseLogger;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * Answers the hottest public reads (the game list) before the framework sees them: the same
 * bytes and headers a full pass answered to a request identical in everything the route reads
 * (address and query, Merchant and Language headers, host, protocol, Accept-Encoding), while the
 * data it was built from is current and the brand resolves to the same object. Every request
 * here still passes the maintenance and region gates, evaluated for its own address now (the
 * input guard has nothing to add: the query is the one it passed, and Node's parser refuses what
 * it looks for in headers); anything else (no entry, a stale brand or catalogue, a body,
 * a closed brand, a method other than GET) goes the whole way through Fastify, which answers and
 * refills. A full pass costs several times the bare framework's own request (hooks, validation,
 * routing); this path costs about what Node's HTTP server does.
 *
 * A route opts in with `keep` as its onSend hook and `currentWhile(request, check)` in its
 * handler; its answer must depend on nothing but the inputs above and the data `check` watches.
 */
export class FrontCache {
  private readonly entries: BoundedLru<Entry>;
  private readonly pending = new WeakMap<FastifyRequest, () => boolean>();
  private readonly trust: (addr: string, hop: number) => boolean;
  /** Answers given here (tests read it). */
  served = 0;
  private stopped = false;

  constructor(private readonly opts: FrontCacheOptions) {
    const tp = opts.trustProxy;
    // The same trust Fastify compiles from the option (its request.ip, host and protocol).
    this.trust = tp === false ? () => false : typeof tp === 'function' ? tp : proxyAddr.compile(tp);
    this.entries = new BoundedLru(
      (e) => e.body.length,
      opts.maxEntries ?? 2_000,
      opts.maxBytes ?? 64 * 1024 * 1024,
    );
  }

  /**
   * Stops answering and keeping (the server is closing: the framework then answers 503 and closes
   * each connection, which this path must not undo by answering on it).
   */
  stop(): void {
    this.stopped = true;
    this.entries.clear();
  }

  /** Answers `req` from an entry and returns true, or returns false and leaves it untouched. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.entries.size === 0 || req.method !== 'GET' || req.url === undefined) return false;
    if (hasBody(req)) return false;
    const origin = this.originOf(req);
    const key = this.keyOf(req, origin);
    const entry = this.entries.get(key);
    if (!entry) return false;
    const started = performance.now();
    const brand = this.opts.brandOf(merchantOf(req), origin.host);
    if (brand !== entry.brand || !entry.current()) return false;
    if (this.opts.closedTo(brand, this.ipOf(req))) return false;
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    this.served++;
    const seconds = (performance.now() - started) / 1000;
    this.opts.counted(entry.route, seconds);
    if (LOGGED.has(this.opts.log.level)) {
      this.opts.log.info(
        {
          req: { method: 'GET', url: req.url },
          res: { statusCode: 200 },
          responseTime: seconds * 1000,
          front: true,
        },
        'request completed',
      );
    }
    return true;
  }

  /** Marks the answer being built for `request` as good while `current` holds. */
  currentWhile(request: FastifyRequest, current: () => boolean): void {
    this.pending.set(request, current);
  }

  /** The route's onSend hook: keeps its answer when the handler marked it. */
  readonly keep = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ): void => {
    const current = this.pending.get(request);
    if (current && Buffer.isBuffer(payload) && reply.statusCode === 200)
      this.store(request, reply, payload, current);
    done(null, payload);
  };

  private store(request: FastifyRequest, reply: FastifyReply, body: Buffer, current: () => boolean): void {
    const raw = request.raw;
    if (
      this.stopped ||
      raw.method !== 'GET' ||
      raw.url === undefined ||
      reply.hasHeader('set-cookie') ||
      request.maintenanceHeld
    )
      return;
    if (hasBody(raw)) return;
    const origin = this.originOf(raw);
    // This path works out host, protocol and address on its own: it keeps an answer only when
    // they agree with what the framework worked out for the request that built it.
    if (origin.host !== request.host || origin.protocol !== request.protocol || this.ipOf(raw) !== request.ip)
      return;
    const headers: OutgoingHttpHeaders = { 'content-length': body.length };
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    this.entries.set(this.keyOf(raw, origin), {
      route: request.routeOptions.url ?? request.url,
      brand: request.brand,
      current,
      headers,
      body,
    });
  }

  /** Everything a kept answer may depend on, besides the data its check watches. */
  private keyOf(req: IncomingMessage, origin: { host: string; protocol: string }): string {
    const h = req.headers;
    return [
      req.url,
      origin.protocol,
      origin.host,
      merchantOf(req) ?? '',
      text(h[HEADERS.language]),
      text(h['accept-encoding']),
    ].join('\n');
  }

  /** The host and protocol as Fastify's request.host and request.protocol give them. */
  private originOf(req: IncomingMessage): { host: string; protocol: string } {
    const trusted = req.socket.remoteAddress !== undefined && this.trust(req.socket.remoteAddress, 0);
    const fHost = req.headers['x-forwarded-host'];
    const fProto = req.headers['x-forwarded-proto'];
    return {
      host: trusted && fHost ? lastEntry(fHost) : (req.headers.host ?? ''),
      protocol:
        trusted && fProto
          ? lastEntry(fProto)
          : 'encrypted' in req.socket && req.socket.encrypted
            ? 'https'
            : 'http',
    };
  }

  /** The client's address as Fastify's request.ip gives it. */
  private ipOf(req: IncomingMessage): string {
    const addrs = proxyAddr.all(req, this.trust);
    return addrs[addrs.length - 1] ?? '';
  }
}

/** Levels at which Fastify logs every request (the answers given here are logged alike). */
const LOGGED = new Set(['trace', 'debug', 'info']);

/** Whether a request carries a body: on a GET, for the framework to read or refuse. */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;

/** The Merchant header as the request context reads it (a string, else none). */
function merchantOf(req: IncomingMessage): string | undefined {
  const header = req.headers[HEADERS.merchant];
  return typeof header === 'string' && header ? header : undefined;
}

const text = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

/** The last of a comma-separated header's values, trimmed (Fastify's reading of X-Forwarded-*). */
function lastEntry(value: string | string[]): string {
  const joined = Array.isArray(value) ? value.join(',') : value;
  const at = joined.lastIndexOf(',');
  return at === -1 ? joined.trim() : joined.slice(at + 1).trim();
}
