import { PdfOptions } from './pdf-options';
import { pageGeometry, withBandRoom } from './page-geometry';

const options = (overrides: Partial<PdfOptions>): PdfOptions => ({
  format: 'Letter',
  orientation: 'portrait',
  margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
  displayHeaderFooter: false,
  ...overrides,
});

describe('pageGeometry', () => {
  it.each([
    ['Letter', 612, 792],
    ['A4', 595.28, 841.89],
    ['Legal', 612, 1008],
  ] as const)('%s is %d x %d points', (format, width, height) => {
    expect(pageGeometry(options({ format })).size).toEqual({ width, height });
  });

  it('swaps the sides for landscape', () => {
    expect(pageGeometry(options({ orientation: 'landscape' })).size).toEqual({ width: 792, height: 612 });
  });

  it('converts CSS margins and derives the content frame', () => {
    const geometry = pageGeometry(options({ margin: { top: '1in', right: '20mm', bottom: '12pt', left: '96px' } }));
    expect(geometry.margins.top).toBe(72);
    expect(geometry.margins.right).toBeCloseTo(56.69, 2);
    expect(geometry.content).toMatchObject({ x: 72, y: 72, height: 792 - 72 - 12 });
  });

  it('shrinks margins that would leave no room for content', () => {
    const { content } = pageGeometry(options({ margin: { top: '6in', right: '5in', bottom: '6in', left: '5in' } }));
    expect(content.width).toBeCloseTo(72);
    expect(content.height).toBeCloseTo(72);
  });

  it('widens top and bottom margins smaller than a header or footer needs, insetting the content', () => {
    const geometry = pageGeometry(options({ margin: { top: '0', right: '0.5in', bottom: '0', left: '0.5in' } }));
    const widened = withBandRoom(geometry, 0, 22.5);
    expect(widened.margins).toMatchObject({ top: 0, bottom: 22.5, left: 36 });
    expect(widened.content).toEqual({ x: 36, y: 0, width: 540, height: 792 - 22.5 });
    expect(withBandRoom(pageGeometry(options({})), 20, 20)).toEqual(pageGeometry(options({})));
  });
});
