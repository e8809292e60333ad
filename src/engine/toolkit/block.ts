import { Canvas } from './canvas';

/**
 * A block measured at a given width: it knows its height before anything is drawn, and how to
 * split itself when the page has less room. Splitting rules live in the blocks; deciding where
 * pages break lives in PageFlow alone.
 */
export interface Laid {
  readonly height: number;
  draw(canvas: Canvas, x: number, y: number): void;
  /**
   * Returns the part that fits in `room` and the rest, or null when no useful part fits.
   * `atPageTop` is true when `room` is a whole empty page: the last chance to split something
   * that would otherwise be kept whole.
   */
  split?(room: number, atPageTop: boolean): [Laid, Laid] | null;
  /**
   * The same block drawn `height` tall (more than its own), its frame or grid taking the extra:
   * how a row gives its cells even heights, and how a block that fills its page takes the rest.
   */
  stretch?(height: number): Laid;
  /** Stretched by PageFlow to the room left on the page it is placed on (a month grid without a fixed height). */
  readonly fills?: boolean;
}

/** Something that can be measured at a width. */
export interface Block {
  layout(canvas: Canvas, width: number): Laid;
}

/** A fixed-height drawing with no content to split (rules, spacers, headers). */
export function fixed(height: number, draw: Laid['draw'] = () => undefined): Laid {
  return { height, draw };
}
