/**
 * Budget: the JavaScript a first visit to the home page downloads, gzipped, must stay within
 * 120 KB. Follows Vite's manifest from the entry through every static import, plus
 * the home route chunk and the default (English) locale chunk. Prints a table; exits 1 if over.
 *
 * Also: neither that first load nor the home page's sections loaded right after it (the game rows,
 * the popular lotteries) may contain zod. Building the contracts' schemas costs a phone's main
 * thread hundreds of milliseconds of blocking time and the home page parses no input; a value
 * import from a contracts module with schemas (not its zod-free constants module) brings them in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const dist = path.resolve('apps/web/dist');
type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;

const seen = new Set<string>();
function collect(key: string) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  seen.add(key);
  for (const i of chunk.imports ?? []) collect(i);
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entry) throw new Error('no entry chunk in the manifest');
collect(entry);
collect('src/app/routes/home.tsx');
collect('src/locales/en.json');

const sections = new Set<string>();
for (const key of manifest['src/app/routes/home.tsx']!.dynamicImports ?? []) {
  for (const k of closure(key)) if (!seen.has(k)) sections.add(k);
}
function closure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const i of manifest[key]?.imports ?? []) closure(i, into);
  return into;
}
// zod v4's schemas keep their internals under `._zod`; no other code of the site reads that name.
const withZod = [...seen, ...sections]
  .map((key) => manifest[key]!.file)
  .filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('._zod'));

let total = 0;
const rows = [...seen].map((key) => {
  const file = manifest[key]!.file;
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  return { chunk: file, gzipKB: +(gz / 1024).toFixed(1) };
});
rows.sort((a, b) => b.gzipKB - a.gzipKB);
console.table(rows);
const totalKB = total / 1024;
console.log(`home route initial JS: ${totalKB.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
console.log(
  `home page sections after it: ${sections.size} chunks; with zod: ${withZod.length ? withZod.join(', ') : 'none'}`,
);
if (totalKB > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
if (withZod.length) {
  console.error('zod on the home page: import the constants from their zod-free module');
  process.exit(1);
}
