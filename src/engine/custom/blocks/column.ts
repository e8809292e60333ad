import { Block, Laid } from '../../toolkit/block';
import { Canvas } from '../../toolkit/canvas';
import { Emit, Piece } from './compiled-block';

/**
 * Pieces one under another, each with its own space above (dropped at the top of a page part);
 * splits between pieces or inside the one that straddles, like the toolkit's VStack. The first
 * `keepFirst` pieces never end a page part alone (a heading stays with what follows).
 */
export class Column implements Block {
  constructor(
    private readonly pieces: Piece[],
    private readonly keepFirst = 0,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    return new LaidColumn(
      this.pieces.map((piece) => piece.block.layout(canvas, width)),
      this.pieces.map((piece, index) => (index === 0 ? 0 : piece.space)),
      this.keepFirst,
    );
  }
}

class LaidColumn implements Laid {
  readonly height: number;
  /** Present when a child stretches: the last child that fills its page takes the extra height, else the last that stretches. */
  readonly stretch?: (height: number) => Laid;
  readonly fills: boolean;

  constructor(
    private readonly children: Laid[],
    /** Space above each child; the first one's is 0. */
    private readonly spaces: number[],
    private readonly keepFirst: number,
  ) {
    this.height = children.reduce((sum, child, index) => sum + spaces[index] + child.height, 0);
    const filling = children.map((child) => child.fills === true && child.stretch !== undefined).lastIndexOf(true);
    const stretching = filling >= 0 ? filling : children.map((child) => child.stretch !== undefined).lastIndexOf(true);
    this.fills = filling >= 0;
    if (stretching >= 0) {
      this.stretch = (height) => {
        const stretched = children.map((child, index) => (index === stretching ? child.stretch!(child.height + height - this.height) : child));
        return new LaidColumn(stretched, spaces, keepFirst);
      };
    }
  }

  draw(canvas: Canvas, x: number, y: number): void {
    let top = y;
    this.children.forEach((child, index) => {
      top += this.spaces[index];
      child.draw(canvas, x, top);
      top += child.height;
    });
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    // On an empty page a heading may end the part after all: the rest would not fit a page with it.
    const keepFirst = atPageTop ? 0 : this.keepFirst;
    let used = 0;
    for (let index = 0; index < this.children.length; index++) {
      const child = this.children[index];
      const space = this.spaces[index];
      if (used + space + child.height <= room) {
        used += space + child.height;
        continue;
      }
      const parts = child.split?.(room - used - space, atPageTop) ?? null;
      const headCount = parts ? index + 1 : index;
      if (headCount === 0 || (parts ? index < keepFirst : index <= keepFirst)) return null;
      const head = parts ? [...this.children.slice(0, index), parts[0]] : this.children.slice(0, index);
      const tail = parts ? [parts[1], ...this.children.slice(index + 1)] : this.children.slice(index);
      const tailSpaces = [0, ...this.spaces.slice(index + 1, index + tail.length)];
      return [new LaidColumn(head, this.spaces.slice(0, head.length), 0), new LaidColumn(tail, tailSpaces, 0)];
    }
    return null;
  }
}

/** Most pieces held together by keep-with-next: a run of headings must not make a block too tall to split. */
const MAX_KEPT = 3;

/**
 * Passes pieces on in order. Each piece's space is capped by the piece before it (a label's
 * value sits right under it; after a spacer or divider the space is theirs alone). Pieces that
 * keep with the next one (headings, labels) are joined with it into a Column whose first pieces
 * never end a page alone. `flush` hands over the headings that nothing followed.
 */
export function keepingHeadings(emit: Emit): { emit: Emit; flush: () => void } {
  let pending: Piece[] = [];
  let cap = Infinity;
  const flush = () => {
    pending.forEach(emit);
    pending = [];
  };
  return {
    emit: (next) => {
      const piece = next.space > cap ? { ...next, space: cap } : next;
      cap = next.spaceAfter ?? Infinity;
      if (piece.pageBreak) flush();
      else if (piece.keepWithNext && pending.length < MAX_KEPT) {
        pending.push(piece);
        return;
      }
      if (pending.length === 0) return emit(piece);
      emit({ block: new Column([...pending, piece], pending.length), space: pending[0].space, spaceAfter: piece.spaceAfter });
      pending = [];
    },
    flush,
  };
}

/** Builds pieces into one Column (the content of a box, a column, a grid cell); page breaks have no meaning there. */
export function collect(build: (emit: Emit) => void): Column {
  const pieces: Piece[] = [];
  const sink = keepingHeadings((piece) => {
    if (!piece.pageBreak) pieces.push(piece);
  });
  build(sink.emit);
  sink.flush();
  return new Column(pieces);
}
