import { describe, expect, it } from 'vitest';
import { BoundedLru } from './bounded-lru';

const lru = (maxEntries: number, maxSize: number) =>
  new BoundedLru<string>((v) => v.length, maxEntries, maxSize);

describe('BoundedLru', () => {
  it('drops the least recently used past the entry bound; a read counts as a use', () => {
    const c = lru(2, 1_000);
    c.set('a', 'x');
    c.set('b', 'x');
    expect(c.get('a')).toBe('x');
    c.set('c', 'x');
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBe('x');
    expect(c.get('c')).toBe('x');
    expect(c.size).toBe(2);
  });

  it('drops the least recently used past the size bound, but keeps a single entry bigger than it', () => {
    const c = lru(10, 10);
    c.set('a', '1234');
    c.set('b', '1234');
    c.set('c', '1234');
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(2);
    c.set('huge', 'x'.repeat(50));
    expect(c.size).toBe(1);
    expect(c.get('huge')).toHaveLength(50);
  });

  it('a value stored again under its key replaces it and is counted once', () => {
    const c = lru(10, 10);
    for (let i = 0; i < 5; i++) c.set('a', '12345');
    c.set('b', '12345');
    // 10 in all: had the replaced values been counted too, 'a' would have been dropped.
    expect(c.get('a')).toBe('12345');
    expect(c.get('b')).toBe('12345');
    c.clear();
    expect(c.size).toBe(0);
    c.set('c', '1234567890');
    expect(c.get('c')).toBe('1234567890');
  });
});
