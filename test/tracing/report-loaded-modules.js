// Preloaded into the service (NODE_OPTIONS=--require) by without-sdk.spec.ts: when the main
// thread exits, the files it has loaded are written to LOADED_MODULES_FILE.
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) process.on('exit', () => writeFileSync(process.env.LOADED_MODULES_FILE, JSON.stringify(Object.keys(require.cache))));
