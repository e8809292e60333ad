import { Block } from '../../toolkit/block';
import { BuildScope } from './build-scope';

/** A toolkit block produced by a layout block, with the space it wants above it. */
export interface Piece {
  block: Block;
  space: number;
  /** Kept on the same page as the piece that follows (headings). */
  keepWithNext?: boolean;
  /** Most space above the piece that follows (a label's value sits right under it). */
  spaceAfter?: number;
  /** Not drawn: the body continues on a new page. */
  pageBreak?: boolean;
}

export type Emit = (piece: Piece) => void;

/**
 * A layout block compiled once: its Liquid parsed, its constants resolved. Building it evaluates
 * the Liquid against one document's data and hands toolkit blocks to `emit`, in order; loops
 * and conditions hand over any number of them. Layout and drawing are the toolkit's.
 */
export interface CompiledBlock {
  build(scope: BuildScope, emit: Emit): void;
}
