import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * src/engine/fonts/fontkit.ts stands in for brotli's decoder in Node's module cache, which Jest's
 * module registry does not use: run against the build, in a plain Node process.
 */
describe('fontkit with its WOFF2 decoder on first use', () => {
  const run = (script: string): unknown =>
    JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '../..'), encoding: 'utf8' }));

  it('loads fontkit without the decoder, and the decoder when it is first called', () => {
    const result = run(`
      require('./dist/engine/fonts/fontkit');
      const brotliFiles = () => Object.keys(require.cache).filter((file) => /[\\\\/]brotli[\\\\/]dec[\\\\/]/.test(file)).length;
      const before = brotliFiles();
      const decode = require('module').createRequire(require.resolve('fontkit'))('brotli/decompress.js');
      const text = Buffer.from('a WOFF2 table, '.repeat(40));
      const sized = Buffer.from(decode(require('zlib').brotliCompressSync(text), text.length)).equals(text);
      const unsized = Buffer.from(decode(require('zlib').brotliCompressSync(text))).equals(text);
      process.stdout.write(JSON.stringify({ before, after: brotliFiles(), sized, unsized }));
    `);
    expect(result).toEqual({ before: 0, after: expect.any(Number), sized: true, unsized: true });
    expect((result as { after: number }).after).toBeGreaterThan(0);
  });
});
