import { describe, expect, it } from 'vitest';
import { jpegHeader, solidPng, webpLosslessHeader } from '../../test/image-bytes';
import { inspectImage, pngOrJpeg } from './image-check';

describe('inspectImage', () => {
  it('reads the type and pixel size of PNG, JPEG and WebP from their bytes', () => {
    expect(inspectImage(solidPng(96, 64))).toEqual({ contentType: 'image/png', width: 96, height: 64 });
    expect(inspectImage(jpegHeader(300, 200))).toEqual({
      contentType: 'image/jpeg',
      width: 300,
      height: 200,
    });
    expect(inspectImage(webpLosslessHeader(128, 128))).toEqual({
      contentType: 'image/webp',
      width: 128,
      height: 128,
    });
  });

  it('refuses anything else: text, a GIF, a truncated or zero-sized header', () => {
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(inspectImage(Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1'))).toBeNull();
    expect(inspectImage(solidPng(64, 64).subarray(0, 20))).toBeNull();
    expect(inspectImage(jpegHeader(0, 0))).toBeNull();
    expect(inspectImage(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(inspectImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('pngOrJpeg', () => {
  it('answers PNG or JPEG by their magic bytes, nothing else', () => {
    expect(pngOrJpeg(solidPng(2, 2))).toBe('image/png');
    expect(pngOrJpeg(Buffer.from([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
    expect(pngOrJpeg(webpLosslessHeader(64, 64))).toBeNull();
    expect(pngOrJpeg(Buffer.from('GIF89a', 'latin1'))).toBeNull();
    expect(pngOrJpeg(Buffer.alloc(0))).toBeNull();
  });
});
