import { ARG_1_AND_2_ARE_WORDS, ARGS_ARE_XY_VALUES, MORE_COMPONENTS } from './glyf-composite';

/**
 * Composite glyphs made for a face: one glyph drawing several of the font's glyphs at their
 * shaped positions. A font may split one character into several glyphs (Noto Sans Arabic draws
 * the dots of ش, ة and پ and the hamza of أ as glyphs of their own). Each glyph code in a PDF maps
 * to text through ToUnicode, and PDF/UA asks that every code map to something (7.21.7): a split-off
 * dot has no text of its own, so the character and all its glyphs become one code.
 *
 * Ids start above any real glyph id (TrueType ids are 16-bit); the subset renumbers them.
 */
const FIRST_CLUSTER_ID = 0x10000;
/** Bound per face: each distinct sequence costs a few dozen bytes. Past it, glyphs stay apart. */
const MAX_CLUSTERS = 50_000;


/** One glyph of a cluster, at its pen position from the cluster's start, in font units (y up). */
export interface ClusterPart {
  glyphId: number;
  x: number;
  y: number;
}

interface Cluster {
  data: Buffer;
  advance: number;
  xMin: number;
}

export class ClusterGlyphs {
  private readonly clusters: Cluster[] = [];
  private readonly ids = new Map<string, number>();

  /** `glyphBox`: a real glyph's [xMin, yMin, xMax, yMax], or null for one without outline. */
  constructor(private readonly glyphBox: (glyphId: number) => [number, number, number, number] | null) {}

  /** The id of the composite drawing `parts` with `advance` (font units), or null past the bound. */
  idFor(parts: readonly ClusterPart[], advance: number): number | null {
    const key = `${advance}|${parts.map(({ glyphId, x, y }) => `${glyphId},${x},${y}`).join(';')}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      if (this.clusters.length >= MAX_CLUSTERS) return null;
      id = FIRST_CLUSTER_ID + this.clusters.push(this.compose(parts, advance)) - 1;
      this.ids.set(key, id);
    }
    return id;
  }

  has(glyphId: number): boolean {
    return glyphId >= FIRST_CLUSTER_ID && glyphId - FIRST_CLUSTER_ID < this.clusters.length;
  }

  data(glyphId: number): Buffer {
    return this.clusters[glyphId - FIRST_CLUSTER_ID].data;
  }

  /** Advance and left side bearing in font units, as hmtx would store them. */
  metrics(glyphId: number): [number, number] {
    const cluster = this.clusters[glyphId - FIRST_CLUSTER_ID];
    return [cluster.advance, cluster.xMin];
  }

  /** A TrueType composite glyph (numberOfContours -1) with each part at its x/y offset. */
  private compose(parts: readonly ClusterPart[], advance: number): Cluster {
    const box = [Infinity, Infinity, -Infinity, -Infinity];
    for (const part of parts) {
      const own = this.glyphBox(part.glyphId);
      if (!own) continue;
      box[0] = Math.min(box[0], own[0] + part.x);
      box[1] = Math.min(box[1], own[1] + part.y);
      box[2] = Math.max(box[2], own[2] + part.x);
      box[3] = Math.max(box[3], own[3] + part.y);
    }
    if (box[0] === Infinity) box.fill(0);
    // No parts: an empty glyph (no outline), as a space is.
    if (parts.length === 0) return { data: Buffer.alloc(0), advance, xMin: 0 };
    const data = Buffer.alloc(10 + parts.length * 8);
    data.writeInt16BE(-1, 0);
    box.forEach((value, i) => data.writeInt16BE(clamp16(value), 2 + i * 2));
    parts.forEach((part, i) => {
      const at = 10 + i * 8;
      const more = i < parts.length - 1 ? MORE_COMPONENTS : 0;
      data.writeUInt16BE(ARG_1_AND_2_ARE_WORDS | ARGS_ARE_XY_VALUES | more, at);
      data.writeUInt16BE(part.glyphId, at + 2);
      data.writeInt16BE(clamp16(part.x), at + 4);
      data.writeInt16BE(clamp16(part.y), at + 6);
    });
    return { data, advance, xMin: clamp16(box[0]) };
  }
}

function clamp16(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}
