import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './postgres';
import { openStore, StoreServices } from './store-services';

/** An empty store; `open` connects one more replica to it. */
export interface StoreUnderTest {
  open(): Promise<StoreServices>;
  tearDown(): Promise<void>;
}

/** The two databases every store contract suite runs against: `describe.each(storeAdapters('prefix'))`. */
export function storeAdapters(prefix: string): Array<{ name: string; setUp(): Promise<StoreUnderTest> }> {
  return [
    {
      name: 'SQLite',
      async setUp() {
        const dataDir = mkdtempSync(join(tmpdir(), `pdfgen-${prefix}-`));
        return { open: () => openStore({ dataDir }), tearDown: async () => rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'PostgreSQL',
      async setUp() {
        const database = await createTestDatabase();
        return { open: () => openStore({ dataDir: tmpdir(), databaseUrl: database.url }), tearDown: () => database.drop() };
      },
    },
  ];
}
