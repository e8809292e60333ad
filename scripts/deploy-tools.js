#!/usr/bin/env node
// The tools that test the Helm chart (test/deploy/): Helm itself, built from the Go module proxy
// (Debian has no package), and kube-validate (deploy/tools/kube-validate), which decodes manifests
// strictly into the Kubernetes API types. Both are built once with Go into a cache outside the
// checkout, so `npm ci` does not throw them away; a new Helm version or changed validator sources
// build anew. Node built-ins only: scripts/setup.js calls this.
'use strict';
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HELM_VERSION = 'v3.22.0';
// What Helm's Makefile stamps in: its version, and the Kubernetes version that `helm template` and
// `helm lint` assume (that of its client-go, v0.37 for Helm 3.22; unset, Helm would assume 1.20).
const HELM_LDFLAGS = [
  '-s -w',
  `-X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}`,
  ...['pkg/lint/rules', 'pkg/chartutil'].flatMap((pkg) => [`-X helm.sh/helm/v3/${pkg}.k8sVersionMajor=1`, `-X helm.sh/helm/v3/${pkg}.k8sVersionMinor=37`]),
].join(' ');
const VALIDATOR_SOURCES = path.resolve(__dirname, '../deploy/tools/kube-validate');
const CACHE = process.env.PDFGEN_TOOLS_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'pdfgen-tools');

function validatorDigest() {
  const hash = createHash('sha256');
  for (const name of ['go.mod', 'go.sum', 'main.go']) hash.update(name).update(fs.readFileSync(path.join(VALIDATOR_SOURCES, name)));
  return hash.digest('hex').slice(0, 16);
}

const helmPath = () => path.join(CACHE, `helm-${HELM_VERSION}`, 'helm');
const kubeValidatePath = () => path.join(CACHE, `kube-validate-${validatorDigest()}`, 'kube-validate');

function go(args, options) {
  console.log(`[setup] go ${args.join(' ')}`);
  const started = Date.now();
  // Static binaries: no C compiler needed.
  execFileSync('go', args, { stdio: ['ignore', 2, 'inherit'], ...options, env: { ...process.env, CGO_ENABLED: '0', ...options.env } });
  console.log(`[setup] built in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Builds what is missing; returns the paths of both tools. */
function ensureDeployTools() {
  const helm = helmPath();
  const kubeValidate = kubeValidatePath();
  if (fs.existsSync(helm) && fs.existsSync(kubeValidate)) return { helm, kubeValidate };
  try {
    execFileSync('go', ['version'], { stdio: 'ignore' });
  } catch {
    throw new Error('[setup] Go (1.26 or newer, https://go.dev/dl) is needed to build Helm and kube-validate for the chart tests');
  }
  if (!fs.existsSync(helm)) go(['install', '-ldflags', HELM_LDFLAGS, `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], { cwd: os.tmpdir(), env: { GOBIN: path.dirname(helm) } });
  if (!fs.existsSync(kubeValidate)) go(['build', '-o', kubeValidate, '.'], { cwd: VALIDATOR_SOURCES });
  return { helm, kubeValidate };
}

module.exports = { ensureDeployTools };

if (require.main === module) console.log(ensureDeployTools());
