import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
const TSC = require.resolve('typescript/bin/tsc');

/** Compiles the `include` globs of `dir` under strict TypeScript, to dir/js unless `emit` is false; tsc's errors become the rejection's message. */
export async function compileStrict(dir: string, include: string[], emit = true): Promise<void> {
  const compilerOptions = { target: 'ES2022', module: 'commonjs', moduleResolution: 'node', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], strict: true, outDir: 'js', noEmit: !emit };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include }));
  // Compile errors are on standard output: show them.
  await run(process.execPath, [TSC, '-p', dir]).catch((error: { stdout: string }) => Promise.reject(new Error(error.stdout)));
}

/** Runs the compiled dir/js/main.js apart (the service answers from this process), as the application would; what it printed, as JSON. */
export async function runMain(dir: string): Promise<any> {
  const { stdout } = await run(process.execPath, [join(dir, 'js/main.js')], { cwd: dir });
  return JSON.parse(stdout);
}
