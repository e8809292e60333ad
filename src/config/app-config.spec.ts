import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      publicUrlGiven: false,
      bootstrap: true,
      dashboardSignup: false,
      bodyLimitBytes: 5 * 1024 * 1024,
      renderTimeoutMs: 30_000,
      webhookAllowPrivate: false,
      webhookTimeoutMs: 10_000,
      webhookMaxAttempts: 8,
      webhookRetryBaseMs: 5_000,
      rateLimitPerSecond: 50,
      http: { headersTimeoutMs: 10_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000 },
      logLevel: 'info',
    });
    expect(config.renderWorkers).toBeGreaterThanOrEqual(1);
    expect(config.renderQueueLimit).toBe(config.renderWorkers * 32);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl ?? config.redisUrl ?? config.s3 ?? config.adminToken).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://pdf.example.com/',
      DATABASE_URL: 'postgres://u@db/pdf',
      REDIS_URL: 'redis://cache:6379',
      S3_BUCKET: 'pdfs',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      BOOTSTRAP: 'false',
      DASHBOARD_SIGNUP: 'true',
      RATE_LIMIT_PER_SECOND: '0',
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_REQUEST_TIMEOUT_MS: '4000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://pdf.example.com',
      publicUrlGiven: true,
      databaseUrl: 'postgres://u@db/pdf',
      redisUrl: 'redis://cache:6379',
      s3: { bucket: 'pdfs', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true },
      bootstrap: false,
      dashboardSignup: true,
      rateLimitPerSecond: 0,
      http: { headersTimeoutMs: 2_000, requestTimeoutMs: 4_000, keepAliveTimeoutMs: 1_000 },
      logLevel: 'debug',
    });
  });

  it('reads the signing certificates\' key as hex or base64', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ SIGNING_CERTIFICATE_KEY: key.toString('hex') }).signingCertificateKey).toEqual(key);
    expect(loadConfig({ SIGNING_CERTIFICATE_KEY: key.toString('base64') }).signingCertificateKey).toEqual(key);
  });

  it('never echoes a URL, which may carry a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:secretpw@h:99999/db' })).toThrow(/^DATABASE_URL must be a URL$/);
  });

  it.each([
    [{ PORT: '70000' }, "PORT must be between 0 and 65535, got '70000'"],
    [{ PORT: '3.5' }, "PORT must be a whole number, got '3.5'"],
    [{ BOOTSTRAP: 'sometimes' }, "BOOTSTRAP must be true or false, got 'sometimes'"],
    [{ SIGNING_CERTIFICATE_KEY: 'abc' }, 'SIGNING_CERTIFICATE_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)'],
    [{ DASHBOARD_SIGNUP: 'maybe' }, "DASHBOARD_SIGNUP must be true or false, got 'maybe'"],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a URL'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL must be a http:// or https:// URL'],
    [{ LOG_LEVEL: 'loud' }, "LOG_LEVEL must be one of: debug, info, warn, error, silent, got 'loud'"],
    [{ RENDER_WORKERS: '0' }, "RENDER_WORKERS must be between 1 and 256, got '0'"],
    [{ BODY_LIMIT_BYTES: '-1' }, "BODY_LIMIT_BYTES must be a whole number, got '-1'"],
    [{ HTTP_HEADERS_TIMEOUT_MS: '0' }, "HTTP_HEADERS_TIMEOUT_MS must be between 100 and 600000, got '0'"],
    [{ HTTP_HEADERS_TIMEOUT_MS: '90000' }, "HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (60000), got '90000'"],
  ])('refuses %p naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('reads SMTP_URL and SMTP_FROM, the sender defaulting to no-reply at the public host', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail:587', PUBLIC_URL: 'https://pdf.example.com' }).smtp).toEqual({ url: 'smtp://u:p@mail:587', from: 'pdfgen <no-reply@pdf.example.com>' });
    expect(loadConfig({ SMTP_URL: 'smtps://mail', SMTP_FROM: 'Acme PDFs <pdf@acme.test>' }).smtp).toEqual({ url: 'smtps://mail', from: 'Acme PDFs <pdf@acme.test>' });
    expect(loadConfig({ SMTP_URL: 'smtp://mail', SMTP_FROM: 'pdf@acme.test' }).smtp?.from).toBe('pdf@acme.test');
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(new ConfigError('SMTP_URL must be a smtp:// or smtps:// URL'));
    expect(() => loadConfig({ SMTP_URL: 'smtp://u:secretpw@mail:99999' })).toThrow(new ConfigError('SMTP_URL must be a URL'));
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail', SMTP_FROM: 'nobody' })).toThrow(new ConfigError("SMTP_FROM must be an email address, or a name and <address>, got 'nobody'"));
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail', SMTP_FROM: 'a@b.test> Bcc: c@d.test' })).toThrow(ConfigError);
  });

  it('takes METRICS_TOKEN as a secret of at least 16 visible characters, never echoed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(new ConfigError('METRICS_TOKEN must be at least 16 characters'));
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it!' })).toThrow(new ConfigError('METRICS_TOKEN must be visible ASCII characters without spaces'));
  });
});
