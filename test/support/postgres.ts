import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server the tests use: the machine's local PostgreSQL unless TEST_DATABASE_URL names another. */
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  /** A DATABASE_URL for this database. */
  url: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

export function uniqueDatabaseName(prefix = 'pdfgen_test'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Creates the database `name` unless it exists already (a restarted test app finds its data again). */
export async function createTestDatabase(name = uniqueDatabaseName()): Promise<TestDatabase> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  await onServer(async (client) => {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

async function onServer<T>(task: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}
