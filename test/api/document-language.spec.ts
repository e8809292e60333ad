import { binary } from '../support/binary';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';

/** The catalog's /Lang, as the PDF states it. */
const langOf = (pdf: Buffer) => /\/Lang \(([^)]*)\)/.exec(pdf.toString('latin1'))?.[1];

/** DECISIONS section 12: with options.lang absent, the document's language is the invoice's locale, else en. */
describe("the document's language", () => {
  let t: TestApp;
  let key: string;

  beforeAll(async () => {
    t = await startTestApp();
    key = (await t.createWorkspace('business')).key;
  });
  afterAll(() => t.close());

  const pdfOf = async (templateId: string, data: object, options: object = {}) =>
    (await t.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId, data, options, outputFormat: 'buffer' }).buffer(true).parse(binary).expect(200)).body as Buffer;

  it("is the invoice's locale when options.lang names none, and options.lang when it does", async () => {
    expect(langOf(await pdfOf('invoice-basic', { ...sample('invoice-basic'), locale: 'de-DE' }))).toBe('de-DE');
    expect(langOf(await pdfOf('invoice-basic', { ...sample('invoice-basic'), locale: 'ja-JP' }))).toBe('ja-JP');
    expect(langOf(await pdfOf('invoice-basic', { ...sample('invoice-basic'), locale: 'de-DE' }, { lang: 'fr-CA' }))).toBe('fr-CA');
  });

  it('is en for an invoice without a locale and for the other templates', async () => {
    expect(langOf(await pdfOf('invoice-basic', sample('invoice-basic')))).toBe('en');
    expect(langOf(await pdfOf('weekly-report', { ...sample('weekly-report'), locale: 'de-DE' }))).toBe('en');
  });
});
