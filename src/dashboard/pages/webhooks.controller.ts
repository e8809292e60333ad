import { Body, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { ActingAs } from '../../audit/acting-as';
import type { AuditOrigin } from '../../audit/audit-entry';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobsService } from '../../jobs/jobs.service';
import { AttemptView, DeliveriesService, DeliveryDetailView } from '../../webhooks/deliveries.service';
import { isPlanId, PLANS } from '../../workspaces/plans';
import { WorkspacesService } from '../../workspaces/workspaces.service';
import { Dashboard, DashboardContext } from '../session/dashboard-context';
import { DashboardPage } from '../session/dashboard-page.decorator';
import { OwnerOnly } from '../session/owner-only.guard';
import { FormBody } from '../http/form-body.middleware';
import { ViewRenderer } from '../view-renderer';
import { isConfirmed, renderConfirmStep } from './confirm-step';
import { dateTime } from './format';

const WEBHOOKS_PATH = '/dashboard/webhooks';
/** How many of the most recent deliveries the page lists. */
export const DELIVERIES_SHOWN = 50;

/**
 * Webhooks (DECISIONS sections 6, 10): the workspace's deliveries with every attempt, redelivery,
 * and the signing secret (shown masked with a reveal; rotated by owners). Members see it all but
 * change nothing.
 */
@DashboardPage('webhooks')
export class WebhooksPageController {
  constructor(
    private readonly deliveries: DeliveriesService,
    private readonly jobs: JobsService,
    private readonly workspaces: WorkspacesService,
    private readonly views: ViewRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@Dashboard() ctx: DashboardContext, @Query('rotated') rotated: unknown, @Query('redelivered') redelivered: unknown, @Res() res: Response): Promise<void> {
    await this.render(res, ctx, { rotated: rotated === '1', redeliveredJob: typeof redelivered === 'string' ? redelivered : '' });
  }

  @Post('secret/rotate')
  @OwnerOnly()
  async rotate(@Dashboard() ctx: DashboardContext, @Body() body: FormBody, @ActingAs('user') by: AuditOrigin, @Res() res: Response): Promise<void> {
    if (!isConfirmed(body)) {
      return renderConfirmStep(this.views, res, {
        nav: 'webhooks',
        question: 'Rotate the webhook secret?',
        detail: 'Deliveries from now on are signed with a new secret, and receivers that still verify with the old one will reject them until you update them.',
        action: `${WEBHOOKS_PATH}/secret/rotate`,
        label: 'Rotate secret',
        back: WEBHOOKS_PATH,
      });
    }
    await this.workspaces.rotateWebhookSecret(ctx.workspace.id, by);
    res.redirect(303, `${WEBHOOKS_PATH}?rotated=1`);
  }

  @Post('jobs/:jobId/redeliver')
  @OwnerOnly()
  async redeliver(@Dashboard() ctx: DashboardContext, @Param('jobId') jobId: string, @Res() res: Response): Promise<void> {
    // Another workspace's job is not found, like a missing one.
    await this.jobs.view(ctx.workspace.id, jobId);
    try {
      await this.jobs.redeliver(jobId);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'JOB_NOT_FINISHED') throw error;
      return this.render(res, ctx, { error: `${error.message}: its current delivery is still being attempted. Redeliver it once it has been delivered or has failed.` }, error.status);
    }
    res.redirect(303, `${WEBHOOKS_PATH}?redelivered=${encodeURIComponent(jobId)}`);
  }

  private async render(res: Response, ctx: DashboardContext, state: { rotated?: boolean; redeliveredJob?: string; error?: string }, status = 200): Promise<void> {
    const plan = ctx.workspace.plan;
    const enabled = isPlanId(plan) && PLANS[plan].webhooks;
    const deliveries = enabled ? deliveryRows(await this.deliveries.detailed(ctx.workspace.id, DELIVERIES_SHOWN)) : [];
    const secret = ctx.workspace.webhookSecret;
    await this.views.render(
      res,
      'pages/webhooks',
      {
        title: 'Webhooks',
        nav: 'webhooks',
        enabled,
        deliveries,
        deliveriesShown: DELIVERIES_SHOWN,
        secret,
        maskedSecret: `${secret.slice(0, 'whsec_'.length)}${'•'.repeat(24)}`,
        rotated: state.rotated ?? false,
        redelivered: state.redeliveredJob ? deliveries.some((d) => d.jobId === state.redeliveredJob) ? state.redeliveredJob : '' : '',
        error: state.error ?? '',
        curl: webhookCurl(this.config.publicUrl),
        // While a delivery is under way the list refreshes itself (app.js), so a redelivery's outcome shows.
        pending: deliveries.some((d) => d.status === 'pending'),
      },
      status,
    );
  }
}

/**
 * The deliveries as the table shows them: each attempt's result in words, the last failure, and
 * whether this is the newest delivery of its job (only that one offers "Redeliver", once finished).
 */
function deliveryRows(deliveries: DeliveryDetailView[]) {
  const seen = new Set<string>();
  return deliveries.map((delivery) => {
    const newest = !seen.has(delivery.jobId);
    seen.add(delivery.jobId);
    const attempts = delivery.attempts.map((attempt) => ({ ...attempt, at: dateTime(attempt.attemptedAt), result: attemptResult(attempt), failed: !succeeded(attempt) }));
    const lastFailure = [...attempts].reverse().find((attempt) => attempt.failed);
    return {
      ...delivery,
      at: dateTime(delivery.createdAt),
      attempts,
      lastError: lastFailure && delivery.status !== 'delivered' ? lastFailure.result : '',
      canRedeliver: newest && delivery.status !== 'pending',
    };
  });
}

function succeeded(attempt: AttemptView): boolean {
  return attempt.error === null && attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
}

/** `HTTP 500`, or the connection error (`Timed out after 10000 ms`, `Connection refused`...). */
function attemptResult(attempt: AttemptView): string {
  if (attempt.statusCode !== null) return attempt.error ? `HTTP ${attempt.statusCode} (${attempt.error})` : `HTTP ${attempt.statusCode}`;
  return attempt.error ?? 'No answer';
}

/** The empty state's example: a generate request with a webhook. */
function webhookCurl(publicUrl: string): string {
  const body = {
    templateId: 'invoice-basic',
    data: { invoiceNumber: 'INV-0001', client: { name: 'Acme Corp' }, items: [{ description: 'Consulting', quantity: 2, unitPrice: 150 }] },
    webhook: { url: 'https://example.com/pdf-ready' },
  };
  return [
    `curl -X POST ${publicUrl}/api/v1/generate \\`,
    `  -H "X-API-Key: $PDFGEN_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${JSON.stringify(body)}'`,
  ].join('\n');
}
