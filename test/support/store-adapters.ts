import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/accounts/clock';
import { createTestDatabase } from './postgres';
import { openStore, StoreServices } from './store-services';

/** An empty store; `open` connects one more replica to it (reading the time from `clock`, if given). */
export interface StoreUnderTest {
  open(clock?: Clock): Promise<StoreServices>;
  tearDown(): Promise<void>;
}

/** The two databases every store contract suite runs against: `describe.each(storeAdapters('prefix'))`. */
export function storeAdapters(prefix: string): Array<{ name: string; setUp(): Promise<StoreUnderTest> }> {
  return [
    {
      name: 'SQLite',
      async setUp() {
        const dataDir = mkdtempSync(join(tmpdir(), `pdfgen-${prefix}-`));
        return { open: (clock) => openStore({ dataDir }, clock), tearDown: async () => rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'PostgreSQL',
      async setUp() {
        const database = await createTestDatabase();
        return { open: (clock) => openStore({ dataDir: tmpdir(), databaseUrl: database.url }, clock), tearDown: () => database.drop() };
      },
    },
  ];
}
