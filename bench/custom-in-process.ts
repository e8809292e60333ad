import { isDeepStrictEqual } from 'node:util';
import { compileLayout } from '../src/engine/custom/compile-layout';
import { compiledLayout } from '../src/engine/custom/compiled-cache';
import type { CustomRender } from '../src/engine/page/pdf-options';
import { renderDocument } from '../src/engine/render-document';
import { INVOICE_BASIC_SAMPLE } from '../src/templates/samples';
import { renderRequest } from '../test/support/render-cases';
import { customRenderRequest, invoiceData, TemplateBody } from './custom-invoice';
import { renderPdfmakeInvoice } from './pdfmake-invoice';
import { measureInterleaved, ms, summarize, Summary, table } from './stats';

/** Issue 13's in-process figures: the custom invoice beside the built-in and pdfmake, compile time, cache hit. */
export interface CustomInProcessResults {
  builtIn: Timing;
  custom: Timing;
  pdfmake: Timing;
  compile: Timing & { first: { wall: number; cpu: number } };
  cacheHitUs: number;
}

/** Durations in ms: wall clock, and CPU time, which leaves out the turns other processes had on the cores. */
export interface Timing {
  wall: Summary;
  cpu: Summary;
}

const ROUNDS = Number(process.env.BENCH_CUSTOM_ROUNDS ?? 20);
const COMPILES = Number(process.env.BENCH_CUSTOM_COMPILES ?? 200);
const KEY = 'bench-invoice@1.0.0';

const pages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;

export async function runCustomInProcess(body: TemplateBody, log: (line: string) => void): Promise<CustomInProcessResults> {
  if (body.sampleData && !isDeepStrictEqual(body.sampleData, INVOICE_BASIC_SAMPLE)) {
    log("note: the example's sampleData is not the built-in invoice sample; all three render the built-in sample with 20 lines");
  }
  // Before any custom render: the first compile of the process is the one a fresh render worker pays.
  const compile = measureCompile(body.layout);

  const data = invoiceData();
  const builtInRequest = renderRequest('invoice-basic', data);
  const customRequest = customRenderRequest(body, data, KEY);
  const outputs = [await renderDocument(builtInRequest), await renderDocument(customRequest), await renderPdfmakeInvoice(data)];
  const samples = await measureInterleaved(
    [
      { name: 'built-in', run: () => renderDocument(builtInRequest), perRound: 15 },
      { name: 'custom', run: () => renderDocument(customRequest), perRound: 15 },
      { name: 'pdfmake', run: () => renderPdfmakeInvoice(data), perRound: 2 },
    ],
    ROUNDS,
    1000,
  );
  const [builtIn, custom, pdfmake] = ['built-in', 'custom', 'pdfmake'].map((name): Timing => {
    const { wall, cpu } = samples.get(name)!;
    return { wall: summarize(wall), cpu: summarize(cpu) };
  });
  const cacheHitUs = measureCacheHit(customRequest.custom!);

  const row = (name: string, { wall, cpu }: Timing, pdf: Buffer) => [
    name,
    String(wall.n),
    ms(wall.median),
    ms(wall.p95),
    ms(cpu.median),
    (1000 / wall.median).toFixed(0),
    String(pages(pdf)),
    `${(pdf.byteLength / 1024).toFixed(1)} KB`,
  ];
  log(
    table(
      ['invoice, 20 items (interleaved rounds)', 'n', 'median', 'p95', 'CPU median', 'PDFs/s (1 thread)', 'pages', 'size'],
      [
        row('built-in invoice-basic', builtIn, outputs[0]),
        row('custom layout (examples/custom/invoice-basic.json)', custom, outputs[1]),
        row('pdfmake 0.3 docDefinition, DejaVu Sans', pdfmake, outputs[2]),
      ],
    ),
  );
  log('');
  const ratio = (a: Timing, b: Timing) => `${(a.wall.median / b.wall.median).toFixed(2)}x (CPU time ${(a.cpu.median / b.cpu.median).toFixed(2)}x)`;
  log(`custom / built-in: ${ratio(custom, builtIn)} the built-in's median (target <= 1.5)`);
  log(`pdfmake / custom: ${ratio(pdfmake, custom)}: custom is that much faster than pdfmake (target >= 10)`);
  log(
    `compileLayout on a fresh copy, ${compile.wall.n} times: wall median ${ms(compile.wall.median)}, p99 ${ms(compile.wall.p99)}, max ${ms(compile.wall.max)}; ` +
      `CPU median ${ms(compile.cpu.median)}, max ${ms(compile.cpu.max)}; first of the process ${ms(compile.first.wall)} wall, ${ms(compile.first.cpu)} CPU (target <= 20 ms)`,
  );
  log(`compiled-layout cache hit: ${cacheHitUs.toFixed(2)} µs per lookup (${((cacheHitUs / 1000 / custom.wall.median) * 100).toFixed(3)}% of a custom render)`);
  return { builtIn, custom, pdfmake, compile, cacheHitUs };
}

/** compileLayout on a new copy of the layout each time, so that nothing cached can answer. */
function measureCompile(layout: unknown): CustomInProcessResults['compile'] {
  const once = () => {
    const copy = structuredClone(layout);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    compileLayout(copy);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  const first = once();
  const rest = Array.from({ length: COMPILES }, once);
  return { first, wall: summarize(rest.map((t) => t.wall)), cpu: summarize(rest.map((t) => t.cpu)) };
}

/** The lookup every custom render does (its key was rendered above, so it hits), in µs: the median of 21 batches of 10,000. */
function measureCacheHit({ key, layout }: CustomRender): number {
  const batch = 10_000;
  const perHit: number[] = [];
  for (let round = 0; round < 21; round++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) compiledLayout(key, layout);
    perHit.push(((performance.now() - t0) * 1000) / batch);
  }
  return summarize(perHit).median;
}
