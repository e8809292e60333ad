import autocannon from 'autocannon';
import { CUSTOM_INVOICE_ID, invoiceData, TemplateBody } from './custom-invoice';
import { checkGenerate, GenerateTarget, generateOptions, LoadFormat, LoadResult, REFERENCE_INVOICE, runLoad } from './http-load';
import type { RunningService } from './service';
import { table } from './stats';

/** Issue 13 over HTTP: generate with the custom invoice against the built-in, same data, same service, same run. */
export interface CustomHttpResults {
  format: LoadFormat;
  builtIn: Throughput;
  custom: Throughput;
}

export interface Throughput {
  pdfsPerSecond: number;
  /** Service CPU (all threads) per PDF, in ms: steadier than PDFs/s on a shared machine. */
  cpuMsPerPdf: number;
  non2xx: number;
}

export const CUSTOM_HTTP_FORMAT = (process.env.BENCH_CUSTOM_HTTP_FORMAT ?? 'buffer') as LoadFormat;
const ROUNDS = Number(process.env.BENCH_CUSTOM_HTTP_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_CUSTOM_HTTP_SECONDS ?? 5);

export async function runCustomHttp(service: RunningService, body: TemplateBody, log: (line: string) => void): Promise<CustomHttpResults> {
  await createTemplate(service, body);
  const custom: GenerateTarget = { templateId: CUSTOM_INVOICE_ID, data: invoiceData() };
  // The custom path's first requests compile the layout in each render worker and get its code optimised.
  await checkGenerate(service, CUSTOM_HTTP_FORMAT, custom);
  await autocannon({ ...generateOptions(service, CUSTOM_HTTP_FORMAT, custom), duration: 3 });

  const runs: Array<{ name: string; round: number; result: LoadResult }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ([['built-in', REFERENCE_INVOICE], ['custom', custom]] as const) : ([['custom', custom], ['built-in', REFERENCE_INVOICE]] as const);
    for (const [name, target] of order) runs.push({ name, round, result: await runLoad(service, CUSTOM_HTTP_FORMAT, SECONDS, 1, target) });
  }
  const cpuMs = (r: LoadResult) => (r.serviceCpu.total * 10) / r.pdfsPerSecond;
  log(
    table(
      ['round', 'template', 'PDFs/s', 'p50', 'p99', 'CPU per PDF', 'non-2xx', 'other processes'],
      runs.map(({ name, round, result: r }) => [
        `#${round + 1}`,
        name === 'custom' ? `${CUSTOM_INVOICE_ID} (custom)` : 'invoice-basic (built-in)',
        r.pdfsPerSecond.toFixed(0),
        `${r.p50} ms`,
        `${r.p99} ms`,
        `${cpuMs(r).toFixed(2)} ms`,
        String(r.non2xx + r.errors),
        `${r.otherCpu.toFixed(0)}%`,
      ]),
    ),
  );
  const total = (name: string): Throughput => {
    const mine = runs.filter((r) => r.name === name).map((r) => r.result);
    const ok = mine.reduce((sum, r) => sum + r.ok, 0);
    const seconds = mine.reduce((sum, r) => sum + r.seconds, 0);
    const cpu = mine.reduce((sum, r) => sum + (r.serviceCpu.total / 100) * r.seconds * 1000, 0);
    return { pdfsPerSecond: ok / seconds, cpuMsPerPdf: cpu / ok, non2xx: mine.reduce((sum, r) => sum + r.non2xx + r.errors, 0) };
  };
  const results = { format: CUSTOM_HTTP_FORMAT, builtIn: total('built-in'), custom: total('custom') };
  log('');
  log(
    `custom / built-in throughput: ${(results.custom.pdfsPerSecond / results.builtIn.pdfsPerSecond).toFixed(2)} ` +
      `(${results.custom.pdfsPerSecond.toFixed(0)} vs ${results.builtIn.pdfsPerSecond.toFixed(0)} PDFs/s over ${ROUNDS} x ${SECONDS} s each; target >= 0.8); ` +
      `CPU per PDF ${results.custom.cpuMsPerPdf.toFixed(2)} vs ${results.builtIn.cpuMsPerPdf.toFixed(2)} ms`,
  );
  return results;
}

/** POST /api/v1/templates with the example's body, under the benchmark's id. */
async function createTemplate(service: RunningService, body: TemplateBody): Promise<void> {
  const res = await fetch(`${service.baseUrl}/api/v1/templates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: JSON.stringify({ ...body, id: CUSTOM_INVOICE_ID }),
  });
  if (res.status !== 201) throw new Error(`POST /api/v1/templates answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}
