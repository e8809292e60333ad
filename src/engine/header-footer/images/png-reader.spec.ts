import { deflateSync } from 'node:zlib';
import { chunk, PNG_BOMB, pngBytes } from '../../../../test/support/images';
import { ImageProblem } from './image-problem';
import { readPng } from './png-reader';

const problem = (bytes: Buffer) => {
  try {
    readPng(bytes);
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(ImageProblem);
    return (error as Error).message;
  }
};

describe('readPng', () => {
  it('reads the declared size of the 16384x16384 bomb without decoding it', () => {
    expect(readPng(PNG_BOMB)).toMatchObject({ width: 16384, height: 16384, colorType: 6, bitDepth: 8, pixelBits: 32, interlaced: false });
  });

  it('reads each colour type and collects the image data', () => {
    const png = readPng(pngBytes({ width: 3, height: 2, colorType: 3, bitDepth: 2, chunks: [['PLTE', Buffer.alloc(12)]] }));
    expect(png).toMatchObject({ width: 3, height: 2, pixelBits: 2 });
    expect(png.compressed.length).toBeGreaterThan(0);
    expect(readPng(pngBytes({ width: 1, height: 1, colorType: 4, bitDepth: 16 })).pixelBits).toBe(32);
  });

  it('refuses empty, truncated and checksum-damaged images', () => {
    expect(problem(pngBytes({ width: 0, height: 0 }))).toBe('it is 0x0 pixels');
    const good = pngBytes({ width: 2, height: 2 });
    expect(problem(good.subarray(0, good.length - 5))).toBe('it is truncated');
    const flipped = Buffer.from(good);
    flipped[20] ^= 1;
    expect(problem(flipped)).toBe('its IHDR chunk fails its CRC check');
    expect(problem(Buffer.concat([good.subarray(0, 8), chunk('IDAT', Buffer.alloc(1))]))).toBe('it does not start with an IHDR chunk');
  });

  it('refuses header values the PNG format does not allow', () => {
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 2, bitDepth: 4 }))).toBe('its bit depth 4 is not valid for colour type 2');
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 5 }))).toBe('its colour type 5 is not valid');
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 3 }))).toBe('its palette is missing');
    expect(problem(pngBytes({ width: 1, height: 1, chunks: [['IHDR', Buffer.alloc(13)]] }))).toBe('it has two IHDR chunks');
    expect(problem(pngBytes({ width: 1, height: 1, chunks: [['ABCD', Buffer.alloc(1)]] }))).toBe('its ABCD chunk is not supported');
    expect(problem(pngBytes({ width: 1, height: 1, chunks: [['abCD', Buffer.alloc(1)]] }))).toBe('accepted');
  });

  it('refuses what PDFKit would draw wrongly', () => {
    expect(problem(pngBytes({ width: 4, height: 8, interlace: 1 }))).toBe('interlaced images narrower than 5 pixels are not supported');
    expect(problem(pngBytes({ width: 8, height: 8, colorType: 0, bitDepth: 4, interlace: 1 }))).toMatch(/^interlaced images with fewer than 8 bits/);
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 2, chunks: [['tRNS', Buffer.alloc(6)]] }))).toMatch(/^transparency \(tRNS\) is supported only in palette images/);
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 2, chunks: [['PLTE', Buffer.alloc(3)]] }))).toBe('a palette in a non-palette image is not supported');
    const palette: Array<[string, Buffer]> = [['PLTE', Buffer.alloc(6)], ['tRNS', Buffer.alloc(2)]];
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 3, bitDepth: 4, chunks: palette }))).toBe('palette images with transparency need 8 bits per pixel');
    expect(problem(pngBytes({ width: 1, height: 1, colorType: 3, bitDepth: 8, chunks: palette }))).toBe('accepted');
    expect(problem(pngBytes({ width: 5, height: 5, colorType: 3, bitDepth: 8, interlace: 1, chunks: palette }))).toBe('interlaced palette images with transparency are not supported');
  });

  it('refuses chunk lengths that png-js would read as negative', () => {
    const png = pngBytes({ width: 1, height: 1, idat: deflateSync(Buffer.alloc(5)) });
    png.writeUInt32BE(0x80000000, 33);
    expect(problem(png)).toBe('it is truncated');
  });
});
