import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { captchaText, renderCaptchaPng } from './captcha-image';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const LOOK_ALIKES = ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B'];

/** Share of pixels darker than mid-grey (perceived luminance), i.e. ink rather than background. */
function darkShare(png: PNG): number {
  let dark = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    const luminance = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
    if (luminance < 110) dark++;
  }
  return dark / (png.width * png.height);
}

/** Every character captchaText can produce, collected over enough samples to see them all. */
function alphabetSeen(): Set<string> {
  const seen = new Set<string>();
  for (let i = 0; i < 500; i++) for (const char of captchaText(8)) seen.add(char);
  return seen;
}

describe('captchaText', () => {
  it('has the requested length, 4 by default', () => {
    expect(captchaText()).toHaveLength(4);
    expect(captchaText(1)).toHaveLength(1);
    expect(captchaText(7)).toHaveLength(7);
  });

  it('uses only upper-case letters and digits without look-alikes', () => {
    const seen = alphabetSeen();
    for (const char of seen) expect(char).toMatch(/^[A-Z0-9]$/);
    for (const char of LOOK_ALIKES) expect(seen.has(char), char).toBe(false);
    // 4000 draws from the alphabet: a missing letter would mean a biased or truncated draw.
    expect(seen.size).toBeGreaterThanOrEqual(20);
  });

  it('varies between calls', () => {
    const texts = new Set(Array.from({ length: 50 }, () => captchaText()));
    expect(texts.size).toBeGreaterThan(45);
  });

  it('rejects a non-positive or fractional length', () => {
    expect(() => captchaText(0)).toThrow(RangeError);
    expect(() => captchaText(-1)).toThrow(RangeError);
    expect(() => captchaText(2.5)).toThrow(RangeError);
  });
});

describe('renderCaptchaPng', () => {
  it('returns a PNG that decodes to 120x40 by default', () => {
    const bytes = renderCaptchaPng(captchaText());
    expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const png = PNG.sync.read(bytes);
    expect(png.width).toBe(120);
    expect(png.height).toBe(40);
  });

  it('honours a requested size', () => {
    const png = PNG.sync.read(renderCaptchaPng('KM7', { width: 180, height: 60 }));
    expect(png.width).toBe(180);
    expect(png.height).toBe(60);
  });

  it('draws visible ink on a mostly light background', () => {
    for (let i = 0; i < 20; i++) {
      const share = darkShare(PNG.sync.read(renderCaptchaPng(captchaText())));
      expect(share).toBeGreaterThan(0.04);
      expect(share).toBeLessThan(0.4);
    }
  });

  it('draws the text: more characters put more ink on the same background', () => {
    const one = darkShare(PNG.sync.read(renderCaptchaPng('H', { seed: 3 })));
    const four = darkShare(PNG.sync.read(renderCaptchaPng('HHHH', { seed: 3 })));
    expect(four).toBeGreaterThan(one * 1.5);
  });

  it('gives different images for different texts', () => {
    const a = PNG.sync.read(renderCaptchaPng('ACDE', { seed: 42 }));
    const b = PNG.sync.read(renderCaptchaPng('ACDF', { seed: 42 }));
    expect(a.data.equals(b.data)).toBe(false);
  });

  it('is deterministic for the same seed and text, and random without a seed', () => {
    expect(renderCaptchaPng('WX47', { seed: 7 }).equals(renderCaptchaPng('WX47', { seed: 7 }))).toBe(true);
    expect(renderCaptchaPng('WX47', { seed: 7 }).equals(renderCaptchaPng('WX47', { seed: 8 }))).toBe(false);
    expect(renderCaptchaPng('WX47').equals(renderCaptchaPng('WX47'))).toBe(false);
  });

  it('can draw every character captchaText produces', () => {
    const chars = [...alphabetSeen()].join('');
    for (let i = 0; i < chars.length; i += 4) {
      expect(() => PNG.sync.read(renderCaptchaPng(chars.slice(i, i + 4)))).not.toThrow();
    }
  });

  it('rejects empty text and characters it cannot draw', () => {
    expect(() => renderCaptchaPng('')).toThrow(RangeError);
    for (const text of ['abcd', 'AB D', 'AB-D', 'ÄBCD', 'AB😀']) {
      expect(() => renderCaptchaPng(text), text).toThrow(RangeError);
    }
  });

  it('rejects an unusable size', () => {
    expect(() => renderCaptchaPng('ACDE', { width: 0 })).toThrow(RangeError);
    expect(() => renderCaptchaPng('ACDE', { height: 10.5 })).toThrow(RangeError);
  });
});
