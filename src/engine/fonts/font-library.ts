import { readFileSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { FontFace } from './font-face';
import { FontStack } from './font-stack';

/** The bundled families: DejaVu Sans (every built-in template), DejaVu Serif and DejaVu Sans Mono. */
export type FontFamily = 'sans' | 'serif' | 'mono';

export interface FontVariant {
  bold: boolean;
  italic: boolean;
  /** Default: sans. */
  family?: FontFamily;
}

type Weight = 'regular' | 'bold' | 'italic' | 'boldItalic';

/** Filled by scripts/fonts.js; the same path from src/ (ts-jest) and dist/ (build). */
const FONTS_DIR = path.resolve(__dirname, '../../../fonts');

const PRIMARY: Record<Weight, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};
/** The other families, read on first use: only custom templates that choose them need them. */
const FAMILIES: Record<Exclude<FontFamily, 'sans'>, Record<Weight, string>> = {
  serif: { regular: 'DejaVuSerif.ttf', bold: 'DejaVuSerif-Bold.ttf', italic: 'DejaVuSerif-Italic.ttf', boldItalic: 'DejaVuSerif-BoldItalic.ttf' },
  mono: { regular: 'DejaVuSansMono.ttf', bold: 'DejaVuSansMono-Bold.ttf', italic: 'DejaVuSansMono-Oblique.ttf', boldItalic: 'DejaVuSansMono-BoldOblique.ttf' },
};
/**
 * DejaVu Sans covers scripts the other faces lack (Arabic in its upright weights, Hebrew in the
 * serif and mono families): it is the first fallback of every stack, in the matching weight,
 * keeping the slant where the oblique face has the character.
 */
const SANS_FALLBACKS: Record<Weight, string[]> = {
  regular: [PRIMARY.regular],
  bold: [PRIMARY.bold],
  italic: [PRIMARY.italic, PRIMARY.regular],
  boldItalic: [PRIMARY.boldItalic, PRIMARY.bold],
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
  private readonly stacks: Record<Weight, FontStack>;
  private readonly familyStacks: Record<Exclude<FontFamily, 'sans'>, () => Record<Weight, FontStack>>;

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
    const stack = (faces: Record<Weight, string>, weight: Weight) => {
      const sans = SANS_FALLBACKS[weight].filter((name) => name !== faces[weight]);
      const others = weight === 'bold' || weight === 'boldItalic' ? FALLBACKS.bold : FALLBACKS.regular;
      return new FontStack([faces[weight], ...sans, ...others].map(lazyFace));
    };
    const stacks = (faces: Record<Weight, string>): Record<Weight, FontStack> => ({
      regular: stack(faces, 'regular'),
      bold: stack(faces, 'bold'),
      italic: stack(faces, 'italic'),
      boldItalic: stack(faces, 'boldItalic'),
    });
    const lazyStacks = (faces: Record<Weight, string>) => {
      let made: Record<Weight, FontStack> | undefined;
      return () => (made ??= stacks(faces));
    };
    this.stacks = stacks(PRIMARY);
    this.familyStacks = { serif: lazyStacks(FAMILIES.serif), mono: lazyStacks(FAMILIES.mono) };
  }

  stack({ bold, italic, family }: FontVariant): FontStack {
    const stacks = family === undefined || family === 'sans' ? this.stacks : this.familyStacks[family]();
    if (bold) return italic ? stacks.boldItalic : stacks.bold;
    return italic ? stacks.italic : stacks.regular;
  }
}

let library: Promise<FontLibrary> | undefined;

/**
 * Reads the primary font files once per process (asynchronously) and checks that the fallbacks
 * and the other families exist, so a broken install still fails at start; faces are parsed on first use.
 */
export function loadFontLibrary(): Promise<FontLibrary> {
  library ??= readPrimaryFiles().then((files) => new FontLibrary(files));
  return library;
}

async function readPrimaryFiles(): Promise<Map<string, Buffer>> {
  const lazy = new Set([...FALLBACKS.regular, ...FALLBACKS.bold, ...Object.values(FAMILIES).flatMap((faces) => Object.values(faces))]);
  const [entries] = await Promise.all([
    Promise.all(Object.values(PRIMARY).map(async (name) => [name, await readFile(fontPath(name)).catch(() => missing(name))] as const)),
    Promise.all([...lazy].map((name) => access(fontPath(name)).catch(() => missing(name)))),
  ]);
  return new Map(entries);
}

function fontPath(name: string): string {
  return path.join(FONTS_DIR, name);
}

function missing(name: string): never {
  throw new Error(`Font ${name} is missing from ${FONTS_DIR}: run "node scripts/fonts.js"`);
}
