import { renderDocument } from '../src/engine/render-document';
import { invoiceWithItems, renderRequest } from '../test/support/render-cases';
import { invoiceVariants, RenderCase, renderCases } from './cases';
import { renderNaiveInvoice } from './naive-pdfkit';
import { measure, ms, summarize, Summary, table } from './stats';

export interface CaseResult {
  case: RenderCase;
  summary: Summary;
  pages: number;
  bytes: number;
}

export interface InProcessResults {
  cases: CaseResult[];
  naive: Summary;
}

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);

/** Pages of a PDF, counted from its page objects (outside the timed loop). */
function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

export async function runInProcess(log: (line: string) => void): Promise<InProcessResults> {
  const cases = renderCases();
  // The very first render of the process also reads and parses the fonts.
  const first = renderRequest(cases[0].templateId, cases[0].data);
  const t0 = performance.now();
  await renderDocument(first);
  const coldFirstRenderMs = performance.now() - t0;
  log(`cold first render (fonts parsed in this process): ${ms(coldFirstRenderMs)}`);

  const results: CaseResult[] = [];
  for (const c of cases) {
    const request = renderRequest(c.templateId, c.data);
    const pdf = await renderDocument(request);
    const samples = await measure(() => renderDocument(request), {
      warmupMin: 5,
      warmupMs: 500,
      maxIterations: iterations,
      minIterations: 10,
      budgetMs: 4000,
    });
    results.push({ case: c, summary: summarize(samples), pages: pageCount(pdf), bytes: pdf.byteLength });
  }

  // The same render with new text every time: more than the caches hold, so they mostly miss.
  const variants = invoiceVariants(20, 500);
  let next = 0;
  const varyingSamples = await measure(() => renderDocument(variants[next++ % variants.length]), {
    warmupMin: 5,
    warmupMs: 500,
    maxIterations: iterations,
    minIterations: 10,
    budgetMs: 4000,
  });
  const varying = summarize(varyingSamples);
  const varyingPdf = await renderDocument(variants[0]);

  const invoice20 = invoiceWithItems(20);
  const naiveSamples = await measure(() => renderNaiveInvoice(invoice20), {
    warmupMin: 3,
    warmupMs: 300,
    maxIterations: Math.min(iterations, 60),
    minIterations: 10,
    budgetMs: 3000,
  });
  const naive = summarize(naiveSamples);
  const naivePdf = await renderNaiveInvoice(invoice20);

  log(
    table(
      ['case', 'n', 'median', 'p95', 'PDFs/s (1 thread)', 'pages', 'size'],
      [
        ...results.map((r) => [
          r.case.name,
          String(r.summary.n),
          ms(r.summary.median),
          ms(r.summary.p95),
          (1000 / r.summary.median).toFixed(0),
          String(r.pages),
          `${(r.bytes / 1024).toFixed(1)} KB`,
        ]),
        [
          'invoice-basic 20 items, new text each render',
          String(varying.n),
          ms(varying.median),
          ms(varying.p95),
          (1000 / varying.median).toFixed(0),
          String(pageCount(varyingPdf)),
          `${(varyingPdf.byteLength / 1024).toFixed(1)} KB`,
        ],
        ['naive PDFKit invoice 20 items', String(naive.n), ms(naive.median), ms(naive.p95), (1000 / naive.median).toFixed(1), String(pageCount(naivePdf)), `${(naivePdf.byteLength / 1024).toFixed(1)} KB`],
      ],
    ),
  );
  const ours = results.find((r) => r.case.name === 'invoice-basic 20 items')!;
  const ratio = naive.median / ours.summary.median;
  log('');
  log(`invoice-basic 20 items: ${ms(ours.summary.median)} median, ${ratio.toFixed(1)}x faster than naive PDFKit (${ms(naive.median)})`);
  log(`  with new text each render: ${ms(varying.median)} median, ${(naive.median / varying.median).toFixed(1)}x faster than naive PDFKit`);
  return { cases: results, naive };
}
