import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { JobsAndWebhooks1763760000000 } from './1763760000000-jobs-and-webhooks';
import { UsageReservations1763800000000 } from './1763800000000-usage-reservations';
import { GenerationHistory1763900000000 } from './1763900000000-generation-history';
import { HostedFiles1764000000000 } from './1764000000000-hosted-files';
import { TestKeys1764050000000 } from './1764050000000-test-keys';
import { IdempotencyKeys1764100000000 } from './1764100000000-idempotency-keys';
import { CustomTemplates1764150000000 } from './1764150000000-custom-templates';
import { DashboardAccounts1764200000000 } from './1764200000000-dashboard-accounts';
import { ApiKeyLastUsed1764210000000 } from './1764210000000-api-key-last-used';
import { Batches1764300000000 } from './1764300000000-batches';
import { GenerationError1764310000000 } from './1764310000000-generation-error';
import { SigningCertificates1764320000000 } from './1764320000000-signing-certificates';
import { AuditLog1764330000000 } from './1764330000000-audit-log';
import { PasswordResets1764340000000 } from './1764340000000-password-resets';
import { JobTraceparent1764350000000 } from './1764350000000-job-traceparent';
import { MembershipAcceptance1764350000000 } from './1764350000000-membership-acceptance';
import { SelfServiceResets1764351000000 } from './1764351000000-self-service-resets';
import { AuditSignInMethod1764360000000 } from './1764360000000-audit-sign-in-method';
import { SessionFlash1764380000000 } from './1764380000000-session-flash';
import { WebhookAttemptAnswer1764390000000 } from './1764390000000-webhook-attempt-answer';
import { TemplateSource1764400000000 } from './1764400000000-template-source';
import { UsageReservationsWithoutRowid1764410000000 } from './1764410000000-usage-reservations-without-rowid';

/** In order of their timestamps. */
export const MIGRATIONS = [InitialSchema1763700000000, JobsAndWebhooks1763760000000, UsageReservations1763800000000, GenerationHistory1763900000000, HostedFiles1764000000000, TestKeys1764050000000, IdempotencyKeys1764100000000, CustomTemplates1764150000000, DashboardAccounts1764200000000, ApiKeyLastUsed1764210000000, Batches1764300000000, GenerationError1764310000000, SigningCertificates1764320000000, AuditLog1764330000000, PasswordResets1764340000000, JobTraceparent1764350000000, MembershipAcceptance1764350000000, SelfServiceResets1764351000000, AuditSignInMethod1764360000000, SessionFlash1764380000000, WebhookAttemptAnswer1764390000000, TemplateSource1764400000000, UsageReservationsWithoutRowid1764410000000];
