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

// The text and visual tests read PDFs with poppler-utils (pdftotext, pdftoppm).
function ensurePoppler() {
  if (has('pdftotext') && has('pdftoppm')) return;
  if (!has('apt-get') || process.getuid?.() !== 0) {
    console.error('[setup] poppler-utils is missing: install it (apt-get install poppler-utils) to run the tests.');
    process.exit(1);
  }
  run('apt-get update -qq');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils');
}

ensureNodeModules();
require('./fonts.js');
if (forTests) ensurePoppler();
