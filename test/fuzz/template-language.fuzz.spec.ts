import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anyLayout, layoutData } from './template-language-definitions';
import { isBoundedFailure, languageProblems, LanguageCase, LanguageOutcome, LanguageSandbox } from './template-language-sandbox';

/**
 * Fuzzes the template language in the engine: definitions from its grammar and mutated ones go
 * through ajv (TEMPLATE_LANGUAGE_SCHEMA), compileLayout, then a render with random data, on a
 * worker thread that is stopped past CASE_TIMEOUT_MS. The only outcomes allowed: schema issues,
 * InvalidLayout whose issues each have a path, InvalidDocumentData, a bounded failure (the
 * 1,000-page limit, the output and evaluation budgets), or a PDF; nothing read from disk or the
 * network, no prototype changed. `npm test` runs 150 cases with
 * a fixed seed; `npm run fuzz` runs FUZZ_DEFINITIONS (or FUZZ_REQUESTS) with a new seed and prints
 * the distribution (FUZZ_REPORT=1).
 */
const CASES = Number(process.env.FUZZ_DEFINITIONS ?? process.env.FUZZ_REQUESTS ?? 150);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_REPORT ? Date.now() % 2 ** 31 : 20_251_123;
/** No case may take longer (Liquid's budget is 10 s a document, drawing comes on top): past it the case is a hang. */
const CASE_TIMEOUT_MS = 15_000;

interface Finding {
  problem: string;
  count: number;
  example: LanguageCase;
  outcome: LanguageOutcome;
}

const caseArbitrary: fc.Arbitrary<LanguageCase> = fc.record({
  layout: anyLayout,
  data: layoutData,
  options: fc.record({ format: fc.constantFrom('Letter' as const, 'A4' as const), orientation: fc.constantFrom('portrait' as const, 'landscape' as const) }),
});

test(`${CASES} fuzzed definitions: schema issues, InvalidLayout with paths, InvalidDocumentData, the page limit or a PDF; never a crash, a hang or an outside access`, async () => {
  const sandbox = new LanguageSandbox(CASE_TIMEOUT_MS);
  const findings = new Map<string, Finding>();
  const distribution = new Map<string, number>();
  const times: number[] = [];
  try {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (testCase) => {
        const outcome = await sandbox.run(testCase);
        times.push(outcome.elapsedMs);
        const label = outcome.kind === 'render-failed' && isBoundedFailure(outcome.message) ? `bounded: ${outcome.message.replace(/^layout\S* /, '')}` : outcome.kind;
        distribution.set(label, (distribution.get(label) ?? 0) + 1);
        for (const problem of languageProblems(outcome)) record(findings, problem, testCase, outcome);
      }),
      { seed: SEED, numRuns: CASES, endOnFailure: true },
    );
  } finally {
    await sandbox.close();
  }

  const casesDir = join(tmpdir(), `pdfgen-language-fuzz-${SEED}`);
  const described = [...findings.values()].map((finding, i) => describe(finding, join(casesDir, `finding-${i + 1}.json`)));
  if (process.env.FUZZ_REPORT) process.stdout.write(report(distribution, times, described));
  expect({ seed: SEED, findings: described }).toEqual({ seed: SEED, findings: [] });
  // The fuzz has teeth only if definitions get through to the renderer.
  expect(distribution.get('pdf') ?? 0).toBeGreaterThan(CASES / 20);
}, 120_000 + CASES * 2_000);

/** Findings of one kind are grouped (numbers and quoted parts aside); the smallest case is kept. */
function record(findings: Map<string, Finding>, problem: string, testCase: LanguageCase, outcome: LanguageOutcome): void {
  const kind = problem.replace(/\d+/g, 'N').replace(/"[^"]*"|'[^']*'/g, '…').slice(0, 160);
  const known = findings.get(kind);
  if (!known) findings.set(kind, { problem, count: 1, example: testCase, outcome });
  else {
    known.count++;
    if (JSON.stringify(testCase).length < JSON.stringify(known.example).length) Object.assign(known, { problem, example: testCase, outcome });
  }
}

function describe(finding: Finding, file: string): string {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(finding.example, null, 2));
  const shown = JSON.stringify(finding.example);
  const stack = 'stack' in finding.outcome && finding.outcome.stack ? `\n  ${finding.outcome.stack.split('\n').slice(0, 4).join('\n  ')}` : '';
  return `${finding.problem} (x${finding.count})\n  case (${file}): ${shown.length > 1500 ? `${shown.slice(0, 1500)}…` : shown}${stack}`;
}

function report(distribution: Map<string, number>, times: number[], findings: string[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
  return [
    `template-language fuzz: ${times.length} definitions, seed ${SEED}`,
    `time per case: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
    'outcomes:',
    ...[...distribution.entries()].sort().map(([label, count]) => `  ${String(count).padStart(6)}  ${label}`),
    findings.length === 0 ? 'no findings' : `${findings.length} kinds of findings:`,
    ...findings.map((finding) => `- ${finding}`),
    '',
  ].join('\n');
}
