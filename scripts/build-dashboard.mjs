#!/usr/bin/env node
// Builds the dashboard's browser assets into dist/dashboard/assets (run by `npm run build` after
// `nest build`): every src/dashboard/client/*.ts is an entry point bundled by esbuild, minified,
// for current browsers; src/dashboard/assets/* (the stylesheet, the icon), uPlot's stylesheet and
// pdf.js's worker are copied beside them. Prints each bundle's
// size and gzipped size (app.js is the first page's only script).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(root, 'src/dashboard/client');
const outDir = join(root, 'dist/dashboard/assets');
mkdirSync(outDir, { recursive: true });

const entryPoints = readdirSync(clientDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.spec.ts'))
  .map((name) => join(clientDir, name));

const result = await build({
  entryPoints,
  outdir: outDir,
  bundle: true,
  minify: true,
  // ES modules, loaded with <script type="module"> (deferred; pdf.js needs import.meta).
  format: 'esm',
  target: ['chrome110', 'firefox115', 'safari16'],
  platform: 'browser',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
});

const assetsDir = join(root, 'src/dashboard/assets');
const copies = [
  ...readdirSync(assetsDir).map((name) => [join(assetsDir, name), name]),
  [join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'uplot.css'],
  // pdf.js is loaded by the template pages at run time (import(url)), not bundled.
  [join(root, 'node_modules/pdfjs-dist/build/pdf.min.mjs'), 'pdf.min.mjs'],
  [join(root, 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs'), 'pdf.worker.min.mjs'],
];
for (const [from, name] of copies) copyFileSync(from, join(outDir, name));

const rows = [...Object.keys(result.metafile.outputs), ...copies.map(([, name]) => `dist/dashboard/assets/${name}`)]
  .map((file) => {
    const bytes = readFileSync(join(root, file));
    return { file: file.replace(/^.*\//, ''), kb: (bytes.length / 1024).toFixed(1), gzipKb: (gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1) };
  })
  .sort((a, b) => a.file.localeCompare(b.file));
for (const row of rows) console.log(`dashboard asset ${row.file.padEnd(24)} ${row.kb.padStart(8)} KiB  gzip ${row.gzipKb.padStart(7)} KiB`);
const app = rows.find((row) => row.file === 'app.js');
const css = rows.find((row) => row.file === 'dashboard.css');
const summary = { appJsGzipBytes: app ? Math.round(Number(app.gzipKb) * 1024) : null, dashboardCssGzipBytes: css ? Math.round(Number(css.gzipKb) * 1024) : null };
writeFileSync(join(outDir, '..', 'sizes.json'), `${JSON.stringify(summary)}\n`);
console.log(`dashboard first page JavaScript (app.js): ${app?.gzipKb} KiB gzipped`);
