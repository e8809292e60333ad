import { FS, Liquid } from 'liquidjs';
import { money } from './filters/money';
import { number } from './filters/number';
import { percent } from './filters/percent';

/** Longest Liquid source parsed in one call (one property of a layout). */
export const PARSE_LIMIT = 100_000;

/** Tags that read other templates (files): a layout is one self-contained document. */
const FILE_TAGS = ['include', 'render', 'layout', 'block'];

/** Never reached (the tags that would read files are removed); a second wall in case one comes back. */
const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => refuse(),
  readFileSync: () => refuse(),
  resolve: (_dir, file) => file,
};

function refuse(): never {
  throw new Error('Templates cannot read files');
}

/**
 * The one Liquid engine of custom templates, shared by every document of the process (it holds
 * no per-render state). Expressions see only the data's own properties (no `constructor`,
 * `__proto__`...), unknown filters fail at parse time, and nothing reads files. Time and memory
 * are bounded per document (see evaluation.ts); dates are formatted in UTC, so a document does
 * not depend on the server's time zone.
 */
export const LIQUID = createLiquid();

function createLiquid(): Liquid {
  const liquid = new Liquid({
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    jsTruthy: false,
    fs: NO_FILES,
    relativeReference: false,
    dynamicPartials: false,
    timezoneOffset: 0,
    parseLimit: PARSE_LIMIT,
    // Per document: evaluation.ts makes one context per render, and the limits count from it.
    renderLimit: 10_000,
    memoryLimit: 50_000_000,
  });
  for (const tag of FILE_TAGS) delete liquid.tags[tag];
  liquid.registerFilter('money', money);
  liquid.registerFilter('number', number);
  liquid.registerFilter('percent', percent);
  return liquid;
}
