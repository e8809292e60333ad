import { Canvas } from '../toolkit/canvas';
import { Rect } from '../toolkit/rect';

/**
 * Draws one template's data, typed by that template's schema; one class per template.
 * Function properties rather than methods: TypeScript checks their parameters strictly, so a
 * layout cannot be registered for data of another shape (see document-layouts.ts).
 */
export interface DocumentLayout<TData> {
  /** Document title: PDF metadata and the `title` header/footer placeholder. */
  title: (data: TData) => string;
  /** Draws every page, starting on the current (first) page, inside `frame`. */
  draw: (canvas: Canvas, frame: Rect, data: TData) => void;
}
