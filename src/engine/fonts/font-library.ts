import { readFileSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { FontFace } from './font-face';
import { FontStack } from './font-stack';

export interface FontVariant {
  bold: boolean;
  italic: boolean;
}

/** Filled by scripts/fonts.js; the same path from src/ (ts-jest) and dist/ (build). */
const FONTS_DIR = path.resolve(__dirname, '../../../fonts');

const PRIMARY = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};
/** CJK faces have no italic; emoji only one weight. */
const FALLBACKS = {
  regular: ['NotoSansSC-Regular.woff', 'NotoSansJP-Regular.woff', 'NotoSansKR-Regular.woff', 'NotoEmoji-Regular.woff'],
  bold: ['NotoSansSC-Bold.woff', 'NotoSansJP-Bold.woff', 'NotoSansKR-Bold.woff', 'NotoEmoji-Regular.woff'],
};

/**
 * Every face the renderer uses, shared by all documents of the process. Faces missing from
 * `files` (the CJK and emoji fallbacks, 9.8 MB that most documents never touch) are read from
 * disk on first use: synchronously, because glyphs are resolved during layout, but only once
 * per process and, in the service, on a render worker thread rather than the event loop.
 */
export class FontLibrary {
  private readonly stacks: Record<'regular' | 'bold' | 'italic' | 'boldItalic', FontStack>;

  constructor(files: ReadonlyMap<string, Buffer>) {
    const faces = new Map<string, () => FontFace>();
    const lazyFace = (name: string): (() => FontFace) => {
      let loader = faces.get(name);
      if (!loader) {
        let face: FontFace | undefined;
        loader = () => (face ??= new FontFace(name.replace(/\.\w+$/, ''), files.get(name) ?? readFileSync(fontPath(name))));
        faces.set(name, loader);
      }
      return loader;
    };
    const stack = (primary: string, fallbacks: string[]) => new FontStack([primary, ...fallbacks].map(lazyFace));
    this.stacks = {
      regular: stack(PRIMARY.regular, FALLBACKS.regular),
      bold: stack(PRIMARY.bold, FALLBACKS.bold),
      italic: stack(PRIMARY.italic, FALLBACKS.regular),
      boldItalic: stack(PRIMARY.boldItalic, FALLBACKS.bold),
    };
  }

  stack({ bold, italic }: FontVariant): FontStack {
    if (bold) return italic ? this.stacks.boldItalic : this.stacks.bold;
    return italic ? this.stacks.italic : this.stacks.regular;
  }
}

let library: Promise<FontLibrary> | undefined;

/**
 * Reads the primary font files once per process (asynchronously) and checks that the fallbacks
 * exist, so a broken install still fails at start; faces are parsed on first use.
 */
export function loadFontLibrary(): Promise<FontLibrary> {
  library ??= readPrimaryFiles().then((files) => new FontLibrary(files));
  return library;
}

async function readPrimaryFiles(): Promise<Map<string, Buffer>> {
  const fallbacks = new Set([...FALLBACKS.regular, ...FALLBACKS.bold]);
  const [entries] = await Promise.all([
    Promise.all(Object.values(PRIMARY).map(async (name) => [name, await readFile(fontPath(name)).catch(() => missing(name))] as const)),
    Promise.all([...fallbacks].map((name) => access(fontPath(name)).catch(() => missing(name)))),
  ]);
  return new Map(entries);
}

function fontPath(name: string): string {
  return path.join(FONTS_DIR, name);
}

function missing(name: string): never {
  throw new Error(`Font ${name} is missing from ${FONTS_DIR}: run "node scripts/fonts.js"`);
}
