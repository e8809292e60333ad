import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/errors/api-error';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { parseWebhookUrl, resolveWebhookTarget, WebhookUrlError } from './webhook-target';

/**
 * The request-time check of `webhook.url` (step 6 of DECISIONS section 2): scheme, length and
 * every resolved address. With WEBHOOK_ALLOW_PRIVATE no address can be refused, so the name is
 * not resolved until delivery.
 */
@Injectable()
export class WebhookUrlPolicy {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async check(url: string): Promise<void> {
    try {
      if (this.config.webhookAllowPrivate) parseWebhookUrl(url);
      else await resolveWebhookTarget(url, false);
    } catch (error) {
      if (error instanceof WebhookUrlError) throw new ApiError('INVALID_WEBHOOK_URL', { extra: { details: error.message } });
      throw error;
    }
  }
}
