import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RenderedDocument, renderDocumentWithLayout } from '../../src/engine/render-document';
import { PdfOptions } from '../../src/engine/page/pdf-options';
import { TextBox } from '../../src/engine/toolkit/canvas';
import { LAYOUT_HYPHEN } from '../../src/engine/toolkit/text-wrap';

export const OPTIONS: PdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
  displayHeaderFooter: true,
};

export function render(templateId: string, data: Record<string, unknown>, options: Partial<PdfOptions> = {}): Promise<RenderedDocument> {
  return renderDocumentWithLayout({ templateId, data, options: { ...OPTIONS, ...options } });
}

/** Writes the PDF to a file in a temporary folder, hands both to `use`, then removes the folder. */
export function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdfgen-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs a poppler tool on the PDF and returns its output. pdftotext without a mode of its own
 * (`-layout`) runs with `-raw`: the content stream's order, which is the layout's reading order,
 * and no dehyphenation (the default mode drops a hyphen the data sent when a line ends with it).
 */
export function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  const mode = tool === 'pdftotext' && !args.includes('-layout') && !args.includes('-raw') ? ['-raw'] : [];
  return withPdfFile(pdf, (file) => execFileSync(tool, tool === 'pdftotext' ? [...mode, ...args, file, '-'] : [...args, file], { encoding: 'utf8' }));
}

/**
 * pdftotext in its default (reading-order) mode: it reads right-to-left lines from glyphs drawn
 * in visual order and puts them back in logical order with its own bidi pass, wrapping runs in
 * embedding marks (U+202A..U+202E), taken out here. (-raw gives content-stream order: runs in visual order.)
 */
export function readingOrderText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }))
    .normalize('NFC')
    .replace(/[\u202a-\u202e]/g, '');
}

/**
 * The words and figures of a text, punctuation and spaces left out: poppler places neutrals by
 * its own heuristic and may glue a figure or a Latin word to the RTL word next to it ("מתוך1",
 * "Horizonבסך"). Arabic-Indic and Persian digits are of the Arabic script: figures are matched first.
 */
export function wordsOf(value: string): string[] {
  return value.normalize('NFC').match(/\p{N}+(?:[.,/]\p{N}+)*|[\p{Script=Hebrew}\p{M}]+|(?:(?!\p{N})[\p{Script=Arabic}\p{M}])+|[\p{Script=Latin}\p{M}]+/gu) ?? [];
}

/** Text of each page, as pdftotext extracts it (pages end with a form feed). */
export function pageTexts(pdf: Buffer): string[] {
  return poppler('pdftotext', pdf, ['-layout']).split('\f').slice(0, -1);
}

/**
 * Whitespace-free form, so that wrapped lines still match the value that was sent. A hyphen the
 * layout added where it broke a word (LAYOUT_HYPHEN, U+2010, at a line end) is taken out with the
 * line break, so the word reads whole again; hyphens the data sent (`-`) are kept.
 */
export function squash(text: string): string {
  return joinLayoutHyphens(text.normalize('NFC')).replace(/\s+/g, '');
}

/** The text with every line-final layout hyphen joined to the next line. */
export function joinLayoutHyphens(text: string): string {
  return text.replace(LINE_FINAL_LAYOUT_HYPHEN, '');
}

const LINE_FINAL_LAYOUT_HYPHEN = new RegExp(`${LAYOUT_HYPHEN}[^\\S\\n]*\\n\\s*`, 'g');

const describe = (box: TextBox) => `p${box.page + 1} "${box.text.slice(0, 30)}" at ${box.x.toFixed(1)},${box.y.toFixed(1)} ${box.width.toFixed(1)}x${box.height.toFixed(1)}`;

/** Boxes that leave the page (beyond a rounding tolerance), described briefly (at most 5). */
export function boxesOutsidePage(doc: RenderedDocument): string[] {
  const { width, height } = doc.pageSize;
  return doc.textBoxes
    .filter((box) => box.x < -0.5 || box.y < -0.5 || box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5)
    .slice(0, 5)
    .map(describe);
}

/** Pairs of text boxes on one page whose areas overlap by more than a hair (at most 5). */
export function overlappingBoxes(doc: RenderedDocument): string[] {
  const overlaps: string[] = [];
  const byPage = new Map<number, TextBox[]>();
  for (const box of doc.textBoxes) byPage.set(box.page, [...(byPage.get(box.page) ?? []), box]);
  for (const boxes of byPage.values()) {
    const sorted = [...boxes].sort((a, b) => a.y - b.y);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length && sorted[j].y < sorted[i].y + sorted[i].height; j++) {
        const a = sorted[i];
        const b = sorted[j];
        const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (dx > 0.5 && dy > 0.5 && overlaps.length < 5) overlaps.push(`${describe(a)} / ${describe(b)}`);
      }
    }
  }
  return overlaps;
}

/**
 * The text of each page as pdftotext reads it (content-stream order), squashed, without the text
 * drawn around the content (page furniture, header and footer, watermark). Running boxes are
 * drawn after the content of their page, so each is removed at the last occurrence of its text.
 */
export function contentPages(doc: RenderedDocument): string[] {
  return poppler('pdftotext', doc.pdf)
    .split('\f')
    .slice(0, doc.pageCount)
    .map((page, index) => {
      let text = squash(page);
      // Last drawn first: each is then the last occurrence of its text on the page.
      for (const box of doc.runningBoxes.filter((running) => running.page === index).reverse()) {
        const at = text.lastIndexOf(squash(box.text));
        if (at >= 0) text = text.slice(0, at) + text.slice(at + squash(box.text).length);
      }
      return text;
    });
}
