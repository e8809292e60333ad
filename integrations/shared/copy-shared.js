'use strict';
// Copies the shared code into a package (a published package must carry its own copy).
// Usage, from the package's folder: node ../shared/copy-shared.js <target folder>
const { copyFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const target = process.argv[2];
if (!target) {
  console.error('usage: node ../shared/copy-shared.js <target folder>');
  process.exit(2);
}
mkdirSync(target, { recursive: true });
copyFileSync(join(__dirname, 'coerce-by-schema.js'), join(target, 'coerce-by-schema.js'));
