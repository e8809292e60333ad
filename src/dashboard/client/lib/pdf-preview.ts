/**
 * Draws PDFs onto canvases with pdf.js (pdfjs-dist v4). pdf.js is not bundled: its browser build
 * (pdf.min.mjs and pdf.worker.min.mjs, copied into the dashboard's assets by the build) is imported
 * on first use, so only the pages that preview PDFs pay for it. No eval (the CSP has none): fonts
 * are loaded without compiling glyph programs.
 */
import type * as PdfJsModule from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

export interface PdfJsLocation {
  module: string;
  worker: string;
}

/** What was drawn: how many pages the document has, and the text of the pages drawn. */
export interface RenderedPdf {
  pages: number;
  drawn: number;
  text: string;
}

let loading: Promise<PdfJs> | undefined;

/** Imports pdf.js once per page. */
export function loadPdfJs(location: PdfJsLocation): Promise<PdfJs> {
  loading ??= (import(/* webpackIgnore: true */ location.module) as Promise<PdfJs>).then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = location.worker;
    return pdfjs;
  });
  // A failed import (offline, blocked) may be retried on the next render.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The pdf.js location a page states on an element: `data-pdfjs-module` and `data-pdfjs-worker`. */
export function pdfJsLocation(element: HTMLElement): PdfJsLocation {
  return { module: element.dataset.pdfjsModule ?? '/dashboard/assets/pdf.min.mjs', worker: element.dataset.pdfjsWorker ?? '/dashboard/assets/pdf.worker.min.mjs' };
}

/**
 * Renders up to `maxPages` pages of `bytes` at the width of `target`, then swaps them in at once
 * (the previous drawing stays until the new one is ready: no flicker while typing).
 */
export async function renderPdf(
  location: PdfJsLocation,
  bytes: Uint8Array,
  target: HTMLElement,
  options: { maxPages?: number; label?: string } = {},
): Promise<RenderedPdf> {
  const pdfjs = await loadPdfJs(location);
  const task = pdfjs.getDocument({ data: bytes, isEvalSupported: false, useSystemFonts: false });
  const doc = await task.promise;
  try {
    const drawn = Math.min(doc.numPages, options.maxPages ?? doc.numPages);
    const cssWidth = Math.max(target.clientWidth, 240);
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const figures: HTMLElement[] = [];
    const texts: string[] = [];
    for (let n = 1; n <= drawn; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.className = 'pdf-page';
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `${options.label ?? 'Page'} ${n} of ${doc.numPages}`);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('Canvas is not available in this browser');
      await page.render({ canvasContext: context, viewport }).promise;
      const content = await page.getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
      figures.push(canvas);
      page.cleanup();
    }
    target.replaceChildren(...figures);
    const text = texts.join('\n').replace(/[ \t]+/g, ' ').trim();
    target.dataset.previewText = text;
    target.dataset.previewPages = String(doc.numPages);
    return { pages: doc.numPages, drawn, text };
  } finally {
    void doc.destroy();
  }
}
