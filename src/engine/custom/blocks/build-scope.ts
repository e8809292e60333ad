import { InvalidDocumentData, RenderFailed } from '../../errors';
import { parseHexColor } from '../../toolkit/color';
import { Rect } from '../../toolkit/rect';
import { CustomTheme } from '../custom-theme';
import { ValueFn } from '../liquid/compile-liquid';
import { Evaluation } from '../liquid/evaluation';
import { ColorFn } from './compile-context';

/** Most blocks, rows and list entries one document may build: far more than 1,000 full pages hold. */
export const MAX_BUILT_BLOCKS = 250_000;
/** Most pixels of the distinct images of one document. */
export const MAX_DOCUMENT_IMAGE_PIXELS = 32 * 1024 * 1024;
export const MAX_PAGES = 1000;
export const TOO_MANY_PAGES = `Document exceeds ${MAX_PAGES} pages`;

/** What building one document's blocks needs: its evaluation, theme, content frame and budgets. */
export class BuildScope {
  private blocksLeft = MAX_BUILT_BLOCKS;
  private imagePixelsLeft = MAX_DOCUMENT_IMAGE_PIXELS;
  private readonly images = new Set<string>();

  constructor(
    readonly evaluation: Evaluation,
    readonly theme: CustomTheme,
    /** The body's frame on every page: no block can be taller or wider. */
    readonly frame: Rect,
  ) {}

  /** A colour property's value; one that gives no hex colour falls back. */
  color(color: ColorFn | undefined, fallback: string): string {
    if (color === undefined) return fallback;
    return typeof color === 'string' ? color : (parseHexColor(color(this.evaluation)) ?? fallback);
  }

  /** The array an expression names; nothing when the data lacks it. `path` names the property in errors. */
  items(value: ValueFn, path: string): readonly unknown[] {
    const found = value(this.evaluation);
    if (found === undefined || found === null) return [];
    if (Array.isArray(found)) return found;
    throw new InvalidDocumentData(`${path} must name an array, not ${typeof found === 'object' ? 'an object' : `a ${typeof found}`}`);
  }

  /** Counts `count` more built blocks or rows; a document past the budget fails at once. */
  spend(count: number): void {
    this.blocksLeft -= count;
    if (this.blocksLeft < 0) throw new RenderFailed(TOO_MANY_PAGES);
  }

  /** Counts an image's pixels once per distinct image (each is embedded once). */
  spendImage(src: string, pixels: number, path: string): void {
    if (this.images.has(src)) return;
    this.images.add(src);
    this.imagePixelsLeft -= pixels;
    if (this.imagePixelsLeft < 0) throw new InvalidDocumentData(`${path}: the document's images hold more than ${MAX_DOCUMENT_IMAGE_PIXELS} pixels`);
  }
}
