import fc from 'fast-check';
import { deflateSync } from 'node:zlib';
import { chunk, TINY_JPEG } from '../support/images';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Offset of the height (then width) in TINY_JPEG's frame header (SOF2): marker, length, precision. */
const JPEG_SOF_HEIGHT = TINY_JPEG.indexOf(Buffer.from([0xff, 0xc2])) + 5;

/** A PNG whose header may declare other dimensions than its pixel data holds. */
function png(width: number, height: number, colorType: number, bitDepth: number, pixelBytes: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(pixelBytes))), chunk('IEND', Buffer.alloc(0))]);
}

function jpegWithSize(width: number, height: number): Buffer {
  const bytes = Buffer.from(TINY_JPEG);
  bytes.writeUInt16BE(height, JPEG_SOF_HEIGHT);
  bytes.writeUInt16BE(width, JPEG_SOF_HEIGHT + 2);
  return bytes;
}

const dimension = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.constantFrom(0, 1, 4096, 16384, 65535, 2 ** 31 - 1, 2 ** 32 - 1));

const wellFormed = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 16 })).map(([w, h]) => ({ type: 'png', bytes: png(w, h, 6, 8, h * (1 + w * 4)) })),
  fc.constant({ type: 'jpeg', bytes: TINY_JPEG }),
);

/** Images that lie: dimensions from 0 to 2^32-1 with little data, odd colour types and depths. */
const lying = fc.oneof(
  fc.tuple(dimension, dimension, fc.constantFrom(0, 2, 3, 4, 6, 1, 7), fc.constantFrom(1, 2, 4, 8, 16, 3), fc.integer({ min: 0, max: 300 }))
    .map(([w, h, colorType, depth, pixels]) => ({ type: 'png', bytes: png(w, h, colorType, depth, pixels) })),
  fc.tuple(dimension, dimension).map(([w, h]) => ({ type: 'jpeg', bytes: jpegWithSize(w % 65536, h % 65536) })),
);

/** A good image with some of its bytes cut off or overwritten. */
const damaged = fc
  .tuple(wellFormed, fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), fc.boolean())
  .map(([image, cut, flips, truncate]) => {
    const bytes = Buffer.from(image.bytes);
    for (const [at, value] of flips) bytes[at % bytes.length] = value;
    return { type: image.type, bytes: truncate ? bytes.subarray(0, cut % bytes.length) : bytes };
  });

/** A `data:` URI as a header template's `<img src>` would carry it, sometimes with a lying type or broken base64. */
export const imageDataUri: fc.Arbitrary<string> = fc
  .tuple(fc.oneof(wellFormed, lying, damaged), fc.constantFrom('same', 'swapped', 'gif', 'svg', 'broken-base64'))
  .map(([image, variant]) => {
    const base64 = image.bytes.toString('base64');
    if (variant === 'gif') return `data:image/gif;base64,${base64}`;
    if (variant === 'svg') return 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
    if (variant === 'broken-base64') return `data:image/${image.type};base64,${base64.slice(0, -3)}!!*`;
    const type = variant === 'swapped' ? (image.type === 'png' ? 'jpeg' : 'png') : image.type;
    return `data:image/${type};base64,${base64}`;
  });
