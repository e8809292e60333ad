import Module, { createRequire } from 'node:module';

/**
 * fontkit, with brotli's decoder loaded on first use rather than with fontkit. fontkit needs the
 * decoder for WOFF2 files only, and we never hand it one: the bundled fonts are TrueType or WOFF,
 * which sfnt-tables.ts unpacks. Loaded eagerly, the decoder's dictionary sat in every render
 * worker's heap (a 739 KB string of its 17.5 MB, heap snapshot after the four templates), and a
 * worker's heap peaks at its live data plus V8's 8 MB growing step.
 * Node's module cache is keyed by file name, so the stand-in is found wherever fontkit asks.
 */
const fromFontkit = createRequire(require.resolve('fontkit'));
const DECODER = 'brotli/decompress.js';
const decoderFile = fromFontkit.resolve(DECODER);

if (!require.cache[decoderFile]) {
  const standIn = new Module(decoderFile);
  standIn.filename = decoderFile;
  standIn.loaded = true;
  let decode: ((buffer: Uint8Array, size?: number) => Uint8Array) | undefined;
  standIn.exports = (buffer: Uint8Array, size?: number): Uint8Array => {
    if (!decode) {
      delete require.cache[decoderFile];
      decode = fromFontkit(DECODER) as (buffer: Uint8Array, size?: number) => Uint8Array;
    }
    return decode(buffer, size);
  };
  require.cache[decoderFile] = standIn;
}

// After the stand-in is in place: fontkit asks for the decoder as it loads.
export const fontkit = require('fontkit') as typeof import('fontkit');
