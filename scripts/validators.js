#!/usr/bin/env node
// The reference validators, veraPDF (PDF/A, PDF/UA), Mustang (Factur-X / ZUGFeRD / XRechnung,
// EN 16931) and the EU's DSS (signatures: PAdES baseline levels), built once from test/validators/*/pom.xml with Maven (resolved from Maven Central on
// first use, then cached) and run in one JVM per call over many files.
//
//   npm run validate -- file.pdf [...]           PDF/UA-1 (its content rules; 5-1, the claim, only
//                                                when the file claims it), and the PDF/A level it claims
//   npm run validate -- --profile 3b file.pdf    one veraPDF profile (2b, 3b, ua1, ...)
//   npm run validate -- --einvoice file.pdf      Mustang's e-invoice validation
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const VALIDATORS = {
  verapdf: { dir: path.resolve(__dirname, '../test/validators/verapdf'), main: 'pdfgen.validators.VeraPdfRunner', jar: 'verapdf-runner-1.jar' },
  mustang: { dir: path.resolve(__dirname, '../test/validators/mustang'), main: 'pdfgen.validators.MustangRunner', jar: 'mustang-runner-1.jar' },
  dss: { dir: path.resolve(__dirname, '../test/validators/dss'), main: 'pdfgen.validators.DssRunner', jar: 'dss-runner-1.jar' },
};

function sourcesDigest(dir) {
  const hash = createHash('sha256');
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(fs.readFileSync(full));
    }
  };
  hash.update(fs.readFileSync(path.join(dir, 'pom.xml')));
  walk(path.join(dir, 'src'));
  return hash.digest('hex');
}

/** Builds a validator's runner unless target/ holds a build of the same sources. */
function ensureBuilt(name) {
  const { dir } = VALIDATORS[name];
  const stamp = path.join(dir, 'target', '.sources-digest');
  const digest = sourcesDigest(dir);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
  // Maven's output goes to stderr: a caller's stdout (npm run validate, the code-list generator) stays its own.
  execFileSync('mvn', ['-q', '-B', 'package'], { cwd: dir, stdio: ['ignore', 2, 'inherit'] });
  fs.writeFileSync(stamp, digest);
}

/** Runs a runner over `lines` (one job a line) and resolves with its JSON answers, one per line. */
function runJvm(name, lines) {
  ensureBuilt(name);
  const { dir, main, jar } = VALIDATORS[name];
  const classpath = [path.join(dir, 'target', jar), path.join(dir, 'target', 'lib', '*')].join(path.delimiter);
  return new Promise((resolve, reject) => {
    const java = spawn('java', ['-Xss8m', '-XX:+UseSerialGC', '-Djava.awt.headless=true', '-cp', classpath, main], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    java.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    java.stderr.setEncoding('utf8').on('data', (chunk) => (err = (err + chunk).slice(-20000)));
    java.once('error', reject);
    java.once('close', (code) => {
      if (code !== 0) return reject(new Error(`${name} exited with ${code}: ${err}`));
      resolve(out.split('\n').filter(Boolean).map((line) => JSON.parse(line)));
    });
    java.stdin.end(lines.map((line) => `${line}\n`).join(''));
  });
}

/** veraPDF over [{ file, profile }] (profile: '2b', '3b', 'ua1', ... or 'auto' for the file's own PDF/A claim). */
function verapdf(jobs) {
  return runJvm('verapdf', jobs.map(({ file, profile }) => `${profile}\t${path.resolve(file)}`));
}

/** Mustang's validator over PDF or XML files: [{ file, valid, report }]. */
function mustang(files) {
  return runJvm('mustang', files.map((file) => path.resolve(file)));
}

/** DSS over [{ file, userPassword?, trust? }] (trust: a DER certificate to take as a trust anchor): [{ file, signatures }]. */
function dss(jobs) {
  return runJvm('dss', jobs.map(({ file, userPassword, trust }) => [path.resolve(file), userPassword ?? '', trust ? path.resolve(trust) : ''].join('\t')));
}

/** The failed assertions of Mustang's XML report, as "rule: text" lines (its <error> elements). */
function mustangErrors(report) {
  const errors = [];
  for (const match of report.matchAll(/<error\b([^>]*)>([\s\S]*?)<\/error>/g)) errors.push(`${match[1].trim()} ${match[2].trim()}`.trim());
  return errors;
}

module.exports = { verapdf, mustang, mustangErrors, dss, ensureBuilt };

async function main(args) {
  const files = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--profile');
  if (files.length === 0) {
    console.error('usage: npm run validate -- [--profile 2b|3b|ua1|auto] [--einvoice] file.pdf ...');
    process.exit(2);
  }
  let failed = false;
  if (args.includes('--einvoice')) {
    for (const result of await mustang(files)) {
      const errors = result.error ? [result.error] : mustangErrors(result.report ?? '');
      console.log(`${result.valid ? 'valid  ' : 'INVALID'} e-invoice ${result.file}`);
      for (const error of errors) console.log(`  ${error}`);
      failed ||= !result.valid;
    }
  }
  const profile = args.includes('--profile') ? [args[args.indexOf('--profile') + 1]] : args.includes('--einvoice') ? [] : ['ua1', 'auto'];
  const jobs = files.flatMap((file) => profile.map((p) => ({ file, profile: p })));
  const results = jobs.length ? await verapdf(jobs) : [];
  // A file that does not claim PDF/UA is held to its content rules, not to 5-1 (the claim itself).
  const claimsUa = new Set(results.filter((r) => r.profile === 'auto' && r.flavour === 'ua1').map((r) => r.file));
  for (const result of results) {
    if (result.claimed === false) continue;
    if (result.profile === 'ua1' && !claimsUa.has(result.file) && profile.includes('auto')) {
      result.failures = (result.failures ?? []).filter((failure) => failure.rule !== '5-1');
      result.compliant = !result.error && result.failures.length === 0;
    }
    const label = result.flavour ?? result.profile;
    console.log(`${result.compliant ? 'pass' : 'FAIL'} ${label.padEnd(4)} ${result.file}`);
    if (result.error) console.log(`  ${result.error}`);
    for (const failure of result.failures ?? []) console.log(`  ${failure.rule} (${failure.count}x): ${failure.error ?? failure.message}`);
    failed ||= !result.compliant;
  }
  process.exit(failed ? 1 : 0);
}

if (require.main === module) main(process.argv.slice(2)).catch((error) => {
  console.error(error.message);
  process.exit(2);
});
