import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { LoadFormat, runLoad, warmUp } from './http-load';
import { RunningService, startService } from './service';
import { mb, summarize } from './stats';

/**
 * HTTP PDFs/s of builds side by side, for before/after figures on a shared, noisy machine:
 *   node bench/.build/bench/ab-http.js <checkout A> [rounds=6] [seconds=5] [format=url]
 * Three services run at once: A (another checkout's dist/, e.g. a `git worktree` of the commit
 * before), B (this checkout, no OTEL_* variables) and C (this checkout exporting every span over
 * OTLP to a receiver in this process, which counts and drops them). After a cold warm-up each,
 * rounds of `seconds` of load go to each in turn, the order alternating (ABC, CBA, ...), so all
 * see the same machine; printed: each side's PDFs/s and service CPU per PDF per round, their medians,
 * and the ratios B / A, C / A, C / B (CPU per PDF moves far less with the machine's other load).
 */
async function main(): Promise<void> {
  const [base, rounds = '6', seconds = '5', format = 'url'] = process.argv.slice(2);
  if (!base) throw new Error('usage: ab-http.js <checkout A> [rounds] [seconds] [format]');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const receiver = await startOtlpSink();
  const sides: Array<{ name: string; service: RunningService; perSecond: number[]; cpuMs: number[]; mainMs: number[]; peakRss: number }> = [];
  try {
    for (const [name, choice] of [
      ['A (before)', { root: resolve(base) }],
      ['B (tracing off)', {}],
      ['C (tracing on)', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } }],
    ] as const) {
      const service = await startService(log, choice);
      sides.push({ name, service, perSecond: [], cpuMs: [], mainMs: [], peakRss: 0 });
      await warmUp(service, 10);
    }
    for (let round = 0; round < Number(rounds); round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const result = await runLoad(side.service, format as LoadFormat, Number(seconds), 1);
        // CPU time per PDF hardly depends on what else runs on the machine, unlike PDFs/s.
        const perPdf = (percent: number) => (percent * 10) / result.pdfsPerSecond;
        side.perSecond.push(result.pdfsPerSecond);
        side.cpuMs.push(perPdf(result.serviceCpu.total));
        side.mainMs.push(perPdf(result.serviceCpu.mainThread));
        side.peakRss = Math.max(side.peakRss, result.rss.peak);
        log(
          `round ${round + 1} ${side.name}: ${result.pdfsPerSecond.toFixed(1)} PDFs/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
            `CPU per PDF ${side.cpuMs.at(-1)!.toFixed(2)} ms (main thread ${side.mainMs.at(-1)!.toFixed(2)} ms), other processes ${result.otherCpu.toFixed(0)}%`,
        );
      }
    }
    const median = (values: number[]) => summarize(values).median;
    for (const side of sides) {
      log(`${side.name}: median ${median(side.perSecond).toFixed(1)} PDFs/s, CPU per PDF ${median(side.cpuMs).toFixed(2)} ms (main thread ${median(side.mainMs).toFixed(2)} ms) over ${side.perSecond.length} rounds, peak RSS ${mb(side.peakRss)}`);
    }
    const ratios = (of: (side: (typeof sides)[number]) => number[]) => {
      const [a, b, c] = sides.map((side) => median(of(side)));
      return `B / A ${(b / a).toFixed(3)}, C / A ${(c / a).toFixed(3)}, C / B ${(c / b).toFixed(3)}`;
    };
    log(`PDFs/s: ${ratios((side) => side.perSecond)}`);
    log(`CPU per PDF: ${ratios((side) => side.cpuMs)}; main thread: ${ratios((side) => side.mainMs)}`);
    log(`spans received from C: ${receiver.spans()}`);
  } finally {
    for (const side of sides) await side.service.stop();
    await receiver.close();
  }
}

/** An OTLP/HTTP endpoint that takes every export and keeps only a count of its spans. */
async function startOtlpSink(): Promise<{ url: string; spans: () => number; close: () => Promise<void> }> {
  let spans = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      spans += (Buffer.concat(chunks).toString('utf8').match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => spans,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
