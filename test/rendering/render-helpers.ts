import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RenderedDocument, renderDocumentWithLayout } from '../../src/engine/render-document';
import { PdfOptions } from '../../src/engine/page/pdf-options';
import { TextBox } from '../../src/engine/toolkit/canvas';

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

/** Runs a poppler tool on the PDF and returns its output. */
export function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  return withPdfFile(pdf, (file) => execFileSync(tool, tool === 'pdftotext' ? [...args, file, '-'] : [...args, file], { encoding: 'utf8' }));
}

/** Text of each page, as pdftotext extracts it (pages end with a form feed). */
export function pageTexts(pdf: Buffer): string[] {
  return poppler('pdftotext', pdf, ['-layout']).split('\f').slice(0, -1);
}

/** Whitespace-free form, so that wrapped lines still match the value that was sent. */
export function squash(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, '');
}

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
