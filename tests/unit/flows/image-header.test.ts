import { describe, expect, it } from 'vitest';
import { dimensionsAllowed, readDimensions } from '../../../src/server/modules/flows/image-header.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const png = (width: number, height: number, pad = 0) => {
  const b = Buffer.concat([PNG, Buffer.alloc(pad)]);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};
const seg = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
const sof = (marker: number, width: number, height: number) =>
  seg(marker, Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]));
const jpeg = (...parts: Buffer[]) => Buffer.concat([Buffer.from([0xff, 0xd8]), ...parts, Buffer.from([0xff, 0xd9])]);
const app0 = seg(0xe0, Buffer.from('4a46494600010100000100010000', 'hex'));

describe('image header dimensions', () => {
  it('reads a small PNG and a JPEG (after APPn, DQT, DHT segments and fill bytes)', () => {
    expect(readDimensions(PNG, 'image/png')).toEqual({ width: 1, height: 1 });
    const exif = seg(0xe1, Buffer.alloc(30_000, 7));
    const dht = seg(0xc4, Buffer.alloc(20, 1)); // C4 is not a frame header
    const file = jpeg(app0, exif, seg(0xdb, Buffer.alloc(65, 2)), dht, Buffer.from([0xff]), sof(0xc2, 640, 480));
    expect(readDimensions(file, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(dimensionsAllowed({ width: 640, height: 480 })).toBe(true);
  });

  it('refuses the 51 KB PNG declaring 50,000 × 50,000, too wide, too thin and empty images', () => {
    const bomb = png(50_000, 50_000, 51 * 1024 - PNG.length);
    expect(bomb.length).toBe(51 * 1024);
    expect(readDimensions(bomb, 'image/png')).toEqual({ width: 50_000, height: 50_000 });
    expect(dimensionsAllowed({ width: 50_000, height: 50_000 })).toBe(false);
    expect(dimensionsAllowed({ width: 4097, height: 100 })).toBe(false);
    expect(dimensionsAllowed({ width: 4096, height: 4096 })).toBe(true);
    expect(dimensionsAllowed({ width: 2100, height: 100 })).toBe(false);
    expect(dimensionsAllowed({ width: 2000, height: 100 })).toBe(true);
    expect(dimensionsAllowed({ width: 0, height: 100 })).toBe(false);
    expect(readDimensions(jpeg(sof(0xc0, 100, 0)), 'image/jpeg')).toEqual({ width: 100, height: 0 });
  });

  it('refuses truncated or malformed headers', () => {
    expect(readDimensions(PNG.subarray(0, 20), 'image/png')).toBeUndefined();
    const notIhdr = Buffer.from(PNG);
    notIhdr.write('IDAT', 12, 'latin1');
    expect(readDimensions(notIhdr, 'image/png')).toBeUndefined();
    expect(readDimensions(Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg')).toBeUndefined();
    expect(readDimensions(jpeg(app0), 'image/jpeg')).toBeUndefined(); // no frame header before EOI
    expect(readDimensions(jpeg(app0, seg(0xda, Buffer.alloc(10)), sof(0xc0, 10, 10)), 'image/jpeg')).toBeUndefined(); // SOS first
    expect(readDimensions(jpeg(app0, sof(0xc0, 10, 10)).subarray(0, 27), 'image/jpeg')).toBeUndefined(); // cut inside SOF
    expect(readDimensions(Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(100, 0x41)]), 'image/jpeg')).toBeUndefined(); // garbage
    const padded = jpeg(...Array.from({ length: 9 }, () => seg(0xe2, Buffer.alloc(65_000))), sof(0xc0, 10, 10));
    expect(readDimensions(padded, 'image/jpeg')).toBeUndefined(); // no SOF within the first 512 KB
  });
});
