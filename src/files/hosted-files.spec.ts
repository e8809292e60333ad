import { AuditEntry, OPERATOR_OFFLINE } from '../audit/audit-entry';
import type { AuditLog } from '../audit/audit-log.service';
import type { IdempotencyService } from '../idempotency/idempotency.service';
import { sql, SqlStep } from '../jobs/sql-script';
import type { FileOwners } from './file-owners';
import type { FileStore } from './file-store.port';
import { HostedFiles } from './hosted-files';

const FILE = { id: 'AbCdEfGhIjKlMnOpQrStUvWx', size: 3, etag: '"x"', lastModified: new Date() };

/** A store and an owners table that log what is asked of them; `owner` is who the table says made FILE. */
function hostedFiles(owner: string | null, recording: () => Promise<void> = async () => undefined) {
  const calls: string[] = [];
  const store = {
    save: async () => (calls.push('save'), FILE),
    erase: async (id: string) => void calls.push(`erase ${id}`),
  } as unknown as FileStore;
  const owners = {
    record: async (id: string, workspaceId: string) => (calls.push(`record ${id} ${workspaceId}`), recording()),
    ownerOf: async () => owner,
    forget: async (id: string, workspaceId: string, recorded: SqlStep) => (calls.push(`forget ${id} ${workspaceId}, recording ${recorded.sql}`), workspaceId === owner),
  } as unknown as FileOwners;
  const audit = { insert: (entry: AuditEntry) => sql(entry.action) } as unknown as AuditLog;
  const idempotency = { forgetAnswersWithFile: async (workspaceId: string, id: string) => void calls.push(`forget answers ${workspaceId} ${id}`) } as unknown as IdempotencyService;
  return { files: new HostedFiles(store, owners, audit, idempotency), calls };
}

describe('HostedFiles', () => {
  it('records the owner once the bytes are stored', async () => {
    const { files, calls } = hostedFiles(null);
    await expect(files.save(new Uint8Array(3), 'ws-1')).resolves.toBe(FILE);
    expect(calls).toEqual(['save', `record ${FILE.id} ws-1`]);
  });

  it('erases a file again whose owner could not be recorded: nobody could ever erase it', async () => {
    const { files, calls } = hostedFiles(null, () => Promise.reject(new Error('database down')));
    await expect(files.save(new Uint8Array(3), 'ws-1')).rejects.toThrow('database down');
    expect(calls).toEqual(['save', `record ${FILE.id} ws-1`, `erase ${FILE.id}`]);
  });

  it("forgets the idempotent answers that hand out the file, erases the bytes, then forgets the owner with the erasure's audit entry, only for the owner's workspace", async () => {
    const { files, calls } = hostedFiles('ws-1');
    await expect(files.erase(FILE.id, 'ws-2', OPERATOR_OFFLINE)).resolves.toBe(false);
    expect(calls).toEqual([]);
    await expect(files.erase(FILE.id, 'ws-1', OPERATOR_OFFLINE)).resolves.toBe(true);
    expect(calls).toEqual([`forget answers ws-1 ${FILE.id}`, `erase ${FILE.id}`, `forget ${FILE.id} ws-1, recording file.erased`]);
  });

  it('touches nothing for a file without a recorded owner', async () => {
    const { files, calls } = hostedFiles(null);
    await expect(files.erase(FILE.id, 'ws-1', OPERATOR_OFFLINE)).resolves.toBe(false);
    expect(calls).toEqual([]);
  });
});
