import type { AssociatedFile } from '../associated-files';
import type { EInvoiceProfile } from '../einvoice/einvoice-profile';
import { Canvas } from '../toolkit/canvas';
import { Rect } from '../toolkit/rect';

/** What the request asks of the document beyond its data. */
export interface DrawMode {
  /** The document is this profile's e-invoice: it shows what an e-invoice's reader expects. */
  eInvoice?: EInvoiceProfile;
}

/**
 * Draws one template's data, typed by that template's schema; one class per template.
 * Function properties rather than methods: TypeScript checks their parameters strictly, so a
 * layout cannot be registered for data of another shape (see document-layouts.ts).
 */
export interface DocumentLayout<TData> {
  /** Document title: PDF metadata and the `title` header/footer placeholder. */
  title: (data: TData) => string;
  /** Draws every page, starting on the current (first) page, inside `frame`. */
  draw: (canvas: Canvas, frame: Rect, data: TData, mode: DrawMode) => void;
  /** The document as an e-invoice's XML, from the same figures as its page; only templates that can be e-invoices have it. */
  eInvoice?: (data: TData, profile: EInvoiceProfile) => AssociatedFile;
  /** How a multi-page document names and numbers its pages (DECISIONS section 12); default: the title, in English. */
  furniture?: (data: TData) => PageFurniture;
}

/** The words of a built-in document's own page furniture, in the document's language. */
export interface PageFurniture {
  /** How the document names itself on its pages, e.g. "Invoice INV-2025-0142". */
  name: string;
  /** e.g. "Page 2 of 3". */
  pageLabel: (page: number, total: number) => string;
  /** e.g. "continued". */
  continued: string;
}
