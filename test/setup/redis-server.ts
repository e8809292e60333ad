import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';

/** A Redis server of the test run's own, in memory only, on a port nobody else uses. */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startRedis(port: number): Promise<OwnRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-test-redis-'));
  // BullMQ wants noeviction; nothing is written to disk.
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--maxmemory-policy', 'noeviction'];
  const server = spawn('redis-server', args, { stdio: 'ignore' });
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  server.once('error', () => undefined);
  await waitForPort(port, server);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, server: { exitCode: number | null }): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`redis-server exited with ${server.exitCode}: is it installed? (apt-get install redis-server, or set TEST_REDIS_URL)`);
    if (await answers(port)) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within 10 s`);
}

function answers(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        done(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => done(false));
  });
}
