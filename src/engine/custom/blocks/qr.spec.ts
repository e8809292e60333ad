import { InvalidDocumentData } from '../../errors';
import { boxOf, renderLayout } from '../../../../test/support/custom-render';
import { MAX_QR_BYTES, qrMatrix } from '../qr/qr-matrix';

describe('qr block', () => {
  it('encodes with the smallest version that holds the text (error correction M)', () => {
    const finder = (matrix: NonNullable<ReturnType<typeof qrMatrix>>, row: number, column: number) =>
      [0, 6].every((edge) => [0, 1, 2, 3, 4, 5, 6].every((step) => matrix.dark(row + edge, column + step) && matrix.dark(row + step, column + edge)));
    const short = qrMatrix('https://example.com/t/123')!;
    expect(short.size).toBe(25);
    expect(finder(short, 0, 0) && finder(short, 0, short.size - 7) && finder(short, short.size - 7, 0)).toBe(true);
    expect(qrMatrix('x'.repeat(MAX_QR_BYTES))!.size).toBe(177);
    expect(qrMatrix('x'.repeat(MAX_QR_BYTES + 1))).toBeNull();
    // UTF-8: é takes two bytes.
    expect(qrMatrix('é'.repeat(MAX_QR_BYTES / 2 + 1))).toBeNull();
  });

  it('draws the code as vector squares of its size, quiet zone included', async () => {
    const doc = await renderLayout({ body: [{ type: 'qr', value: 'https://example.com/{{ id }}', size: 120 }, { type: 'text', text: 'Below' }] }, { id: 42 });
    expect(boxOf(doc, 'Below').y).toBeCloseTo(54 + 120 + 5);
    expect(doc.pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
  });

  it('refuses a value from the data too long for a QR code, and draws nothing for an empty one', async () => {
    const layout = { body: [{ type: 'qr', value: '{{ text }}' }, { type: 'text', text: 'Below' }] };
    await expect(renderLayout(layout, { text: 'x'.repeat(3000) })).rejects.toThrow(new InvalidDocumentData(`layout.body[0].value is too long for a QR code (at most ${MAX_QR_BYTES} bytes)`));
    expect(boxOf(await renderLayout(layout, {}), 'Below').y).toBe(54);
  });
});
