#!/usr/bin/env node
// Operator command line; the compiled entry lives in dist/ (built by `npm run build` or `npm start`).
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const entry = path.join(__dirname, '..', 'dist', 'cli', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('pdfgen: not built yet; run `npm run build` first.');
  process.exit(1);
}
require(entry);
