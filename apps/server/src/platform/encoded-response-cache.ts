import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BoundedLru } from './bounded-lru';

/** An answer as bytes: its JSON, and the JSON gzipped when it is worth compressing. */
interface Encoded {
  json: Buffer;
  gzip: Buffer | null;
}

const sizeOf = (e: Encoded) => e.json.length + (e.gzip?.length ?? 0);

/** Below this many bytes an answer goes out uncompressed (the compression plugin's threshold). */
const COMPRESS_FROM = 1024;

/** Whether the client takes gzip (`gzip` listed, not with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Answers that are the same for every caller of a brand until its data changes (a game list page
 * of a catalogue snapshot), kept as finished bytes: a hit skips building, validating, serialising
 * and compressing the answer, which is most of what such a request costs. Entries belong to a
 * version of the data (any object: the snapshot); a new version drops the scope's old entries.
 * Each scope keeps at most `maxEntries` (least recently used dropped first), so callers may put
 * free text (a search) in the key.
 */
export class EncodedResponseCache {
  private readonly scopes = new Map<string, { version: object; entries: BoundedLru<Encoded> }>();

  constructor(
    /** What every answer must satisfy (checked on each miss, as the response schema would). */
    private readonly schema: z.ZodType,
    private readonly maxEntries = 2000,
    /**
     * Bytes a scope may hold (JSON and gzip): whole-catalogue pages are large, and a search in the
     * key must not let callers fill the memory with them.
     */
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The bytes for `key` in `scope` at `version`, built with `build` on a miss. */
  async get(scope: string, version: object, key: string, build: () => Promise<unknown>): Promise<Encoded> {
    let s = this.scopes.get(scope);
    if (!s || s.version !== version) {
      s = { version, entries: new BoundedLru(sizeOf, this.maxEntries, this.maxBytes) };
      this.scopes.set(scope, s);
    }
    const hit = s.entries.get(key);
    if (hit) return hit;
    const json = Buffer.from(JSON.stringify(this.schema.parse(await build())));
    const encoded: Encoded = { json, gzip: json.length >= COMPRESS_FROM ? gzipSync(json) : null };
    // The version may have moved on while building: keep it only under the version it was built from.
    if (this.scopes.get(scope) === s) s.entries.set(key, encoded);
    return encoded;
  }

  /** Sends cached bytes: gzipped to clients that take it (the compression plugin sees it is done). */
  static send(req: FastifyRequest, reply: FastifyReply, e: Encoded): FastifyReply {
    reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (e.gzip && acceptsGzip(req.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(e.gzip);
    }
    return reply.send(e.json);
  }
}
