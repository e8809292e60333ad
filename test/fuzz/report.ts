import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Finding, FuzzReport } from './fuzz-run';
import type { Exchange } from './send';

const SHOWN_BODY_CHARS = 2_000;

/**
 * The run as a human reads it: figures, the status distribution, then each finding with a request
 * that reproduces it; the bodies of those requests are saved in `bodiesDir`, for curl.
 */
export function formatReport(report: FuzzReport, bodiesDir: string): string {
  const lines = [
    `HTTP fuzz: ${report.requests} requests in ${(report.elapsedMs / 1000).toFixed(1)} s (${Math.round(report.requests / (report.elapsedMs / 1000))}/s), seed ${report.seed}`,
    `sent again after a kept-alive connection closed under them: ${report.retried}`,
    `answer times: p50 ${percentile(report.latenciesMs, 0.5)} ms, p99 ${percentile(report.latenciesMs, 0.99)} ms, max ${percentile(report.latenciesMs, 1)} ms; slowest:`,
    ...report.slowest.map(({ elapsedMs, status, sent }) => `  ${Math.round(elapsedMs)} ms  ${status}  ${sent.method} ${sent.path.slice(0, 100)}  (${sent.headers['Content-Length'] ?? 0}-byte body)`),
    '',
    'status x code:',
    ...[...report.distribution.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, count]) => `  ${String(count).padStart(6)}  ${label}`),
    '',
    `after the run: /healthz ${report.afterRun.healthz}; invoice ${report.afterRun.invoice}; jobs without a delivery attempt: ${report.afterRun.jobsWithoutAttempt.length}`,
    '',
    report.findings.length === 0 ? 'no findings' : `${report.findings.length} kinds of findings:`,
    ...report.findings.flatMap((finding, i) => describeFinding(finding, join(bodiesDir, `finding-${i + 1}.body`))),
  ];
  return `${lines.join('\n')}\n`;
}

/** One finding: how often, then the smallest request that showed it (its body saved to `bodyFile`) and what came back. */
export function describeFinding(finding: Finding, bodyFile: string): string[] {
  return [`- ${finding.problem} (x${finding.count})`, ...describeExchange(finding.example, bodyFile).map((line) => `    ${line}`)];
}

function describeExchange({ sent, status, headers, body }: Exchange, bodyFile: string): string[] {
  const curl = [`curl -sS -X ${sent.method}`, ...Object.entries(sent.headers).map(([name, value]) => `-H ${JSON.stringify(`${name}: ${value}`)}`)];
  if (sent.body !== undefined) {
    mkdirSync(join(bodyFile, '..'), { recursive: true });
    writeFileSync(bodyFile, sent.body);
    curl.push(`--data-binary @${bodyFile}`);
  }
  curl.push(JSON.stringify(`http://127.0.0.1:3000${sent.path}`));
  return [
    curl.join(' '),
    `body (${sent.body?.length ?? 0} bytes): ${sent.body === undefined ? '(none)' : printable(sent.body)}`,
    `-> ${status} ${headers['content-type'] ?? ''} ${printable(body)}`,
  ];
}

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
}

/** UTF-8 text when it is, else base64; cut to a readable length. */
function printable(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  const shown = Buffer.from(text, 'utf8').equals(bytes) ? JSON.stringify(text) : `base64:${bytes.toString('base64')}`;
  return shown.length > SHOWN_BODY_CHARS ? `${shown.slice(0, SHOWN_BODY_CHARS)}... (${shown.length} chars)` : shown;
}
