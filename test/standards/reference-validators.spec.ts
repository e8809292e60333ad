import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PdfStandard, PdfStandards, PDF_STANDARDS } from '../../src/engine/page/pdf-options';
import { resolveOptions } from '../../src/engine/page/resolve-options';
import { renderDocument } from '../../src/engine/render-document';
import { findTemplate } from '../../src/engine/templates/built-in-templates';
import { TEMPLATE_IDS, TemplateId } from '../../src/engine/templates/template.types';
import { HOSTILE_CASES } from '../rendering/hostile-data';
import { describeFailures, mustang, mustangErrors, verapdf, VeraPdfFailure, VeraPdfResult } from '../support/reference-validators';
import { sample } from '../support/samples';
import { CUSTOM_EXAMPLES, renderExample } from '../visual/custom-examples';
import { SCRIPT_INVOICES } from './script-invoices';

/**
 * The reference validator judges every claim (DECISIONS section 12): veraPDF's PDF/UA-1 profile
 * on every document, since every PDF is tagged, and the PDF/A level a file claims with its own
 * profile. Every built-in template (samples, hostile data, examples/), every custom example
 * (examples/custom/) and an invoice per script family, each with every `pdfStandard` and with
 * none: zero failed rules. One JVM validates all of them (test/validators/verapdf).
 *
 * The one rule left out, and only for files that do not claim PDF/UA: 5-1, which asks for the
 * PDF/UA identification schema in the XMP. A file claims PDF/UA only when asked to.
 */
type Data = Record<string, unknown>;

interface Document {
  name: string;
  render(standard: PdfStandards | undefined): Promise<Buffer>;
  /** Takes a list of standards (generate's options do; a custom template's defaultOptions do not). */
  lists?: boolean;
}

const builtIn = (templateId: TemplateId, name: string, data: Data): Document => ({
  name: `${templateId} ${name}`,
  lists: true,
  render: (standard) => {
    const template = findTemplate(templateId)!;
    return renderDocument({ templateId, data, options: { ...resolveOptions({}, template.defaultOptions), pdfStandard: standard } });
  },
});

const EXAMPLES_DIR = resolve(__dirname, '../../examples');

const DOCUMENTS: Document[] = [
  ...TEMPLATE_IDS.map((id) => builtIn(id, 'sample', sample(id))),
  ...HOSTILE_CASES.map(([id, name, data]) => builtIn(id as TemplateId, name, data)),
  ...readdirSync(EXAMPLES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => builtIn(file.split('.')[0] as TemplateId, `examples/${file}`, JSON.parse(readFileSync(join(EXAMPLES_DIR, file), 'utf8')) as Data)),
  ...CUSTOM_EXAMPLES.map((example) => ({
    name: `examples/custom/${example.file}.json`,
    render: async (standard: PdfStandard | undefined) => {
      const body = { ...example.body, defaultOptions: { ...example.body.defaultOptions, pdfStandard: standard } };
      return (await renderExample({ ...example, body })).pdf;
    },
  })),
  ...SCRIPT_INVOICES.map(({ name, data }) => builtIn('invoice-basic', `${name} text`, data)),
];

const STANDARDS: Array<PdfStandard | undefined> = [undefined, ...PDF_STANDARDS];
/** Both claims at once (DECISIONS section 14), for the documents whose options take a list. */
const BOTH: PdfStandards = ['PDF/A-2b', 'PDF/UA-1'];
const CLAIMED_FLAVOUR: Record<string, string> = { none: 'none', 'PDF/A-2b': '2b', 'PDF/A-3b': '3b', 'PDF/UA-1': 'ua1', 'PDF/A-2b+PDF/UA-1': '2b' };
const label = (standard: PdfStandards | undefined) => (standard === undefined ? 'none' : [standard].flat().join('+'));
const standardsOf = (document: Document): Array<PdfStandards | undefined> => (document.lists ? [...STANDARDS, BOTH] : STANDARDS);

/** 5-1 is the PDF/UA claim itself: asked of a file only when it makes the claim. */
const unclaimedIdentification = (result: VeraPdfResult, failure: VeraPdfFailure) => failure.rule === '5-1' && !result.file.includes('PDF-UA-1');

describe('veraPDF, the reference validator for PDF/A and PDF/UA', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-verapdf-'));
  const files: Array<{ file: string; document: string; standard: string }> = [];
  let results: VeraPdfResult[] = [];

  beforeAll(async () => {
    for (const [index, document] of DOCUMENTS.entries()) {
      for (const standard of standardsOf(document)) {
        const file = join(dir, `${index}-${label(standard).replace(/\//g, '-')}.pdf`);
        writeFileSync(file, await document.render(standard));
        files.push({ file, document: document.name, standard: label(standard) });
      }
    }
    results = await verapdf(files.flatMap(({ file }) => [{ file, profile: 'ua1' }, { file, profile: 'auto' }]));
  }, 600_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const named = (lines: string[]) => lines.map((line) => files.reduce((text, { file, document, standard }) => text.replace(file, `${document} [${standard}]`), line));

  it('validates every document with every pdfStandard, with PDF/A-2b and PDF/UA-1 together, and with none', () => {
    expect(files.length).toBe(DOCUMENTS.reduce((count, document) => count + standardsOf(document).length, 0));
    expect(files.filter(({ standard }) => standard === label(BOTH)).length).toBeGreaterThan(20);
    expect(results).toHaveLength(files.length * 2);
    // Each file is judged by the level it claims (veraPDF reads a PDF/UA claim too), and plain files claim none.
    for (const { file, standard } of files) {
      const auto = results.find((result) => result.file === file && result.profile === 'auto')!;
      expect({ file, flavour: auto.claimed === false ? 'none' : auto.flavour }).toEqual({ file, flavour: CLAIMED_FLAVOUR[standard] });
    }
  });

  it('finds no failed rule of PDF/UA-1 in any document', () => {
    expect(named(describeFailures(results.filter((result) => result.profile === 'ua1'), unclaimedIdentification))).toEqual([]);
  });

  it('finds no failed rule of PDF/A-2b or PDF/A-3b in the files that claim them', () => {
    expect(named(describeFailures(results.filter((result) => result.profile === 'auto')))).toEqual([]);
  });
});

describe("Mustang's validator, the judge of e-invoices", () => {
  it('runs, and finds that a plain invoice PDF is no Factur-X / ZUGFeRD e-invoice (no CII XML, no Factur-X XMP)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-mustang-'));
    try {
      const file = join(dir, 'plain.pdf');
      writeFileSync(file, await builtIn('invoice-basic', 'sample', sample('invoice-basic')).render('PDF/A-3b'));
      const [result] = await mustang([file]);
      expect(result.valid).toBe(false);
      expect(result.report).toContain('<exception type="17">XML could not be extracted</exception>');
      expect(mustangErrors(result.report!)).toContain('type="13" XMP Metadata: DocumentType not found');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
