import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { PdfStandard, PDF_STANDARDS } from '../../src/engine/page/pdf-options';
import { renderDocument } from '../../src/engine/render-document';
import { TEMPLATE_IDS, TemplateId } from '../../src/engine/templates/template.types';
import { EXAMPLE_TEMPLATE_BODY } from '../../src/templates/custom/definition/example-definition';
import { dataUri, pngFromSamples } from '../support/images';
import { PdfDict, PdfObjects, pdfFonts, pdfString, PdfValue, qpdfCheck } from '../support/qpdf-objects';
import { invoiceWithItems, renderRequest } from '../support/render-cases';
import { sample } from '../support/samples';

/**
 * DECISIONS section 12: every document tagged, with /Lang, a displayed Title and XMP; and with
 * options.pdfStandard, the claim of PDF/A-2b, PDF/A-3b or PDF/UA-1 and what each asks of the file.
 * The checks are independent readers of the bytes: qpdf (--check, and --json for the objects),
 * poppler's pdffonts, fontkit for the embedded font programs, pdf.js (test/support/pdf-structure.mjs)
 * for the language, title and metadata as a viewer reads them. They are not a validator: a veraPDF
 * run is the final word on a claim (docs/templates.md, "Accessibility and archiving"). The structure tree's
 * roles and order are test/standards/structure-tree.spec.ts's.
 */

/** The custom template: the published example, with a title an XML writer must escape. */
const CUSTOM_TITLE = 'Packing slip & <returns> "Q1"';

interface Case {
  name: string;
  render(standard: PdfStandard | undefined, lang: string | undefined): Promise<Buffer>;
}

const builtIn = (id: TemplateId): Case => ({
  name: id,
  render: (standard, lang) => {
    const request = renderRequest(id, sample(id));
    return renderDocument({ ...request, options: { ...request.options, pdfStandard: standard, ...(lang ? { lang } : {}) } });
  },
});

const custom: Case = {
  name: 'custom template (packing slip)',
  render: (standard, lang) =>
    renderDocument({
      templateId: EXAMPLE_TEMPLATE_BODY.id,
      data: EXAMPLE_TEMPLATE_BODY.sampleData,
      options: {
        format: 'A4',
        orientation: 'portrait',
        margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' },
        displayHeaderFooter: false,
        lang: lang ?? 'en',
        pdfStandard: standard,
      },
      custom: { key: `pdf-standards-${standard ?? 'none'}-${lang ?? ''}`, title: CUSTOM_TITLE, layout: EXAMPLE_TEMPLATE_BODY.layout },
    }),
};

/** Everything that can bring transparency, images and annotations: a logo with alpha, a stamp, a test key's watermark, links, many pages. */
const loadedInvoice: Case = {
  name: 'invoice-basic, 60 items, RGBA logo, PAID stamp, watermark, header and footer',
  render: (standard, lang) => {
    const data = invoiceWithItems(60) as Record<string, any>;
    data.company = { ...data.company, logo: dataUri(pngFromSamples({ width: 24, height: 12 }, (x, y) => [x * 10, y * 20, 200, x < 12 ? 255 : 90])) };
    data.status = 'paid';
    const request = renderRequest('invoice-basic', data);
    return renderDocument({
      ...request,
      watermark: 'TEST',
      options: {
        ...request.options,
        displayHeaderFooter: true,
        footerTemplate: '<div style="text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
        pdfStandard: standard,
        lang: lang ?? 'en',
      },
    });
  },
};

const CASES: Case[] = [...TEMPLATE_IDS.map(builtIn), custom, loadedInvoice];
const VARIANTS: Array<PdfStandard | undefined> = [undefined, ...PDF_STANDARDS];

/** PDF 1.7's standard structure types (ISO 32000-1, 14.8.4): any other role must be role-mapped to one. */
const STANDARD_ROLES = new Set(
  (
    'Document Part Art Sect Div BlockQuote Caption TOC TOCI Index NonStruct Private H H1 H2 H3 H4 H5 H6 P L LI Lbl LBody ' +
    'Table TR TH TD THead TBody TFoot Span Quote Note Reference BibEntry Code Link Annot Ruby RB RT RP Warichu WT WP Figure Formula Form'
  ).split(' '),
);

/** Blend modes PDF/A-2 accepts (ISO 19005-2, 6.2.10.3: those of ISO 32000-1, 11.3.5). */
const STANDARD_BLEND_MODES = new Set(
  ['Normal', 'Compatible', 'Multiply', 'Screen', 'Overlay', 'Darken', 'Lighten', 'ColorDodge', 'ColorBurn', 'HardLight', 'SoftLight', 'Difference', 'Exclusion', 'Hue', 'Saturation', 'Color', 'Luminosity'].map((m) => `/${m}`),
);

const dir = mkdtempSync(join(tmpdir(), 'pdf-standards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Examined {
  file: string;
  bytes: Buffer;
  pdf: PdfObjects;
  xmp: string;
}

let files = 0;
async function examine(kase: Case, standard: PdfStandard | undefined, lang?: string): Promise<Examined> {
  const bytes = await kase.render(standard, lang);
  const file = join(dir, `doc-${++files}.pdf`);
  writeFileSync(file, bytes);
  const pdf = new PdfObjects(file);
  const metadata = pdf.stream(pdf.root['/Metadata']);
  return { file, bytes, pdf, xmp: metadata?.data.toString('utf8') ?? '' };
}

/** The XMP property's text, or undefined (one value per property in our packets). */
function xmpValue(xmp: string, property: string): string | undefined {
  const match = new RegExp(`<${property}>([^<]*)</${property}>`).exec(xmp);
  return match ? unescapeXml(match[1]) : undefined;
}

function xmpTitle(xmp: string): string | undefined {
  const match = /<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang="x-default">([^<]*)<\/rdf:li>/.exec(xmp);
  return match ? unescapeXml(match[1]) : undefined;
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

/** Info's `D:YYYYMMDDHHmmss` + zone as an instant. */
function pdfDate(text: string): number {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return NaN;
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].replace(/'/g, '').slice(3, 5)}`;
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
}

/** pdf.js's view of the file (test/support/pdf-structure.mjs, run as a child process: pdfjs-dist is ESM only). */
function readWithPdfJs(file: string): { lang: string | null; markInfo: { Marked?: boolean } | null; title: string | null; metadata: Record<string, unknown> | null } {
  return JSON.parse(execFileSync(process.execPath, [join(__dirname, '../support/pdf-structure.mjs'), file], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8'));
}

/** Every content stream and form XObject of the pages, decoded, with the resources it draws with. */
function drawings(pdf: PdfObjects): Array<{ content: string; resources: PdfDict }> {
  const out: Array<{ content: string; resources: PdfDict }> = [];
  const seen = new Set<string>();
  const visitResources = (resources: PdfDict) => {
    for (const ref of Object.values(pdf.dict(resources['/XObject']))) {
      if (typeof ref !== 'string' || seen.has(ref)) continue;
      seen.add(ref);
      const stream = pdf.stream(ref);
      if (stream?.dict['/Subtype'] === '/Form') {
        const own = pdf.dict(stream.dict['/Resources']);
        out.push({ content: stream.data.toString('latin1'), resources: own });
        visitResources(own);
      }
    }
  };
  for (const page of pdf.pages()) {
    const resources = pdf.dict(page['/Resources']);
    const contents = page['/Contents'];
    const refs = Array.isArray(contents) ? contents : [contents];
    const content = refs.map((ref) => pdf.stream(ref as PdfValue)?.data.toString('latin1') ?? '').join('\n');
    out.push({ content, resources });
    visitResources(resources);
  }
  return out;
}

describe.each(CASES)('$name', (kase) => {
  describe.each(VARIANTS.map((standard) => ({ standard, label: standard ?? 'no standard' })))('$label', ({ standard }) => {
    let doc: Examined;
    const lang = standard === 'PDF/UA-1' ? 'de-CH' : undefined;
    beforeAll(async () => {
      doc = await examine(kase, standard, lang);
    });

    it('passes qpdf --check, unencrypted, with a PDF 1.7 header and a binary comment line', () => {
      const check = qpdfCheck(doc.file);
      expect(check.output).toContain('No syntax or stream encoding errors found');
      expect(check.output).toContain('File is not encrypted');
      expect(check.status).toBe(0);
      expect(doc.bytes.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
      // ISO 32000-1 7.5.2 and PDF/A 6.1.2: a comment of four bytes above 127 right after the header.
      expect([...doc.bytes.subarray(9, 14)].slice(1).every((byte) => byte > 127)).toBe(true);
      expect(doc.pdf.pdfVersion).toBe('1.7');
      expect(doc.pdf.trailer['/Encrypt']).toBeUndefined();
      // PDF/A 6.1.3: the trailer has the file identifier.
      expect(doc.pdf.array(doc.pdf.trailer['/ID'])).toHaveLength(2);
    });

    it('is tagged, in its language, with its title displayed', () => {
      const root = doc.pdf.root;
      expect(pdfString(root['/Lang'])).toBe(lang ?? 'en');
      const markInfo = doc.pdf.dict(root['/MarkInfo']);
      expect(markInfo['/Marked']).toBe(true);
      expect(markInfo['/Suspects']).not.toBe(true);
      expect(doc.pdf.dict(root['/ViewerPreferences'])['/DisplayDocTitle']).toBe(true);
      const tree = doc.pdf.dict(root['/StructTreeRoot']);
      expect(tree['/Type']).toBe('/StructTreeRoot');
      expect(doc.pdf.array(tree['/K']).length + (typeof tree['/K'] === 'string' ? 1 : 0)).toBeGreaterThan(0);
      const title = pdfString(doc.pdf.resolve(doc.pdf.dict(doc.pdf.trailer['/Info'])['/Title']));
      expect(title).toBeTruthy();
      // pdf.js reads the same: /Lang, /MarkInfo and the Title.
      const seen = readWithPdfJs(doc.file);
      expect(seen.lang).toBe(lang ?? 'en');
      expect(seen.markInfo?.Marked).toBe(true);
      expect(seen.title).toBe(title);
    });

    it('uses only standard structure types, or types role-mapped to one', () => {
      const roleMap = doc.pdf.dict(doc.pdf.dict(doc.pdf.root['/StructTreeRoot'])['/RoleMap']);
      const roles = new Set<string>();
      for (const dict of doc.pdf.allDicts()) {
        if (typeof dict['/S'] === 'string' && dict['/P'] !== undefined && dict['/Type'] !== '/OutputIntent') roles.add(dict['/S'].slice(1));
      }
      expect(roles.size).toBeGreaterThan(0);
      const unmapped = [...roles].filter((role) => !STANDARD_ROLES.has(role) && !STANDARD_ROLES.has(String(doc.pdf.resolve(roleMap[`/${role}`]) ?? '').slice(1)));
      expect(unmapped).toEqual([]);
    });

    it('carries XMP metadata, unfiltered and well-formed, that agrees with the Info dictionary', () => {
      const ref = doc.pdf.root['/Metadata'];
      expect(doc.pdf.rawStreamDict(ref)?.['/Filter']).toBeUndefined();
      expect(doc.pdf.dict(ref)['/Type']).toBe('/Metadata');
      expect(doc.pdf.dict(ref)['/Subtype']).toBe('/XML');
      const { xmp } = doc;
      expect(xmp.startsWith('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>')).toBe(true);
      expect(xmp.trimEnd().endsWith('<?xpacket end="w"?>')).toBe(true);
      const info = doc.pdf.dict(doc.pdf.trailer['/Info']);
      const text = (key: string) => pdfString(doc.pdf.resolve(info[key]));
      // PDF/A 6.6.3: each Info entry has its XMP equivalent, with the same value.
      expect(xmpTitle(xmp)).toBe(text('/Title'));
      expect(xmpValue(xmp, 'xmp:CreatorTool')).toBe(text('/Creator'));
      expect(xmpValue(xmp, 'pdf:Producer')).toBe(text('/Producer'));
      expect(Date.parse(xmpValue(xmp, 'xmp:CreateDate') ?? '')).toBe(pdfDate(text('/CreationDate') ?? ''));
      expect(Object.keys(info).filter((key) => !['/Title', '/Creator', '/Producer', '/CreationDate'].includes(key))).toEqual([]);
      // pdf.js parses the packet (it gives up on XML that is not well-formed) and finds the same title.
      expect(readWithPdfJs(doc.file).metadata?.['dc:title']).toBe(text('/Title'));
    });

    it(`identifies ${standard ?? 'no standard'} in the XMP`, () => {
      const { xmp } = doc;
      const part = xmpValue(xmp, 'pdfaid:part');
      const conformance = xmpValue(xmp, 'pdfaid:conformance');
      const uaPart = xmpValue(xmp, 'pdfuaid:part');
      if (standard === 'PDF/A-2b' || standard === 'PDF/A-3b') {
        expect([part, conformance, uaPart]).toEqual([standard === 'PDF/A-2b' ? '2' : '3', 'B', undefined]);
        expect(xmp).toContain('xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"');
      } else if (standard === 'PDF/UA-1') {
        expect([part, conformance, uaPart]).toEqual([undefined, undefined, '1']);
        expect(xmp).toContain('xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/"');
        // PDF/UA-1 7.1: the title is in the metadata's dc:title.
        expect(xmpTitle(xmp)).toBeTruthy();
      } else {
        expect([part, conformance, uaPart]).toEqual([undefined, undefined, undefined]);
      }
    });

    it(standard?.startsWith('PDF/A') ? 'has the sRGB output intent (ICC v2, RGB, display class)' : 'has no output intent', () => {
      const intents = doc.pdf.array(doc.pdf.root['/OutputIntents']);
      if (!standard?.startsWith('PDF/A')) {
        expect(intents).toEqual([]);
        return;
      }
      expect(intents).toHaveLength(1);
      const intent = doc.pdf.dict(intents[0]);
      expect(intent['/Type']).toBe('/OutputIntent');
      expect(intent['/S']).toBe('/GTS_PDFA1');
      expect(pdfString(intent['/OutputConditionIdentifier'])).toBe('sRGB IEC61966-2.1');
      const profile = doc.pdf.stream(intent['/DestOutputProfile'])!;
      expect(profile.dict['/N']).toBe(3);
      const icc = profile.data;
      expect(icc.readUInt32BE(0)).toBe(icc.length);
      expect(icc.subarray(36, 40).toString('latin1')).toBe('acsp');
      expect(icc.subarray(12, 16).toString('latin1')).toBe('mntr');
      expect(icc.subarray(16, 20).toString('latin1')).toBe('RGB ');
      // PDF/A-2 and -3 accept ICC profiles up to version 4; this one is 2.
      expect(icc[8]).toBeLessThanOrEqual(4);
    });

    it('embeds every font, with widths that match the embedded programs', () => {
      const fonts = pdfFonts(doc.file);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((font) => !font.embedded)).toEqual([]);
      for (const [, value] of doc.pdf.entries()) {
        const font = value as PdfDict;
        if (font?.['/Type'] !== '/Font' || font['/Subtype'] !== '/CIDFontType2') continue;
        const descriptor = doc.pdf.dict(font['/FontDescriptor']);
        const program = doc.pdf.stream(descriptor['/FontFile2']);
        expect(program).toBeDefined();
        expect(font['/CIDToGIDMap']).toBe('/Identity');
        // PDF/A 6.2.11.5: the /W widths are the font program's advances (to within one unit).
        const face = fontkit.create(program!.data) as fontkit.Font;
        const scale = 1000 / face.unitsPerEm;
        const widths = doc.pdf.array(font['/W']);
        const mismatches: string[] = [];
        for (let i = 0; i < widths.length; ) {
          const first = widths[i] as number;
          const next = widths[i + 1];
          const run: Array<[number, number]> = Array.isArray(next)
            ? next.map((width, k) => [first + k, width as number])
            : Array.from({ length: (next as number) - first + 1 }, (_, k) => [first + k, widths[i + 2] as number]);
          i += Array.isArray(next) ? 2 : 3;
          for (const [gid, width] of run) {
            const advance = face.getGlyph(gid).advanceWidth * scale;
            if (Math.abs(advance - width) > 1) mismatches.push(`${String(descriptor['/FontName'])} glyph ${gid}: /W ${width}, font ${advance}`);
          }
        }
        expect(mismatches).toEqual([]);
      }
    });

    it('never shows the .notdef glyph (CID 0)', () => {
      expect(drawings(doc.pdf).flatMap(({ content }) => notdefShows(content))).toEqual([]);
    });

    it('keeps annotations printable and tagged, pages tab-ordered by structure', () => {
      for (const page of doc.pdf.pages()) {
        const annotations = doc.pdf.array(page['/Annots']).map((ref) => doc.pdf.dict(ref));
        if (annotations.length > 0) expect(page['/Tabs']).toBe('/S');
        for (const annotation of annotations) {
          const flags = Number(annotation['/F'] ?? 0);
          // PDF/A 6.3.2: Print set; Invisible, Hidden, NoView clear.
          expect({ print: (flags & 4) !== 0, hidden: (flags & (1 | 2 | 32)) !== 0 }).toEqual({ print: true, hidden: false });
          expect(annotation['/StructParent']).toEqual(expect.any(Number));
          const action = doc.pdf.dict(annotation['/A']);
          expect(['/URI', '/GoTo', undefined]).toContain(action['/S']);
          if (standard === 'PDF/UA-1' && annotation['/Subtype'] === '/Link') {
            // PDF/UA-1 7.18.5: a link describes itself in /Contents.
            expect(pdfString(annotation['/Contents'])).toBeTruthy();
          }
        }
      }
    });

    it('draws in colours and with transparency the standard allows', () => {
      const problems: string[] = [];
      for (const { content, resources } of drawings(doc.pdf)) {
        // PDF/A 6.2.4.3: with an RGB output intent, no device CMYK colour (k/K operators or the colour space).
        if (/(^|\s)(-?[\d.]+\s+){4}[kK](\s|$)/.test(content) || content.includes('/DeviceCMYK')) problems.push('DeviceCMYK in a content stream');
        for (const ref of Object.values(doc.pdf.dict(resources['/ExtGState']))) {
          const gs = doc.pdf.dict(ref);
          if (gs['/TR'] !== undefined) problems.push('ExtGState /TR');
          if (gs['/TR2'] !== undefined && gs['/TR2'] !== '/Default') problems.push('ExtGState /TR2');
          if (gs['/HTP'] !== undefined) problems.push('ExtGState /HTP');
          const blend = gs['/BM'];
          for (const mode of Array.isArray(blend) ? blend : blend === undefined ? [] : [blend]) {
            if (!STANDARD_BLEND_MODES.has(String(mode))) problems.push(`blend mode ${String(mode)}`);
          }
        }
        for (const ref of Object.values(doc.pdf.dict(resources['/XObject']))) {
          const image = doc.pdf.dict(ref);
          if (image['/Subtype'] !== '/Image') continue;
          if (image['/Interpolate'] === true) problems.push('image /Interpolate true');
          if (image['/Alternates'] !== undefined || image['/OPI'] !== undefined) problems.push('image /Alternates or /OPI');
          const space = doc.pdf.resolve(image['/ColorSpace']);
          if (space === '/DeviceCMYK') problems.push('CMYK image');
        }
      }
      for (const page of doc.pdf.pages()) {
        const group = doc.pdf.dict(page['/Group']);
        if (page['/Group'] !== undefined && group['/S'] !== '/Transparency') problems.push('page group that is not a transparency group');
      }
      expect(problems).toEqual([]);
    });

    it('has no JavaScript, launch actions, additional actions or embedded files', () => {
      const found = doc.pdf
        .allDicts()
        .flatMap((dict) => [
          ...(dict['/S'] === '/JavaScript' || dict['/S'] === '/Launch' ? [String(dict['/S'])] : []),
          ...(dict['/AA'] !== undefined ? ['/AA'] : []),
          ...(dict['/JS'] !== undefined ? ['/JS'] : []),
          ...(dict['/EmbeddedFiles'] !== undefined ? ['/EmbeddedFiles'] : []),
        ]);
      expect(found).toEqual([]);
      expect(doc.pdf.root['/OpenAction']).toBeUndefined();
    });
  });
});

/** The text-showing operators (Tj, TJ) of a content stream that show CID 0: our fonts are Identity-H, two bytes a glyph, written in hex. */
function notdefShows(content: string): string[] {
  const shown = [...content.matchAll(/\[((?:[^\]])*)\]\s*TJ|<([0-9A-Fa-f\s]*)>\s*Tj/g)];
  return shown.flatMap((m) => {
    const strings = m[1] !== undefined ? [...m[1].matchAll(/<([0-9A-Fa-f\s]*)>/g)].map((s) => s[1]) : [m[2]];
    return strings.some((hex) => (hex.replace(/\s/g, '').match(/.{4}/g) ?? ([] as string[])).includes('0000')) ? [m[0].slice(0, 80)] : [];
  });
}

describe('characters no font has', () => {
  it('are drawn as U+FFFD from an embedded font in a PDF/A file, never as .notdef', async () => {
    const unknown: Case = {
      name: 'unknown characters',
      render: (standard) =>
        renderDocument({
          templateId: 'unknown-characters',
          data: {},
          options: { format: 'A4', orientation: 'portrait', margin: { top: '1in', right: '1in', bottom: '1in', left: '1in' }, displayHeaderFooter: false, lang: 'en', pdfStandard: standard },
          custom: { key: 'pdf-standards-unknown', title: 'Unknown', layout: { body: [{ type: 'text', text: 'A\uE000B\u0378C\u{10000}D' }] } },
        }),
    };
    const doc = await examine(unknown, 'PDF/A-2b');
    expect(drawings(doc.pdf).flatMap(({ content }) => notdefShows(content))).toEqual([]);
    expect(pdfFonts(doc.file).every((font) => font.embedded)).toBe(true);
    expect(notdefShows('BT [<00010000>-1 <0002>] TJ ET')).toHaveLength(1);
    expect(notdefShows('BT <0000> Tj ET')).toHaveLength(1);
  });
});

describe('transparency in PDF/A', () => {
  it("is the test key's watermark (14% opacity) and the RGBA logo's soft mask: allowed by PDF/A-2 and -3, blended in the output intent's sRGB", async () => {
    const doc = await examine(loadedInvoice, 'PDF/A-2b');
    const alphas = new Set<number>();
    let softMasks = 0;
    for (const { resources } of drawings(doc.pdf)) {
      for (const ref of Object.values(doc.pdf.dict(resources['/ExtGState']))) {
        const gs = doc.pdf.dict(ref);
        for (const key of ['/ca', '/CA']) if (typeof gs[key] === 'number') alphas.add(gs[key] as number);
      }
      for (const ref of Object.values(doc.pdf.dict(resources['/XObject']))) if (doc.pdf.dict(ref)['/SMask'] !== undefined) softMasks++;
    }
    expect(alphas).toContain(0.14);
    expect(softMasks).toBeGreaterThan(0);
    expect(doc.pdf.array(doc.pdf.root['/OutputIntents'])).toHaveLength(1);
  });
});

describe('metadata text', () => {
  it('escapes the title in the XMP and keeps it whole in the Info dictionary and for pdf.js', async () => {
    const doc = await examine(custom, 'PDF/A-2b');
    expect(doc.xmp).toContain('Packing slip &amp; &lt;returns&gt; &quot;Q1&quot;');
    expect(pdfString(doc.pdf.resolve(doc.pdf.dict(doc.pdf.trailer['/Info'])['/Title']))).toBe(CUSTOM_TITLE);
    expect(readWithPdfJs(doc.file).metadata?.['dc:title']).toBe(CUSTOM_TITLE);
  });

  it('writes any BCP 47 tag it is given as /Lang, in every variant', async () => {
    for (const lang of ['ar-EG', 'zh-Hant-TW', 'he']) {
      const doc = await examine(builtIn('weekly-report'), 'PDF/UA-1', lang);
      expect(pdfString(doc.pdf.root['/Lang'])).toBe(lang);
    }
  });
});
