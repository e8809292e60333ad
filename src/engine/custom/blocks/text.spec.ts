import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boxOf, boxesOf, renderLayout } from '../../../../test/support/custom-render';
import { PdfObjects } from '../../../../test/support/qpdf-objects';

/** Content frame of the default page: Letter with 0.75in margins. */
const FRAME = { x: 54, y: 54, width: 504 };

describe('text block', () => {
  it('places its text at the top left of the body, in the style asked for', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'Hello {{ name }}', style: 'title' }, { type: 'text', text: 'Body line' }] }, { name: 'Ada' });
    const title = boxOf(doc, 'Hello Ada');
    expect(title).toMatchObject({ page: 0, x: FRAME.x, y: FRAME.y });
    expect(title.height).toBeCloseTo(16 * 1.32);
    const body = boxOf(doc, 'Body line');
    expect(body.height).toBeCloseTo(9 * 1.32);
    expect(body.y).toBeCloseTo(title.y + title.height + 5);
  });

  it('aligns right and centre within the width', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'Right', align: 'right' }, { type: 'text', text: 'Centre', align: 'center' }] });
    const right = boxOf(doc, 'Right');
    expect(right.x + right.width).toBeCloseTo(FRAME.x + FRAME.width);
    const centre = boxOf(doc, 'Centre');
    expect(centre.x + centre.width / 2).toBeCloseTo(FRAME.x + FRAME.width / 2);
  });

  it('takes explicit size, weight and colour over the style, and prints labels in capitals', async () => {
    const doc = await renderLayout({ body: [{ type: 'text', text: 'Big', style: 'small', size: 20, bold: true, color: '#ff0000' }, { type: 'text', text: 'Bill to', style: 'label' }] });
    expect(boxOf(doc, 'Big').height).toBeCloseTo(20 * 1.32);
    expect(boxesOf(doc, 'BILL TO')).toHaveLength(1);
  });

  it('wraps long text within the width, and draws nothing (no space either) for empty text', async () => {
    const long = 'word '.repeat(200).trim();
    const doc = await renderLayout({ body: [{ type: 'text', text: '{{ missing }}' }, { type: 'text', text: long }, { type: 'text', text: '{{ blank }}' }, { type: 'text', text: 'After' }] }, { blank: '  ' });
    const lines = doc.textBoxes.filter((box) => box.text.startsWith('word'));
    expect(lines.length).toBeGreaterThan(5);
    expect(lines[0].y).toBe(FRAME.y);
    for (const line of lines) expect(line.x + line.width).toBeLessThanOrEqual(FRAME.x + FRAME.width + 0.01);
    expect(boxOf(doc, 'After').y).toBeCloseTo(lines[lines.length - 1].y + lines[0].height + 5);
  });

  it('tags a text block with the role it names: h1 to h6 or p, over its style (issue 35)', async () => {
    const doc = await renderLayout({
      body: [
        { type: 'text', text: 'Certificate', size: 30, role: 'h1' },
        { type: 'text', text: 'Section', role: 'h2' },
        { type: 'text', text: 'Plain', style: 'title', role: 'p' },
        { type: 'text', text: 'Unmarked' },
      ],
    });
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-roles-'));
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, doc.pdf);
    const roles = new PdfObjects(file)
      .allDicts()
      .map((dict) => String(dict['/S'] ?? ''))
      .filter((role) => /^\/(H[1-6]|P)$/.test(role))
      .map((role) => role.slice(1));
    rmSync(dir, { recursive: true, force: true });
    expect(roles.filter((role) => role !== 'P')).toEqual(['H1', 'H2']);
    // Plain (a title style tagged p) and Unmarked.
    expect(roles.filter((role) => role === 'P')).toHaveLength(2);
  });

  it('keeps a heading with the block that follows it at a page break', async () => {
    const filler = { type: 'spacer', height: 684 - 30 };
    const doc = await renderLayout({ body: [filler, { type: 'text', text: 'Section', style: 'heading' }, { type: 'text', text: 'First paragraph' }] });
    expect(boxOf(doc, 'Section').page).toBe(1);
    expect(boxOf(doc, 'First paragraph').page).toBe(1);
  });
});
