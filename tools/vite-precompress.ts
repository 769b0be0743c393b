import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser asks for compressed; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // .vite holds the build manifest, which is read by scripts, never served.
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes a Brotli (.br, best quality) and a gzip (.gz) copy beside every compressible file under
 * `dir` (but the page, which the server fills in), each only where it is smaller.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter(
    // The page itself is never sent as a file: the server fills in the brand.
    (f) => COMPRESSIBLE.test(f) && path.basename(f) !== 'index.html',
  );
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        br(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
      if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    }),
  );
}

/**
 * The build's compressed copies (precompressDir), for the server to send as they are
 * (@fastify/static `preCompressed`). Compressing each answer as it went out cost the server
 * 5-75 ms per script, one after another when a first visit asks for 15 at once, and at a lower
 * Brotli quality than a build can afford.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDir(outDir),
  };
}
