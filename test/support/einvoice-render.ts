import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveOptions } from '../../src/engine/page/resolve-options';
import { renderDocumentWithLayout, RenderedDocument } from '../../src/engine/render-document';
import { findTemplate } from '../../src/engine/templates/built-in-templates';
import type { PdfOptionsInput } from '../../src/engine/page/pdf-options';

/** Renders invoice-basic with the options a generate request would resolve to (the e-invoice's PDF/A-3b among them). */
export function renderInvoice(data: object, options: PdfOptionsInput): Promise<RenderedDocument> {
  const template = findTemplate('invoice-basic')!;
  return renderDocumentWithLayout({ templateId: 'invoice-basic', data: data as Record<string, unknown>, options: resolveOptions(options, template.defaultOptions) });
}

/** The files embedded in a PDF, by name, as poppler's pdfdetach reads them (not our writer). */
export function embeddedFiles(pdf: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-detach-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const out = join(dir, 'files');
    execFileSync('mkdir', [out]);
    execFileSync('pdfdetach', ['-saveall', '-o', out, join(dir, 'in.pdf')]);
    return new Map(readdirSync(out).map((name) => [name, readFileSync(join(out, name))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
