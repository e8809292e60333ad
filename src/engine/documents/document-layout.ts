import { Canvas } from '../toolkit/canvas';
import { Frame } from '../toolkit/page-flow';

/** Draws one template's data; one class per template. */
export interface DocumentLayout {
  /** Document title: PDF metadata and the `title` header/footer placeholder. */
  title(data: Record<string, unknown>): string;
  /** Draws every page, starting on the current (first) page, inside `frame`. */
  draw(canvas: Canvas, frame: Frame, data: Record<string, unknown>): void;
}
