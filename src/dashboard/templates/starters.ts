import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * What "New template" may start from: every example of `examples/custom/` (the built-ins' designs
 * re-created in the template language, and the other examples), read once. The folder sits at the
 * package root, from `src/` as from `dist/` (and the image copies it).
 */
export const STARTERS_DIR = resolve(__dirname, '..', '..', '..', 'examples', 'custom');

export interface Starter {
  /** The example's file name without `.json`: the `?starter=` of the new template page. */
  key: string;
  name: string;
  description: string;
  category: string;
  definition: { schema: unknown; layout: unknown; defaultOptions?: unknown };
  sampleData: unknown;
}

let cached: Starter[] | undefined;

/** The starters, sorted by name; none when the folder is missing (a trimmed install). */
export function starters(dir = STARTERS_DIR): Starter[] {
  if (cached && dir === STARTERS_DIR) return cached;
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    files = [];
  }
  const list = files
    .map((file): Starter => {
      const body = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      const { schema, layout, defaultOptions } = body;
      return {
        key: file.slice(0, -'.json'.length),
        name: String(body.name),
        description: typeof body.description === 'string' ? body.description : '',
        category: typeof body.category === 'string' ? body.category : 'custom',
        definition: defaultOptions === undefined ? { schema, layout } : { schema, layout, defaultOptions },
        sampleData: body.sampleData,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  if (dir === STARTERS_DIR) cached = list;
  return list;
}
