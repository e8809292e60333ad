import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import PDFDocument from 'pdfkit';
import { DocumentFonts } from '../../src/engine/fonts/document-fonts';
import { loadFontLibrary } from '../../src/engine/fonts/font-library';
import { Canvas } from '../../src/engine/toolkit/canvas';
import { TextStyle } from '../../src/engine/toolkit/text-style';
import { poppler } from './render-helpers';

/**
 * Shaping on the page (DECISIONS section 12): each script drawn by Canvas with its face's
 * GSUB/GPOS, read back with pdftotext (the text layer) and pdffonts (faces embedded).
 * SHAPING_PDF_DIR=/tmp/x writes the PDF and a PNG of it there to look at.
 */
const LINES: Array<[string, string]> = [
  ['Latin', 'AVATAR Wave office — fi fl 1,234.56 €'],
  ['Arabic', 'مرحبا بالعالم'],
  ['Hebrew', 'שלום עולם'],
  ['Thai', 'สวัสดีครับ ภาษาไทย'],
  ['Hindi', 'हिन्दी भाषा'],
  ['Bengali', 'বাংলা ভাষা'],
  ['Tamil', 'தமிழ் மொழி'],
  ['Japanese', '日本語のテキスト、直骨'],
  ['Chinese', '中文文本 直骨'],
  ['Korean', '한국어 텍스트'],
  ['Emoji', 'OK 👍🏽 👨‍👩‍👧 🇫🇷'],
];

const STYLE: TextStyle = { size: 14, color: '#111111' } as TextStyle;

async function draw(lines: ReadonlyArray<[string, string]>, lang = 'en', style: TextStyle = STYLE): Promise<Buffer> {
  const fonts = await loadFontLibrary();
  const doc = new PDFDocument({ size: [420, 40 + lines.length * 26], margin: 0, bufferPages: true, compress: false, font: null as unknown as string });
  const documentFonts = new DocumentFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const canvas = new Canvas(doc, fonts, documentFonts, lang);
  lines.forEach(([, text], index) => canvas.text(text, 20, 20 + index * 26, style, 380));
  documentFonts.embedAll();
  doc.end();
  return ended;
}

function keep(name: string, pdf: Buffer): void {
  const dir = process.env.SHAPING_PDF_DIR;
  if (!dir) return;
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', path.join(dir, `${name}.pdf`), path.join(dir, name)]);
}

const squash = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

describe('scripts on the page', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await draw(LINES);
    keep('scripts', pdf);
  });

  it.each(LINES.filter(([name]) => !['Arabic', 'Hebrew', 'Hindi', 'Bengali', 'Tamil'].includes(name)))('gives %s text back in the text layer', (_name, text) => {
    const lines = poppler('pdftotext', pdf).split('\n').map(squash);
    expect(lines).toContain(squash(text));
  });

  it('draws no replacement character for any script', () => {
    expect(poppler('pdftotext', pdf)).not.toContain('\ufffd');
  });

  it('embeds the script faces the text needs, as subsets', () => {
    const fonts = poppler('pdffonts', pdf);
    for (const face of ['DejaVuSans', 'NotoSansArabic-Regular', 'NotoSansHebrew-Regular', 'NotoSansThai-Regular', 'NotoSansDevanagari-Regular', 'NotoSansBengali-Regular', 'NotoSansTamil-Regular', 'NotoSansJP-Regular', 'NotoSansKR-Regular', 'NotoEmoji-Regular']) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${face}\\s+CID TrueType\\s+Identity-H\\s+yes\\s+yes\\s+yes`));
    }
  });

  it('positions shaped glyphs: kerning and mark offsets as TJ adjustments', () => {
    const content = pdf.toString('latin1');
    // "AVATAR": DejaVu Sans kerns A-V, V-A, A-T, T-A.
    expect(content).toMatch(/\[<[0-9a-f]+> ?-?\d+ /);
  });

  it('maps a ligature glyph to all its characters in ToUnicode', async () => {
    const ligature = await draw([['', 'office']]);
    expect(squash(poppler('pdftotext', ligature))).toBe('office');
    // o, ffi, c, e: four glyphs for six characters, and pdftotext (through ToUnicode) reads all six.
    const shown = /BT .*? Tm (.*?)ET/.exec(ligature.toString('latin1'))![1];
    expect((shown.match(/<([0-9a-f]*)>/g) ?? []).join('').replace(/[<>]/g, '')).toHaveLength(16);
  });

  it('draws Han characters with Japanese forms for lang ja and Chinese ones otherwise', async () => {
    const ja = poppler('pdffonts', await draw([['', '直骨']], 'ja'));
    const zh = poppler('pdffonts', await draw([['', '直骨']], 'zh'));
    const en = poppler('pdffonts', await draw([['', '直骨']], 'en'));
    expect(ja).toContain('NotoSansJP-Regular');
    expect(ja).not.toContain('NotoSansSC');
    expect(zh).toContain('NotoSansSC-Regular');
    expect(en).toContain('NotoSansSC-Regular');
  });

  it('draws bold script text with the bold faces', async () => {
    const bold = poppler('pdffonts', await draw([['', 'مرحبا हिन्दी สวัสดี']], 'en', { ...STYLE, bold: true }));
    for (const face of ['NotoSansArabic-Bold', 'NotoSansDevanagari-Bold', 'NotoSansThai-Bold']) expect(bold).toContain(face);
  });
});
