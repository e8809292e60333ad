import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { dashboardPasswords, OidcConfig, oidcConfig } from './oidc-config';
import { withSecretFiles } from './secret-files';

/** Every setting of the service, read once from the environment at start (DECISIONS.md section 8). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  s3?: S3Config;
  publicUrl: string;
  /** Whether PUBLIC_URL set publicUrl; otherwise it is a guess (localhost) that the OpenAPI document does not publish. */
  publicUrlGiven: boolean;
  adminToken?: string;
  /** When set, GET /metrics needs `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
  bootstrap: boolean;
  /**
   * SIGNING_CERTIFICATE_KEY: the AES-256 key sealing workspaces' signing certificates at rest.
   * Unset: a key file made in DATA_DIR on first use; replicas that share a database but not
   * DATA_DIR must set it.
   */
  signingCertificateKey?: Buffer;
  /** DASHBOARD_SIGNUP: anyone may sign up on the dashboard, with a new `free` workspace (DECISIONS section 10). */
  dashboardSignup: boolean;
  /** OIDC_*: dashboard sign-in by OpenID Connect (DECISIONS section 16); undefined when not set up. */
  oidc?: OidcConfig;
  /** DASHBOARD_PASSWORDS: password sign-in is offered (false needs `oidc`). */
  dashboardPasswords: boolean;
  /** SMTP_URL and SMTP_FROM: with them, "Forgot password" and invites are sent by email (DECISIONS section 16). */
  smtp?: SmtpConfig;
  bodyLimitBytes: number;
  renderTimeoutMs: number;
  renderWorkers: number;
  /** Renders that may wait for a worker before requests get 503 Server is busy. */
  renderQueueLimit: number;
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  webhookMaxAttempts: number;
  webhookRetryBaseMs: number;
  /** How long a claimed job stays with its worker without a heartbeat before another may take it. */
  jobLeaseMs: number;
  /** Key prefix of the BullMQ queue in Redis (one Redis can serve several deployments or test runs). */
  bullmqPrefix: string;
  rateLimitPerSecond: number;
  /** Previews per workspace per minute (DECISIONS section 13); 0 turns the limit off. */
  previewRatePerMinute: number;
  /** Days a generation stays in the history (GET /api/v1/generations); the PDFs themselves stay. */
  historyDays: number;
  /** Days an audit log entry is kept (GET /admin/v1/audit, DECISIONS section 16). */
  auditDays: number;
  /** Time-outs of the HTTP server that a slow client cannot stretch (see common/http/server-timeouts.ts). */
  http: HttpTimeouts;
  logLevel: LogLevel;
}

export interface HttpTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** How long a connection may stay idle between requests. */
  keepAliveTimeoutMs: number;
}

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...:465`. */
  url: string;
  /** The sender: an address, or `Name <address>`. */
  from: string;
}

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got '${raw}'`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got '${raw}'`);
  return value;
}

export function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got '${env[name]}'`);
}

export function str(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** A secret sent as `Authorization: Bearer <token>`; never echoed in an error. */
function bearerToken(env: Env, name: string): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  if (!/^[\x21-\x7e]+$/.test(raw)) throw new ConfigError(`${name} must be visible ASCII characters without spaces`);
  if (raw.length < 16) throw new ConfigError(`${name} must be at least 16 characters`);
  return raw;
}

/** A 256-bit key given as 64 hex digits or 44 base64 characters; never echoed in an error. */
function key256(env: Env, name: string): Buffer | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/]{43}=$/.test(raw) ? Buffer.from(raw, 'base64') : undefined;
  if (!key) throw new ConfigError(`${name} must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)`);
  return key;
}

export function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    // The value is not echoed: URLs carry credentials.
    throw new ConfigError(`${name} must be a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`);
  }
  return raw;
}

function s3(env: Env): S3Config | undefined {
  const bucket = str(env, 'S3_BUCKET');
  if (!bucket) return undefined;
  return {
    bucket,
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    region: str(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: str(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

function smtp(env: Env, publicUrl: string): SmtpConfig | undefined {
  const smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (smtpUrl === undefined) return undefined;
  const from = str(env, 'SMTP_FROM') ?? `pdfgen <no-reply@${new URL(publicUrl).hostname}>`;
  // Nothing after the address: a header line cannot be smuggled into the mails.
  if (!/^[^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(from)) {
    throw new ConfigError(`SMTP_FROM must be an email address, or a name and <address>, got '${from}'`);
  }
  return { url: smtpUrl, from };
}

function httpTimeouts(env: Env): HttpTimeouts {
  const headersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(`HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs}), got '${headersTimeoutMs}'`);
  }
  return { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs: int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000) };
}

/** Parses and validates the environment; throws a ConfigError naming the variable at the first bad value. */
export function loadConfig(given: Env = process.env): AppConfig {
  const env = withSecretFiles(given);
  const port = int(env, 'PORT', 3000, 0, 65535);
  const logLevel = (str(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}, got '${env.LOG_LEVEL}'`);
  }
  // One worker per core for a workspace, and one more that a flood from one workspace never holds (FairSlots).
  const renderWorkers = int(env, 'RENDER_WORKERS', Math.max(1, cpus().length) + 1, 1, 256);
  const givenPublicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '');
  const publicUrl = givenPublicUrl ?? `http://localhost:${port}`;
  const oidc = oidcConfig(env, givenPublicUrl);
  return {
    port,
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    s3: s3(env),
    publicUrl,
    publicUrlGiven: str(env, 'PUBLIC_URL') !== undefined,
    adminToken: str(env, 'ADMIN_TOKEN'),
    metricsToken: bearerToken(env, 'METRICS_TOKEN'),
    bootstrap: bool(env, 'BOOTSTRAP', true),
    signingCertificateKey: key256(env, 'SIGNING_CERTIFICATE_KEY'),
    dashboardSignup: bool(env, 'DASHBOARD_SIGNUP', false),
    oidc,
    dashboardPasswords: dashboardPasswords(env, oidc),
    smtp: smtp(env, publicUrl),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 5 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    renderTimeoutMs: int(env, 'RENDER_TIMEOUT_MS', DEFAULT_RENDER_TIMEOUT_MS, 1, 3_600_000),
    renderWorkers,
    renderQueueLimit: int(env, 'RENDER_QUEUE_LIMIT', renderWorkers * 32, 0, 1_000_000),
    webhookAllowPrivate: bool(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 600_000),
    webhookMaxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8, 1, 100),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 5_000, 1, 3_600_000),
    jobLeaseMs: int(env, 'JOB_LEASE_MS', 30_000, 500, 3_600_000),
    bullmqPrefix: str(env, 'BULLMQ_PREFIX') ?? 'pdfgen',
    rateLimitPerSecond: int(env, 'RATE_LIMIT_PER_SECOND', 50, 0, 1_000_000),
    previewRatePerMinute: int(env, 'PREVIEW_RATE_PER_MINUTE', 60, 0, 1_000_000),
    historyDays: int(env, 'HISTORY_DAYS', 90, 1, 36_500),
    auditDays: int(env, 'AUDIT_DAYS', 365, 1, 36_500),
    http: httpTimeouts(env),
    logLevel: logLevel as LogLevel,
  };
}
