import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SECRET_SETTINGS } from '../../src/config/secret-files';
import { serviceSettings } from '../support/service-settings';

const ROOT = join(__dirname, '../..');
const compose: Record<string, any> = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
const services = Object.entries(compose.services) as [string, Record<string, any>][];
const SECRETS_DIR = '/run/secrets/';

/** docker-compose.yml (issue 38): pinned images, passwords only from secret files, health checks, a proxy that finds new replicas. */
describe('docker-compose.yml', () => {
  it('pins every image by exact version or digest, never latest', () => {
    const exact = /:(\d+\.\d+(\.\d+)?(-[a-z0-9.]+)?|RELEASE\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ)(@sha256:[0-9a-f]{64})?$|@sha256:[0-9a-f]{64}$/;
    for (const [name, service] of services) expect([name, service.image]).toEqual([name, expect.stringMatching(exact)]);
    expect(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')).not.toMatch(/:latest\b/);
    // The pdfgen image is built here, tagged with the service's version.
    const pdfgen = compose.services.pdfgen;
    expect(pdfgen.image).toBe(`pdfgen:${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}`);
  });

  it('gives every password and token as a file of a compose secret, none in the environment', () => {
    for (const [name, service] of services) {
      for (const [variable, value] of Object.entries<string>(service.environment ?? {})) {
        if (/PASSWORD|TOKEN|SECRET|_URL$|ROOT_USER|ACCESS_KEY/.test(variable) && variable !== 'PUBLIC_URL') {
          expect([name, variable]).toEqual([name, expect.stringMatching(/_FILE$/)]);
        }
        if (!variable.endsWith('_FILE')) continue;
        // The file is a secret the service is given, declared at the top level from ./secrets.
        expect(value.startsWith(SECRETS_DIR)).toBe(true);
        const secret = value.slice(SECRETS_DIR.length);
        expect([name, service.secrets]).toEqual([name, expect.arrayContaining([secret])]);
        expect(compose.secrets[secret]).toEqual({ file: `./secrets/${secret}` });
      }
    }
    expect(compose.services.postgres.environment).toEqual(expect.objectContaining({ POSTGRES_PASSWORD_FILE: '/run/secrets/postgres-password' }));
    // Commands that need a password read it from the secret when they run.
    for (const name of ['redis', 'minio-init']) expect(JSON.stringify(compose.services[name])).toContain('$$(cat /run/secrets/');
  });

  it('sets on pdfgen only settings the service knows, every secret one as <NAME>_FILE', () => {
    const { settings, secretFiles } = serviceSettings();
    const names = Object.keys(compose.services.pdfgen.environment);
    for (const name of names) expect([...settings, ...secretFiles]).toContain(name);
    expect(names.filter((name) => (SECRET_SETTINGS as readonly string[]).includes(name))).toEqual([]);
    // Metrics on the compose network, single sign-on and email are left for the operator to turn on.
    const optional = ['METRICS_TOKEN_FILE', 'OIDC_CLIENT_SECRET_FILE', 'SMTP_URL_FILE'];
    expect(names.filter((name) => name.endsWith('_FILE')).sort()).toEqual(secretFiles.filter((name) => !optional.includes(name)).sort());
  });

  it('has a health check on every long-running service, and starts each only once what it needs is healthy', () => {
    const oneShot = ['minio-init'];
    for (const [name, service] of services.filter(([name]) => !oneShot.includes(name))) {
      // pdfgen's is the image's own (Dockerfile HEALTHCHECK on /healthz).
      const check = name === 'pdfgen' ? readFileSync(join(ROOT, 'Dockerfile'), 'utf8').match(/^HEALTHCHECK .*\n.*\/healthz/m)?.[0] : service.healthcheck?.test;
      expect([name, check]).toEqual([name, expect.anything()]);
    }
    expect(compose.services.proxy.healthcheck.test).toEqual(['CMD', 'wget', '-q', '-O', '/dev/null', 'http://127.0.0.1/healthz']);
    expect(compose.services.proxy.depends_on).toEqual({ pdfgen: { condition: 'service_healthy' } });
    expect(compose.services.pdfgen.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
  });

  it('nginx asks Docker DNS again for the replicas every 10 s instead of resolving them once at start', () => {
    const nginx: string = compose.configs.nginx.content;
    expect(nginx).toMatch(/^\s*resolver 127\.0\.0\.11 valid=10s\b/m);
    expect(nginx).toMatch(/upstream pdfgen \{\s*zone pdfgen \d+k;\s*server pdfgen:3000 resolve;\s*\}/);
    expect(nginx).toContain('proxy_pass http://pdfgen;');
    // Compose interpolates `$`: nginx's variables are written `$$`.
    expect(nginx).not.toMatch(/(^|[^$])\$[a-z]/);
  });
});
