import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { checkTemplateImages } from '../../src/rendering/header-footer/images/check-template-images';
import { openPdfKitImage } from '../../src/rendering/header-footer/images/pdfkit-image';
import { dataUri, pngFromSamples, PngSpec } from '../support/images';
import { decodePng } from '../visual/png';
import { withPdfFile } from './render-helpers';

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

/** Draws the image over a green page as the renderer does (openPdfKitImage), rasterised by poppler. */
async function drawn(uri: string): Promise<(x: number, y: number) => Rgb> {
  const pdf = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: [WIDTH * CELL, HEIGHT * CELL], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(0, 0, WIDTH * CELL, HEIGHT * CELL).fill('#00ff00');
    doc.image(openPdfKitImage(doc, uri) as never, 0, 0, { width: WIDTH * CELL, height: HEIGHT * CELL });
    doc.end();
  });
  const raster = withPdfFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-png', '-r', '72', '-singlefile', file, path.join(dir, 'page')]);
    return decodePng(readFileSync(path.join(dir, 'page.png')));
  });
  return (x, y) => {
    const at = ((y * CELL + CELL / 2) * raster.width + x * CELL + CELL / 2) * raster.channels;
    return [0, 1, 2].map((k) => raster.pixels[at + (raster.channels === 3 ? k : 0)]) as Rgb;
  };
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
