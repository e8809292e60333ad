import PDFDocument from 'pdfkit';
import { crc32 } from 'node:zlib';
import { dataUri, EXIF_ROTATED, pngBytes, PngSpec, rawSize, scanlineLengths, TINY_JPEG, withSegment } from '../../../../test/support/images';
import { checkTemplateImages } from './check-template-images';
import { openPdfKitImage } from './pdfkit-image';

const MUTANTS_PER_SEED = 150;

/** Small deterministic generator (mulberry32), so a failure names a case that can be replayed. */
function random(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/** Well-formed images of every kind, with varied scanline filters in their pixel data. */
function pngSeeds(next: (below: number) => number): PngSpec[] {
  const specs: PngSpec[] = [
    { width: 3, height: 3, colorType: 6 },
    { width: 6, height: 5, colorType: 4, bitDepth: 16, interlace: 1 },
    { width: 7, height: 7, colorType: 2, bitDepth: 16, interlace: 1 },
    { width: 5, height: 2, colorType: 2 },
    { width: 9, height: 2, colorType: 0, bitDepth: 1 },
    { width: 4, height: 3, colorType: 3, bitDepth: 2, chunks: [['PLTE', Buffer.from('ff000000ff000000ff', 'hex')]] },
    { width: 4, height: 3, colorType: 3, bitDepth: 8, chunks: [['PLTE', Buffer.alloc(12, 0x80)], ['tRNS', Buffer.from([0, 128])]] },
  ];
  return specs.map((spec) => {
    const raw = Buffer.alloc(rawSize(spec));
    for (let i = 0; i < raw.length; i++) raw[i] = next(256);
    let start = 0;
    for (const length of scanlineLengths(spec)) {
      raw[start] = next(5); // a valid filter type
      start += length;
    }
    return { ...spec, raw };
  });
}

/** Recomputes every chunk's CRC, so that a mutation reaches the checks behind the checksums. */
function withFixedCrcs(png: Buffer): Buffer {
  for (let pos = 8; pos + 12 <= png.length; ) {
    const end = pos + 12 + png.readUInt32BE(pos);
    if (end > png.length) break;
    png.writeUInt32BE(crc32(png.subarray(pos + 4, end - 4)), end - 4);
    pos = end;
  }
  return png;
}

const INTERESTING = [0, 1, 2, 3, 4, 5, 6, 8, 16, 0x7f, 0x80, 0xc0, 0xc2, 0xc9, 0xcc, 0xda, 0xfe, 0xff];

function mutate(seed: Buffer, isPng: boolean, next: (below: number) => number): Buffer {
  const bytes = Buffer.from(seed);
  const kind = next(4);
  if (kind === 0) return bytes.subarray(0, 1 + next(bytes.length - 1));
  const flips = 1 + next(3);
  for (let i = 0; i < flips; i++) {
    // Half the flips land in the first 48 bytes: the headers, where sizes and types live.
    const at = next(2) === 0 ? next(Math.min(48, bytes.length)) : next(bytes.length);
    bytes[at] = kind === 1 ? bytes[at] ^ (1 + next(255)) : INTERESTING[next(INTERESTING.length)];
  }
  return isPng && kind !== 1 ? withFixedCrcs(bytes) : bytes;
}

/** Draws the image with PDFKit as the renderer does, and returns the PDF. */
function drawWithPdfKit(uri: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [100, 100], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (data: Buffer) => chunks.push(data));
    doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    doc.on('error', reject);
    doc.image(openPdfKitImage(doc, uri) as never, 0, 0, { width: 20, height: 20 });
    doc.end();
  });
}

describe('mutated PNGs and JPEGs', () => {
  it('are each either refused with a validation error or drawn by PDFKit', async () => {
    const next = random(11);
    const seeds = [
      ...pngSeeds(next).map((spec) => ({ bytes: pngBytes(spec), isPng: true })),
      { bytes: TINY_JPEG, isPng: false },
      { bytes: withSegment(withSegment(TINY_JPEG, 0xfe, Buffer.from('a comment')), 0xe1, EXIF_ROTATED), isPng: false },
    ];
    for (const { bytes } of seeds) expect(await checkTemplateImages(`<img src="${dataUri(bytes)}">`, 'f')).toEqual([]);

    const outcomes = { refused: 0, drawn: 0 };
    for (const [index, seed] of seeds.entries()) {
      for (let n = 0; n < MUTANTS_PER_SEED; n++) {
        const uri = dataUri(mutate(seed.bytes, seed.isPng, next));
        const errors = await checkTemplateImages(`<img src="${uri}">`, 'options.headerTemplate');
        if (errors.length > 0) {
          expect(errors[0]).toMatch(/^options\.headerTemplate image 1 cannot be drawn: /);
          outcomes.refused++;
          continue;
        }
        const pdf = await drawWithPdfKit(uri).catch((error) => `seed ${index} mutant ${n} ${uri}: ${error}`);
        expect(pdf).toContain('/Subtype /Image');
        outcomes.drawn++;
      }
    }
    // Both outcomes must be well represented, or the mutations test nothing.
    expect(outcomes.refused).toBeGreaterThan(seeds.length * MUTANTS_PER_SEED * 0.3);
    expect(outcomes.drawn).toBeGreaterThan(seeds.length * MUTANTS_PER_SEED * 0.1);
  });
});
