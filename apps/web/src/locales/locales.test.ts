import { LANGUAGES } from '@app/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(fileURLToPath(import.meta.url));
/** A locale file: the site's (`translation`), the house games' (`play/`) or the lottery's (`lottery/`). */
const load = (code: string, ns: string) =>
  JSON.parse(readFileSync(path.join(dir, ns === 'translation' ? '' : ns, `${code}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

/** Every leaf key, dotted, with its value. */
function leaves(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object')
      for (const [kk, vv] of leaves(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const cases = [
  'translation',
  'play',
  'lottery',
  'agent',
  'promo',
  'rewards',
  'vip',
  'protection',
  'kyc',
  'points',
  'inbox',
  'tiles',
  'records',
  'security',
  'down',
  'chat',
  'mobile',
].flatMap((ns) => LANGUAGES.map((l) => [ns, l.toLowerCase()] as const));

describe.each(cases)('locale %s/%s', (ns, code) => {
  const reference = leaves(load('en', ns));
  const entries = leaves(load(code, ns));

  it('has exactly the keys of en', () => {
    expect([...entries.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it('keeps every placeholder and leaves no value empty', () => {
    for (const [key, value] of reference) {
      const translated = entries.get(key) ?? '';
      expect(translated.trim(), `${code}:${key}`).not.toBe('');
      expect(placeholders(translated), `${code}:${key}`).toEqual(placeholders(value));
    }
  });
});
