/**
 * Script and cluster facts the font stack needs to pick faces: which script a character
 * belongs to (by Unicode block: enough to route it to a face and tell the shaper), which
 * clusters are emoji, and which CJK forms a text calls for.
 */

/** OpenType script tags of the scripts with a face of their own (fonts/Noto Sans <script>). */
export const DEDICATED_SCRIPTS = ['arab', 'hebr', 'thai', 'deva', 'beng', 'guru', 'gujr', 'taml', 'telu', 'knda', 'mlym'] as const;
export type DedicatedScript = (typeof DEDICATED_SCRIPTS)[number];

/** OpenType script tag by block, or null for characters shared by scripts (digits, spaces, punctuation). */
export function scriptOf(code: number): string | null {
  if (code < 0x41) return null;
  if (code < 0x250) return isLatinLetter(code) ? 'latn' : null;
  if (code < 0x370) return null;
  if (code < 0x400) return 'grek';
  if (code < 0x530) return 'cyrl';
  if (code < 0x590) return null;
  if (code < 0x600) return 'hebr';
  if (code < 0x700) return 'arab';
  if (code < 0x750) return null;
  if (code < 0x780) return 'arab';
  if (code < 0x870) return null;
  if (code < 0x900) return 'arab';
  if (code < 0xe80) return INDIC_AND_THAI[(code - 0x900) >> 7];
  if (code >= 0x1100 && code < 0x1200) return 'hang';
  if (code >= 0x1e00 && code < 0x1f00) return 'latn';
  if (code >= 0x1f00 && code < 0x2000) return 'grek';
  if (code < 0x2e80) return null;
  if (code < 0x3000) return 'hani';
  if (code < 0x3040) return null;
  if (code < 0x3100) return 'kana';
  if (code >= 0x3130 && code < 0x3190) return 'hang';
  if (code >= 0x31f0 && code < 0x3200) return 'kana';
  if (code >= 0x3400 && code < 0xa000) return 'hani';
  if (code >= 0xa8e0 && code < 0xa900) return 'deva';
  if (code >= 0xac00 && code < 0xd7b0) return 'hang';
  if (code >= 0xf900 && code < 0xfb00) return 'hani';
  if (code >= 0xfb1d && code < 0xfb50) return 'hebr';
  if (code >= 0xfb50 && code < 0xfe00) return 'arab';
  if (code >= 0xfe70 && code < 0xff00) return 'arab';
  if (code >= 0xff66 && code < 0xffa0) return 'kana';
  if (code >= 0x20000 && code < 0x40000) return 'hani';
  return null;
}

/** Blocks U+0900..U+0E7F by 128: Devanagari, Bengali, Gurmukhi, Gujarati, Oriya (no face), Tamil, Telugu, Kannada, Malayalam, Sinhala (no face), Thai. */
const INDIC_AND_THAI: Array<string | null> = ['deva', 'beng', 'guru', 'gujr', null, 'taml', 'telu', 'knda', 'mlym', null, 'thai', null];

function isLatinLetter(code: number): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return code >= 0xc0 && code !== 0xd7 && code !== 0xf7;
}

/**
 * True for a cluster to draw with the emoji face first: emoji presentation (U+FE0F), keycaps,
 * pictographs, skin tones and flags of the SMP, tag sequences. A ZWJ alone does not count: Indic
 * and Arabic text use it too.
 */
export function isEmojiCluster(cluster: string): boolean {
  for (const char of cluster) {
    const code = char.codePointAt(0)!;
    if (code === 0xfe0f || code === 0x20e3) return true;
    if (code >= 0x1f000 && code < 0x1fb00) return true;
    if (code >= 0xe0020 && code <= 0xe007f) return true;
  }
  return false;
}

/** Characters that shape but draw nothing of their own (joiners, selectors, tags): a face need not have them. */
export function isDefaultIgnorable(code: number): boolean {
  return (
    code === 0xad ||
    code === 0x34f ||
    code === 0x61c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    (code >= 0xfe00 && code <= 0xfe0f) ||
    code === 0xfeff ||
    (code >= 0xe0000 && code <= 0xe0fff)
  );
}

/** Which CJK face draws Han characters first. */
export type CjkLocale = 'sc' | 'ja' | 'ko' | 'tc';

/** The CJK forms a BCP 47 tag asks for; null when the language leaves it to the text (`en`, no tag). */
export function cjkLocaleOf(lang: string | undefined): CjkLocale | null {
  const tag = (lang ?? '').toLowerCase();
  const [language] = tag.split(/[-_]/);
  if (language === 'ja') return 'ja';
  if (language === 'ko') return 'ko';
  if (language === 'zh' || language === 'yue' || language === 'cmn') {
    return /(^|[-_])(hant|tw|hk|mo)($|[-_])/.test(tag) || language === 'yue' ? 'tc' : 'sc';
  }
  return null;
}

/** The CJK forms a text calls for when its language does not say: kana is Japanese, hangul Korean, else Simplified Chinese. */
export function cjkLocaleOfText(text: string): CjkLocale {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x1100) continue;
    if ((code >= 0x3040 && code < 0x3100) || (code >= 0x31f0 && code < 0x3200) || (code >= 0xff66 && code < 0xffa0)) return 'ja';
    if ((code >= 0xac00 && code < 0xd7b0) || (code >= 0x1100 && code < 0x1200) || (code >= 0x3130 && code < 0x3190)) return 'ko';
  }
  return 'sc';
}
