import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * src/engine/pdfkit.ts and fonts/fontkit.ts put stand-ins into Node's module cache, which Jest's
 * module registry does not use: these run against the build, each in a plain Node process.
 */
function run(script: string): Record<string, unknown> {
  const prelude = `
    const fromPdfkit = require('module').createRequire(require.resolve('pdfkit'));
    const fromFontkit = require('module').createRequire(require.resolve('fontkit'));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', prelude + script], { cwd: join(__dirname, '../..'), encoding: 'utf8' }));
}

describe('module stand-ins of the renderer', () => {
  it('renders a document without loading crypto-js or brotli, and gives it a file identifier', () => {
    const result = run(`
      const { renderDocument } = require('./dist/engine/render-document');
      const { findTemplate } = require('./dist/engine/templates/built-in-templates');
      const { INVOICE_BASIC_SAMPLE } = require('./dist/templates/samples');
      const { resolveOptions } = require('./dist/engine/page/resolve-options');
      (async () => {
        const options = resolveOptions({}, findTemplate('invoice-basic').defaultOptions);
        const pdf = await renderDocument({ templateId: 'invoice-basic', data: INVOICE_BASIC_SAMPLE, options });
        const idInFile = /\\/ID \\[<([0-9a-f]{32})>/.exec(pdf.toString('latin1'))[1];
        // Only the stand-ins, under the entry files' names.
        const files = (name) => Object.keys(require.cache).filter((file) => file.includes('/node_modules/' + name + '/')).map((file) => file.slice(file.lastIndexOf('/node_modules/') + 14));
        const counts = { cryptoJs: files('crypto-js'), brotli: files('brotli') };
        process.stdout.write(JSON.stringify({ ...counts, idInFile }));
      })();
    `);
    expect(result).toEqual({ cryptoJs: ['crypto-js/index.js'], brotli: ['brotli/decompress.js'], idInFile: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('hashes strings as crypto-js does, and hands crypto-js whatever else it is asked', () => {
    const result = run(`
      require('./dist/engine/pdfkit');
      const CryptoJS = fromPdfkit('crypto-js');
      const messages = ['', 'CreationDate: 1700000000000\\nTitle: Facture n° 42 — Société Générale\\n', '請求書 فاتورة 🧾'];
      const hex = (wordArray) => wordArray.words.slice(0, 4).map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
      const ours = messages.map((m) => [hex(CryptoJS.MD5(m)), String(CryptoJS.MD5(m)), CryptoJS.MD5(m).sigBytes]);
      const real = require(fromPdfkit.resolve('crypto-js'));
      const theirs = messages.map((m) => [real.MD5(m).toString(), real.MD5(m).toString(), 16]);
      const bytes = CryptoJS.lib.WordArray.create(new Uint8Array([1, 2, 3, 250]));
      process.stdout.write(JSON.stringify({ same: JSON.stringify(ours) === JSON.stringify(theirs), wordArray: CryptoJS.MD5(bytes).toString(), expected: real.MD5(bytes).toString(), aes: typeof CryptoJS.AES.encrypt }));
    `);
    expect(result).toEqual({ same: true, wordArray: result.expected, expected: expect.stringMatching(/^[0-9a-f]{32}$/), aes: 'function' });
  });

  it('loads brotli’s decoder when fontkit first calls it, and decodes with it', () => {
    const result = run(`
      require('./dist/engine/fonts/fontkit');
      const decoderFiles = () => Object.keys(require.cache).filter((file) => /[\\\\/]brotli[\\\\/]dec[\\\\/]/.test(file)).length;
      const before = decoderFiles();
      const decode = fromFontkit('brotli/decompress.js');
      const text = Buffer.from('a WOFF2 table, '.repeat(40));
      const sized = Buffer.from(decode(require('zlib').brotliCompressSync(text), text.length)).equals(text);
      const unsized = Buffer.from(decode(require('zlib').brotliCompressSync(text))).equals(text);
      process.stdout.write(JSON.stringify({ before, loaded: decoderFiles() > 0, sized, unsized }));
    `);
    expect(result).toEqual({ before: 0, loaded: true, sized: true, unsized: true });
  });
});
