import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from '../../src/engine';
import { sample } from '../support/samples';
import { PdfObjects, pdfString } from '../support/qpdf-objects';
import { SCRIPT_INVOICES } from './script-invoices';

/** The document's own /Lang, in the catalogue. */
async function documentLanguage(data: object): Promise<string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-lang-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, await render('invoice-basic', data as Record<string, unknown>, {}));
    return pdfString(new PdfObjects(file).root['/Lang']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The structure elements that carry their own /Lang, with the text qpdf decodes from it, as [role, lang]. */
async function languagesOf(data: object, options: object = {}): Promise<Array<[string, string]>> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-lang-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, await render('invoice-basic', data as Record<string, unknown>, options));
    const pdf = new PdfObjects(file);
    return pdf
      .allDicts()
      .filter((dict) => dict['/S'] !== undefined && dict['/P'] !== undefined && dict['/Lang'] !== undefined)
      .map((dict) => [String(dict['/S']), pdfString(dict['/Lang'])!]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** DECISIONS section 12: text in another language than the document's carries its own /Lang in the structure tree. */
describe('the language of the content', () => {
  const invoice = sample('invoice-basic');

  it('marks an Arabic, Hebrew, Thai or Japanese name in an English invoice with its language', async () => {
    const client = { ...invoice.client, name: 'شركة الخليج للتجارة' };
    const items = [
      { description: 'ייעוץ משפטי', quantity: 1, unitPrice: 10 },
      { description: 'บริการออกแบบ', quantity: 1, unitPrice: 10 },
      { description: 'コーヒー豆の焙煎', quantity: 1, unitPrice: 10 },
      { description: 'Plain English line', quantity: 1, unitPrice: 10 },
    ];
    const languages = await languagesOf({ ...invoice, client, items, subtotal: undefined, tax: undefined, total: undefined });
    expect(languages).toEqual(expect.arrayContaining([['/P', 'ar'], ['/TD', 'he'], ['/TD', 'th'], ['/TD', 'ja']]));
    expect(languages.filter(([, lang]) => lang === 'en')).toEqual([]);
  });

  it('leaves text in the document language unmarked, and marks Latin text in an Arabic document', async () => {
    expect(await languagesOf(invoice)).toEqual([]);
    const arabic = await languagesOf({ ...invoice, locale: 'ar-EG' });
    expect(arabic.length).toBeGreaterThan(0);
    expect(new Set(arabic.map(([, lang]) => lang))).toEqual(new Set(['en']));
    // Han characters are a Japanese document's own.
    expect(await languagesOf({ ...invoice, locale: 'ja-JP', client: { ...invoice.client, name: '株式会社 東京' } })).not.toContainEqual(['/P', 'zh']);
  });

  // The invoices per script that veraPDF validates (reference-validators.spec.ts) declare their own language, from the locale alone.
  it.each(SCRIPT_INVOICES)('declares the $name invoice in the language of its locale', async ({ data }) => {
    expect(await documentLanguage(data)).toBe(data.locale);
  });
});
