import { InvalidDocumentData } from '../../errors';
import { boxOf, renderLayout } from '../../../../test/support/custom-render';
import { dataUri, pngBytes, TINY_JPEG } from '../../../../test/support/images';

const PNG = dataUri(pngBytes({ width: 40, height: 20, colorType: 2 }));
/** Image XObjects in a PDF. */
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;

describe('image block', () => {
  it('draws a literal PNG at its size, the next block under it', async () => {
    const doc = await renderLayout({ body: [{ type: 'image', src: PNG, width: 100 }, { type: 'text', text: 'Below' }] });
    expect(images(doc.pdf)).toBe(1);
    // 40x20 px drawn 100 pt wide: 50 pt high, then the text block's space above.
    expect(boxOf(doc, 'Below').y).toBeCloseTo(54 + 50 + 5);
  });

  it('draws an image from the data at its natural size (96 dpi), and nothing for an empty value', async () => {
    const layout = { body: [{ type: 'image', src: '{{ logo }}' }, { type: 'text', text: 'Below' }] };
    const drawn = await renderLayout(layout, { logo: dataUri(TINY_JPEG, 'jpeg') });
    expect(images(drawn.pdf)).toBe(1);
    const none = await renderLayout(layout, {});
    expect(images(none.pdf)).toBe(0);
    expect(boxOf(none, 'Below').y).toBe(54);
  });

  it('shrinks an image wider than the room to fit', async () => {
    const doc = await renderLayout({ body: [{ type: 'image', src: PNG, width: 1000 }, { type: 'text', text: 'Below' }] });
    // 504 pt wide at most: 252 pt high.
    expect(boxOf(doc, 'Below').y).toBeCloseTo(54 + 252 + 5);
  });

  it('refuses an image from the data that is not a PNG or JPEG data URI, and never fetches it', async () => {
    const layout = { body: [{ type: 'text', text: 'x' }, { type: 'image', src: '{{ logo }}' }] };
    for (const logo of ['https://example.com/logo.png', '/etc/passwd', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      await expect(renderLayout(layout, { logo })).rejects.toThrow(new InvalidDocumentData('layout.body[1].src must be a data:image/png or data:image/jpeg URI'));
    }
    await expect(renderLayout(layout, { logo: 'data:image/png;base64,AAAA' })).rejects.toThrow(/^layout\.body\[1\]\.src holds an image that cannot be drawn: /);
  });
});
