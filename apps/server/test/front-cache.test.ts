/**
 * The game list answered ahead of the framework (platform/front-cache.ts), over real HTTP: the
 * same bytes a full pass answered, only to a request identical in what the list depends on,
 * never past a gate (maintenance, region) or a change of the catalogue or brand.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Platform } from '../src/app';
import { buildPlatformOn, buildTestApp, type TestContext } from './helper';

const LIST = '/wps/relay/GCSGAME_gameList?clientType=3&gameType=RNG&pageNo=1&pageSize=15';
/** Addresses the shipped GeoIP data places. */
const US_IP = '8.8.8.8';
const PH_IP = '203.177.0.1';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET as a client sends it, the body as it came (not decompressed). */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const json = (a: Answer) =>
  JSON.parse((a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body).toString('utf8')) as {
    success: boolean;
    errorCode?: string;
    value: { games: { gameName: string; nodeId: string }[]; totalCount: number };
  };

/** The headers of two answers that must be the same (the date aside). */
const sameHeaders = (a: Answer, b: Answer) => {
  const strip = ({ date: _date, ...rest }: IncomingHttpHeaders) => rest;
  expect(strip(b.headers)).toEqual(strip(a.headers));
};

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A server on the test database with a brand cache (the test app has none) and `env`. */
async function serve(
  env: Record<string, string> = {},
): Promise<{ platform: Platform; port: number; close(): Promise<void> }> {
  const platform = await buildPlatformOn(t.db, { BRAND_CACHE_SECONDS: '60', ...env });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (platform.app.server.address() as AddressInfo).port;
  return { platform, port, close: () => platform.app.close() };
}

describe('the game list ahead of the framework', () => {
  beforeEach(async () => {
    await t.db.db
      .updateTable('merchant')
      .set({ maintenance_on: false, blocked_countries: [], allowed_countries: [] })
      .where('code', '=', 'GOLDEN')
      .execute();
    await t.db.db.deleteFrom('maintenance_window').execute();
  });

  it('answers a repeated request with the bytes and headers of the full pass', async () => {
    const s = await serve();
    try {
      const headers = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };
      const first = await get(s.port, LIST, headers);
      expect(first.status).toBe(200);
      expect(s.platform.front.served).toBe(0);
      const second = await get(s.port, LIST, headers);
      expect(s.platform.front.served).toBe(1);
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body)).toBe(true);
      sameHeaders(first, second);
      // The security headers of every API answer are there.
      expect(second.headers['x-content-type-options']).toBe('nosniff');
      expect(second.headers['content-encoding']).toBe('gzip');
      expect(json(second).value.games).toHaveLength(15);
    } finally {
      await s.close();
    }
  });

  it('keeps one answer per language, brand, encoding and query, each as the full pass gives it', async () => {
    const s = await serve();
    try {
      const variants: [string, Record<string, string>][] = [
        [LIST, { merchant: 'GOLDEN', 'accept-encoding': 'gzip' }],
        [LIST, { merchant: 'GOLDEN', 'accept-encoding': 'gzip', language: 'CN' }],
        [LIST, { merchant: 'GOLDEN' }],
        [LIST, { merchant: 'LOTUS', 'accept-encoding': 'gzip' }],
        [LIST.replace('pageNo=1', 'pageNo=2'), { merchant: 'GOLDEN', 'accept-encoding': 'gzip' }],
      ];
      const full: Answer[] = [];
      for (const [path, headers] of variants) full.push(await get(s.port, path, headers));
      expect(s.platform.front.served).toBe(0);
      for (const [i, [path, headers]] of variants.entries()) {
        const again = await get(s.port, path, headers);
        expect(again.body.equals(full[i]!.body), `variant ${i}`).toBe(true);
        sameHeaders(full[i]!, again);
      }
      expect(s.platform.front.served).toBe(variants.length);
      // And they differ where they must: names in Chinese, no compression, another brand's games.
      const names = full.map((a) =>
        json(a)
          .value.games.map((g) => g.gameName)
          .join('|'),
      );
      expect(names[1]).not.toBe(names[0]);
      expect(full[2]!.headers['content-encoding']).toBeUndefined();
      expect(names[2]).toBe(names[0]);
      expect(full[4]!.body.equals(full[0]!.body)).toBe(false);
    } finally {
      await s.close();
    }
  });

  it('a brand switched to maintenance is closed at once, though its list was kept', async () => {
    const s = await serve();
    try {
      const headers = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };
      await get(s.port, LIST, headers);
      await get(s.port, LIST, headers);
      expect(s.platform.front.served).toBe(1);
      await t.db.db
        .updateTable('merchant')
        .set({ maintenance_on: true })
        .where('code', '=', 'GOLDEN')
        .execute();
      s.platform.brands.invalidate();
      const closed = await get(s.port, LIST, headers);
      expect(closed.status).toBe(503);
      expect(json(closed).errorCode).toBe('system.maintenance');
      expect(s.platform.front.served).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('a maintenance window that opens while the brand is cached closes the list when it starts', async () => {
    // The window is known to the cached brand before it starts: only the time changes.
    await t.db.db
      .insertInto('maintenance_window')
      .values({
        merchant_code: 'GOLDEN',
        starts_at: new Date(Date.now() + 1_500),
        ends_at: new Date(Date.now() + 3_600_000),
        message: JSON.stringify({ EN: 'Upgrade' }),
        allowed_usernames: [],
        created_by: 'test',
      })
      .execute();
    const s = await serve();
    try {
      const headers = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };
      expect((await get(s.port, LIST, headers)).status).toBe(200);
      expect((await get(s.port, LIST, headers)).status).toBe(200);
      expect(s.platform.front.served).toBe(1);
      await new Promise((r) => setTimeout(r, 1_700));
      const closed = await get(s.port, LIST, headers);
      expect(closed.status).toBe(503);
      expect(json(closed).errorCode).toBe('system.maintenance');
      expect(s.platform.front.served).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('a visitor from a refused country is refused, though a visitor from elsewhere had the list kept', async () => {
    await t.db.db
      .updateTable('merchant')
      .set({ blocked_countries: ['US'] })
      .where('code', '=', 'GOLDEN')
      .execute();
    const s = await serve({ TRUST_PROXY: 'loopback' });
    try {
      const from = (ip: string) => ({ merchant: 'GOLDEN', 'accept-encoding': 'gzip', 'x-forwarded-for': ip });
      expect((await get(s.port, LIST, from(PH_IP))).status).toBe(200);
      expect((await get(s.port, LIST, from(PH_IP))).status).toBe(200);
      expect(s.platform.front.served).toBe(1);
      const refused = await get(s.port, LIST, from(US_IP));
      expect(refused.status).toBe(403);
      expect(json(refused).errorCode).toBe('system.region.restricted');
      expect(s.platform.front.served).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('a change of the catalogue shows on the next request', async () => {
    const s = await serve();
    try {
      const headers = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };
      await get(s.port, LIST, headers);
      const kept = json(await get(s.port, LIST, headers)).value;
      expect(s.platform.front.served).toBe(1);
      const gone = kept.games[0]!;
      await sql`UPDATE game SET enabled = false WHERE merchant_code = 'GOLDEN' AND node_id = ${gone.nodeId}`.execute(
        t.db.db,
      );
      s.platform.services.games.catalogue.invalidate('GOLDEN');
      try {
        const after = json(await get(s.port, LIST, headers)).value;
        expect(after.totalCount).toBe(kept.totalCount - 1);
        expect(after.games.map((g) => g.nodeId)).not.toContain(gone.nodeId);
        expect(s.platform.front.served).toBe(1);
      } finally {
        await sql`UPDATE game SET enabled = true WHERE merchant_code = 'GOLDEN' AND node_id = ${gone.nodeId}`.execute(
          t.db.db,
        );
      }
    } finally {
      await s.close();
    }
  });

  it('a forwarded host counts only from a trusted proxy', async () => {
    // Host names Golden Palm; X-Forwarded-Host names Royal Lotus (its own host).
    const headers = {
      host: 'golden.localhost',
      'x-forwarded-host': 'lotus.localhost',
      'accept-encoding': 'gzip',
    };
    const direct = await serve();
    try {
      await get(direct.port, LIST, { host: 'golden.localhost', 'accept-encoding': 'gzip' });
      // Not trusted: the forwarded host is ignored, so the kept Golden Palm list is right.
      const answer = await get(direct.port, LIST, headers);
      expect(direct.platform.front.served).toBe(1);
      expect(json(answer).value.games.map((g) => g.gameName)).toEqual(
        json(await get(direct.port, LIST, { merchant: 'GOLDEN', 'accept-encoding': 'gzip' })).value.games.map(
          (g) => g.gameName,
        ),
      );
    } finally {
      await direct.close();
    }
    const proxied = await serve({ TRUST_PROXY: 'loopback' });
    try {
      const golden = await get(proxied.port, LIST, { host: 'golden.localhost', 'accept-encoding': 'gzip' });
      // Trusted: the same Host with a forwarded Royal Lotus host is another request altogether.
      const lotus = await get(proxied.port, LIST, headers);
      expect(proxied.platform.front.served).toBe(0);
      expect(lotus.body.equals(golden.body)).toBe(false);
      const lotusDirect = await get(proxied.port, LIST, { merchant: 'LOTUS', 'accept-encoding': 'gzip' });
      expect(json(lotus).value.games.map((g) => g.gameName)).toEqual(
        json(lotusDirect).value.games.map((g) => g.gameName),
      );
    } finally {
      await proxied.close();
    }
  });

  it('only a GET of a kept answer is answered here; refusals are never kept', async () => {
    const s = await serve();
    try {
      const headers = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };
      await get(s.port, LIST, headers);
      const head = await get(s.port, LIST, headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(s.platform.front.served).toBe(0);
      // A refused query is refused again by the full pass, not answered from an entry.
      const bad = `${LIST}&pageSize=abc`;
      const refused = await get(s.port, bad, headers);
      expect(refused.status).toBe(400);
      expect((await get(s.port, bad, headers)).status).toBe(400);
      expect(s.platform.front.served).toBe(0);
    } finally {
      await s.close();
    }
  });
});
