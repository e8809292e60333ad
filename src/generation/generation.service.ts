import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JsonLogger } from '../common/logging/json-logger';
import { HostedFiles } from '../files/hosted-files';
import { MetricsService } from '../metrics/metrics.service';
import { quotaExceeded } from '../usage/quota-exceeded';
import { UsageLedger, UsageReservation, UsageService } from '../usage/usage.service';
import { GenerationHistory } from '../history/generation-history.service';
import type { GenerationOutcome } from '../history/generation-record';
import type { GenerateCommand, GenerationContext } from './generate-command';
import { endsInFailure, failureDetails, PdfNotStored } from './generation-errors';
import { RenderPool } from './pool/render-pool';
import { signatureField, signRendered } from '../signatures/pdf-signing';
import { SigningCertificates } from '../signatures/signing-certificates.service';

/** Across every page of a test key's documents. */
const TEST_WATERMARK = 'TEST';

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
    private readonly files: HostedFiles,
    private readonly usage: UsageService,
    private readonly pool: RenderPool,
    private readonly metrics: MetricsService,
    private readonly logger: JsonLogger,
    private readonly history: GenerationHistory,
    private readonly certificates: SigningCertificates,
  ) {}

  /** `usage` is where the slot is taken: the shared counters, or a webhook job's own view of them. */
  async generate(command: GenerateCommand, context: GenerationContext, usage: UsageLedger = this.usage): Promise<GenerationResult> {
    const started = process.hrtime.bigint();
    const elapsedSeconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const asMs = (seconds: number) => Math.max(1, Math.round(seconds * 1000));
    // Looked up when rendering, not when asked: a webhook job signs with the certificate in force then.
    const signature = command.options.signature;
    const signer = signature ? await this.certificates.signer(context.workspaceId) : undefined;
    const reservation = await usage.reserve(context.workspaceId, context.monthlyLimit, undefined, context.mode);
    if (!reservation) throw quotaExceeded(await this.usage.snapshot(context.workspaceId, context.monthlyLimit, undefined, context.mode));
    try {
      const options = signer ? { ...command.options, signature: signatureField(signature!, signer) } : command.options;
      const rendered = await this.pool.render({ ...command, options, ...(context.mode === 'test' ? { watermark: TEST_WATERMARK } : {}) }, context.workspaceId);
      // Signed last, after PDF/A and encryption (section 15), here where the key is: render workers never see it.
      const pdf = signer ? await signRendered(rendered.pdf, signer) : rendered.pdf;
      const { pages } = rendered;
      const pdfUrl = command.outputFormat === 'url' ? await this.store(pdf, context.workspaceId) : undefined;
      if (usage.confirm && !(await usage.confirm(reservation))) {
        throw quotaExceeded(await this.usage.snapshot(context.workspaceId, context.monthlyLimit, undefined, context.mode));
      }
      const seconds = elapsedSeconds();
      const generationTimeMs = asMs(seconds);
      // Custom ids are per workspace and without bound: one label for them all keeps the series few.
      this.metrics.observeGeneration(command.custom ? 'custom' : command.templateId, command.outputFormat, seconds);
      this.record(command, context, { status: 'succeeded', pdfUrl, sizeBytes: pdf.byteLength, pages, generationTimeMs });
      return {
        pdf,
        pdfUrl,
        generatedAt: new Date().toISOString(),
        generationTimeMs,
        usageRemaining: Math.max(0, reservation.limit - reservation.used),
      };
    } catch (error) {
      await this.giveBack(usage, reservation);
      if (endsInFailure(error, context)) this.record(command, context, { status: 'failed', generationTimeMs: asMs(elapsedSeconds()), error: failureDetails(error) });
      throw error;
    }
  }

  private record(command: GenerateCommand, context: GenerationContext, outcome: Pick<GenerationOutcome, 'status' | 'pdfUrl' | 'sizeBytes' | 'pages' | 'generationTimeMs' | 'error'>): void {
    this.history.record({
      workspaceId: context.workspaceId,
      templateId: command.templateId,
      templateVersion: command.templateVersion,
      outputFormat: command.outputFormat,
      requestId: context.requestId,
      jobId: context.jobId,
      mode: context.mode,
      ...outcome,
    });
  }

  /** Saved as the workspace's file, which its keys alone may erase (a batch's merged file too). */
  async store(pdf: Uint8Array, workspaceId: string): Promise<string> {
    try {
      const { id } = await this.files.save(pdf, workspaceId);
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
