import type { RegExpEngine } from 'ajv/dist/types';
import { RE2 } from 're2-wasm';

/**
 * RE2 (re2-wasm, Google's RE2 compiled to WebAssembly) as Ajv's regular expression engine for
 * authors' schemas: it matches in time linear in the text, where V8's engine backtracks
 * exponentially on patterns like "^(a|aa)+$". re2-wasm rather than the native `re2` package:
 * no C++ build on install, and "^(a|aa)+$" on 50,000 characters takes 19 ms (see the note of
 * the fair-sharing issue for both packages' figures).
 */
export const re2RegExp: RegExpEngine = Object.assign((pattern: string, flags: string) => new RE2(pattern, flags.includes('u') ? flags : `${flags}u`), {
  // Only read by Ajv's standalone code generation, which we do not use.
  code: 'require("re2-wasm").RE2',
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
