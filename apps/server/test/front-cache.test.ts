/**
 * The game list answered ahead of the framework (platform/front-cache.ts), over real HTTP: the
 * same bytes a full pass answered, only to a request identical in what the list depends on,
 * never past a gate (maintenance, region) or a change of the catalogue or brand.
 */
import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
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

type Server = Awaited<ReturnType<typeof serve>>;

/** Runs `body` against a server made by serve(env), closing it after. */
async function withServer(env: Record<string, string>, body: (s: Server) => Promise<void>): Promise<void> {
  const s = await serve(env);
  try {
    await body(s);
  } finally {
    await s.close();
  }
}

/** Asks for the list twice: the full pass answers, the second is answered from what it kept. */
async function keepList(s: Server, headers: Record<string, string>): Promise<Answer> {
  const before = s.platform.front.served;
  expect((await get(s.port, LIST, headers)).status).toBe(200);
  const kept = await get(s.port, LIST, headers);
  expect(kept.status).toBe(200);
  expect(s.platform.front.served).toBe(before + 1);
  return kept;
}

/** The list is refused with `status` and `code` by the full pass, not answered from what was kept. */
async function expectRefused(s: Server, headers: Record<string, string>, status: number, code: string) {
  const before = s.platform.front.served;
  const refused = await get(s.port, LIST, headers);
  expect(refused.status).toBe(status);
  expect(json(refused).errorCode).toBe(code);
  expect(s.platform.front.served).toBe(before);
}

const GOLDEN = { merchant: 'GOLDEN', 'accept-encoding': 'gzip' };

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
    await withServer({}, async (s) => {
      const headers = GOLDEN;
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
    });
  });

  it('keeps one answer per language, brand, encoding and query, each as the full pass gives it', async () => {
    await withServer({}, async (s) => {
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
    });
  });

  it('a brand switched to maintenance is closed at once, though its list was kept', async () => {
    await withServer({}, async (s) => {
      await keepList(s, GOLDEN);
      await t.db.db
        .updateTable('merchant')
        .set({ maintenance_on: true })
        .where('code', '=', 'GOLDEN')
        .execute();
      s.platform.brands.invalidate();
      await expectRefused(s, GOLDEN, 503, 'system.maintenance');
    });
  });

  it('a maintenance window that opens while the brand is cached closes the list when it starts', async () => {
    await withServer({}, async (s) => {
      // The window is known to the brand cached by the first request, before it starts: only the
      // time changes. Its start is counted from a started server (starting one can take seconds).
      const startsAt = Date.now() + 2_000;
      await t.db.db
        .insertInto('maintenance_window')
        .values({
          merchant_code: 'GOLDEN',
          starts_at: new Date(startsAt),
          ends_at: new Date(Date.now() + 3_600_000),
          message: JSON.stringify({ EN: 'Upgrade' }),
          allowed_usernames: [],
          created_by: 'test',
        })
        .execute();
      await keepList(s, GOLDEN);
      expect(Date.now()).toBeLessThan(startsAt);
      await new Promise((r) => setTimeout(r, startsAt - Date.now() + 200));
      await expectRefused(s, GOLDEN, 503, 'system.maintenance');
    });
  });

  it('a visitor from a refused country is refused, though a visitor from elsewhere had the list kept', async () => {
    await t.db.db
      .updateTable('merchant')
      .set({ blocked_countries: ['US'] })
      .where('code', '=', 'GOLDEN')
      .execute();
    await withServer({ TRUST_PROXY: 'loopback' }, async (s) => {
      await keepList(s, { ...GOLDEN, 'x-forwarded-for': PH_IP });
      await expectRefused(s, { ...GOLDEN, 'x-forwarded-for': US_IP }, 403, 'system.region.restricted');
    });
  });

  it('a change of the catalogue shows on the next request', async () => {
    await withServer({}, async (s) => {
      const kept = json(await keepList(s, GOLDEN)).value;
      const gone = kept.games[0]!;
      const enabled = (on: boolean) =>
        sql`UPDATE game SET enabled = ${on} WHERE merchant_code = 'GOLDEN' AND node_id = ${gone.nodeId}`.execute(
          t.db.db,
        );
      await enabled(false);
      s.platform.services.games.catalogue.invalidate('GOLDEN');
      try {
        const served = s.platform.front.served;
        const after = json(await get(s.port, LIST, GOLDEN)).value;
        expect(after.totalCount).toBe(kept.totalCount - 1);
        expect(after.games.map((g) => g.nodeId)).not.toContain(gone.nodeId);
        expect(s.platform.front.served).toBe(served);
      } finally {
        await enabled(true);
      }
    });
  });

  it('a forwarded host counts only from a trusted proxy', async () => {
    // Host names Golden Palm; X-Forwarded-Host names Royal Lotus (its own host).
    const headers = {
      host: 'golden.localhost',
      'x-forwarded-host': 'lotus.localhost',
      'accept-encoding': 'gzip',
    };
    await withServer({}, async (direct) => {
      await get(direct.port, LIST, { host: 'golden.localhost', 'accept-encoding': 'gzip' });
      // Not trusted: the forwarded host is ignored, so the kept Golden Palm list is right.
      const answer = await get(direct.port, LIST, headers);
      expect(direct.platform.front.served).toBe(1);
      expect(json(answer).value.games.map((g) => g.gameName)).toEqual(
        json(await get(direct.port, LIST, { merchant: 'GOLDEN', 'accept-encoding': 'gzip' })).value.games.map(
          (g) => g.gameName,
        ),
      );
    });
    await withServer({ TRUST_PROXY: 'loopback' }, async (proxied) => {
      const golden = await get(proxied.port, LIST, { host: 'golden.localhost', 'accept-encoding': 'gzip' });
      // Trusted: the same Host with a forwarded Royal Lotus host is another request altogether.
      const lotus = await get(proxied.port, LIST, headers);
      expect(proxied.platform.front.served).toBe(0);
      expect(lotus.body.equals(golden.body)).toBe(false);
      const lotusDirect = await get(proxied.port, LIST, { merchant: 'LOTUS', 'accept-encoding': 'gzip' });
      expect(json(lotus).value.games.map((g) => g.gameName)).toEqual(
        json(lotusDirect).value.games.map((g) => g.gameName),
      );
    });
  });

  it('a closing server answers no more from what it kept', async () => {
    const s = await serve();
    await keepList(s, GOLDEN);
    // A request under way when the server starts closing (its connection is not idle, so it is
    // not cut): the framework answers it 503 and closes the connection, rather than an answer
    // from here keeping the connection, and so the server, alive.
    const socket = connect(s.port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    await once(socket, 'connect');
    const lines = [
      `GET ${LIST} HTTP/1.1`,
      `host: 127.0.0.1:${s.port}`,
      'merchant: GOLDEN',
      'accept-encoding: gzip',
    ];
    socket.write(`${lines.join('\r\n')}\r\n`);
    const served = s.platform.front.served;
    const closing = s.close();
    await new Promise((r) => setTimeout(r, 100));
    socket.write('\r\n');
    await once(socket, 'close');
    await closing;
    const head = Buffer.concat(received).toString('latin1');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(s.platform.front.served).toBe(served);
  });

  it('only a GET of a kept answer is answered here; refusals are never kept', async () => {
    await withServer({}, async (s) => {
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
    });
  });
});
