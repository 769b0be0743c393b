import { describe, expect, it } from 'vitest';
import { scrambleCsPath, unscrambleCsPath } from './cs-path';

describe('customer-service path scramble', () => {
  it('round-trips a URL and hides it', () => {
    const url = 'https://chat.example.com/widget?brand=ABC&lang=ในไทย';
    const scrambled = scrambleCsPath(url, 'k3Y9aZ01');
    expect(scrambled.endsWith('k3Y9aZ01')).toBe(true);
    expect(scrambled).not.toContain('chat.example');
    expect(unscrambleCsPath(scrambled)).toBe(url);
  });

  it('refuses a bad key and answers null for text that is not a path', () => {
    expect(() => scrambleCsPath('x', 'short')).toThrow();
    expect(unscrambleCsPath('abc')).toBeNull();
    expect(unscrambleCsPath('***not-base64***k3Y9aZ01')).toBeNull();
  });
});
