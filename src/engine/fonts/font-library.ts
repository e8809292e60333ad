import { readFileSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { FontFace } from './font-face';
import { FontStack, StackFaces } from './font-stack';
import { CjkLocale, DEDICATED_SCRIPTS, DedicatedScript, cjkLocaleOf } from './scripts';

/** The bundled families: DejaVu Sans (every built-in template), DejaVu Serif and DejaVu Sans Mono. */
export type FontFamily = 'sans' | 'serif' | 'mono';

export interface FontVariant {
  bold: boolean;
  italic: boolean;
  /** Default: sans. */
  family?: FontFamily;
  /** The document's language (BCP 47): chooses Japanese, Korean or Chinese forms of Han characters. */
  lang?: string;
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
const CJK: Record<'regular' | 'bold', Record<CjkLocale, string>> = {
  regular: { sc: 'NotoSansSC-Regular.woff', ja: 'NotoSansJP-Regular.woff', ko: 'NotoSansKR-Regular.woff', tc: 'NotoSansTC-Regular.woff' },
  bold: { sc: 'NotoSansSC-Bold.woff', ja: 'NotoSansJP-Bold.woff', ko: 'NotoSansKR-Bold.woff', tc: 'NotoSansTC-Bold.woff' },
};
const EMOJI = 'NotoEmoji-Regular.woff';
/** The faces of scripts DejaVu lacks or draws without shaping features (Noto Sans, regular and bold; no italic). */
const SCRIPT_FAMILIES: Record<DedicatedScript, string> = {
  arab: 'NotoSansArabic',
  hebr: 'NotoSansHebrew',
  thai: 'NotoSansThai',
  deva: 'NotoSansDevanagari',
  beng: 'NotoSansBengali',
  guru: 'NotoSansGurmukhi',
  gujr: 'NotoSansGujarati',
  taml: 'NotoSansTamil',
  telu: 'NotoSansTelugu',
  knda: 'NotoSansKannada',
  mlym: 'NotoSansMalayalam',
};
const scriptFile = (script: DedicatedScript, bold: boolean) => `${SCRIPT_FAMILIES[script]}-${bold ? 'Bold' : 'Regular'}.woff`;
/** Every file read on first use. */
const LAZY_FILES = [
  ...Object.values(CJK.regular),
  ...Object.values(CJK.bold),
  EMOJI,
  ...DEDICATED_SCRIPTS.flatMap((script) => [scriptFile(script, false), scriptFile(script, true)]),
];

/**
 * Every face the renderer uses, shared by all documents of the process. Faces missing from
 * `files` (the obliques, the script, CJK and emoji fallbacks, ~18 MB that most documents never
 * touch) are read from disk on first use: synchronously, because glyphs are resolved during
 * layout, but only once per process and, in the service, on a render worker thread rather than
 * the event loop.
 */
export class FontLibrary {
  /** Stacks by family, weight and CJK preference ('' for none), made on first use. */
  private readonly stacks = new Map<string, FontStack>();
  private readonly lazyFace: (name: string) => () => FontFace;

  constructor(files: ReadonlyMap<string, Buffer>) {
    const faces = new Map<string, () => FontFace>();
    this.lazyFace = (name: string): (() => FontFace) => {
      let loader = faces.get(name);
      if (!loader) {
        let face: FontFace | undefined;
        loader = () => (face ??= new FontFace(name.replace(/\.\w+$/, ''), files.get(name) ?? readFileSync(fontPath(name))));
        faces.set(name, loader);
      }
      return loader;
    };
    // The default stack is made now, so that a broken primary face fails at start.
    this.stack({ bold: false, italic: false }).primary;
  }

  stack({ bold, italic, family, lang }: FontVariant): FontStack {
    const cjk = cjkLocaleOf(lang);
    const weight: Weight = bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';
    const key = `${family ?? 'sans'}:${weight}:${cjk ?? ''}`;
    let stack = this.stacks.get(key);
    if (!stack) {
      stack = new FontStack(this.faces(family === undefined || family === 'sans' ? PRIMARY : FAMILIES[family], weight), cjk);
      this.stacks.set(key, stack);
    }
    return stack;
  }

  private faces(files: Record<Weight, string>, weight: Weight): StackFaces {
    const heavy = weight === 'bold' || weight === 'boldItalic';
    const sans = SANS_FALLBACKS[weight].filter((name) => name !== files[weight]);
    const cjk = heavy ? CJK.bold : CJK.regular;
    const scripts = {} as Record<DedicatedScript, () => FontFace>;
    for (const script of DEDICATED_SCRIPTS) scripts[script] = this.lazyFace(scriptFile(script, heavy));
    return {
      base: [files[weight], ...sans].map(this.lazyFace),
      scripts,
      cjk: { sc: this.lazyFace(cjk.sc), ja: this.lazyFace(cjk.ja), ko: this.lazyFace(cjk.ko), tc: this.lazyFace(cjk.tc) },
      emoji: this.lazyFace(EMOJI),
    };
  }
}

let library: Promise<FontLibrary> | undefined;

/**
 * Reads the upright primary font files once per process (asynchronously) and checks that the fallbacks
 * and the other families exist, so a broken install still fails at start; faces are parsed on first use.
 */
export function loadFontLibrary(): Promise<FontLibrary> {
  library ??= readPrimaryFiles().then((files) => new FontLibrary(files));
  return library;
}

/**
 * Read at start: the upright faces every built-in template draws with. The obliques (1.2 MB, which
 * only italic text needs) are read on first use like the other families, in each render worker.
 */
const READ_AT_START = [PRIMARY.regular, PRIMARY.bold];

async function readPrimaryFiles(): Promise<Map<string, Buffer>> {
  const lazy = new Set([...LAZY_FILES, PRIMARY.italic, PRIMARY.boldItalic, ...Object.values(FAMILIES).flatMap((faces) => Object.values(faces))]);
  const [entries] = await Promise.all([
    Promise.all(READ_AT_START.map(async (name) => [name, await readFile(fontPath(name)).catch(() => missing(name))] as const)),
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
