import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = resolve(__dirname, '../../bin/pdfgen.js');

/** The built operator CLI (`npx pdfgen ...`), run as operators run it, with `env()` read at each call. */
export function pdfgenCli(env: () => NodeJS.ProcessEnv) {
  const pdfgen = async (...args: string[]): Promise<string> => (await run('node', [BIN, ...args], { env: env() })).stdout;
  /** Runs a command that must fail: its exit code and standard error. */
  const fails = async (...args: string[]): Promise<{ code: number; stderr: string }> => {
    try {
      await pdfgen(...args);
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
    throw new Error(`pdfgen ${args.join(' ')} did not fail`);
  };
  return { pdfgen, fails };
}
