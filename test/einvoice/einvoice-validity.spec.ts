import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFailures, mustang, mustangErrors, verapdf } from '../support/reference-validators';
import { embeddedFiles, renderInvoice } from '../support/einvoice-render';
import { EINVOICE_CASES } from './einvoice-cases';

/**
 * Issue 33's proof: every e-invoice `npm test` makes, the README's examples and the hostile data,
 * passes Mustang's validator (the EN 16931 CII schematron, the XRechnung schematron for
 * XRECHNUNG, and PDF/A-3b through its veraPDF) with zero errors. One JVM judges all of them.
 */
describe('e-invoices and the reference validators', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-einvoices-'));
  const files: { name: string; file: string; pdf: Buffer; profile: string }[] = [];

  beforeAll(async () => {
    for (const [index, { name, data, options }] of EINVOICE_CASES.entries()) {
      const { pdf } = await renderInvoice(data, options);
      const file = join(dir, `${index}.pdf`);
      writeFileSync(file, pdf);
      files.push({ name, file, pdf, profile: options.eInvoice });
    }
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every e-invoice passes Mustang: the XML rules of its profile and PDF/A-3b, with no error', async () => {
    const results = await mustang(files.map(({ file }) => file));
    const failures = results.flatMap((result, index) => (result.valid ? [] : [`${files[index].name}: ${result.error ?? mustangErrors(result.report ?? '').join('\n')}`]));
    expect(failures).toEqual([]);
    for (const [index, result] of results.entries()) {
      const report = result.report ?? '';
      // Both halves were judged: the PDF (flavour 3b, compliant) and the XML (by its profile's rules).
      expect(report).toMatch(/flavour=3b, totalAssertions=\d+, assertions=\[\], isCompliant=true/);
      expect(report).toContain(files[index].profile === 'XRECHNUNG' ? 'urn:xeinkauf.de:kosit:xrechnung_3.0' : '<profile>urn:cen.eu:en16931:2017</profile>');
      expect(mustangErrors(report)).toEqual([]);
    }
  }, 600_000);

  it('an e-invoice that also claims PDF/UA-1 meets it, as veraPDF judges', async () => {
    const both = files.filter(({ name }) => name.includes('PDF/UA-1') || name.includes('fr-factur-x'));
    expect(both.length).toBe(2);
    const results = await verapdf(both.flatMap(({ file }) => [{ file, profile: 'ua1' }, { file, profile: 'auto' }]));
    expect(results.map((result) => result.flavour ?? result.profile)).toEqual(['ua1', '3b', 'ua1', '3b']);
    expect(describeFailures(results)).toEqual([]);
  }, 300_000);

  it('carries the XML as the associated file of its profile, and a caller attachment beside it', () => {
    for (const { name, pdf, profile } of files) {
      const embedded = embeddedFiles(pdf);
      const xmlName = profile === 'XRECHNUNG' ? 'xrechnung.xml' : 'factur-x.xml';
      expect([name, embedded.get(xmlName)?.subarray(0, 38).toString()]).toEqual([name, '<?xml version="1.0" encoding="UTF-8"?>']);
      const text = pdf.toString('latin1');
      expect(text).toContain('/AFRelationship /Alternative');
      expect(text).toContain(`<fx:DocumentFileName>${xmlName}</fx:DocumentFileName>`);
      expect(text).toContain(`<fx:ConformanceLevel>${profile === 'XRECHNUNG' ? 'XRECHNUNG' : 'EN 16931'}</fx:ConformanceLevel>`);
    }
    const withAttachment = files.find(({ name }) => name.includes('attachment'))!;
    expect(embeddedFiles(withAttachment.pdf).get('timesheet.csv')?.toString()).toBe('date,hours\n2026-11-02,8\n');
    expect(withAttachment.pdf.toString('latin1')).toContain('/AFRelationship /Supplement');
  });
});
