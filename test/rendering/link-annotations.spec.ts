import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { uriString } from '../../src/engine/link-annotation';
import { PdfDict, PdfObjects } from '../support/qpdf-objects';
import { render, withPdfFile } from './render-helpers';

const SAMPLE = TEMPLATE_SAMPLES['invoice-basic'] as Record<string, Record<string, unknown>>;

/** The link annotations of each page, their actions resolved. */
function links(pdf: Buffer): Array<{ annotation: PdfDict; action: PdfDict; mediaBox: number[] }> {
  return withPdfFile(pdf, (file) => {
    const objects = new PdfObjects(file);
    return objects.pages().flatMap((page) =>
      objects.array(page['/Annots']).map((ref) => {
        const annotation = objects.dict(ref);
        return { annotation, action: objects.dict(annotation['/A']), mediaBox: objects.array(page['/MediaBox']) as number[] };
      }),
    );
  });
}

describe('link annotations', () => {
  const data = { ...SAMPLE, client: { ...SAMPLE.client, email: 'rechnung@müller-café.example' } };

  it.each([
    ['an unencrypted document', {}],
    ['an encrypted one', { encryption: { ownerPassword: 'owner secret' } }],
  ])('are printable, tagged URI links over the address, in %s', async (_name, options) => {
    const found = links((await render('invoice-basic', data, options)).pdf);
    expect(found.map(({ action }) => action['/URI'])).toEqual(['u:mailto:billing@northwindpost.example', 'u:mailto:rechnung@m%C3%BCller-caf%C3%A9.example']);
    for (const { annotation, action, mediaBox } of found) {
      expect(annotation).toMatchObject({ '/Type': '/Annot', '/Subtype': '/Link', '/F': 4, '/Border': [0, 0, 0], '/StructParent': expect.any(Number) });
      expect(action['/S']).toBe('/URI');
      const [x1, y1, x2, y2] = annotation['/Rect'] as number[];
      expect(x1).toBeGreaterThanOrEqual(mediaBox[0]);
      expect(x2).toBeLessThanOrEqual(mediaBox[2]);
      expect(x2 - x1).toBeGreaterThan(20);
      expect(y2 - y1).toBeGreaterThan(5);
      expect(y2).toBeLessThanOrEqual(mediaBox[3]);
    }
    expect(found.map(({ annotation }) => annotation['/Contents'])).toEqual(['u:billing@northwindpost.example', 'u:rechnung@müller-café.example']);
  });

  it('writes a URI as ASCII: other characters percent-encoded as UTF-8, delimiters escaped', () => {
    expect(uriString('https://example.com/a b(c)\\d')).toBe('(https://example.com/a%20b\\(c\\)\\\\d)');
    expect(uriString('mailto:zoë@例え.jp')).toBe('(mailto:zo%C3%AB@%E4%BE%8B%E3%81%88.jp)');
    expect(uriString('mailto:a\ud800b@x.example')).toBe('(mailto:a%EF%BF%BDb@x.example)');
  });
});
