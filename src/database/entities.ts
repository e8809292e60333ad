import { ACCOUNT_ENTITIES } from '../accounts/store/account.entities';
import { ApiKeyEntity } from '../auth/api-key.entity';
import { BatchEntity } from '../batches/batch.entity';
import { JobEntity } from '../jobs/job.entity';
import { SigningCertificateEntity } from '../signatures/signing-certificate.entity';
import { CustomTemplateVersionEntity } from '../templates/custom/store/custom-template-version.entity';
import { CustomTemplateEntity } from '../templates/custom/store/custom-template.entity';
import { UsageCounterEntity } from '../usage/usage-counter.entity';
import { WebhookAttemptEntity } from '../webhooks/webhook-attempt.entity';
import { WebhookDeliveryEntity } from '../webhooks/webhook-delivery.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** Every entity of the store; listed explicitly so source and compiled code load the same set. */
export const ENTITIES = [WorkspaceEntity, ApiKeyEntity, UsageCounterEntity, JobEntity, BatchEntity, WebhookDeliveryEntity, WebhookAttemptEntity, CustomTemplateEntity, CustomTemplateVersionEntity, ...ACCOUNT_ENTITIES, SigningCertificateEntity];
