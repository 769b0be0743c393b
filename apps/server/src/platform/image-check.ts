/**
 * What an uploaded image really is, read from its bytes (a file name or Content-Type alone is not
 * trusted): its type and pixel size. Anything that is not a well-formed PNG, JPEG or WebP header
 * answers null.
 */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImageFacts {
  contentType: ImageType;
  width: number;
  height: number;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The file extension an image of this type is served under. */
export const imageExtension = (t: ImageType) =>
  t === 'image/png' ? 'png' : t === 'image/jpeg' ? 'jpg' : 'webp';

function png(b: Buffer): ImageFacts | null {
  // The first chunk of a PNG is IHDR: width and height, big-endian, right after its type.
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_MAGIC) || b.toString('latin1', 12, 16) !== 'IHDR')
    return null;
  return { contentType: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpeg(b: Buffer): ImageFacts | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  // Walk the segments up to the first start-of-frame marker, which holds the size.
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame)
      return { contentType: 'image/jpeg', width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    if (len < 2) return null;
    i += 2 + len;
  }
  return null;
}

function webp(b: Buffer): ImageFacts | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return {
      contentType: 'image/webp',
      width: b.readUInt16LE(26) & 0x3fff,
      height: b.readUInt16LE(28) & 0x3fff,
    };
  }
  if (chunk === 'VP8L') {
    // Lossless: a signature byte, then width-1 and height-1 in 14 bits each.
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1, 24 bits each.
    return { contentType: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/**
 * PNG or JPEG by their magic bytes alone (no size read): what the uploads that take only those
 * two (receipts, promotion and mall images) accept.
 */
export function pngOrJpeg(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export function inspectImage(bytes: Buffer): ImageFacts | null {
  const facts = png(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return facts && facts.width > 0 && facts.height > 0 ? facts : null;
}

/** PGlite returns bytea as a Uint8Array, pg as a Buffer: a Buffer either way (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
