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

export const MAX_DELIVERIES_LISTED = 200;

/** What the operator sees of a workspace's webhook deliveries. */
@Injectable()
export class DeliveriesService {
  constructor(@InjectRepository(WebhookDeliveryEntity) private readonly deliveries: Repository<WebhookDeliveryEntity>) {}

  /** The most recent deliveries first, each with its attempts in order. */
  async recent(workspaceId: string, limit: number): Promise<DeliveryView[]> {
    const deliveries = await this.deliveries.find({
      where: { workspaceId },
      relations: { attemptLog: true },
      order: { createdAt: 'DESC', attemptLog: { number: 'ASC' } },
      take: Math.min(limit, MAX_DELIVERIES_LISTED),
    });
    return deliveries.map((delivery) => ({
      id: delivery.id,
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
      })),
    }));
  }
}
