import { compileLayout, CompiledLayout } from './compile-layout';

/**
 * Compiled layouts kept per process (each render worker has its own), bounded both in number and
 * in the size of the definitions they come from: a definition may be 512 KiB (an embedded logo),
 * and its compiled form holds its strings.
 */
const CACHE_ENTRIES = 256;
const CACHE_CHARS = 16 * 1024 * 1024;
const compiled = new Map<string, { layout: CompiledLayout; chars: number }>();
let cachedChars = 0;

/**
 * The compiled layout of a stored version, compiled on the first render of that version in this
 * process. `key` is unique per version (its uid), so an entry is never stale. The least recently
 * used entries go first.
 */
export function compiledLayout(key: string, layout: unknown): CompiledLayout {
  let entry = compiled.get(key);
  if (entry) {
    compiled.delete(key);
  } else {
    entry = { layout: compileLayout(layout), chars: JSON.stringify(layout)?.length ?? 0 };
    cachedChars += entry.chars;
    while (compiled.size > 0 && (compiled.size >= CACHE_ENTRIES || cachedChars > CACHE_CHARS)) {
      const [oldest, { chars }] = compiled.entries().next().value!;
      compiled.delete(oldest);
      cachedChars -= chars;
    }
  }
  compiled.set(key, entry);
  return entry.layout;
}
