import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig } from '../../src/config/app-config';
import { SECRET_SETTINGS } from '../../src/config/secret-files';
import { PROCESS_SETTINGS, serviceSettings } from '../support/service-settings';

const { ensureDeployTools } = require('../../scripts/deploy-tools.js') as { ensureDeployTools(): { helm: string; kubeValidate: string } };

const ROOT = join(__dirname, '../..');
const GUIDE = readFileSync(join(ROOT, 'docs/operating.md'), 'utf8');

/** The text of a `## ` section of the guide. */
function section(title: string): string {
  const start = GUIDE.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/operating.md has no section ${title}`);
  const end = GUIDE.indexOf('\n## ', start + 1);
  return GUIDE.slice(start, end < 0 ? undefined : end);
}

const blocks = (title: string, language: string) => [...section(title).matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((block) => block[1]);

/** The rows of the markdown table whose header starts with `header`, as arrays of cells. */
function table(text: string, header: string): string[][] {
  const start = text.indexOf(`\n| ${header} |`);
  if (start < 0) throw new Error(`no table headed ${header}`);
  const lines = text.slice(start + 1).split('\n');
  const rows = lines.slice(2, lines.findIndex((line) => !line.startsWith('|')));
  return rows.map((row) => row.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim()));
}

const unquote = (cell: string) => cell.match(/^`([^`]*)`$/)?.[1];

/** docs/operating.md: the settings table is src/config's, and its examples run as written. */
describe('the operator guide (docs/operating.md)', () => {
  const settingsTable = table(section('Settings'), 'Setting');
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('lists exactly the settings the service reads, each secret one with its <NAME>_FILE form', () => {
    const { settings } = serviceSettings();
    const documented = settingsTable.map(([name]) => unquote(name));
    expect([...documented].sort()).toEqual(settings);
    expect(documented).toHaveLength(new Set(documented).size);
    for (const [name, , , file] of settingsTable) {
      const setting = unquote(name) as string;
      expect([setting, file]).toEqual([setting, (SECRET_SETTINGS as readonly string[]).includes(setting) ? `\`${setting}_FILE\`` : '']);
    }
    expect(table(section('Settings'), 'Variable').map(([name]) => unquote(name))).toEqual(PROCESS_SETTINGS);
  });

  it('setting a documented default changes nothing', () => {
    // S3_BUCKET set, so the S3 settings' defaults are read too.
    const base = { S3_BUCKET: 'bucket' };
    const literal = settingsTable.filter(([, defaultCell]) => /^[\w./-]+$/.test(unquote(defaultCell) ?? ''));
    // The others have none, or one computed at start.
    const others = settingsTable.filter((row) => !literal.includes(row) && row[1] !== '—').map(([name]) => unquote(name));
    expect(others).toEqual(['PUBLIC_URL', 'SIGNING_CERTIFICATE_KEY', 'OIDC_NAME', 'SMTP_FROM', 'RENDER_WORKERS', 'RENDER_QUEUE_LIMIT']);
    for (const [name, defaultCell] of literal) {
      const setting = unquote(name) as string;
      expect([setting, loadConfig({ ...base, [setting]: unquote(defaultCell) })]).toEqual([setting, loadConfig(base)]);
    }
  });

  it('Compose: the secrets block makes every file docker-compose.yml gives the containers, and pdfgen starts on them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pdfgen-compose-secrets-'));
    folders.push(dir);
    const [script] = blocks('Compose', 'sh');
    const result = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'));
    const secret = (name: string) => readFileSync(join(dir, compose.secrets[name].file), 'utf8');
    for (const name of Object.keys(compose.secrets)) expect([name, secret(name).length]).toEqual([name, expect.any(Number)]);
    for (const name of Object.keys(compose.secrets)) expect(secret(name)).not.toBe('');

    // The replicas' environment as compose gives it, each /run/secrets/<name> being the file made above.
    const env = Object.fromEntries(
      Object.entries<string>(compose.services.pdfgen.environment).map(([name, value]) => [name, value.replace(/^\/run\/secrets\/(.+)$/, (_, file) => join(dir, compose.secrets[file].file))]),
    );
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe(`postgres://pdfgen:${secret('postgres-password').trim()}@postgres:5432/pdfgen`);
    expect(config.redisUrl).toBe(`redis://:${secret('redis-password').trim()}@redis:6379`);
    expect(config.s3).toMatchObject({ bucket: 'pdfgen-files', accessKeyId: 'pdfgen', secretAccessKey: secret('minio-password').trim(), forcePathStyle: true });
    expect(config.adminToken).toBe(secret('admin-token').trim());
    expect(config.signingCertificateKey).toHaveLength(32);
  });

  describe('Kubernetes', () => {
    let tools: { helm: string; kubeValidate: string };
    beforeAll(() => {
      tools = ensureDeployTools();
    }, 20 * 60_000);
    const kubeValidate = (text: string) => spawnSync(tools.kubeValidate, [], { input: text, encoding: 'utf8' });

    it('the Secrets are valid manifests holding every key values-scaled.yaml refers to', () => {
      const [manifests] = blocks('Kubernetes', 'yaml');
      const result = kubeValidate(manifests);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const secrets = parseAllDocuments(manifests).map((document) => document.toJS());
      const keys = secrets.flatMap((secret) => Object.keys(secret.stringData).map((key) => `${secret.metadata.name}/${key}`));
      const scaled = parse(readFileSync(join(ROOT, 'deploy/helm/pdfgen/values-scaled.yaml'), 'utf8'));
      const referenced = Object.values<{ secretName: string; key: string }>(scaled.secrets).map(({ secretName, key }) => `${secretName}/${key}`);
      expect(keys.sort()).toEqual(referenced.sort());
    });

    it('the helm install line renders valid manifests with the address given', () => {
      const [line] = blocks('Kubernetes', 'console'); // console: it needs a cluster; helm template renders it here
      const args = line.trim().split(/\s+/);
      expect(args.slice(0, 2)).toEqual(['helm', 'install']);
      // `helm template` renders what `helm install` would send to the cluster.
      const rendered = spawnSync(tools.helm, ['template', ...args.slice(2)], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, HELM_CACHE_HOME: '/tmp/pdfgen-helm-cache', HELM_CONFIG_HOME: '/tmp/pdfgen-helm-config' } });
      expect(rendered.stderr).toBe('');
      expect(kubeValidate(rendered.stdout).status).toBe(0);
      const deployment = parseAllDocuments(rendered.stdout).map((document) => document.toJS()).find((manifest) => manifest?.kind === 'Deployment');
      expect(deployment.spec.template.spec.containers[0].env).toEqual(expect.arrayContaining([{ name: 'PUBLIC_URL', value: 'https://pdf.example.com' }]));
    });
  });
});
