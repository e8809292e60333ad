import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * src/engine/pdfkit.ts, fonts/fontkit.ts, database/typeorm-stand-ins.ts and
 * common/openapi/swagger-stand-ins.ts put stand-ins into Node's module cache, which Jest's module
 * registry does not use: these run against the build, each in a plain Node process.
 */
function run(script: string): Record<string, unknown> {
  const prelude = `
    const fromPdfkit = require('module').createRequire(require.resolve('pdfkit'));
    const fromFontkit = require('module').createRequire(require.resolve('fontkit'));
    const fromSwagger = require('module').createRequire(require.resolve('@nestjs/swagger'));
    // A stand-in's exports show no keys of their own; the real module's do.
    const realLoaded = (from, request) => Object.keys(require.cache[from.resolve(request)]?.exports ?? {}).length > 0;
    const loaded = (pattern) => Object.keys(require.cache).filter((file) => pattern.test(file)).map((file) => file.slice(file.lastIndexOf('/node_modules/') + 14)).sort();
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

describe('module stand-ins of the framework', () => {
  it('gives TypeORM the SQLite driver without loading the other databases’ drivers or glob', () => {
    const result = run(`
      require('./dist/database/typeorm-stand-ins').standInForTypeOrm();
      const { DataSource, EntitySchema } = require('typeorm');
      const Note = new EntitySchema({ name: 'note', columns: { id: { type: Number, primary: true, generated: true }, text: { type: String } } });
      (async () => {
        const db = await new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Note], synchronize: true }).initialize();
        await db.getRepository('note').save({ text: 'Société Générale — 請求書' });
        const rows = await db.getRepository('note').find();
        await db.destroy();
        process.stdout.write(JSON.stringify({
          driver: db.driver.constructor.name,
          rows,
          drivers: loaded(/[\\\\/]typeorm[\\\\/]driver[\\\\/].*(Driver|QueryRunner)\\.js$/).map((file) => file.slice('typeorm/driver/'.length)),
          glob: loaded(/[\\/]node_modules[\\/](glob|minimatch)[\\/]/).length,
        }));
      })();
    `);
    expect(result).toEqual({
      driver: 'BetterSqlite3Driver',
      rows: [{ id: 1, text: 'Société Générale — 請求書' }],
      drivers: [
        'better-sqlite3/BetterSqlite3Driver.js',
        'better-sqlite3/BetterSqlite3QueryRunner.js',
        'sqlite-abstract/AbstractSqliteDriver.js',
        'sqlite-abstract/AbstractSqliteQueryRunner.js',
      ],
      glob: 0,
    });
  });

  it('hands TypeORM’s own factory and loader what they are not for, and only then loads them: PostgreSQL’s driver, another type, a glob', () => {
    const result = run(`
      require('./dist/database/typeorm-stand-ins').standInForTypeOrm();
      const { DataSource } = require('typeorm');
      const { importClassesFromDirectories } = require('typeorm/util/DirectoryExportedClassesLoader');
      const mysqlDriver = () => loaded(/[\\\\/]typeorm[\\\\/]driver[\\\\/]mysql[\\\\/]/).length > 0;
      const glob = () => loaded(/[\\\\/]node_modules[\\\\/]glob[\\\\/]/).length > 0;
      (async () => {
        const postgres = new DataSource({ type: 'postgres', url: 'postgres://127.0.0.1:1/none' }).driver.constructor.name;
        const before = { mysqlDriver: mysqlDriver(), glob: glob() };
        let mysql;
        try {
          new DataSource({ type: 'mysql', host: '127.0.0.1' });
        } catch (error) {
          mysql = error.name;
        }
        const classes = await importClassesFromDirectories({ log() {} }, [process.cwd() + '/dist/database/entities.js']);
        process.stdout.write(JSON.stringify({ postgres, before, mysql, mysqlDriver: mysqlDriver(), classes: classes.length > 3, glob: glob() }));
      })();
    `);
    expect(result).toEqual({
      postgres: 'PostgresDriver',
      before: { mysqlDriver: false, glob: false },
      mysql: 'DriverPackageNotInstalledError',
      mysqlDriver: true,
      classes: true,
      glob: true,
    });
  });

  it('gives @nestjs/swagger lodash’s functions one module each, and js-yaml when it first dumps', () => {
    const result = run(`
      require('./dist/common/openapi/swagger-stand-ins').standInForSwagger();
      require('@nestjs/swagger');
      const before = { lodash: realLoaded(fromSwagger, 'lodash'), yaml: realLoaded(fromSwagger, 'js-yaml') };
      const _ = fromSwagger('lodash');
      const real = require(fromSwagger.resolve('lodash'));
      const value = { a: 1, b: [2, 3], c: { d: undefined } };
      const same = JSON.stringify([_.omit(value, ['a']), _.pickBy(value, _.negate(_.isUndefined)), _.mapValues({ x: 1 }, (n) => n + 1), _.cloneDeep(value)])
        === JSON.stringify([real.omit(value, ['a']), real.pickBy(value, real.negate(real.isUndefined)), real.mapValues({ x: 1 }, (n) => n + 1), real.cloneDeep(value)]);
      const yaml = fromSwagger('js-yaml').dump({ title: 'pdfgen', paths: ['/api/v1/generate'] });
      process.stdout.write(JSON.stringify({ before, same, yaml, yamlLoaded: realLoaded(fromSwagger, 'js-yaml'), lodashLoaded: realLoaded(fromSwagger, 'lodash') }));
    `);
    expect(result).toEqual({ before: { lodash: false, yaml: false }, same: true, yaml: 'title: pdfgen\npaths:\n  - /api/v1/generate\n', yamlLoaded: true, lodashLoaded: false });
  });
});
