import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { checkTemplateImages } from '../../src/engine/header-footer/images/check-template-images';
import { openPdfKitImage } from '../../src/engine/header-footer/images/pdfkit-image';
import { dataUri, EXIF_ROTATED, pngFromSamples, PngSpec, withSegment } from '../support/images';
import { sample as sampleData } from '../support/samples';
import { decodePng, Raster } from '../visual/png';
import { render, withPdfFile } from './render-helpers';

type Rgb = [number, number, number];

const WIDTH = 13;
const HEIGHT = 11;
/** Points (= pixels at 72 dpi) per image pixel: samples are read at cell centres, clear of smoothing. */
const CELL = 6;
const BACKGROUND: Rgb = [0, 255, 0];
/** 16-bit samples come out of the viewer rounded to 8 bits, alpha blending rounds once more. */
const TOLERANCE = 3;
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Kind {
  spec: PngSpec;
  transparency: boolean;
  refused: boolean;
}

/** Every colour type, bit depth and interlacing the PNG format allows, palettes with and without tRNS. */
const KINDS: Kind[] = Object.entries(DEPTHS).flatMap(([type, depths]) =>
  depths.flatMap((bitDepth) =>
    ([0, 1] as const).flatMap((interlace) =>
      (Number(type) === 3 ? [false, true] : [false]).map((transparency) => ({
        spec: { width: WIDTH, height: HEIGHT, colorType: Number(type), bitDepth, interlace },
        transparency,
        // What the README lists as not supported, because PDFKit draws it wrongly.
        refused: (interlace === 1 && bitDepth < 8) || (transparency && (bitDepth < 8 || interlace === 1)),
      })),
    ),
  ),
);

/** A palette colour and its alpha; the tRNS chunk stops at entry 200 (later entries are opaque). */
const paletteColor = (i: number): Rgb => [(i * 53) & 255, (i * 97 + 40) & 255, (i * 31 + 200) & 255];
const TRNS_ENTRIES = 200;
const paletteAlpha = (i: number) => (i >= TRNS_ENTRIES ? 255 : [0, 255, 128][i % 3]);

/** Sample values spread over the whole range; pixel (0, 0) holds the largest (palette index 255 at 8 bits). */
function sample(x: number, y: number, channel: number, max: number): number {
  return x === 0 && y === 0 ? max : ((x * 7 + y * 13 + channel * 5) * 2654435761) % (max + 1);
}

function imageFor({ spec, transparency }: Kind): { png: Buffer; expected: (x: number, y: number) => Rgb } {
  const { colorType = 6, bitDepth = 8 } = spec;
  const max = 2 ** bitDepth - 1;
  const samples = (x: number, y: number) => Array.from({ length: CHANNELS[colorType] }, (_, c) => sample(x, y, c, max));
  const to8 = (value: number) => (value * 255) / max;
  const over = (color: number[], alpha: number): Rgb => color.map((value, k) => value * alpha + BACKGROUND[k] * (1 - alpha)) as Rgb;
  const expected = (x: number, y: number): Rgb => {
    const s = samples(x, y).map(to8);
    if (colorType === 3) return over(paletteColor(samples(x, y)[0]), transparency ? paletteAlpha(samples(x, y)[0]) / 255 : 1);
    if (colorType === 0) return [s[0], s[0], s[0]];
    if (colorType === 2) return [s[0], s[1], s[2]];
    if (colorType === 4) return over([s[0], s[0], s[0]], s[1] / 255);
    return over(s.slice(0, 3), s[3] / 255);
  };
  const entries = Array.from({ length: 2 ** Math.min(bitDepth, 8) }, (_, i) => i);
  const chunks: Array<[string, Buffer]> = [];
  if (colorType === 3) chunks.push(['PLTE', Buffer.from(entries.flatMap(paletteColor))]);
  if (transparency) chunks.push(['tRNS', Buffer.from(entries.slice(0, TRNS_ENTRIES).map(paletteAlpha))]);
  return { png: pngFromSamples({ ...spec, chunks }, samples), expected };
}

function pdfOf(width: number, height: number, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: [width, height], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** The first page rasterised by poppler, as a PNG or JPEG file's bytes. */
function rasterised(pdf: Buffer, format: 'png' | 'jpeg', dpi: number): Buffer {
  return withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [`-${format}`, '-r', String(dpi), '-singlefile', file, path.join(dir, 'page')]);
    return readFileSync(path.join(dir, format === 'png' ? 'page.png' : 'page.jpg'));
  });
}

const rgbAt = (raster: Raster, x: number, y: number): Rgb => {
  const at = (y * raster.width + x) * raster.channels;
  return [0, 1, 2].map((k) => raster.pixels[at + (raster.channels === 3 ? k : 0)]) as Rgb;
};

/** Draws the image over a green page as the renderer does (openPdfKitImage), rasterised by poppler. */
async function drawn(uri: string): Promise<(x: number, y: number) => Rgb> {
  const pdf = await pdfOf(WIDTH * CELL, HEIGHT * CELL, (doc) => {
    doc.rect(0, 0, WIDTH * CELL, HEIGHT * CELL).fill('#00ff00');
    doc.image(openPdfKitImage(doc, uri) as never, 0, 0, { width: WIDTH * CELL, height: HEIGHT * CELL });
  });
  const raster = decodePng(rasterised(pdf, 'png', 72));
  return (x, y) => rgbAt(raster, x * CELL + CELL / 2, y * CELL + CELL / 2);
}

/** Bounds of the pixels close to `color` in the top `rows` of the raster. */
function boundsOf(raster: Raster, rows: number, color: Rgb) {
  const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < raster.width; x++) {
      if (rgbAt(raster, x, y).some((value, k) => Math.abs(value - color[k]) > 60)) continue;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x + 1);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y + 1);
    }
  }
  return box;
}

const label = ({ spec, transparency }: Kind) =>
  `colour type ${spec.colorType}, ${spec.bitDepth}-bit${spec.interlace ? ', interlaced' : ''}${transparency ? ', with tRNS' : ''}`;

describe('PNG kinds in header and footer templates', () => {
  it.each(KINDS.filter((kind) => !kind.refused).map((kind) => [label(kind), kind] as const))('%s: accepted and drawn with its own colours', async (_label, kind) => {
    const { png, expected } = imageFor(kind);
    const uri = dataUri(png);
    expect(await checkTemplateImages(`<img src="${uri}">`, 'options.headerTemplate')).toEqual([]);
    const pixel = await drawn(uri);
    const wrong: string[] = [];
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const [got, want] = [pixel(x, y), expected(x, y)];
        if (got.some((value, k) => Math.abs(value - want[k]) > TOLERANCE)) wrong.push(`(${x},${y}) ${got} instead of ${want.map(Math.round)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(KINDS.filter((kind) => kind.refused).map((kind) => [label(kind), kind] as const))('%s: refused at request time', async (_label, kind) => {
    const errors = await checkTemplateImages(`<img src="${dataUri(imageFor(kind).png)}">`, 'options.headerTemplate');
    expect(errors).toEqual([expect.stringMatching(/^options\.headerTemplate image 1 cannot be drawn: .* not supported|need 8 bits/)]);
  });
});

describe('a JPEG with an Exif orientation in a header', () => {
  it('is drawn turned, in a box of its turned proportions', async () => {
    // 40x20 px, red left half, blue right half; Exif orientation 6 shows it turned a quarter clockwise.
    const source = await pdfOf(40, 20, (doc) => {
      doc.rect(0, 0, 20, 20).fill('#ff0000');
      doc.rect(20, 0, 20, 20).fill('#0000ff');
    });
    const jpeg = withSegment(rasterised(source, 'jpeg', 72), 0xe1, EXIF_ROTATED);
    const headerTemplate = `<img src="${dataUri(jpeg, 'jpeg')}">`;
    expect(await checkTemplateImages(headerTemplate, 'options.headerTemplate')).toEqual([]);

    const { pdf } = await render('invoice-basic', sampleData('invoice-basic'), { headerTemplate });
    const page = decodePng(rasterised(pdf, 'png', 144));
    const marginRows = 0.75 * 144;
    const red = boundsOf(page, marginRows, [255, 0, 0]);
    const blue = boundsOf(page, marginRows, [0, 0, 255]);
    // Displayed 20x40 px at 0.75 pt a pixel: 30x60 device pixels at 144 dpi, red above blue.
    expect(red.bottom).toBeLessThanOrEqual(blue.top + 2);
    expect(Math.max(red.right, blue.right) - Math.min(red.left, blue.left)).toBeCloseTo(30, -1);
    expect(blue.bottom - red.top).toBeCloseTo(60, -1);
  });
});
