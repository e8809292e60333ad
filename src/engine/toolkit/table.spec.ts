import { testCanvas } from '../../../test/support/test-canvas';
import { Canvas } from './canvas';
import { Table, TABLE_MIN_TYPE, TableSpec } from './table';
import { LAYOUT_HYPHEN } from './text-wrap';

let canvas: Canvas;
beforeEach(async () => {
  ({ canvas } = await testCanvas(600, 2000));
});

const invoiceTable = (rows: string[][]): TableSpec => ({
  columns: [
    { header: 'Description', width: { fr: 1 } },
    { header: 'Qty', width: 'auto', align: 'right' },
    { header: 'Unit price', width: 'auto', align: 'right' },
    { header: 'Amount', width: 'auto', align: 'right' },
  ],
  rows,
  totals: [{ label: 'Total', value: '38,147.61', emphasis: true }],
});

/** Draws the table at `width` and returns the text of every line drawn. */
function drawn(spec: TableSpec, width: number): string[] {
  new Table(spec).layout(canvas, width).draw(canvas, 0, 0);
  return canvas.textBoxes.map((box) => box.text);
}

describe('Table in a narrow column', () => {
  const rows = [
    ['Colour grading (DaVinci suite, per day)', '5', '1,450.00', '7,250.00'],
    ['Offline editorial, week 1-4', '4', '3,200.00', '12,800.00'],
  ];

  it.each([240, 190, 165])('keeps figures and header words whole at %d pt', (width) => {
    const texts = drawn(invoiceTable(rows), width);
    for (const figure of ['1,450.00', '7,250.00', '3,200.00', '12,800.00', 'Description', 'Amount', '38,147.61']) expect(texts).toContain(figure);
    expect(texts.some((text) => text.includes(LAYOUT_HYPHEN))).toBe(false);
    for (const box of canvas.textBoxes) expect(box.x + box.width).toBeLessThanOrEqual(width + 0.01);
  });

  it('shrinks its type, not below the floor, before it breaks anything', () => {
    drawn(invoiceTable(rows), 165);
    const sizes = canvas.textBoxes.map((box) => box.height / 1.32);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(TABLE_MIN_TYPE - 0.01);
    expect(Math.max(...sizes.slice(0, 4))).toBeLessThan(8);
  });

  it('keeps its type where the figures fit', () => {
    drawn(invoiceTable(rows), 500);
    expect(canvas.textBoxes.find((box) => box.text === '1,450.00')!.height).toBeCloseTo(9 * 1.32, 5);
  });

  it('breaks a figure with a hyphen only when even the floor does not fit it', () => {
    const texts = drawn(invoiceTable([['Item', '1', '999,999,999,999.99', '999,999,999,999.99']]), 90);
    expect(texts.some((text) => text.endsWith(LAYOUT_HYPHEN))).toBe(true);
  });
});
