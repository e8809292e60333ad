import type { RegExpEngine } from 'ajv/dist/types';
import RE2 from 're2';

/**
 * RE2 (the `re2` package: Google's RE2 as a native add-on) as Ajv's regular expression engine for
 * authors' schemas: it matches in time linear in the text, where V8's engine backtracks
 * exponentially on patterns like "^(a|aa)+$" (11 s for 43 characters, the HTTP thread blocked).
 * Measured against re2-wasm: "^(a|aa)+$" on 50,000 characters 0.2 ms against 19 ms, 100,000
 * short tests 10 ms against 354 ms; and re2-wasm never frees a pattern (a fixed 16 MB heap ran
 * out after 7,200 patterns, and every pattern after that failed). The cost is a native build
 * on `npm ci` (about 5 minutes on 2 cores), as better-sqlite3 has.
 */
export const re2RegExp: RegExpEngine = Object.assign((pattern: string, flags: string) => new RE2(pattern, flags.includes('u') ? flags : `${flags}u`), {
  // Only read by Ajv's standalone code generation, which we do not use.
  code: 'require("re2")',
});

/** Why RE2 cannot run a pattern (lookarounds, backreferences), or null when it can. */
export function re2Problem(pattern: string): string | null {
  try {
    new RE2(pattern, 'u');
    return null;
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/u?: /s, '');
    return `cannot run on the linear-time engine (RE2: ${reason}; lookarounds and backreferences are not supported)`;
  }
}
