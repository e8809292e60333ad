/**
 * Every error the API can answer, in one place: status, client message and the extra
 * fields it carries. `<name>` in a message is filled from the error's parameters.
 */
export const ERROR_CATALOGUE = {
  INVALID_JSON: { status: 400, message: 'Invalid JSON body', extra: ['details'] },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  UNSUPPORTED_CONTENT_ENCODING: { status: 415, message: "Content-Encoding '<encoding>' is not supported" },
  BODY_TOO_LARGE: { status: 413, message: 'Request body too large', extra: ['limitBytes'] },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'Range not satisfiable' },
  MISSING_API_KEY: { status: 401, message: 'Missing API key' },
  INVALID_API_KEY: { status: 401, message: 'Invalid or inactive API key' },
  WORKSPACE_SUSPENDED: { status: 403, message: 'Workspace is suspended' },
  MISSING_TEMPLATE_ID: { status: 400, message: 'Missing required field: templateId' },
  MISSING_DATA: { status: 400, message: 'Missing required field: data' },
  TEMPLATE_NOT_FOUND: { status: 400, message: "Template '<id>' not found", extra: ['availableTemplates'] },
  TEMPLATE_NOT_ENABLED: { status: 403, message: "Template '<id>' is not enabled" },
  TEMPLATE_VERSION_NOT_FOUND: { status: 400, message: "Template '<id>' has no version '<version>'" },
  TEMPLATE_ALREADY_EXISTS: { status: 409, message: "Template '<id>' already exists" },
  INVALID_TEMPLATE_DEFINITION: { status: 400, message: 'Invalid template definition', extra: ['validationErrors'] },
  CUSTOM_TEMPLATES_NOT_IN_PLAN: { status: 403, message: 'Custom templates require the Business plan' },
  CUSTOM_TEMPLATE_LIMIT_REACHED: { status: 403, message: 'Custom template limit reached', extra: ['limit'] },
  BUILT_IN_TEMPLATE_READ_ONLY: { status: 403, message: 'Built-in templates cannot be changed' },
  INVALID_REQUEST: { status: 400, message: 'Invalid request', extra: ['validationErrors'] },
  INVALID_DATA: { status: 400, message: 'Invalid data for template', extra: ['validationErrors'] },
  INVALID_CATEGORY: { status: 400, message: 'Invalid category', extra: ['categories'] },
  INVALID_WEBHOOK_URL: { status: 400, message: 'Invalid webhook URL', extra: ['details'] },
  WEBHOOKS_NOT_IN_PLAN: { status: 403, message: 'Webhooks require the Pro plan or above' },
  // `requested`: a batch's item count, which must fit in `remaining` whole.
  QUOTA_EXCEEDED: { status: 429, message: 'Monthly PDF generation limit reached', extra: ['limit', 'used', 'remaining', 'requested'] },
  RATE_LIMITED: { status: 429, message: 'Rate limit exceeded' },
  JOB_NOT_FOUND: { status: 404, message: "Job '<id>' not found" },
  BATCHES_NOT_IN_PLAN: { status: 403, message: 'Batches require the Pro plan or above' },
  BATCH_NOT_FOUND: { status: 404, message: "Batch '<id>' not found" },
  JOB_NOT_FINISHED: { status: 409, message: "Job '<id>' is not finished" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'Idempotency-Key was used with a different request' },
  IDEMPOTENCY_KEY_IN_PROGRESS: { status: 409, message: 'A request with this Idempotency-Key is in progress' },
  NO_SIGNING_CERTIFICATE: { status: 400, message: 'No signing certificate for this workspace' },
  SIGNING_CERTIFICATE_EXPIRED: { status: 400, message: "The signing certificate '<subject>' expired on <date>" },
  GENERATION_FAILED: { status: 500, message: 'PDF generation failed', extra: ['details'] },
  SERVER_BUSY: { status: 503, message: 'Server is busy' },
  INVALID_ADMIN_TOKEN: { status: 401, message: 'Invalid admin token' },
  INVALID_METRICS_TOKEN: { status: 401, message: 'Invalid metrics token' },
  WORKSPACE_NOT_FOUND: { status: 404, message: "Workspace '<id>' not found" },
  API_KEY_NOT_FOUND: { status: 404, message: "API key '<id>' not found" },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  SIGN_IN_LOCKED: { status: 429, message: 'Too many failed sign-ins: try again in 15 minutes', extra: ['retryAfterSeconds'] },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password must be at least 10 characters' },
  INVALID_INVITE: { status: 400, message: 'This invite link is invalid, expired or already used' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists' },
  MEMBER_EXISTS: { status: 409, message: "'<email>' is already a member of this workspace" },
  MEMBER_NOT_FOUND: { status: 404, message: "Member '<id>' not found" },
  CSRF_REJECTED: { status: 403, message: 'Invalid or missing CSRF token' },
  SESSION_REQUIRED: { status: 401, message: 'Sign in to continue' },
  OWNER_ONLY: { status: 403, message: 'Only owners can do this' },
  LAST_OWNER: { status: 409, message: 'A workspace needs at least one owner' },
  PASSWORD_MISMATCH: { status: 400, message: 'The passwords do not match' },
  INVALID_RESET_LINK: { status: 400, message: 'This password reset link is invalid, expired or already used' },
  RESET_REQUESTS_LIMITED: { status: 429, message: 'Too many password reset requests from your network: try again later', extra: ['retryAfterSeconds'] },
  NO_WORKSPACE: { status: 403, message: 'This account is not a member of any workspace: ask an owner for an invite' },
  PASSWORDS_OFF: { status: 403, message: 'Password sign-in is turned off: use single sign-on' },
  SSO_FAILED: { status: 400, message: 'Single sign-on failed: <reason>' },
  SSO_PROVIDER_UNAVAILABLE: { status: 502, message: 'The identity provider cannot be reached: try again in a moment' },
  SSO_EMAIL_UNVERIFIED: { status: 403, message: "Your identity provider has not verified the email '<email>'" },
  SSO_NOT_INVITED: { status: 403, message: "Nobody with the email '<email>' is a member of a workspace: ask an owner for an invite" },
  SSO_INVITE_OTHER_EMAIL: { status: 403, message: "This invite is for '<invited>', not for '<email>'" },
  MALFORMED_REQUEST: { status: 400, message: 'Malformed HTTP request' },
  REQUEST_TIMEOUT: { status: 408, message: 'Request timeout' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Request headers too large' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, ErrorSpec>;

/**
 * The `details` of INVALID_WEBHOOK_URL for an address that is not public. It names the setting
 * that allows one, since a developer's first webhook is often a receiver on localhost.
 */
export const WEBHOOK_NOT_PUBLIC_DETAILS =
  'webhook.url must point at a public address; <host> is <address> (<reason>). WEBHOOK_ALLOW_PRIVATE=true on the service allows private and loopback addresses (for development)';

export interface ErrorSpec {
  status: number;
  message: string;
  extra?: readonly string[];
}

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
