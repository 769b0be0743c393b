import type { BannerImageRule } from '@app/contracts';
import { AppError } from '../../platform/app-error';

export interface ImageFacts {
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The pixel size in a JPEG's first frame header (SOFn); null when the bytes hold none. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers without a length: restart markers, start of image, TEM.
    if ((marker >= 0xd0 && marker <= 0xd8) || marker === 0x01) {
      i += 2;
      continue;
    }
    // Frame headers: SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    // Start of scan or end of image before any frame header: not an image we can measure.
    if (marker === 0xda || marker === 0xd9) return null;
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

/**
 * What the bytes are (PNG or JPEG by their signature, never by a declared type) and their pixel
 * size from the image header; null for anything else, or a header that does not parse.
 */
export function inspectImage(bytes: Buffer): ImageFacts | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    return width > 0 && height > 0 ? { contentType: 'image/png', width, height } : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size && size.width > 0 && size.height > 0 ? { contentType: 'image/jpeg', ...size } : null;
  }
  return null;
}

/** Refuses an image that is not PNG/JPEG, too large in bytes, or outside the place's pixel range. */
export function checkImage(bytes: Buffer, rule: BannerImageRule): ImageFacts {
  if (bytes.length > rule.maxBytes)
    throw new AppError('content.image.too.large', undefined, [Math.floor(rule.maxBytes / 1024)]);
  const facts = inspectImage(bytes);
  if (!facts) throw new AppError('content.image.invalid');
  assertDimensions(facts, rule);
  return facts;
}

export function assertDimensions(facts: { width: number; height: number }, rule: BannerImageRule): void {
  const { width, height } = facts;
  if (width < rule.minWidth || width > rule.maxWidth || height < rule.minHeight || height > rule.maxHeight)
    throw new AppError('content.image.dimensions', undefined, [
      width,
      height,
      rule.minWidth,
      rule.maxWidth,
      rule.minHeight,
      rule.maxHeight,
    ]);
}
