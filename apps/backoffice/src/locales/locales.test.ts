import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES } from '../i18n';

const LANGS = Object.keys(LANGUAGE_NAMES);

/**
 * Every language carries the keys of English (the typed source), so no screen shows a raw key or
 * silently falls back.
 */
const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'players',
  'cashier',
  'staff',
  'apikeys',
  'security',
  'integrations',
  'audit',
  'aml',
  'kyc',
  'chat',
];

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(`${prefix} is not a text`);
    return [prefix];
  }
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
// i18next plural forms: languages without a singular (Chinese, Thai, Vietnamese…) may drop `_one`.
const base = (k: string) => k.replace(/_(one|other)$/, '');
const read = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, lang, `${ns}.json`), 'utf8')) as unknown;

describe('locale files', () => {
  for (const ns of NAMESPACES)
    it(`${ns}: every language has the English keys, each a non-empty text`, () => {
      const en = new Set(keys(read('en', ns)).map(base));
      for (const lang of LANGS) {
        const file = read(lang, ns);
        const got = new Set(keys(file).map(base));
        expect(
          [...en].filter((k) => !got.has(k)),
          `${lang}/${ns} misses`,
        ).toEqual([]);
        expect(
          [...got].filter((k) => !en.has(k)),
          `${lang}/${ns} has extra`,
        ).toEqual([]);
      }
    });
});
