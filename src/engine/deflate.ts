import { constants, Deflate, deflateSync } from 'node:zlib';

/**
 * zlib's fastest level, for every stream the engine compresses (page contents, the object stream,
 * font subsets): within a render, level 6 took twice the time for 10-15% smaller streams.
 */
const LEVEL = 1;

/** Node's zlib binding, under its Deflate stream (Node 20's lib/zlib.js). */
interface ZlibHandle {
  writeSync(flush: number, input: Uint8Array, inOffset: number, inLength: number, output: Uint8Array, outOffset: number, outLength: number): void;
  reset(): void;
}
interface ReusedEngine {
  handle: ZlibHandle;
  /** [output bytes left, input bytes left] after each writeSync. */
  state: Uint32Array;
}

let engine: ReusedEngine | null | undefined;
/** Where the deflated bytes are written before their copy: grown as needed, kept warm. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * The zlib (RFC 1950) stream of `parts` one after another, at LEVEL: the same bytes as
 * `deflateSync(Buffer.concat(parts), { level: 1 })`, without the concatenation.
 * deflateSync makes a new zlib stream per call: about 256 KB of state allocated (mapped afresh by
 * malloc at that size) and freed again. One stream reset between calls: the 20-item invoice's page
 * content (17.9 KB) 93 -> 67 us in a hot loop, and inside renders, where the fresh state also
 * missed the caches, the two deflates of a render went from 17.7% to 13.5% of its CPU profile
 * (profile-render.ts), and a render took 0.934x the CPU time (in-process A/B, 681 batches each).
 * Falls back to deflateSync where Node's internals differ.
 */
export function deflate(...parts: Uint8Array[]): Buffer {
  const reused = (engine ??= openEngine());
  if (!reused) return deflateSync(parts.length === 1 ? parts[0] : Buffer.concat(parts), { level: LEVEL });
  let written = 0;
  try {
    parts.forEach((part, index) => {
      written = write(reused, part, index === parts.length - 1 ? constants.Z_FINISH : constants.Z_NO_FLUSH, written);
    });
  } finally {
    reused.handle.reset();
  }
  return Buffer.from(scratch.subarray(0, written));
}

/** Deflates all of `input` into `scratch` from `written` on (growing it), and returns the new end. */
function write({ handle, state }: ReusedEngine, input: Uint8Array, flush: number, written: number): number {
  let inOffset = 0;
  for (;;) {
    handle.writeSync(flush, input, inOffset, input.length - inOffset, scratch, written, scratch.length - written);
    const [outLeft, inLeft] = state;
    written = scratch.length - outLeft;
    inOffset = input.length - inLeft;
    // Output room left: the input is taken in (and with Z_FINISH, the stream complete).
    if (outLeft > 0) return written;
    const grown = Buffer.allocUnsafe(scratch.length * 2);
    scratch.copy(grown, 0, 0, written);
    scratch = grown;
  }
}

function openEngine(): ReusedEngine | null {
  const internals = new Deflate({ level: LEVEL }) as unknown as { _handle?: Partial<ZlibHandle>; _writeState?: unknown };
  const handle = internals._handle;
  const state = internals._writeState;
  if (typeof handle?.writeSync !== 'function' || typeof handle.reset !== 'function' || !(state instanceof Uint32Array)) return null;
  return { handle: handle as ZlibHandle, state };
}
