import { IMAGE_MAX_RATIO, IMAGE_MAX_SIDE } from '../../../shared/flows/image-limits.ts';
import type { ImageType } from './image-store.ts';

export { IMAGE_MAX_RATIO, IMAGE_MAX_SIDE };

/**
 * Pixel limits of a flow image, read from the file's header before anything decodes it: a few KB can declare
 * 50,000 × 50,000 pixels, and whoever decodes it (a phone, the gateway, a preview) pays for 2.5 billion of them.
 * Telegram's sendPhoto takes width + height ≤ 10,000 and a side ratio ≤ 20; WhatsApp re-encodes to ~1600 px, so
 * 4096 px a side (16.8 megapixels at most) loses nothing a client sees (docs/flows.md "Image").
 */
/** A JPEG whose frame header (SOFn) is not within this many bytes is refused rather than searched further. */
const JPEG_SOF_WITHIN = 512 * 1024;

export type Dimensions = { width: number; height: number };

/** Width and height as the header declares them, or undefined when the header is truncated or malformed. */
export function readDimensions(bytes: Uint8Array, type: ImageType): Dimensions | undefined {
  return type === 'image/png' ? pngDimensions(bytes) : jpegDimensions(bytes);
}

/** Whether declared dimensions are within the limits (each side 1…4096 px, sides at most 20 times each other). */
export function dimensionsAllowed({ width, height }: Dimensions): boolean {
  if (width < 1 || height < 1 || width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) return false;
  return Math.max(width, height) <= IMAGE_MAX_RATIO * Math.min(width, height);
}

const u16 = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 0x10000 + u16(b, at + 2);

/** PNG: the 8-byte signature, then the IHDR chunk must come first (length 13, "IHDR", width, height). */
function pngDimensions(b: Uint8Array): Dimensions | undefined {
  if (b.length < 8 + 8 + 13 + 4) return undefined;
  if (u32(b, 8) !== 13 || String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return undefined;
  return { width: u32(b, 16), height: u32(b, 20) };
}

/**
 * JPEG: walk the marker segments after SOI (FF D8): each is FF <marker> <16-bit length incl. itself> <data>.
 * The first start-of-frame (SOF0-3, 5-7, 9-11, 13-15; not C4 DHT, C8 JPG, CC DAC) holds precision, height, width.
 * Reaching the image data (SOS), the end, or the search limit first means no usable header.
 */
function jpegDimensions(b: Uint8Array): Dimensions | undefined {
  const end = Math.min(b.length, JPEG_SOF_WITHIN);
  let at = 2;
  while (at + 4 <= end) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) { at++; continue; } // fill byte before a marker
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; } // TEM, RSTn: no length
    if (marker === 0xd9 || marker === 0xda) return undefined; // EOI or SOS before any frame header
    const length = u16(b, at + 2);
    if (length < 2) return undefined;
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      if (length < 7 || at + 9 > b.length) return undefined;
      return { height: u16(b, at + 5), width: u16(b, at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}
