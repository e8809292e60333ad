import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { freePort } from './free-port';
import { resolve } from 'node:path';

const MAIN = resolve(__dirname, '../../dist/main.js');

export interface ServiceProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  /** Everything written to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Runs the built service (`node [nodeArgs] dist/main.js`) as operators do, and waits until it listens. */
export async function startServiceProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServiceProcess> {
  // A caller that must know the address before the start (PUBLIC_URL, an OpenID provider's redirect) gives PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [...nodeArgs, MAIN], { env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) } });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  // Listening, whatever LOG_LEVEL lets it log.
  while (!(await fetch(`${url}/healthz`).then((res) => res.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${err}`);
    if (Date.now() > deadline) {
      // Not left running: a stray child keeps Jest from exiting after the run.
      child.kill('SIGKILL');
      throw new Error(`service did not start: ${out}${err}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, url, stdout: () => out, stderr: () => err, exited };
}

/** The JSON log lines the service wrote so far. */
export function logLines(service: ServiceProcess): Record<string, any>[] {
  return service.stdout().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
}

/** The API key the bootstrap announced, if this process created the default workspace. */
export function bootstrapKey(service: ServiceProcess): string | undefined {
  return logLines(service).find((line) => typeof line.apiKey === 'string')?.apiKey;
}

/** Runs `node dist/main.js` expecting it to refuse to start; resolves with its exit code and stderr. */
export async function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env } });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  return { code, stderr: err };
}
