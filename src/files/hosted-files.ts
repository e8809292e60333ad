import { Inject, Injectable } from '@nestjs/common';
import type { AuditOrigin } from '../audit/audit-entry';
import { AuditLog } from '../audit/audit-log.service';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { FileOwners } from './file-owners';
import { FILE_STORE, FileStore, StoredFile } from './file-store.port';

/** Hosted PDFs as generations make them and workspaces erase them: the file store plus who made each file. */
@Injectable()
export class HostedFiles {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly owners: FileOwners,
    private readonly audit: AuditLog,
    private readonly idempotency: IdempotencyService,
  ) {}

  /**
   * Stores the PDF, then records its workspace once the bytes are durable. A file whose owner
   * could not be recorded is erased again: no workspace could ever erase it, and its URL is never
   * handed out.
   */
  async save(bytes: Uint8Array, workspaceId: string): Promise<StoredFile> {
    const file = await this.store.save(bytes);
    try {
      await this.owners.record(file.id, workspaceId);
    } catch (error) {
      await this.store.erase(file.id).catch(() => undefined);
      throw error;
    }
    return file;
  }

  /**
   * Erases a file of this workspace for good; false when it is not one: unknown, another
   * workspace's, saved before owners were recorded, or erased already. The owner row goes last,
   * so an erase that failed half-way can be asked for again; the erasure is recorded in the owner
   * row's transaction (the bytes cannot be part of one). The stored idempotent answers that hand
   * out the file go first, so none is replayed with a dead link.
   */
  async erase(id: string, workspaceId: string, by: AuditOrigin): Promise<boolean> {
    if ((await this.owners.ownerOf(id)) !== workspaceId) return false;
    await this.idempotency.forgetAnswersWithFile(workspaceId, id);
    await this.store.erase(id);
    return this.owners.forget(id, workspaceId, this.audit.insert({ ...by, action: 'file.erased', workspaceId, target: { type: 'file', id } }));
  }
}
