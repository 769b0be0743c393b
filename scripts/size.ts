/**
 * Budget: the JavaScript a first visit to the home page downloads, gzipped, must stay within
 * 120 KB. Follows Vite's manifest from the entry through every static import, plus
 * the home route chunk and the default (English) locale chunk. Prints a table; exits 1 if over.
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
if (totalKB > BUDGET_KB) {
  console.error('over budget');
  process.exit(1);
}
