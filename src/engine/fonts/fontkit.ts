import { standIn } from '../module-stand-in';

/**
 * fontkit, with brotli's decoder loaded on first use rather than with fontkit. fontkit needs the
 * decoder for WOFF2 files only, and we never hand it one: the bundled fonts are TrueType or WOFF,
 * which sfnt-tables.ts unpacks. Loaded eagerly, the decoder's dictionary sat in every render
 * worker's heap (a 739 KB string of its 17.5 MB, heap snapshot after the four templates), and a
 * worker's heap peaks at its live data plus V8's 8 MB growing step.
 */
type Decode = (buffer: Uint8Array, size?: number) => Uint8Array;
standIn('fontkit', 'brotli/decompress.js', (loadReal) => (buffer: Uint8Array, size?: number) => (loadReal() as Decode)(buffer, size));

// After the stand-in is in place: fontkit asks for the decoder as it loads.
export const fontkit = require('fontkit') as typeof import('fontkit');
