// Reads a PDF with pdf.js (an independent reader) and prints JSON on stdout:
//   { pageCount, lang, markInfo, title, metadata, info, pages: [{ structTree, items }] }
// - structTree: pdf.js getStructTree() for the page ({ role, children, alt?, lang? } nodes,
//   leaves { type: 'content', id } naming the marked content, { type: 'annotation', id } for OBJR).
// - items: getTextContent({ includeMarkedContent: true }) flattened in stream order:
//   { type: 'beginMarkedContent' | 'beginMarkedContentProps' | 'endMarkedContent', tag?, id? }
//   and text runs { str } (empty strings dropped).
// pdfjs-dist is ESM only: tests run this as a child process (`node pdf-structure.mjs file.pdf`),
// never import it into a jest spec.
import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: node pdf-structure.mjs file.pdf\n');
  process.exit(2);
}

const data = new Uint8Array(await readFile(path));
const pdf = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
const meta = await pdf.getMetadata().catch(() => ({}));
const markInfo = await pdf.getMarkInfo().catch(() => null);
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const structTree = await page.getStructTree().catch((error) => ({ error: String(error) }));
  const content = await page.getTextContent({ includeMarkedContent: true });
  const items = [];
  for (const item of content.items) {
    if ('type' in item) items.push({ type: item.type, ...(item.tag !== undefined && { tag: item.tag }), ...(item.id != null && { id: item.id }) });
    else if (item.str !== '') items.push({ str: item.str });
  }
  const annotations = (await page.getAnnotations()).map((a) => ({ subtype: a.subtype, url: a.url, rect: a.rect }));
  pages.push({ structTree, items, annotations });
}

// /Lang of the catalog: pdf.js exposes it as info.Language.
const info = meta.info ?? {};
const out = {
  pageCount: pdf.numPages,
  lang: info.Language ?? null,
  markInfo,
  title: info.Title ?? null,
  info,
  metadata: meta.metadata ? meta.metadata.getAll() : null,
  pages,
};
process.stdout.write(JSON.stringify(out));
await pdf.destroy();
