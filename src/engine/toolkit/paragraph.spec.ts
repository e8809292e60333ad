import { testCanvas } from '../../../test/support/test-canvas';
import { Canvas } from './canvas';
import { LaidLines, Paragraph } from './paragraph';
import { LAYOUT_HYPHEN } from './text-wrap';
import { textStyle } from './text-style';

let canvas: Canvas;
beforeAll(async () => {
  ({ canvas } = await testCanvas());
});

const style = textStyle(16, '#000000', { bold: true });
const linesOf = (paragraph: Paragraph, width: number) => (paragraph.layout(canvas, width) as LaidLines).lines;

describe('Paragraph', () => {
  it('with balance, evens out the lines: same count, no lone word on the last line', () => {
    const name = 'Northwind Post Production Holdings Ltd.';
    // A width where plain wrapping leaves "Ltd." alone on the second line.
    const width = canvas.measure('Northwind Post Production Holdings', style) + 2;
    const greedy = linesOf(new Paragraph(name, style), width);
    expect(greedy).toEqual(['Northwind Post Production Holdings', 'Ltd.']);
    const balanced = linesOf(new Paragraph(name, style, { balance: true }), width);
    expect(balanced).toHaveLength(greedy.length);
    expect(balanced.join(' ')).toBe(name);
    expect(balanced[balanced.length - 1].split(' ').length).toBeGreaterThan(1);
    for (const line of balanced) expect(canvas.measure(line, style)).toBeLessThanOrEqual(width);
  });

  it('with balance, leaves a one-line text as it is', () => {
    expect(linesOf(new Paragraph('Short name', style, { balance: true }), 400)).toEqual(['Short name']);
  });

  it('breaks a word wider than the column with a visible hyphen and keeps every character', () => {
    const word = 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsamt';
    const lines = linesOf(new Paragraph(`Company ${word}`, textStyle(9, '#000000')), 90);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1, -1).every((line) => line.endsWith(LAYOUT_HYPHEN))).toBe(true);
    expect(lines.join('\n').replace(new RegExp(`${LAYOUT_HYPHEN}\\n`, 'g'), '').replace('\n', ' ')).toBe(`Company ${word}`);
  });
});
