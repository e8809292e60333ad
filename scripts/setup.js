#!/usr/bin/env node
// Installs what a fresh machine lacks, so `npm start` and `npm test` are the only set-up steps.
// Node built-ins only: this runs before node_modules exists.
'use strict';
const { execSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'node_modules', '.pdfgen-install-stamp');
const forTests = process.argv.includes('--test');

function run(cmd) {
  console.log(`[setup] ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

function lockDigest() {
  const lock = path.join(root, 'package-lock.json');
  return createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
}

function ensureNodeModules() {
  const wanted = lockDigest();
  const have = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
  if (have === wanted) return;
  run('npm ci --no-audit --no-fund');
  fs.writeFileSync(stamp, wanted);
}

function has(cmd) {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
}

/** python3 with venv and ensurepip (Debian ships ensurepip apart, in python3-venv). */
function hasPythonVenv() {
  try {
    execSync('python3 -c "import ensurepip, venv"', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasPostgresServer() {
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((major) => fs.existsSync(path.join(base, major, 'bin', 'initdb')));
}

// The tests read PDFs with independent tools: poppler-utils (pdftotext, pdftoppm, pdffonts) for
// the text, pictures and fonts, qpdf (--check, --json) for the objects the standards ask for.
// The dashboard's browser tests drive Debian's Chromium with playwright-core. The reference
// validators (veraPDF, Mustang) are Java programs built with Maven. The tests start their own
// PostgreSQL and Redis (test/setup/) unless TEST_DATABASE_URL / TEST_REDIS_URL name servers.
// The Python client's tests make a virtual environment (test/client/python-client.spec.ts).
const TEST_TOOLS = [
  { pkg: 'poppler-utils', present: () => ['pdftotext', 'pdftoppm', 'pdffonts'].every(has) },
  { pkg: 'qpdf', present: () => has('qpdf') },
  { pkg: 'chromium', present: () => has('chromium') },
  { pkg: 'default-jdk-headless', present: () => has('java') && has('javac') },
  { pkg: 'maven', present: () => has('mvn') },
  { pkg: 'postgresql', present: () => Boolean(process.env.TEST_DATABASE_URL) || hasPostgresServer() },
  { pkg: 'redis-server', present: () => Boolean(process.env.TEST_REDIS_URL) || has('redis-server') },
  { pkg: 'python3-venv', present: hasPythonVenv },
];

function ensureTestTools() {
  const missing = TEST_TOOLS.filter(({ present }) => !present()).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  if (!has('apt-get') || process.getuid?.() !== 0) {
    console.error(`[setup] ${missing.join(' and ')} missing: install ${missing.length > 1 ? 'them' : 'it'} (apt-get install ${missing.join(' ')}) to run the tests.`);
    process.exit(1);
  }
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`);
}

ensureNodeModules();
require('./fonts.js');
if (forTests) {
  ensureTestTools();
  // Helm and the manifest validator of the chart tests, built with Go (test/deploy/helm.spec.ts).
  require('./deploy-tools.js').ensureDeployTools();
}
