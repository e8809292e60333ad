import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';
import { SECRET_SETTINGS } from './secret-files';

describe('secrets from files (<NAME>_FILE)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pdfgen-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('reads every secret setting from its file, without the final line break', () => {
    const config = loadConfig({
      ADMIN_TOKEN_FILE: file('admin', 'admin-token-from-a-file-0123\n'),
      METRICS_TOKEN_FILE: file('metrics', 'metrics-token-0123456789\r\n'),
      DATABASE_URL_FILE: file('db', 'postgres://pdfgen:s3cret@db:5432/pdfgen\n'),
      REDIS_URL_FILE: file('redis', 'redis://redis:6379'),
      S3_BUCKET: 'pdfs',
      S3_ACCESS_KEY_ID_FILE: file('s3-id', 'AKIAEXAMPLE\n'),
      S3_SECRET_ACCESS_KEY_FILE: file('s3-secret', 'wJalrXUtnFEMI/K7MDENG\n'),
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'pdfgen',
      OIDC_CLIENT_SECRET_FILE: file('oidc-secret', 'client-secret-from-a-file\n'),
      SMTP_URL_FILE: file('smtp', 'smtp://pdfgen:m4il@mail:587\n'),
    });
    expect(config.adminToken).toBe('admin-token-from-a-file-0123');
    expect(config.metricsToken).toBe('metrics-token-0123456789');
    expect(config.databaseUrl).toBe('postgres://pdfgen:s3cret@db:5432/pdfgen');
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(config.s3).toMatchObject({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' });
    expect(config.oidc?.clientSecret).toBe('client-secret-from-a-file');
    expect(config.smtp?.url).toBe('smtp://pdfgen:m4il@mail:587');
    expect(SECRET_SETTINGS).toHaveLength(9);
  });

  it('refuses both forms at once, and a file it cannot read, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_TOKEN: 'x'.repeat(24), ADMIN_TOKEN_FILE: file('a2', 'y'.repeat(24)) })).toThrow(new ConfigError('ADMIN_TOKEN and ADMIN_TOKEN_FILE are both set: set one of them'));
    expect(() => loadConfig({ METRICS_TOKEN_FILE: join(dir, 'missing') })).toThrow(new ConfigError(`METRICS_TOKEN_FILE: cannot read ${join(dir, 'missing')} (ENOENT)`));
  });
});
