import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../test/support/free-port';

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/** This file runs from bench/.build/bench; the service is the app's own build in dist/. */
const THIS_CHECKOUT = resolve(__dirname, '../../..');

export interface RunningService {
  pid: number;
  baseUrl: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** Which build to run (default: this checkout's), and variables added to its environment. */
export interface ServiceChoice {
  root?: string;
  env?: NodeJS.ProcessEnv;
}

/** Starts `node dist/main.js` (with the Node flags of the build's `npm start`) on a free port with a temporary data directory and a business workspace with a huge limit. */
export async function startService(log: (line: string) => void, choice: ServiceChoice = {}): Promise<RunningService> {
  const tempDir = await mkdtemp(join(tmpdir(), 'pdfgen-bench-'));
  const dataDir = join(tempDir, 'data');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_SECOND: '0',
    ADMIN_TOKEN,
    BOOTSTRAP: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'info',
    // As `npm start` and the Docker image run the service (README, "Configuration"); set it to bench without.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    ...choice.env,
  };
  // SQLite and files under DATA_DIR unless asked to bench the configured Postgres / Redis / S3.
  if (process.env.BENCH_INHERIT_BACKENDS !== '1') for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET']) delete env[name];
  // The build's own `npm start` flags, then BENCH_SERVICE_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the service under load.
  const nodeArgs = [...startFlags(choice.root), ...(process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const main = await snapshotBuild(tempDir, choice.root);
  const child = spawn(process.execPath, [...nodeArgs, main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  try {
    await waitForHealth(baseUrl, child, () => stderr);
    const workspace = await adminPost<{ id: string }>(baseUrl, '/admin/v1/workspaces', { name: 'bench', plan: 'business', monthlyLimit: 1_000_000_000 });
    const key = await adminPost<{ key: string }>(baseUrl, `/admin/v1/workspaces/${workspace.id}/keys`, { name: 'bench' });
    log(`service pid ${child.pid} on ${baseUrl}, DATA_DIR ${dataDir}, RENDER_WORKERS=${process.env.RENDER_WORKERS ?? 'default (cores)'}, LOG_LEVEL=${env.LOG_LEVEL}, idle RSS ${(rssBytes(child.pid!) / 1048576).toFixed(1)} MB`);
    return {
      pid: child.pid!,
      baseUrl,
      apiKey: key.key,
      stop: async () => {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        await rm(tempDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    await rm(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** The Node flags a build's `npm start` gives `node dist/main.js` (package.json, scripts.start). */
export function startFlags(root = THIS_CHECKOUT): string[] {
  const start: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  return /\bnode((?:\s+--\S+)*)\s+dist\/main\.js/.exec(start)?.[1].split(/\s+/).filter(Boolean) ?? [];
}

/** VmRSS of a process: the resident set of all its threads (worker threads share the process). */
export function rssBytes(pid: number): number {
  return statusField(pid, 'VmRSS');
}

/** VmHWM: the peak resident set since the process started. */
export function peakRssBytes(pid: number): number {
  return statusField(pid, 'VmHWM');
}

export function threadCount(pid: number): number {
  const match = /^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

function statusField(pid: number, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Runs the service from a copy of dist/ (with fonts/ and node_modules/ linked beside it, where the
 * build looks for them): other people's `nest build` empties dist/ while the benchmark runs.
 */
async function snapshotBuild(dir: string, root = THIS_CHECKOUT): Promise<string> {
  const dist = join(root, 'dist');
  const app = join(dir, 'app');
  await cp(dist, join(app, 'dist'), { recursive: true, filter: (source) => !source.endsWith('.map') });
  await symlink(join(root, 'node_modules'), join(app, 'node_modules'), 'dir');
  await symlink(join(root, 'fonts'), join(app, 'fonts'), 'dir');
  return join(app, 'dist', 'main.js');
}

async function waitForHealth(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}: ${stderr()}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`service did not answer /healthz within 30 s: ${stderr()}`);
}

async function adminPost<T>(baseUrl: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
