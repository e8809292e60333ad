import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JsonLogger } from '../common/logging/json-logger';
import { FILE_STORE, FileStore } from '../files/file-store.port';
import { MetricsService } from '../metrics/metrics.service';
import { quotaExceeded } from '../usage/quota-exceeded';
import { UsageLedger, UsageReservation, UsageService } from '../usage/usage.service';
import type { GenerateCommand, GenerationAccount } from './generate-command';
import { PdfNotStored } from './generation-errors';
import { RenderPool } from './pool/render-pool';

export interface GenerationResult {
  pdf: Uint8Array;
  pdfUrl?: string;
  generatedAt: string;
  generationTimeMs: number;
  usageRemaining: number;
}

/**
 * One generation: take a slot of the monthly allowance, render, store the file when a URL is
 * wanted, keep the slot. The slot is given back when anything after it fails, so only successes
 * are counted; a process killed in between leaves a reservation that lapses (see UsageService).
 * Failures are thrown as their own types (RenderFailed, RenderPoolBusy, PdfNotStored): the
 * caller maps them with toContractError, or decides on a retry.
 */
@Injectable()
export class GenerationService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly usage: UsageService,
    private readonly pool: RenderPool,
    private readonly metrics: MetricsService,
    private readonly logger: JsonLogger,
  ) {}

  /** `usage` is where the slot is taken: the shared counters, or a webhook job's own view of them. */
  async generate(command: GenerateCommand, account: GenerationAccount, usage: UsageLedger = this.usage): Promise<GenerationResult> {
    const started = process.hrtime.bigint();
    const reservation = await usage.reserve(account.workspaceId, account.monthlyLimit);
    if (!reservation) throw quotaExceeded(await this.usage.snapshot(account.workspaceId, account.monthlyLimit));
    try {
      const pdf = await this.pool.render(command);
      const pdfUrl = command.outputFormat === 'url' ? await this.store(pdf) : undefined;
      if (usage.confirm && !(await usage.confirm(reservation))) {
        throw quotaExceeded(await this.usage.snapshot(account.workspaceId, account.monthlyLimit));
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.metrics.observeGeneration(command.templateId, command.outputFormat, seconds);
      return {
        pdf,
        pdfUrl,
        generatedAt: new Date().toISOString(),
        generationTimeMs: Math.max(1, Math.round(seconds * 1000)),
        usageRemaining: Math.max(0, reservation.limit - reservation.used),
      };
    } catch (error) {
      await this.giveBack(usage, reservation);
      throw error;
    }
  }

  private async store(pdf: Uint8Array): Promise<string> {
    try {
      const { id } = await this.files.save(pdf);
      return `${this.config.publicUrl}/files/${id}.pdf`;
    } catch (error) {
      throw new PdfNotStored({ cause: error });
    }
  }

  private async giveBack(usage: UsageLedger, reservation: UsageReservation): Promise<void> {
    try {
      await usage.release(reservation);
    } catch (error) {
      this.logger.error('could not release a usage reservation', { workspaceId: reservation.workspaceId, error: String(error) });
    }
  }
}
