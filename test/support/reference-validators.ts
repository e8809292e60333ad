/**
 * The reference validators (scripts/validators.js): veraPDF for PDF/A and PDF/UA, Mustang for
 * e-invoices. Built with Maven on first use; each call is one JVM over all the files given.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validators = require('../../scripts/validators.js') as {
  verapdf(jobs: Array<{ file: string; profile: string }>): Promise<VeraPdfResult[]>;
  mustang(files: string[]): Promise<MustangResult[]>;
  mustangErrors(report: string): string[];
  dss(jobs: Array<{ file: string; userPassword?: string; trust?: string }>): Promise<DssResult[]>;
};

export interface VeraPdfFailure {
  /** Clause and test number, e.g. "7.21.7-1". */
  rule: string;
  count: number;
  message: string;
  error?: string;
  context?: string;
}

export interface VeraPdfResult {
  file: string;
  profile: string;
  flavour?: string;
  compliant: boolean;
  /** false: profile "auto" and the file claims no PDF/A level. */
  claimed?: boolean;
  failures?: VeraPdfFailure[];
  error?: string;
}

export interface MustangResult {
  file: string;
  valid: boolean;
  report?: string;
  error?: string;
}

/** DSS's simple report of one file: each signature's AdES format (e.g. PAdES-BASELINE-B) and indication. */
export interface DssResult {
  file: string;
  signatures?: Array<{ format: string; indication: string; subIndication: string | null; errors: string[] }>;
  error?: string;
}

export const verapdf = validators.verapdf;
export const mustang = validators.mustang;
export const mustangErrors = validators.mustangErrors;
export const dss = validators.dss;

/** "file profile: rule (n×) message" lines for every failure, for a readable assertion. */
export function describeFailures(results: VeraPdfResult[], ignore: (result: VeraPdfResult, failure: VeraPdfFailure) => boolean = () => false): string[] {
  const lines: string[] = [];
  for (const result of results) {
    if (result.error) lines.push(`${result.file} ${result.profile}: ${result.error}`);
    for (const failure of result.failures ?? []) {
      if (!ignore(result, failure)) lines.push(`${result.file} ${result.flavour ?? result.profile}: ${failure.rule} (${failure.count}×) ${failure.error ?? failure.message} [${failure.context ?? ''}]`);
    }
  }
  return lines;
}
