import { PdfOptions } from '../../src/engine/page/pdf-options';
import { RenderedDocument, renderDocumentWithLayout } from '../../src/engine/render-document';
import { TextBox } from '../../src/engine/toolkit/canvas';

/** Letter, portrait, 0.75in margins, no options header/footer: the custom templates' default page. */
export const CUSTOM_OPTIONS: PdfOptions = {
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
  displayHeaderFooter: false,
};

let renders = 0;

/** Renders a layout of the template language with `data`, each call under a key of its own. */
export function renderLayout(layout: unknown, data: Record<string, unknown> = {}, options: Partial<PdfOptions> = {}): Promise<RenderedDocument> {
  return renderDocumentWithLayout({
    templateId: 'custom-test',
    data,
    options: { ...CUSTOM_OPTIONS, ...options },
    custom: { key: `custom-test-${++renders}`, title: 'Custom test', layout },
  });
}

/** The text boxes holding exactly `text`. */
export function boxesOf(doc: RenderedDocument, text: string): TextBox[] {
  return doc.textBoxes.filter((box) => box.text === text);
}

/** The single text box holding exactly `text`; fails the test when there is none or more. */
export function boxOf(doc: RenderedDocument, text: string): TextBox {
  const found = boxesOf(doc, text);
  if (found.length !== 1) throw new Error(`expected one box with "${text}", found ${found.length}: ${doc.textBoxes.map((box) => box.text).join(' | ').slice(0, 300)}`);
  return found[0];
}

/** The texts drawn on a page (0-based), in drawing order. */
export function pageText(doc: RenderedDocument, page: number): string[] {
  return doc.textBoxes.filter((box) => box.page === page).map((box) => box.text);
}
