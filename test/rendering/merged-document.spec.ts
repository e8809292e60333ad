import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderDocumentWithLayout } from '../../src/engine/render-document';
import { MergedItem, renderMergedDocumentWithPages } from '../../src/engine/render-merged-document';
import type { RenderRequest } from '../../src/engine/page/pdf-options';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { invoiceWithItems, renderRequest } from '../support/render-cases';
import { pdfFonts, PdfObjects, pdfString, qpdfCheck } from '../support/qpdf-objects';

/** DECISIONS section 15, `merge: true`: the items drawn into one file, each as it is alone, one outline entry each. */

const withOptions = (request: RenderRequest, options: Partial<RenderRequest['options']>): RenderRequest => ({ ...request, options: { ...request.options, ...options } });

const INVOICE = renderRequest('invoice-basic', TEMPLATE_SAMPLES['invoice-basic']);
const ITEMS: MergedItem[] = [
  // What makes a file of its own is left out of the merge: no PDF/A claim, no attachment.
  { request: withOptions(INVOICE, { pdfStandard: 'PDF/A-2b', attachments: [{ name: 'note.txt', contentType: 'text/plain', data: 'aGk=' }] }) },
  // Several pages in margins too small for the furniture: laid out in the inset frame, as alone.
  { request: withOptions(renderRequest('invoice-basic', invoiceWithItems(60)), { margin: { top: '0', right: '0.5in', bottom: '0', left: '0.5in' } }), title: 'The long invoice' },
  { request: { ...withOptions(renderRequest('weekly-report', TEMPLATE_SAMPLES['weekly-report']), { format: 'A4', orientation: 'landscape', lang: 'de-DE' }), watermark: 'TEST' } },
  // The caller's header and footer, numbered within the item.
  { request: withOptions(renderRequest('invoice-basic', invoiceWithItems(40)), { format: 'Legal', displayHeaderFooter: true, headerTemplate: '<div><span class="title"></span></div>' }) },
  // A custom template's own footer, numbered within the item.
  {
    request: {
      ...INVOICE,
      templateId: 'notes',
      custom: {
        key: 'merged-spec-notes',
        title: 'Notes',
        layout: {
          footer: [{ type: 'text', text: 'Sheet {{ page.number }} of {{ page.total }}', style: 'muted', align: 'center' }],
          body: Array.from({ length: 60 }, (_, i) => ({ type: 'text', text: `Note ${i + 1}: the reel was delivered on time.` })),
        },
      },
    },
  },
];

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'pdfgen-merged-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, pdf: Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
}

/** pdftotext -layout of one page (1-based). */
const pageText = (file: string, page: number) => execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });

const titleOf = (file: string) => /^Title:\s+(.*)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];

/** The pages' references, in order. */
function pageRefs(pdf: PdfObjects): string[] {
  const refs: string[] = [];
  const walk = (ref: string) => {
    const node = pdf.dict(ref);
    if (node['/Type'] === '/Page') refs.push(ref);
    else for (const kid of pdf.array(node['/Kids'])) walk(kid as string);
  };
  walk(pdf.root['/Pages'] as string);
  return refs;
}

function outline(pdf: PdfObjects): Array<{ title: string | undefined; dest: string }> {
  const entries = [];
  for (let ref = pdf.dict(pdf.root['/Outlines'])['/First']; ref; ref = pdf.dict(ref)['/Next']) {
    const item = pdf.dict(ref);
    entries.push({ title: pdfString(item['/Title']), dest: pdf.array(item['/Dest'])[0] as string });
  }
  return entries;
}

describe('renderMergedDocumentWithPages', () => {
  let merged: { file: string; pdf: PdfObjects; pageCount: number; firstPages: number[] };
  let alone: Array<{ file: string; pageCount: number; title: string }>;

  beforeAll(async () => {
    alone = [];
    for (const [index, { request }] of ITEMS.entries()) {
      const document = await renderDocumentWithLayout(request);
      const file = write(`alone-${index}.pdf`, document.pdf);
      alone.push({ file, pageCount: document.pageCount, title: titleOf(file) });
    }
    const result = await renderMergedDocumentWithPages(ITEMS);
    const file = write('merged.pdf', result.pdf);
    merged = { file, pdf: new PdfObjects(file), pageCount: result.pageCount, firstPages: result.firstPages };
  });

  it('holds every page of every item, each item from its own first page, at its own size', () => {
    expect(alone[0].pageCount).toBe(1);
    for (const index of [1, 3, 4]) expect(alone[index].pageCount).toBeGreaterThan(1);
    const total = alone.reduce((sum, item) => sum + item.pageCount, 0);
    expect(merged.pageCount).toBe(total);
    expect(merged.firstPages).toEqual(alone.map((_, index) => alone.slice(0, index).reduce((sum, item) => sum + item.pageCount, 0)));
    expect(execFileSync('pdfinfo', [merged.file], { encoding: 'utf8' })).toMatch(new RegExp(`^Pages:\\s+${total}$`, 'm'));
    const sizes = merged.pdf.pages().map((page) => (page['/MediaBox'] as number[]).slice(2).map(Math.round));
    expect(merged.firstPages.map((first) => sizes[first])).toEqual([
      [612, 792],
      [612, 792],
      [842, 595],
      [612, 1008],
      [612, 792],
    ]);
    // Pages a layout adds are its item's size too.
    expect(sizes[merged.firstPages[3] + 1]).toEqual([612, 1008]);
  });

  it('lays every page out as the item alone: the same text, its own "Page x of y"', () => {
    ITEMS.forEach((_, index) => {
      for (let page = 1; page <= alone[index].pageCount; page++) {
        expect(pageText(merged.file, merged.firstPages[index] + page)).toBe(pageText(alone[index].file, page));
      }
    });
    const long = alone[1].pageCount;
    expect(pageText(merged.file, 2)).toContain(`Page 1 of ${long}`);
    expect(pageText(merged.file, 1 + long)).toContain(`Page ${long} of ${long}`);
    expect(pageText(merged.file, 1)).not.toContain('Page 1 of');
    expect(pageText(merged.file, merged.firstPages[3] + 1)).toContain(`Page 1 of ${alone[3].pageCount}`);
    expect(pageText(merged.file, merged.firstPages[4] + 1)).toContain(`Sheet 1 of ${alone[4].pageCount}`);
  });

  it('has one outline entry per item, titled, pointing at its first page', () => {
    const pages = pageRefs(merged.pdf);
    expect(outline(merged.pdf)).toEqual([
      { title: alone[0].title, dest: pages[0] },
      { title: 'The long invoice', dest: pages[1] },
      { title: alone[2].title, dest: pages[merged.firstPages[2]] },
      { title: alone[3].title, dest: pages[merged.firstPages[3]] },
      { title: 'Notes', dest: pages[merged.firstPages[4]] },
    ]);
    expect(merged.pdf.root['/PageMode']).toBe('/UseOutlines');
  });

  it('is one tagged document in the first item\'s language, a Sect per item, the other language marked', () => {
    const { root } = merged.pdf;
    expect(merged.pdf.dict(root['/MarkInfo'])['/Marked']).toBe(true);
    expect(pdfString(root['/Lang'])).toBe('en');
    const tree = merged.pdf.dict(root['/StructTreeRoot']);
    expect(tree['/Type']).toBe('/StructTreeRoot');
    const document = merged.pdf.dict(tree['/K']);
    expect(document['/S']).toBe('/Document');
    const sections = merged.pdf.array(document['/K']).map((kid) => merged.pdf.dict(kid));
    expect(sections.map((kid) => kid['/S'])).toEqual(ITEMS.map(() => '/Sect'));
    expect(sections.map((kid) => pdfString(kid['/Lang']))).toEqual([undefined, undefined, 'de-DE', undefined, undefined]);
  });

  it('embeds each font once, and is no PDF/A, not encrypted, without attachments', () => {
    const fontFiles = (file: string) => pdfFonts(file).length;
    const sum = alone.reduce((total, item) => total + fontFiles(item.file), 0);
    expect(fontFiles(merged.file)).toBeLessThan(sum);
    const names = pdfFonts(merged.file).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    expect(new Set(names).size).toBe(names.length);
    expect(qpdfCheck(merged.file)).toMatchObject({ status: 0 });
    expect(merged.pdf.trailer['/Encrypt']).toBeUndefined();
    expect(merged.pdf.root['/AF']).toBeUndefined();
    expect(merged.pdf.dict(merged.pdf.root['/Names'])['/EmbeddedFiles']).toBeUndefined();
    const xmp = merged.pdf.stream(merged.pdf.root['/Metadata'])?.data.toString('utf8') ?? '';
    expect(xmp).not.toContain('pdfaid');
    expect(titleOf(merged.file)).toBe(`${alone[0].title} – Notes`);
  });
});

describe('a merge', () => {
  it("draws each item's Han characters in its own language's forms (the font stacks follow the section)", async () => {
    const han = renderRequest('invoice-basic', { ...TEMPLATE_SAMPLES['invoice-basic'], client: { name: '東京映像株式会社' } });
    const [chinese, japanese] = [withOptions(han, { lang: 'zh-CN' }), withOptions(han, { lang: 'ja' })];
    let files = 0;
    const families = (pdf: Buffer) => pdfFonts(write(`fonts-${++files}.pdf`, pdf)).map((font) => font.name.replace(/^[A-Z]{6}\+/, '').replace(/-.*$/, ''));
    const alone = [...families((await renderDocumentWithLayout(chinese)).pdf), ...families((await renderDocumentWithLayout(japanese)).pdf)];
    const merged = families((await renderMergedDocumentWithPages([{ request: chinese }, { request: japanese }])).pdf);
    expect(new Set(merged)).toEqual(new Set(alone));
    expect(merged.filter((name) => /JP/.test(name))).toHaveLength(1);
    expect(merged.filter((name) => /SC/.test(name))).toHaveLength(1);
  });


  it('refuses an unknown template before drawing anything, and no items at all', async () => {
    await expect(renderMergedDocumentWithPages([ITEMS[0], { request: { ...INVOICE, templateId: 'no-such' } }])).rejects.toThrow('Unknown template: no-such');
    await expect(renderMergedDocumentWithPages([])).rejects.toThrow('at least one item');
  });
});
