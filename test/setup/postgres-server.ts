import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PostgreSQL cluster of the test run's own: made in a temporary folder, on a port nobody else uses. */
export interface OwnPostgres {
  url: string;
  stop(): void;
}

/** Debian puts the server's programs under /usr/lib/postgresql/<major>/bin, off the PATH. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base).filter((name) => existsSync(join(base, name, 'bin', 'initdb')));
  majors.sort((a, b) => Number(b) - Number(a));
  return majors.length ? join(base, majors[0], 'bin') : undefined;
}

export function startPostgres(port: number): OwnPostgres {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: run `node scripts/setup.js --test` (apt-get install postgresql) or set TEST_DATABASE_URL');
  const dir = mkdtempSync(join(tmpdir(), 'pdfgen-test-pg-'));
  const data = join(dir, 'data');
  // initdb refuses to run as root: as root the cluster belongs to Debian's `postgres` user.
  const asUser = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  if (asUser.length) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [command, ...prefix] = [...asUser, join(bin, program)];
    const result = spawnSync(command, [...prefix, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  // Durability is not under test here: fsync off keeps hundreds of CREATE DATABASE calls fast.
  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`, '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_connections=300'].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
