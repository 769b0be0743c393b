import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../tools/vite-precompress';
import { buildAppOn, buildTestApp, type TestContext } from './helper';

const PAGE = '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';
/** A script as a build writes them: large enough to be worth compressing. */
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');
const TINY = 'export {};';

let t: TestContext;
let app: FastifyInstance;
const dirs: string[] = [];

function dist(assetDir: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), PAGE.repeat(20));
  mkdirSync(path.join(dir, assetDir), { recursive: true });
  writeFileSync(path.join(dir, assetDir, 'app-1a2b.js'), SCRIPT);
  writeFileSync(path.join(dir, assetDir, 'tiny-3c4d.js'), TINY);
  writeFileSync(path.join(dir, assetDir, 'logo.png'), Buffer.alloc(4096, 7));
  return dir;
}

let site: string;
beforeAll(async () => {
  t = await buildTestApp();
  site = dist('assets');
  const backoffice = dist('assets');
  await precompressDir(site);
  await precompressDir(backoffice);
  app = await buildAppOn(t.db, { WEB_DIST: site, BACKOFFICE_DIST: backoffice });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the build writes compressed copies, and the server sends them as they are', () => {
  it('writes .br and .gz beside compressible files only, never for the page', () => {
    const at = (f: string) => path.join(site, f);
    expect(brotliDecompressSync(readFileSync(at('assets/app-1a2b.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(at('assets/app-1a2b.js.gz'))).toString()).toBe(SCRIPT);
    // Too small to gain anything, already compressed, or filled in by the server.
    for (const f of ['assets/tiny-3c4d.js', 'assets/logo.png', 'index.html']) {
      expect(existsSync(at(`${f}.br`)), f).toBe(false);
      expect(existsSync(at(`${f}.gz`)), f).toBe(false);
    }
  });

  for (const [name, prefix] of [
    ['site', '/'],
    ['back office', '/backoffice/'],
  ] as const) {
    it(`${name}: Brotli when accepted, else gzip, else plain; the copies written by the build`, async () => {
      const url = `${prefix}assets/app-1a2b.js`;
      const brotli = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/javascript/);
      expect(brotli.headers.vary).toMatch(/accept-encoding/i);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Byte for byte the build's copy: nothing is compressed while the player waits.
      expect(brotli.rawPayload.equals(readFileSync(path.join(site, 'assets/app-1a2b.js.br')))).toBe(true);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

      const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);

      // A file without copies is still answered (compressed on the way, as any other answer).
      const tiny = await app.inject({
        method: 'GET',
        url: `${prefix}assets/tiny-3c4d.js`,
        headers: { 'accept-encoding': 'br' },
      });
      expect(tiny.statusCode).toBe(200);
      const body =
        tiny.headers['content-encoding'] === 'br' ? brotliDecompressSync(tiny.rawPayload) : tiny.rawPayload;
      expect(body.toString()).toBe(TINY);
    });
  }
});
