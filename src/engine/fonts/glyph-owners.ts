import type { ClusterPart } from './cluster-glyphs';

/** A shaped glyph in font units, visual order, as fontkit gives it. */
export interface RawGlyph {
  id: number;
  codePoints: readonly number[];
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  /** A default-ignorable character (ZWJ, ZWNJ, a variation selector): fontkit's zero-width space glyph. */
  ignorable: boolean;
}

/** A reordered syllable longer than this stays as separate glyphs (a composite is one glyph). */
const MAX_CLUSTER_GLYPHS = 32;

/**
 * Gives every character a glyph to be read from, and every glyph a character, in the order the
 * text was sent: so that the text layer (ToUnicode) gives back exactly the text, and every code
 * drawn maps to text (PDF/UA 7.21.7).
 * - A default ignorable (ZWJ, ZWNJ, a variation selector) draws nothing, with a zero-width glyph
 *   of its own that reads as its character: ZWNJ in Persian "می‌خواهم" is part of the text.
 *   Not as part of a neighbour's text: readers reverse a right-to-left line character by
 *   character, which would move it to the wrong side of the letter, and pdf.js skips a glyph
 *   whose text ends with a format character.
 * - A glyph the font split off a character (no characters of its own: the dots of ش, the hamza
 *   of أ), and glyphs the shaping reordered (the Devanagari ि drawn before its consonant, a reph
 *   after the syllable) join into one composite glyph (`cluster`) that reads as the characters
 *   in their order: readers take glyphs in the order they are drawn.
 * Glyphs stay exactly where the shaping put them. The common case, where none of this happens,
 * returns the glyphs as they are.
 */
export function ownGlyphs(text: string, glyphs: RawGlyph[], direction: 'ltr' | 'rtl', cluster: (parts: ClusterPart[], advance: number) => number | null): RawGlyph[] {
  // Logical order: split-off glyphs follow their character.
  const logical = direction === 'rtl' ? [...glyphs].reverse() : glyphs;
  const chars = codePointsOf(text);
  if (!glyphs.some((glyph) => glyph.ignorable || glyph.codePoints.length === 0) && inTextOrder(logical, chars)) return glyphs;
  // fontkit names an ignorable's glyph U+0020: its own characters are the ones no glyph names.
  const ignored = unnamed(chars, logical);
  // Its glyph is empty and zero-width in the font too (not the space glyph's declared width), so a
  // reader that orders glyphs by their boxes finds it between its neighbours.
  const invisible = glyphs.some((glyph) => glyph.ignorable) ? cluster([], 0) : null;
  const named = logical.map((glyph) => (glyph.ignorable ? { ...glyph, id: invisible ?? glyph.id, codePoints: ignored.splice(0, 1) } : glyph));
  if (ignored.length && named.length) named[named.length - 1] = { ...named[named.length - 1], codePoints: [...named[named.length - 1].codePoints, ...ignored] };
  const out = units(named, chars).map((unit) => (unit.glyphs.length === 1 && unit.glyphs[0].codePoints.length > 0 ? unit.glyphs[0] : joined(unit, direction, cluster)));
  return direction === 'rtl' ? out.flat().reverse() : out.flat();
}

interface Unit {
  glyphs: RawGlyph[];
  /** The characters the unit's glyphs draw, in the text's order. */
  codePoints: number[];
}

/**
 * The glyphs cut where everything drawn so far is exactly the text so far (as a multiset of
 * canonically decomposed characters: a font draws Bengali ো as ে and া around its consonant):
 * most units are one glyph; a reordered syllable is one unit. A glyph without characters stays
 * with the one before it.
 */
function units(glyphs: RawGlyph[], chars: number[]): Unit[] {
  // The text decomposed, each code with the index of the character it came from.
  const codes: number[] = [];
  const origins: number[] = [];
  chars.forEach((char, index) => {
    for (const code of decomposed(char)) {
      codes.push(code);
      origins.push(index);
    }
  });
  const out: Unit[] = [];
  const balance = new Map<number, number>();
  let unbalanced = 0;
  const shift = (code: number, by: number) => {
    const was = balance.get(code) ?? 0;
    balance.set(code, was + by);
    if (was === 0) unbalanced++;
    else if (was + by === 0) unbalanced--;
  };
  let drawn = 0;
  let start = 0;
  let current: RawGlyph[] = [];
  const close = (end: number) => out.push({ glyphs: current, codePoints: chars.slice(start, end) });
  for (const glyph of glyphs) {
    const atCharacter = drawn === codes.length || (drawn > 0 && origins[drawn] !== origins[drawn - 1]);
    if (current.length > 0 && unbalanced === 0 && atCharacter && glyph.codePoints.length > 0) {
      const end = drawn === codes.length ? chars.length : origins[drawn];
      close(end);
      current = [];
      start = end;
    }
    current.push(glyph);
    for (const char of glyph.codePoints) {
      for (const code of decomposed(char)) {
        shift(code, 1);
        if (drawn < codes.length) shift(codes[drawn], -1);
        drawn++;
      }
    }
  }
  if (current.length) close(chars.length);
  return out.flatMap((unit) => (unit.glyphs.length > MAX_CLUSTER_GLYPHS || unbalancedUnit(unit) ? apart(unit.glyphs) : [unit]));
}

/** A unit whose glyphs do not draw its characters: read glyph by glyph. */
function unbalancedUnit(unit: Unit): boolean {
  const drawn = unit.glyphs.flatMap((glyph) => glyph.codePoints.flatMap(decomposed)).sort((a, b) => a - b);
  const sent = unit.codePoints.flatMap(decomposed).sort((a, b) => a - b);
  return drawn.length !== sent.length || drawn.some((code, i) => code !== sent[i]);
}

const decompositions = new Map<number, number[]>();

/** A character's canonical decomposition (NFD), as code points. */
function decomposed(char: number): number[] {
  if (char < 0xc0) return [char];
  let codes = decompositions.get(char);
  if (!codes) {
    codes = codePointsOf(String.fromCodePoint(char).normalize('NFD'));
    if (decompositions.size < 4096) decompositions.set(char, codes);
  }
  return codes;
}

/** Each glyph on its own, a glyph without characters with the one before it. */
function apart(glyphs: RawGlyph[]): Unit[] {
  const out: Unit[] = [];
  for (const glyph of glyphs) {
    const previous = out[out.length - 1];
    if (previous && (glyph.codePoints.length === 0 || previous.glyphs.every((member) => member.codePoints.length === 0))) previous.glyphs.push(glyph);
    else out.push({ glyphs: [glyph], codePoints: [] });
  }
  for (const unit of out) unit.codePoints = unit.glyphs.flatMap((glyph) => glyph.codePoints);
  return out;
}

function codePointsOf(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    out.push(code);
    if (code > 0xffff) i++;
  }
  return out;
}

function inTextOrder(logical: RawGlyph[], chars: number[]): boolean {
  let at = 0;
  for (const glyph of logical) for (const code of glyph.codePoints) if (chars[at++] !== code) return false;
  return at === chars.length;
}

/** The text's characters that no drawn glyph names, in order (the default ignorables fontkit swapped). */
function unnamed(chars: number[], logical: RawGlyph[]): number[] {
  const named = new Map<number, number>();
  for (const glyph of logical) if (!glyph.ignorable) for (const code of glyph.codePoints.flatMap(decomposed)) named.set(code, (named.get(code) ?? 0) + 1);
  const out: number[] = [];
  for (const char of chars) {
    const codes = decomposed(char);
    if (codes.every((code) => (named.get(code) ?? 0) > 0)) for (const code of codes) named.set(code, named.get(code)! - 1);
    else out.push(char);
  }
  return out;
}

/** One composite glyph for the unit, reading as its characters; the glyphs apart when the face has no room for more. */
function joined(unit: Unit, direction: 'ltr' | 'rtl', cluster: (parts: ClusterPart[], advance: number) => number | null): RawGlyph | RawGlyph[] {
  const visual = direction === 'rtl' ? [...unit.glyphs].reverse() : unit.glyphs;
  const parts: ClusterPart[] = [];
  let pen = 0;
  for (const glyph of visual) {
    parts.push({ glyphId: glyph.id, x: pen + glyph.xOffset, y: glyph.yOffset });
    pen += glyph.xAdvance;
  }
  const id = cluster(parts, pen);
  if (id === null) return unit.glyphs;
  return { id, codePoints: unit.codePoints, xAdvance: pen, xOffset: 0, yOffset: 0, ignorable: false };
}
