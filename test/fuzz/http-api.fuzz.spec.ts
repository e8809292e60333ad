import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFuzz } from './fuzz-run';
import { describeFinding, formatReport } from './report';

/**
 * Fuzzes the HTTP API of the real app (SQLite and disk) with fast-check: hostile generate bodies
 * for the four templates, wrong envelopes, files with random ids and ranges, the operator API,
 * templates and jobs. `npm test` sends 2,000 requests with a fixed seed; `npm run fuzz` sends
 * FUZZ_REQUESTS (10,000) with a new seed each time and prints the distribution (FUZZ_REPORT=1).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_REPORT ? Date.now() % 2 ** 31 : 20_251_111;
/** Generous: on this 2-core machine 2,000 requests take well under a minute. */
const TIMEOUT_MS = 120_000 + REQUESTS * 100;

test(`${REQUESTS} fuzzed requests: no 5xx but real render failures and overload, the contract's error shape, healthy afterwards`, async () => {
  const report = await runFuzz(REQUESTS, SEED);
  const bodiesDir = join(tmpdir(), `pdfgen-fuzz-${SEED}`);
  if (process.env.FUZZ_REPORT) process.stdout.write(formatReport(report, bodiesDir));

  expect({ seed: SEED, findings: report.findings.map((finding, i) => describeFinding(finding, join(bodiesDir, `finding-${i + 1}.body`)).join('\n')) }).toEqual({ seed: SEED, findings: [] });
  expect(report.afterRun).toEqual({ healthz: '200 {"status":"ok"}', invoice: '200 %PDF-', jobsWithoutAttempt: [] });
}, TIMEOUT_MS);
