/**
 * Runs template-language cases for template-language-sandbox.ts on a worker thread, against the
 * built engine (dist/), so that the test can stop a case that hangs. Plain JavaScript: a worker
 * thread does not go through ts-jest. Each case is checked with ajv against
 * TEMPLATE_LANGUAGE_SCHEMA, compiled, and (when both pass) rendered; the answer says which step
 * ended it and how, plus any file read or network use outside the engine's fonts and code, and
 * any change to the built-in prototypes.
 */
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const dns = require('node:dns');
const http = require('node:http');
const https = require('node:https');
const Ajv = require('ajv').default;

const engine = require(path.join(workerData.distDir, 'engine/index.js'));
const { INVOICE_BASIC_SAMPLE } = require(path.join(workerData.distDir, 'templates/samples/index.js'));

/** What the engine may read: its fonts and code (lazy requires). Everything else is a finding. */
const ALLOWED_READS = ['fonts', 'dist', 'node_modules'].map((dir) => path.join(workerData.repoDir, dir) + path.sep);
const PROTOTYPES = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype, Number: Number.prototype };

let validate;
let schemaProblem;
try {
  validate = new Ajv({ allErrors: true, strict: true }).compile(engine.TEMPLATE_LANGUAGE_SCHEMA);
} catch (error) {
  schemaProblem = `TEMPLATE_LANGUAGE_SCHEMA does not compile with ajv in strict mode: ${error.message}`;
}

/** Files read and connections tried while a case runs. */
let access = null;
function watch(owner, name, describe) {
  const original = owner[name];
  if (typeof original !== 'function') return;
  owner[name] = function watched(...args) {
    if (access) {
      const what = describe(...args);
      if (what) access.push(what);
    }
    return original.apply(this, args);
  };
}
const fileRead = (target) => {
  const file = typeof target === 'number' ? null : path.resolve(String(target instanceof URL ? target.pathname : target));
  return file && !ALLOWED_READS.some((dir) => file.startsWith(dir)) ? `read ${file}` : null;
};
for (const name of ['readFileSync', 'readFile', 'openSync', 'open', 'createReadStream', 'readdirSync', 'readdir', 'statSync', 'stat']) watch(fs, name, fileRead);
for (const name of ['readFile', 'open', 'readdir', 'stat']) watch(fs.promises, name, fileRead);
watch(net.Socket.prototype, 'connect', (...args) => `connect ${JSON.stringify(args[0])}`);
for (const module of [http, https]) for (const name of ['request', 'get']) watch(module, name, (target) => `${name} ${String(target && target.href ? target.href : JSON.stringify(target))}`);
watch(dns, 'lookup', (host) => `dns lookup ${host}`);
watch(globalThis, 'fetch', (target) => `fetch ${String(target)}`);

function prototypeKeys() {
  return Object.fromEntries(Object.entries(PROTOTYPES).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort().join(',')]));
}
const cleanPrototypes = prototypeKeys();

function pollution() {
  const now = prototypeKeys();
  const changed = Object.keys(now).filter((name) => now[name] !== cleanPrototypes[name]);
  return changed.map((name) => `${name}.prototype gained ${Reflect.ownKeys(PROTOTYPES[name]).map(String).filter((key) => !cleanPrototypes[name].split(',').includes(key)).join(', ')}`);
}

function thrown(error) {
  return { name: error && error.name, message: String(error && error.message), stack: String(error && error.stack).split('\n').slice(0, 8).join('\n') };
}

async function runCase({ key, layout, data, options, keepPdf }) {
  if (schemaProblem) return { step: 'schema', kind: 'crash', name: 'SchemaCompile', message: schemaProblem };
  const schemaOk = validate(layout);
  // compileLayout may throw only InvalidLayout, even for a layout the schema refuses.
  try {
    engine.compileLayout(layout);
  } catch (error) {
    if (!(error instanceof engine.InvalidLayout)) return { step: 'compile', kind: 'crash', schemaOk, ...thrown(error) };
    if (schemaOk) return { step: 'compile', kind: 'invalid-layout', issues: error.issues };
  }
  if (!schemaOk) return { step: 'schema', kind: 'schema', errors: (validate.errors || []).map((e) => `${e.instancePath} ${e.message}`) };
  const resolved = engine.resolveOptions(options || {}, { format: 'Letter', orientation: 'portrait', margin: { top: '0.75in', right: '0.75in', bottom: '0.75in', left: '0.75in' } });
  try {
    const done = await engine.renderDocumentWithLayout({ templateId: 'fuzz-custom', data, options: resolved, custom: { key, title: 'Fuzz', layout } });
    const pdf = Buffer.from(done.pdf);
    return { step: 'render', kind: 'pdf', head: pdf.subarray(0, 5).toString('latin1'), pages: done.pageCount, bytes: pdf.length, pdf: keepPdf ? pdf.toString('base64') : undefined };
  } catch (error) {
    if (error instanceof engine.InvalidDocumentData) return { step: 'render', kind: 'invalid-data', message: error.message };
    if (error instanceof engine.RenderFailed && error.name === 'RenderFailed') return { step: 'render', kind: 'render-failed', message: error.message, cause: error.cause ? thrown(error.cause) : undefined };
    return { step: 'render', kind: 'crash', ...thrown(error) };
  }
}

parentPort.on('message', async (message) => {
  if (message.warmUp) {
    // Loads the fonts and the lazily required code before any file read counts.
    await engine.render('invoice-basic', INVOICE_BASIC_SAMPLE);
    parentPort.postMessage({ id: message.id, outcome: { kind: 'ready' } });
    return;
  }
  access = [];
  const outcome = await runCase(message).catch((error) => ({ step: 'sandbox', kind: 'crash', ...thrown(error) }));
  outcome.access = access;
  access = null;
  outcome.pollution = pollution();
  parentPort.postMessage({ id: message.id, outcome });
});
