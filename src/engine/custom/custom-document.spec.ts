import { execFileSync } from 'node:child_process';
import { InvalidDocumentData, RenderFailed } from '../errors';
import { renderDocumentWithLayout } from '../render-document';
import { MAX_PAGES } from './blocks/build-scope';
import { boxOf, boxesOf, CUSTOM_OPTIONS, pageText, renderLayout } from '../../../test/support/custom-render';
import { withPdfFile } from '../../../test/rendering/render-helpers';

const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ n: i + 1 }));
const longTable = { type: 'table', rows: 'rows', columns: [{ header: 'N', cell: 'Row {{ row.n }}' }] };

/**
 * Rows like rows(count) whose `n` notes each row read: how much of the data a render evaluated,
 * counted rather than timed (a clock says as much about the machine's load as about the render).
 */
function countedRows(count: number): { rows: Array<{ n: number }>; read: Set<number> } {
  const read = new Set<number>();
  const rows = Array.from({ length: count }, (_, i) => ({
    get n() {
      read.add(i);
      return i + 1;
    },
  }));
  return { rows, read };
}

describe('a custom document', () => {
  it('draws the header and footer on every page with page.number and page.total, and keeps the body clear of them', async () => {
    const layout = {
      header: [{ type: 'text', text: '{{ company }}', style: 'small' }],
      footer: [{ type: 'text', text: 'Page {{ page.number }} of {{ page.total }}', style: 'muted', align: 'center' }],
      body: [longTable],
    };
    const doc = await renderLayout(layout, { company: 'Acme', rows: rows(90) });
    expect(doc.pageCount).toBe(3);
    for (let page = 0; page < 3; page++) {
      const texts = pageText(doc, page);
      expect(texts).toContain('Acme');
      expect(texts).toContain(`Page ${page + 1} of 3`);
    }
    const header = boxesOf(doc, 'Acme')[0];
    const footer = boxOf(doc, 'Page 1 of 3');
    const body = doc.textBoxes.filter((box) => box.page === 0 && box.text.startsWith('Row '));
    expect(header.y).toBe(54);
    expect(footer.y + footer.height).toBeCloseTo(792 - 54);
    expect(Math.min(...body.map((box) => box.y))).toBeGreaterThan(header.y + header.height);
    expect(Math.max(...body.map((box) => box.y + box.height))).toBeLessThan(footer.y);
  });

  it('is titled with the template title, and takes the options header, footer and watermark as built-ins do', async () => {
    const doc = await renderDocumentWithLayout({
      templateId: 'my-invoice',
      data: {},
      options: { ...CUSTOM_OPTIONS, displayHeaderFooter: true, footerTemplate: '<div><span class="title"></span> <span class="pageNumber"></span></div>' },
      watermark: 'PREVIEW',
      custom: { key: 'document-spec-title', title: 'Invoice INV-9', layout: { body: [{ type: 'text', text: 'Body' }] } },
    });
    expect(withPdfFile(doc.pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }))).toMatch(/^Title:\s+Invoice INV-9$/m);
    expect(pageText(doc, 0).join('')).toContain('Invoice INV-9 1');
    expect(boxesOf(doc, 'PREVIEW')).toHaveLength(1);
  });

  it('draws in the theme: its font family and size', async () => {
    const doc = await renderLayout({ theme: { fontFamily: 'serif', fontSize: 12 }, body: [{ type: 'text', text: 'Serif body' }, { type: 'text', text: 'Mono?', style: 'heading' }] });
    expect(boxOf(doc, 'Serif body').height).toBeCloseTo(12 * 1.32);
    const fonts = withPdfFile(doc.pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
    expect(fonts).toMatch(/DejaVuSerif\b/);
    expect(fonts).toMatch(/DejaVuSerif-Bold/);
    expect(fonts).not.toMatch(/DejaVuSans\b/);
  });

  it('ends over 1,000 pages with RenderFailed, before evaluating a table that cannot fit', async () => {
    const fits = countedRows(10);
    await renderLayout({ body: [longTable] }, { rows: fits.rows });
    expect(fits.read.size).toBe(10);
    // 100,000 rows need some 2,900 pages, yet stay within the document's budget of built rows (MAX_BUILT_BLOCKS).
    const huge = countedRows(100_000);
    await expect(renderLayout({ body: [longTable] }, { rows: huge.rows })).rejects.toThrow(new RenderFailed('Document exceeds 1000 pages'));
    expect(huge.read.size).toBe(0);
  });

  it('ends over 1,000 pages while flowing, not after: no more elements evaluated than pages allowed', async () => {
    const layout = { body: [{ type: 'each', items: 'rows', blocks: [{ type: 'text', text: '{{ item.n }}' }, { type: 'pageBreak' }] }] };
    const many = countedRows(100_000);
    await expect(renderLayout(layout, { rows: many.rows })).rejects.toThrow(new RenderFailed('Document exceeds 1000 pages'));
    // One element a page: the one that would start page 1,001 is the last evaluated, not the 100,000th.
    expect(many.read.size).toBeGreaterThan(0);
    expect(many.read.size).toBeLessThanOrEqual(MAX_PAGES + 1);
    // A break after the last element makes no empty page.
    expect((await renderLayout(layout, { rows: rows(1000) })).pageCount).toBe(1000);
  });

  it('refuses a header and footer that leave the body no room', async () => {
    const tall = Array.from({ length: 30 }, () => ({ type: 'text', text: 'Header line', style: 'heading' }));
    await expect(renderLayout({ header: tall, body: [] })).rejects.toThrow(new InvalidDocumentData("layout.header takes 815 of the page's 684 points; the body needs at least 72"));
  });
});
