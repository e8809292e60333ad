import PDFDocument from 'pdfkit';
import { fitToStandards, metadataTitle, PDF_VERSION, standardOptions } from './pdf-standards';

function finish(doc: PDFKit.PDFDocument): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    doc.end();
  });
}

describe('standardOptions', () => {
  it('tags every document, in its language, at PDF 1.7, with its title displayed', () => {
    expect(standardOptions('fr-CA', [])).toEqual({ pdfVersion: '1.7', tagged: true, lang: 'fr-CA', displayTitle: true });
    expect(PDF_VERSION).toBe('1.7');
  });

  it("names each standard as PDFKit's subset option", () => {
    expect(standardOptions('en', ['PDF/A-2b']).subset).toBe('PDF/A-2b');
    expect(standardOptions('en', ['PDF/A-3b']).subset).toBe('PDF/A-3b');
    expect(standardOptions('en', ['PDF/UA-1']).subset).toBe('PDF/UA');
  });
});

describe('metadataTitle', () => {
  it('drops what XML 1.0 cannot hold and keeps the rest, emoji and right-to-left text included', () => {
    expect(metadataTitle('Invoice\u0000 7\u001f\uFFFE')).toBe('Invoice 7');
    expect(metadataTitle('a\uD800b\uDC00c')).toBe('abc');
    expect(metadataTitle('חשבונית 👍🏽 & <Co>\ttab')).toBe('חשבונית 👍🏽 & <Co>\ttab');
  });
});

describe('fitToStandards', () => {
  const info = { Title: 'Smith & <Sons> "Ltd"', Creator: 'pdfgen', Producer: 'pdfgen', CreationDate: new Date('2025-03-14T09:26:53.589Z') };

  it('writes the Info entries into the XMP escaped, with the same instant as Info', async () => {
    const doc = new PDFDocument({ info, ...standardOptions('en', ['PDF/A-2b']) });
    fitToStandards(doc, ['PDF/A-2b']);
    const pdf = await finish(doc);
    expect(pdf).toContain('<rdf:li xml:lang="x-default">Smith &amp; &lt;Sons&gt; &quot;Ltd&quot;</rdf:li>');
    expect(pdf).toContain('<xmp:CreateDate>2025-03-14T09:26:53Z</xmp:CreateDate>');
    expect(pdf).toContain('/CreationDate');
    expect(pdf).toContain('(D:20250314092653Z)');
    expect(pdf).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(pdf).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(pdf).toContain('/OutputIntents');
  });

  it('claims PDF/A and PDF/UA together when both are asked for', async () => {
    const both = ['PDF/UA-1', 'PDF/A-3b'] as const;
    const doc = new PDFDocument({ info, ...standardOptions('en', both) });
    fitToStandards(doc, both);
    const pdf = await finish(doc);
    expect(pdf).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(pdf).toContain('<pdfuaid:part>1</pdfuaid:part>');
  });

  it('shares one compressed sRGB profile between documents', async () => {
    const sizes = await Promise.all(
      [1, 2].map(async () => {
        const doc = new PDFDocument({ info, ...standardOptions('en', ['PDF/A-3b']) });
        fitToStandards(doc, ['PDF/A-3b']);
        const pdf = await finish(doc);
        return /\/N 3\n\/Filter \/FlateDecode\n\/Length (\d+)/.exec(pdf)?.[1];
      }),
    );
    expect(sizes[0]).toBeDefined();
    expect(sizes[0]).toBe(sizes[1]);
  });
});
