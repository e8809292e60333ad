#!/usr/bin/env node
// Copies the fonts the renderer embeds (and their licences) from npm packages into fonts/.
// Node built-ins only; safe to run repeatedly (files already in place are skipped).
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const modules = path.join(root, 'node_modules');
const target = path.join(root, 'fonts');

const dejavu = (file) => `dejavu-fonts-ttf/ttf/${file}`;
const fontsource = (pkg, subset, weight) => `@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`;

/** NotoSans<Script>-Regular/Bold.woff from @fontsource/noto-sans-<subset>, the subset of the script itself. */
function scriptFonts(scripts) {
  const files = {};
  for (const [script, subset] of Object.entries(scripts)) {
    files[`NotoSans${script}-Regular.woff`] = fontsource(`noto-sans-${subset}`, subset, 400);
    files[`NotoSans${script}-Bold.woff`] = fontsource(`noto-sans-${subset}`, subset, 700);
  }
  return files;
}

/** Destination name in fonts/ -> source path under node_modules. */
const FILES = {
  'DejaVuSans.ttf': dejavu('DejaVuSans.ttf'),
  'DejaVuSans-Bold.ttf': dejavu('DejaVuSans-Bold.ttf'),
  'DejaVuSans-Oblique.ttf': dejavu('DejaVuSans-Oblique.ttf'),
  'DejaVuSans-BoldOblique.ttf': dejavu('DejaVuSans-BoldOblique.ttf'),
  // The serif and mono families of custom templates' themes.
  'DejaVuSerif.ttf': dejavu('DejaVuSerif.ttf'),
  'DejaVuSerif-Bold.ttf': dejavu('DejaVuSerif-Bold.ttf'),
  'DejaVuSerif-Italic.ttf': dejavu('DejaVuSerif-Italic.ttf'),
  'DejaVuSerif-BoldItalic.ttf': dejavu('DejaVuSerif-BoldItalic.ttf'),
  'DejaVuSansMono.ttf': dejavu('DejaVuSansMono.ttf'),
  'DejaVuSansMono-Bold.ttf': dejavu('DejaVuSansMono-Bold.ttf'),
  'DejaVuSansMono-Oblique.ttf': dejavu('DejaVuSansMono-Oblique.ttf'),
  'DejaVuSansMono-BoldOblique.ttf': dejavu('DejaVuSansMono-BoldOblique.ttf'),
  'LICENSE-DejaVu.txt': 'dejavu-fonts-ttf/LICENSE',
  // WOFF (zlib), not WOFF2: it decompresses in milliseconds with node:zlib.
  'NotoSansSC-Regular.woff': fontsource('noto-sans-sc', 'chinese-simplified', 400),
  'NotoSansSC-Bold.woff': fontsource('noto-sans-sc', 'chinese-simplified', 700),
  'NotoSansJP-Regular.woff': fontsource('noto-sans-jp', 'japanese', 400),
  'NotoSansJP-Bold.woff': fontsource('noto-sans-jp', 'japanese', 700),
  'NotoSansKR-Regular.woff': fontsource('noto-sans-kr', 'korean', 400),
  'NotoSansKR-Bold.woff': fontsource('noto-sans-kr', 'korean', 700),
  'NotoSansTC-Regular.woff': fontsource('noto-sans-tc', 'chinese-traditional', 400),
  'NotoSansTC-Bold.woff': fontsource('noto-sans-tc', 'chinese-traditional', 700),
  // Monochrome outlines: Noto Color Emoji is CBDT/COLR colour data, which a PDF TrueType font cannot carry.
  'NotoEmoji-Regular.woff': fontsource('noto-emoji', 'emoji', 400),
  // Scripts DejaVu lacks or draws without their shaping features, read on first use.
  ...scriptFonts({
    Arabic: 'arabic',
    Hebrew: 'hebrew',
    Thai: 'thai',
    Devanagari: 'devanagari',
    Bengali: 'bengali',
    Gurmukhi: 'gurmukhi',
    Gujarati: 'gujarati',
    Tamil: 'tamil',
    Telugu: 'telugu',
    Kannada: 'kannada',
    Malayalam: 'malayalam',
  }),
  'LICENSE-Noto.txt': '@fontsource/noto-sans-sc/LICENSE',
};

fs.mkdirSync(target, { recursive: true });
let copied = 0;
for (const [name, source] of Object.entries(FILES)) {
  const from = path.join(modules, source);
  const to = path.join(target, name);
  if (!fs.existsSync(from)) {
    console.error(`[fonts] missing ${source}: run npm install first`);
    process.exit(1);
  }
  const same = fs.existsSync(to) && fs.statSync(to).size === fs.statSync(from).size;
  if (!same) {
    fs.copyFileSync(from, to);
    copied++;
  }
}
console.log(`[fonts] ${copied} file(s) copied, ${Object.keys(FILES).length - copied} already in fonts/`);
