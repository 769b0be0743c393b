import { randomBytes } from 'node:crypto';

/** The one thing a game needs from a random source; tests inject a scripted one. */
export interface Rng {
  /** A uniform integer in [0, n). */
  int(n: number): number;
}

/** Returns `size` fresh random bytes (fewer is allowed: the tail short of a whole word is dropped). */
export type ByteSource = (size: number) => Uint8Array;

/** One call into OpenSSL per 64 KiB: a call costs far more than the bytes it returns. */
const DEFAULT_CHUNK = 64 * 1024;
const WORD_RANGE = 2 ** 32;

/**
 * Uniform integers from the operating system's CSPRNG (through `crypto.randomBytes`).
 *
 * Each draw takes a 32-bit word and keeps it only if it is below the largest multiple of n that
 * fits in 2^32: `word % n` over the whole 2^32 range would land on the low residues slightly more
 * often (modulo bias). At most n/2^32 of the words are rejected, so the loop almost never repeats.
 */
export class SecureRng implements Rng {
  private buffer: Uint8Array = new Uint8Array(0);
  private offset = 0;

  constructor(
    private readonly source: ByteSource = randomBytes,
    private readonly chunkSize: number = DEFAULT_CHUNK,
  ) {
    if (!Number.isInteger(chunkSize) || chunkSize < 4) throw new RangeError('chunkSize must be at least 4');
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > WORD_RANGE) {
      throw new RangeError(`SecureRng.int needs an integer in [1, 2^32], got ${n}`);
    }
    if (n === 1) return 0;
    const limit = WORD_RANGE - (WORD_RANGE % n);
    for (;;) {
      const word = this.word();
      if (word < limit) return word % n;
    }
  }

  /** The next little-endian unsigned 32-bit word of the stream. */
  private word(): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = this.source(this.chunkSize);
      this.offset = 0;
      if (this.buffer.length < 4) throw new Error('SecureRng: the byte source returned less than one word');
    }
    const b = this.buffer;
    const i = this.offset;
    this.offset = i + 4;
    return (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
  }
}
