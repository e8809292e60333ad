import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { SECRET_SETTINGS } from '../../src/config/secret-files';
import { serviceSettings } from '../support/service-settings';
import { startTestApp, TestApp } from '../support/test-app';

const { ensureDeployTools } = require('../../scripts/deploy-tools.js') as { ensureDeployTools(): { helm: string; kubeValidate: string } };

const CHART = join(__dirname, '../../deploy/helm/pdfgen');
const VALUE_FILES = { embedded: [], scaled: ['-f', join(CHART, 'values-scaled.yaml')] };
type Values = keyof typeof VALUE_FILES;

type Manifest = Record<string, any>;

/**
 * The chart of DECISIONS section 16, checked with the tools a cluster would use: `helm lint --strict`,
 * and every manifest `helm template` renders validated offline twice: decoded strictly into the
 * Kubernetes API types (kube-validate: unknown fields, wrong types, pre-release APIs) and against
 * the OpenAPI schemas (kubernetes-models: required fields, types, enumerations).
 */
describe('Helm chart deploy/helm/pdfgen', () => {
  let tools: { helm: string; kubeValidate: string };
  // Builds Helm and kube-validate with Go when scripts/setup.js has not (a few minutes, once).
  beforeAll(() => {
    tools = ensureDeployTools();
  }, 20 * 60_000);

  function helm(args: string[]) {
    return spawnSync(tools.helm, args, { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HELM_CACHE_HOME: '/tmp/pdfgen-helm-cache', HELM_CONFIG_HOME: '/tmp/pdfgen-helm-config' } });
  }

  function renderText(values: Values, extra: string[] = []): string {
    const result = helm(['template', 'pdfgen', CHART, ...VALUE_FILES[values], ...extra]);
    if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
    return result.stdout;
  }

  function render(values: Values, extra: string[] = []): Manifest[] {
    return parseAllDocuments(renderText(values, extra))
      .map((document) => document.toJS() as Manifest | null)
      .filter((manifest): manifest is Manifest => manifest !== null);
  }

  const one = (manifests: Manifest[], kind: string) => {
    const found = manifests.filter((manifest) => manifest.kind === kind);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const kinds = (manifests: Manifest[]) => manifests.map((manifest) => manifest.kind).sort();

  function kubeValidate(text: string) {
    return spawnSync(tools.kubeValidate, [], { input: text, encoding: 'utf8', timeout: 60_000 });
  }

  /** The OpenAPI validation of kubernetes-models; custom resources have no model there (kube-validate decodes them). */
  function openApiErrors(manifest: Manifest): string | undefined {
    if (manifest.apiVersion === 'monitoring.coreos.com/v1') return undefined;
    const Model = require(`kubernetes-models/${manifest.apiVersion}`)[manifest.kind];
    if (!Model) return `no schema for ${manifest.apiVersion} ${manifest.kind}`;
    try {
      new Model(manifest).validate();
      return undefined;
    } catch (error) {
      return String(error);
    }
  }

  describe.each(Object.keys(VALUE_FILES) as Values[])('with the %s values', (values) => {
    it('helm lint --strict is clean', () => {
      const result = helm(['lint', '--strict', CHART, ...VALUE_FILES[values]]);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
      expect(result.stdout).not.toMatch(/\[(WARNING|ERROR)\]/);
      expect(result.status).toBe(0);
    });

    it('every rendered manifest decodes strictly into the Kubernetes API types and validates against the OpenAPI schemas', () => {
      const text = renderText(values);
      const result = kubeValidate(text);
      expect(result.stderr).toBe('');
      const manifests = render(values);
      expect(result.stdout).toBe(`${manifests.length} documents valid\n`);
      expect(manifests.map((manifest) => [manifest.kind, openApiErrors(manifest)])).toEqual(manifests.map((manifest) => [manifest.kind, undefined]));
    });

    it('runs the pod non-root on a read-only root file system, writing only to its volumes', () => {
      const pod = one(render(values), 'Deployment').spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken).toBe(false);
      const [container] = pod.containers;
      expect(pod.containers).toHaveLength(1);
      expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      const writable = container.volumeMounts.filter((mount: Manifest) => !mount.readOnly).map((mount: Manifest) => mount.mountPath);
      expect(writable.sort()).toEqual(['/data', '/tmp']);
    });

    it('pins the image by tag, the service version it runs, and by digest when one is given', () => {
      const image = (extra: string[] = []) => one(render(values, extra), 'Deployment').spec.template.spec.containers[0].image;
      const version = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')).version;
      expect(image()).toBe(`pdfgen:${version}`);
      expect(readFileSync(join(CHART, 'Chart.yaml'), 'utf8')).toContain(`appVersion: "${version}"`);
      const digest = `sha256:${'ab12'.repeat(16)}`;
      expect(image(['--set', `image.digest=${digest}`])).toBe(`pdfgen:${version}@${digest}`);
      expect(helm(['template', 'pdfgen', CHART, ...VALUE_FILES[values], '--set', 'image.tag=latest']).stderr).toContain("at '/image/tag'");
    });

    it('sets only settings the service knows, and every secret as <NAME>_FILE naming a file of a mounted Secret', () => {
      const { settings, secretFiles } = serviceSettings();
      const pod = one(render(values), 'Deployment').spec.template.spec;
      const env: Manifest[] = pod.containers[0].env;
      for (const { name } of env) expect([...settings, ...secretFiles]).toContain(name);
      for (const { name } of env) expect(SECRET_SETTINGS).not.toContain(name);
      expect(env.every((variable) => typeof variable.value === 'string')).toBe(true);

      const mount = pod.containers[0].volumeMounts.find((candidate: Manifest) => candidate.name === 'secrets');
      const files = (pod.volumes.find((volume: Manifest) => volume.name === 'secrets')?.projected.sources ?? []).flatMap((source: Manifest) =>
        source.secret.items.map((item: Manifest) => `${mount.mountPath}/${item.path}`),
      );
      const fileSettings = env.filter(({ name }) => secretFiles.includes(name));
      expect(fileSettings.map(({ value }) => value).sort()).toEqual(files.sort());
      for (const { name, value } of fileSettings) expect(value).toBe(`/run/secrets/pdfgen/${name.replace(/_FILE$/, '')}`);
    });
  });

  it('the embedded default: one replica replaced (not rolled) on a kept volume, no autoscaler, budget or monitor', () => {
    const manifests = render('embedded');
    expect(kinds(manifests)).toEqual(['Deployment', 'PersistentVolumeClaim', 'Service', 'ServiceAccount']);
    const deployment = one(manifests, 'Deployment');
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy).toEqual({ type: 'Recreate' });
    const claim = one(manifests, 'PersistentVolumeClaim');
    expect(claim.metadata.annotations['helm.sh/resource-policy']).toBe('keep');
    const data = deployment.spec.template.spec.volumes.find((volume: Manifest) => volume.name === 'data');
    expect(data.persistentVolumeClaim.claimName).toBe(claim.metadata.name);
    expect(deployment.spec.template.spec.containers[0].env).toEqual(expect.arrayContaining([{ name: 'DATA_DIR', value: '/data' }]));
  });

  it('the embedded default with its options on: an existing claim, the Ingress and a ServiceMonitor without a token', () => {
    const options = ['--set', 'persistence.existingClaim=pdfgen-data', '--set', 'ingress.enabled=true', '--set', 'serviceMonitor.enabled=true'];
    expect(kubeValidate(renderText('embedded', options)).status).toBe(0);
    const manifests = render('embedded', options);
    expect(kinds(manifests)).toEqual(['Deployment', 'Ingress', 'Service', 'ServiceAccount', 'ServiceMonitor']);
    const data = one(manifests, 'Deployment').spec.template.spec.volumes.find((volume: Manifest) => volume.name === 'data');
    expect(data).toEqual({ name: 'data', persistentVolumeClaim: { claimName: 'pdfgen-data' } });
    expect(one(manifests, 'ServiceMonitor').spec.endpoints).toEqual([{ port: 'http', path: '/metrics', interval: '30s' }]);
    expect(one(manifests, 'Ingress').spec.rules[0].http.paths[0].backend.service).toEqual({ name: 'pdfgen', port: { name: 'http' } });
  });

  it('the scaled values: PostgreSQL, Redis and S3 by reference to existing Secrets, several replicas, HPA, budget, monitor and ingress', () => {
    const manifests = render('scaled');
    expect(kinds(manifests)).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'PodDisruptionBudget', 'Service', 'ServiceAccount', 'ServiceMonitor']);
    const deployment = one(manifests, 'Deployment');
    // The autoscaler owns the replica count; a replicas field would reset it on every upgrade.
    expect(deployment.spec.replicas).toBeUndefined();
    expect(deployment.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
    expect(one(manifests, 'HorizontalPodAutoscaler').spec).toMatchObject({ minReplicas: 3, scaleTargetRef: { kind: 'Deployment', name: deployment.metadata.name } });
    expect(one(manifests, 'PodDisruptionBudget').spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);

    const pod = deployment.spec.template.spec;
    const referenced = pod.volumes.find((volume: Manifest) => volume.name === 'secrets').projected.sources.map((source: Manifest) => source.secret.items[0].path);
    expect(referenced.sort()).toEqual([...SECRET_SETTINGS].sort());
    expect(pod.containers[0].env).toEqual(expect.arrayContaining([{ name: 'S3_BUCKET', value: 'pdfgen-files' }, { name: 'DATABASE_URL_FILE', value: '/run/secrets/pdfgen/DATABASE_URL' }]));
    expect(pod.volumes.find((volume: Manifest) => volume.name === 'data').emptyDir).toBeDefined();

    const endpoint = one(manifests, 'ServiceMonitor').spec.endpoints[0];
    expect(endpoint).toMatchObject({ port: 'http', path: '/metrics', authorization: { type: 'Bearer', credentials: { name: 'pdfgen-metrics', key: 'token' } } });
    expect(one(manifests, 'Service').spec.ports[0].targetPort).toBe('http');
  });

  it('the values schema names exactly the secret settings of src/config, and refuses any other name', () => {
    const schema = JSON.parse(readFileSync(join(CHART, 'values.schema.json'), 'utf8'));
    expect([...schema.properties.secrets.propertyNames.enum].sort()).toEqual([...SECRET_SETTINGS].sort());
    expect([...schema.properties.env.propertyNames.not.enum].sort()).toEqual(['DATA_DIR', 'PORT', ...SECRET_SETTINGS].sort());
    const typo = helm(['template', 'pdfgen', CHART, '--set', 'secrets.DATABSE_URL.secretName=db', '--set', 'secrets.DATABSE_URL.key=url']);
    expect(typo.status).not.toBe(0);
    expect(typo.stderr).toContain('DATABSE_URL');
    const plain = helm(['template', 'pdfgen', CHART, '--set', 'env.ADMIN_TOKEN=in-plain-sight-0123']);
    expect(plain.status).not.toBe(0);
    expect(plain.stderr).toContain('ADMIN_TOKEN');
  });

  describe('the validation fails on a broken manifest', () => {
    function deploymentWith(change: (deployment: Manifest) => void): Manifest {
      const deployment = one(render('embedded'), 'Deployment');
      change(deployment);
      return deployment;
    }
    const container = (deployment: Manifest) => deployment.spec.template.spec.containers[0];

    it.each([
      ['an unknown field', (d: Manifest) => (container(d).readinessProbes = container(d).readinessProbe), 'unknown field "spec.template.spec.containers[0].readinessProbes"'],
      ['a string for a number', (d: Manifest) => (d.spec.replicas = 'three'), 'cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32'],
      ['a number for a string', (d: Manifest) => (container(d).image = 42), 'Container.spec.template.spec.containers.image of type string'],
      ['a pre-release API Kubernetes removed', (d: Manifest) => (d.apiVersion = 'extensions/v1beta1'), 'extensions/v1beta1 is a pre-release API that Kubernetes removes in 1.16'],
    ])('kube-validate refuses %s', (_, change, message) => {
      const result = kubeValidate(stringify(deploymentWith(change)));
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(message);
    });

    it('kube-validate refuses a kind the cluster does not know, and passes the unbroken manifest', () => {
      expect(kubeValidate(stringify(deploymentWith((d) => (d.kind = 'Deploymnet')))).stderr).toContain('no kind "Deploymnet" is registered');
      expect(kubeValidate(stringify(deploymentWith(() => undefined))).status).toBe(0);
    });

    it('the OpenAPI schemas refuse a missing required field and a value outside its enumeration', () => {
      expect(openApiErrors(deploymentWith((d) => delete container(d).name))).toContain('spec/template/spec/containers/0 must have required property name');
      expect(openApiErrors(deploymentWith((d) => (container(d).ports[0].protocol = 'HTTP')))).toContain('must be equal to one of the allowed values');
      expect(openApiErrors(deploymentWith(() => undefined))).toBeUndefined();
    });
  });

  describe('the probes', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t?.close());

    it('liveness and startup ask /healthz, readiness /readyz, on the port the service listens on, and the service answers both', async () => {
      const [container] = one(render('scaled'), 'Deployment').spec.template.spec.containers;
      expect(container.ports).toEqual([{ name: 'http', containerPort: 3000, protocol: 'TCP' }]);
      expect(container.env).toEqual(expect.arrayContaining([{ name: 'PORT', value: '3000' }]));
      expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      await t.http.get(container.livenessProbe.httpGet.path).expect(200, { status: 'ok' });
      const ready = await t.http.get(container.readinessProbe.httpGet.path).expect(200);
      expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', files: 'ok' } });
    });
  });
});
