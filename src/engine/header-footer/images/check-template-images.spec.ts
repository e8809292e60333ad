import { deflateSync } from 'node:zlib';
import { dataUri, PNG_BOMB, pngBytes, rawSize, TINY_JPEG } from '../../../../test/support/images';
import { checkTemplateImages } from './check-template-images';

const FIELD = 'options.headerTemplate';
const check = (...images: Buffer[]) => checkTemplateImages(images.map((bytes) => `<img src="${dataUri(bytes)}">`).join(' '), FIELD);
/** A 1-bit grey image: many pixels in few bytes, so limits can be tested cheaply. */
const bilevel = (width: number, height: number) => pngBytes({ width, height, colorType: 0, bitDepth: 1 });

describe('checkTemplateImages', () => {
  it('accepts small PNGs and JPEGs, and a template without images', async () => {
    expect(await check(pngBytes({ width: 3, height: 2 }), TINY_JPEG)).toEqual([]);
    expect(await checkTemplateImages('<b>Page</b> <span class="pageNumber"></span>', FIELD)).toEqual([]);
  });

  it('refuses the 16384x16384 bomb from its header, naming the field and the image', async () => {
    expect(await check(TINY_JPEG, PNG_BOMB)).toEqual([
      `${FIELD} image 2 cannot be drawn: it is 16384x16384 pixels; at most 4096 pixels a side and 4194304 pixels per image are allowed`,
    ]);
  });

  it('holds each image to 4096 pixels a side and 4 MP, and a template to 8 MP', async () => {
    expect(await check(bilevel(4097, 1))).toEqual([expect.stringContaining('image 1 cannot be drawn: it is 4097x1 pixels')]);
    expect(await check(bilevel(2048, 2049))).toEqual([expect.stringContaining('it is 2048x2049 pixels')]);
    expect(await check(bilevel(2048, 2048), bilevel(4096, 1024))).toEqual([]);
    expect(await check(bilevel(2048, 2048), bilevel(4096, 1024), bilevel(1, 1))).toEqual([
      `${FIELD} images hold 8388609 pixels; at most 8388608 are allowed in one template`,
    ]);
  });

  it('counts a repeated image once, as PDFKit embeds it once', async () => {
    const image = bilevel(2048, 2048);
    expect(await check(image, image, image)).toEqual([]);
  });

  it('refuses images that are neither PNG nor JPEG, or 0x0', async () => {
    expect(await checkTemplateImages('<img src="data:image/png;base64,R0lGODlhAQABAAAAACw=">', FIELD)).toEqual([
      `${FIELD} image 1 cannot be drawn: it is neither a PNG nor a JPEG`,
    ]);
    expect(await check(pngBytes({ width: 0, height: 0 }))).toEqual([`${FIELD} image 1 cannot be drawn: it is 0x0 pixels`]);
  });

  describe('pixel data of a PNG', () => {
    const spec = { width: 5, height: 4 };
    const raw = () => Buffer.alloc(rawSize(spec));

    it('accepts every colour type, bit depth and interlacing PDFKit handles', async () => {
      const palette: Array<[string, Buffer]> = [['PLTE', Buffer.alloc(9)], ['tRNS', Buffer.alloc(3)]];
      const images = [
        pngBytes({ width: 7, height: 7, colorType: 2, bitDepth: 16, interlace: 1 }),
        pngBytes({ width: 9, height: 3, colorType: 4, bitDepth: 8, interlace: 1 }),
        pngBytes({ width: 9, height: 3, colorType: 0, bitDepth: 2 }),
        pngBytes({ width: 9, height: 3, colorType: 3, bitDepth: 8, chunks: palette }),
      ];
      expect(await check(...images)).toEqual([]);
    });

    it('refuses truncated, corrupt, short and long pixel data', async () => {
      const stream = deflateSync(raw());
      const corrupt = Buffer.from(stream);
      corrupt[corrupt.length - 1] ^= 0xff; // its Adler-32 checksum
      const long = Buffer.concat([raw(), Buffer.alloc(1)]);
      expect(await check(pngBytes({ ...spec, idat: stream.subarray(0, stream.length - 3) }))).toEqual([`${FIELD} image 1 cannot be drawn: its compressed pixel data is corrupt`]);
      expect(await check(pngBytes({ ...spec, idat: corrupt }))).toEqual([`${FIELD} image 1 cannot be drawn: its compressed pixel data is corrupt`]);
      expect(await check(pngBytes({ ...spec, raw: raw().subarray(1) }))).toEqual([`${FIELD} image 1 cannot be drawn: its pixel data is shorter than its size`]);
      expect(await check(pngBytes({ ...spec, raw: long }))).toEqual([`${FIELD} image 1 cannot be drawn: its pixel data is longer than its size`]);
    });

    it('refuses a scanline filter that png-js would throw on inside the render worker', async () => {
      const data = raw();
      data[rawSize(spec) / 2] = 7;
      expect(await check(pngBytes({ ...spec, raw: data }))).toEqual([`${FIELD} image 1 cannot be drawn: a scanline has the invalid filter type 7`]);
    });

    it('stops inflating a 1x1 image whose data inflates to 64 MiB at the first extra byte', async () => {
      const bomb = pngBytes({ width: 1, height: 1, idat: deflateSync(Buffer.alloc(64 * 1024 * 1024)) });
      expect(await check(bomb)).toEqual([`${FIELD} image 1 cannot be drawn: its pixel data is longer than its size`]);
    });
  });
});
