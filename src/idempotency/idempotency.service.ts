import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';
import { JsonLogger } from '../common/logging/json-logger';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { GenerateReply } from '../generation/generate-reply';
import { atomically, executeStatement, sql, SqlScript } from '../jobs/sql-script';
import { CLAIM_SQL, COMPLETE_SQL, FORGET_FILE_SQL, HELD_SQL, RELEASE_SQL, SWEEP_SQL } from './idempotency-statements';
import { requestDigest } from './request-digest';

const KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** As for usage reservations: storing the PDF and the database round trips, after the longest wait and render. */
const STORING_MARGIN_MS = 60_000;

export const REPLAYED_HEADER = 'Idempotent-Replayed';

type ClaimOutcome = { claimId: string } | { held: Record<string, unknown> | undefined };

/**
 * Idempotency-Key (DECISIONS section 11): the first request with a key claims it with one INSERT
 * that the table's primary key makes atomic across replicas, runs, and stores its answer for 24
 * hours; a repeat of the same request replays that answer without running again.
 *
 * A claim whose request fails is deleted, so the key is free again. A claim left by a process
 * that died lapses once its request could no longer be running, and the next request takes it over.
 */
@Injectable()
export class IdempotencyService implements OnModuleInit, OnModuleDestroy {
  /** A request waits for a worker at most RENDER_TIMEOUT_MS, then renders at most as long. */
  private readonly claimLifetimeMs: number;
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'renderTimeoutMs'>,
    private readonly logger: JsonLogger,
  ) {
    this.claimLifetimeMs = 2 * config.renderTimeoutMs + STORING_MARGIN_MS;
  }

  onModuleInit(): void {
    // Every replica sweeps: deleting what expired is harmless to repeat.
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
  }

  /**
   * `produce`'s answer, run once per workspace, key and request within 24 hours. `produce`
   * throws for any answer that is not a success; the key is then free again. Throws 422 when the
   * key was used with another request, and 409 (Retry-After: 1) while its first request runs.
   */
  async once(workspaceId: string, key: string, request: unknown, produce: () => Promise<GenerateReply>, now = Date.now()): Promise<GenerateReply> {
    const digest = requestDigest(request);
    const claim = await this.claim(workspaceId, key, digest, now);
    if ('held' in claim) return replayOf(claim.held, digest);
    let reply: GenerateReply;
    try {
      reply = await produce();
    } catch (error) {
      await this.release(workspaceId, key, claim.claimId);
      throw error;
    }
    await this.keep(workspaceId, key, claim.claimId, reply, now);
    return reply;
  }

  /**
   * Deletes the stored answers that hand out a hosted file, before it is erased: a repeat of their
   * request then renders again instead of replaying a link that answers 404.
   */
  async forgetAnswersWithFile(workspaceId: string, fileId: string): Promise<void> {
    const pattern = `%/files/${fileId.replace(/[\\%_]/g, '\\$&')}.pdf%`;
    await executeStatement(this.dataSource, sql(FORGET_FILE_SQL, workspaceId, pattern));
  }

  /** Deletes answers older than 24 hours and lapsed claims. */
  async sweep(now = Date.now()): Promise<number> {
    try {
      return (await executeStatement(this.dataSource, sql(SWEEP_SQL, now))).changes;
    } catch (error) {
      this.logger.error('idempotency: sweep failed', { error: String(error) });
      return 0;
    }
  }

  private claim(workspaceId: string, key: string, digest: string, now: number): Promise<ClaimOutcome> {
    const claimId = randomUUID();
    const deadline = now + this.claimLifetimeMs;
    return atomically(this.dataSource, function* (): SqlScript<ClaimOutcome> {
      const taken = yield sql(CLAIM_SQL, workspaceId, key, digest, claimId, now, deadline, now);
      if (taken.rows.length > 0) return { claimId };
      return { held: (yield sql(HELD_SQL, workspaceId, key)).rows[0] };
    });
  }

  /** Frees the key of a request that failed; should that fail too, the claim lapses. */
  private async release(workspaceId: string, key: string, claimId: string): Promise<void> {
    await executeStatement(this.dataSource, sql(RELEASE_SQL, workspaceId, key, claimId)).catch((error: unknown) =>
      this.logger.error("idempotency: freeing a failed request's key failed; it lapses", { error: String(error) }),
    );
  }

  /** Stores the answer to replay. The generation happened and was counted: its answer goes out even if it cannot be kept. */
  private async keep(workspaceId: string, key: string, claimId: string, reply: GenerateReply, now: number): Promise<void> {
    const { status, headers, json, pdf } = reply;
    const body = pdf ? [null, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)] : [JSON.stringify(json), null];
    await executeStatement(this.dataSource, sql(COMPLETE_SQL, status, JSON.stringify(headers), ...body, now + KEEP_MS, workspaceId, key, claimId)).catch((error: unknown) =>
      this.logger.error('idempotency: storing an answer failed; its key lapses', { error: String(error) }),
    );
  }

}

/** The stored answer of a held key, or why there is none to give. */
function replayOf(held: Record<string, unknown> | undefined, digest: string): GenerateReply {
  if (held && held.request_digest !== digest) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  // No row: the claim script holds the row it conflicted with, so this is only a safe answer to the impossible.
  if (!held || held.state !== 'done') throw new ApiError('IDEMPOTENCY_KEY_IN_PROGRESS', { headers: { 'Retry-After': '1' } });
  const headers = { ...(JSON.parse(String(held.reply_headers)) as Record<string, string>), [REPLAYED_HEADER]: 'true' };
  const status = Number(held.reply_status);
  if (held.reply_pdf !== null) return { status, headers, pdf: held.reply_pdf as Buffer };
  return { status, headers, json: JSON.parse(String(held.reply_json)) };
}
