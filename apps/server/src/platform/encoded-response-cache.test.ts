import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EncodedResponseCache, acceptsGzip } from './encoded-response-cache';

const schema = z.object({ n: z.number(), text: z.string() });

describe('acceptsGzip', () => {
  it('reads the accept-encoding header as browsers and tools send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('xgzip')).toBe(false);
  });
});

describe('EncodedResponseCache', () => {
  it('builds once per key and version, and rebuilds after the version changes', async () => {
    const cache = new EncodedResponseCache(schema);
    let builds = 0;
    const build = (text: string) => async () => ({ n: ++builds, text, extra: 'stripped' });
    const v1 = {};
    const a = await cache.get('GOLDEN', v1, 'k', build('a'));
    expect(JSON.parse(a.json.toString())).toEqual({ n: 1, text: 'a' });
    expect(await cache.get('GOLDEN', v1, 'k', build('a'))).toBe(a);
    // Scopes (brands) keep their own entries.
    expect(JSON.parse((await cache.get('LOTUS', v1, 'k', build('a'))).json.toString()).n).toBe(2);
    const v2 = {};
    expect(JSON.parse((await cache.get('GOLDEN', v2, 'k', build('a'))).json.toString()).n).toBe(3);
    expect(builds).toBe(3);
  });

  it('gzips answers of 1 KiB and more, and leaves small ones alone', async () => {
    const cache = new EncodedResponseCache(schema);
    const big = await cache.get('B', {}, 'big', async () => ({ n: 1, text: 'x'.repeat(5000) }));
    expect(big.gzip).not.toBeNull();
    expect(gunzipSync(big.gzip!).equals(big.json)).toBe(true);
    expect(big.gzip!.length).toBeLessThan(big.json.length);
    const small = await cache.get('B', {}, 'small', async () => ({ n: 1, text: 'x' }));
    expect(small.gzip).toBeNull();
  });

  it('refuses an answer that breaks the schema and caches nothing for it', async () => {
    const cache = new EncodedResponseCache(schema);
    const v = {};
    await expect(cache.get('G', v, 'k', async () => ({ n: 'one', text: 'a' }))).rejects.toThrow();
    const good = await cache.get('G', v, 'k', async () => ({ n: 1, text: 'a' }));
    expect(JSON.parse(good.json.toString())).toEqual({ n: 1, text: 'a' });
  });

  it('keeps at most maxEntries per scope, dropping the least recently used', async () => {
    const cache = new EncodedResponseCache(schema, 2);
    const v = {};
    let builds = 0;
    const build = async () => ({ n: ++builds, text: '' });
    await cache.get('G', v, 'a', build);
    await cache.get('G', v, 'b', build);
    await cache.get('G', v, 'a', build); // a is now the most recent
    await cache.get('G', v, 'c', build); // drops b
    expect(builds).toBe(3);
    await cache.get('G', v, 'a', build);
    expect(builds).toBe(3);
    await cache.get('G', v, 'b', build);
    expect(builds).toBe(4);
  });

  it('keeps a scope within maxBytes, dropping the least recently used answers', async () => {
    // Answers of about 2 KB (JSON plus its gzip); room for about two of them.
    const cache = new EncodedResponseCache(schema, 100, 5000);
    const version = {};
    let builds = 0;
    const big = (key: string) =>
      cache.get('S', version, key, async () => {
        builds++;
        return { n: builds, text: key.repeat(2000) };
      });
    await big('a');
    await big('b');
    await big('c');
    expect(builds).toBe(3);
    await big('c');
    expect(builds).toBe(3);
    // 'a' went to make room.
    await big('a');
    expect(builds).toBe(4);
  });

  it('does not keep an answer built for a version that was replaced while it was built', async () => {
    const cache = new EncodedResponseCache(schema);
    const old = {};
    let release!: () => void;
    const slow = cache.get(
      'G',
      old,
      'k',
      () => new Promise((r) => (release = () => r({ n: 1, text: 'old' }))),
    );
    await cache.get('G', {}, 'other', async () => ({ n: 2, text: 'new' }));
    release();
    await slow;
    let rebuilt = false;
    await cache.get('G', old, 'k', async () => {
      rebuilt = true;
      return { n: 3, text: 'again' };
    });
    expect(rebuilt).toBe(true);
  });
});
