import { describe, expect, it } from 'vitest';
import { jsonDiff } from './diff';

describe('audit before/after diff', () => {
  it('marks changed, added, removed and unchanged fields by path', () => {
    const lines = jsonDiff(
      { role: 'support', blocks: { login: false, deposit: true }, tags: ['a'] },
      { role: 'finance', blocks: { login: true, deposit: true }, note: 'x' },
    );
    expect(lines).toEqual([
      { path: 'blocks.deposit', kind: 'same', before: 'true', after: 'true' },
      { path: 'blocks.login', kind: 'changed', before: 'false', after: 'true' },
      { path: 'note', kind: 'added', after: '"x"' },
      { path: 'role', kind: 'changed', before: '"support"', after: '"finance"' },
      { path: 'tags[0]', kind: 'removed', before: '"a"' },
    ]);
  });
  it('handles a missing side and plain values', () => {
    expect(jsonDiff(null, { locked: true })).toEqual([{ path: 'locked', kind: 'added', after: 'true' }]);
    expect(jsonDiff({ revoked: false }, null)).toEqual([
      { path: 'revoked', kind: 'removed', before: 'false' },
    ]);
    expect(jsonDiff(undefined, undefined)).toEqual([]);
    expect(jsonDiff(5, 6)).toEqual([{ path: '(value)', kind: 'changed', before: '5', after: '6' }]);
  });
});
