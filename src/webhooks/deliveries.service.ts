import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

export interface AttemptView {
  number: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryView {
  /** Also the `webhook-id` the receiver saw. */
  id: string;
  jobId: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  attempts: AttemptView[];
}

/** What the dashboard shows besides: where the delivery went, and what the receiver answered each time. */
export interface DeliveryDetailView extends DeliveryView {
  url: string;
  attempts: Array<AttemptView & { answerExcerpt: string | null }>;
}

export const MAX_DELIVERIES_LISTED = 200;

/** What the operator sees of a workspace's webhook deliveries. */
@Injectable()
export class DeliveriesService {
  constructor(@InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>) {}

  /** The most recent deliveries first, each with its attempts in order. */
  async recent(workspaceId: string, limit: number): Promise<DeliveryView[]> {
    return (await this.detailed(workspaceId, limit)).map(({ url: _url, ...delivery }) => ({
      ...delivery,
      attempts: delivery.attempts.map(({ answerExcerpt: _answer, ...attempt }) => attempt),
    }));
  }

  /** As `recent`, with each delivery's target URL (its job's) and the start of each answer. */
  async detailed(workspaceId: string, limit: number): Promise<DeliveryDetailView[]> {
    const deliveries = await this.deliveries.find({
      where: { workspaceId },
      relations: { attemptLog: true },
      order: { createdAt: 'DESC', attemptLog: { number: 'ASC' } },
      take: Math.min(limit, MAX_DELIVERIES_LISTED),
    });
    const urls = await this.urlsOf(deliveries.map((delivery) => delivery.jobId));
    return deliveries.map((delivery) => ({
      id: delivery.id,
      url: urls.get(delivery.jobId) ?? '',
      jobId: delivery.jobId,
      status: delivery.status,
      createdAt: new Date(delivery.createdAt).toISOString(),
      updatedAt: new Date(delivery.updatedAt).toISOString(),
      attempts: delivery.attemptLog.map((attempt) => ({
        number: attempt.number,
        attemptedAt: new Date(attempt.attemptedAt).toISOString(),
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
        answerExcerpt: attempt.answerExcerpt,
      })),
    }));
  }

  private async urlsOf(jobIds: string[]): Promise<Map<string, string>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.deliveries.manager
      .createQueryBuilder()
      .select(['job.id AS id', 'job.webhook_url AS url'])
      .from('jobs', 'job')
      .where('job.id IN (:...ids)', { ids: [...new Set(jobIds)] })
      .getRawMany<{ id: string; url: string }>();
    return new Map(rows.map((row) => [row.id, row.url]));
  }
}
