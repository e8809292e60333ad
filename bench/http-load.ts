import autocannon from 'autocannon';
import { invoiceWithItems } from '../test/support/render-cases';
import { ProbeResult, RssResult, startCpuMeter, startHealthProbe, startMachineMeter, startRssSampler, ThreadCpu } from './probe';
import type { RunningService } from './service';

export type LoadFormat = 'url' | 'buffer';

export interface LoadResult {
  format: LoadFormat;
  seconds: number;
  ok: number;
  pdfsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  statusCodes: string;
  health: ProbeResult;
  rss: RssResult;
  serviceCpu: ThreadCpu;
  /** CPU of this process (autocannon and the probe) in % of one core: it competes with the service on a small machine. */
  clientCpu: number;
  /** CPU used by everything else on the machine during the run, in % of one core: other people's work skews the numbers. */
  otherCpu: number;
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

/** What a generate request renders: a template id (built-in or the workspace's own) and its data. */
export interface GenerateTarget {
  templateId: string;
  data: Record<string, unknown>;
}

/** The reference document: a one-page invoice with 20 lines. */
export const REFERENCE_INVOICE: GenerateTarget = { templateId: 'invoice-basic', data: invoiceWithItems(20) };

export function generateBody(outputFormat: string, target: GenerateTarget = REFERENCE_INVOICE): string {
  return JSON.stringify({ templateId: target.templateId, data: target.data, outputFormat });
}

export function generateOptions(service: RunningService, outputFormat: string, target: GenerateTarget = REFERENCE_INVOICE) {
  return {
    url: `${service.baseUrl}/api/v1/generate`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: generateBody(outputFormat, target),
    connections: CONNECTIONS,
    timeout: 30,
  };
}

/** One request first, so that a broken service fails loudly instead of benchmarking error answers. */
export async function checkGenerate(service: RunningService, outputFormat: LoadFormat, target: GenerateTarget = REFERENCE_INVOICE): Promise<void> {
  const options = generateOptions(service, outputFormat, target);
  const res = await fetch(options.url, { method: 'POST', headers: options.headers, body: options.body });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`POST /api/v1/generate (${target.templateId}, ${outputFormat}) answered ${res.status}: ${bytes.toString('utf8').slice(0, 500)}`);
  const ok = outputFormat === 'buffer' ? bytes.subarray(0, 5).toString('latin1') === '%PDF-' : /"pdfUrl":"http/.test(bytes.toString('utf8'));
  if (!ok) throw new Error(`POST /api/v1/generate (${target.templateId}, ${outputFormat}) answered 200 with an unexpected body: ${bytes.subarray(0, 200).toString('utf8')}`);
}

export interface ColdStartResult {
  seconds: number;
  pdfsPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * Loads a freshly started service with `url` requests until it reaches its steady pace, and
 * reports that first stretch. V8 compiles the hot paths of the HTTP thread and the workers on
 * background threads, which get little CPU on a saturated 2-core machine: the first ~10 s run at
 * about 80% of the steady throughput.
 */
export async function warmUp(service: RunningService, seconds: number): Promise<ColdStartResult> {
  await checkGenerate(service, 'url');
  const result = await autocannon({ ...generateOptions(service, 'url'), duration: seconds });
  return { seconds: result.duration, pdfsPerSecond: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Drives POST /api/v1/generate at CONNECTIONS concurrent connections for `seconds`, probing /healthz and sampling RSS. */
export async function runLoad(
  service: RunningService,
  format: LoadFormat,
  seconds: number,
  warmupSeconds: number,
  target: GenerateTarget = REFERENCE_INVOICE,
): Promise<LoadResult> {
  await checkGenerate(service, format, target);
  if (warmupSeconds > 0) await autocannon({ ...generateOptions(service, format, target), duration: warmupSeconds });
  const rss = startRssSampler(service.pid);
  const cpu = startCpuMeter(service.pid);
  const machine = startMachineMeter();
  const client = process.cpuUsage();
  const t0 = performance.now();
  const probe = startHealthProbe(service.baseUrl);
  const result = await autocannon({ ...generateOptions(service, format, target), duration: seconds });
  const clientUsage = process.cpuUsage(client);
  const clientCpu = ((clientUsage.user + clientUsage.system) / 1000 / (performance.now() - t0)) * 100;
  const serviceCpu = cpu.stop();
  const machineCpu = machine.stop();
  const health = await probe.stop();
  const memory = rss.stop();
  const codes = Object.entries(result.statusCodeStats ?? {})
    .map(([code, s]) => `${code}:${s.count}`)
    .join(' ');
  return {
    format,
    seconds: result.duration,
    ok: result['2xx'],
    pdfsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: codes,
    health,
    rss: memory,
    serviceCpu,
    clientCpu,
    otherCpu: Math.max(0, machineCpu - serviceCpu.total - clientCpu),
  };
}
