/**
 * Merges translations into the site's locale files: `npm run locale:merge -- <file.json> [--ns <namespace>]`
 * (a namespace is a folder of locales/, e.g. play for the house games' texts) where the file holds `{ "en": {...}, "cn": {...}, ... }` for all 7 languages. Keys are deep-merged (a
 * file's keys win); each locale file is rewritten at once, so several people can add namespaces
 * without editing the same JSON by hand. The locale unit test still checks the key sets match.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LANGS = ['cn', 'en', 'id', 'my', 'th', 'ty', 'vi'] as const;
type Tree = { [key: string]: string | Tree };

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && typeof cur === 'object' ? merge(cur, v) : v;
  }
  return into;
}

const file = process.argv[2];
const nsAt = process.argv.indexOf('--ns');
const ns = nsAt > 0 ? process.argv[nsAt + 1] : 'translation';
const nsDir = ns === 'translation' ? '' : (ns ?? '');
if (!file || !existsSync(path.join('apps/web/src/locales', nsDir, 'en.json'))) {
  console.error('usage: npm run locale:merge -- <translations.json> [--ns <namespace folder of locales/>]');
  process.exit(2);
}
const input = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;
const missing = LANGS.filter((l) => !input[l]);
if (missing.length > 0) {
  console.error(`missing languages: ${missing.join(', ')}`);
  process.exit(2);
}
for (const lang of LANGS) {
  const target = path.join('apps/web/src/locales', nsDir, `${lang}.json`);
  const tree = JSON.parse(readFileSync(target, 'utf8')) as Tree;
  writeFileSync(target, `${JSON.stringify(merge(tree, input[lang]!), null, 2)}\n`);
}
console.log(`merged ${file} into ${LANGS.length} locale files`);
