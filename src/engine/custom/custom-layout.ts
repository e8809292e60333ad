import { DocumentLayout } from '../documents/document-layout';
import { RenderFailed } from '../errors';
import { CustomRender } from '../page/pdf-options';
import { CompiledLayout } from './compile-layout';
import { compiledLayout } from './compiled-cache';
import { drawCustomDocument } from './custom-document';

/**
 * A custom template's layout, compiled once per version and process (see compiled-cache.ts).
 * render-document.ts loads this module (and with it liquidjs and the block compilers) on the
 * first custom render only: see there.
 */
export function customLayout(custom: CustomRender): DocumentLayout<Record<string, unknown>> {
  let compiled: CompiledLayout;
  try {
    compiled = compiledLayout(custom.key, custom.layout);
  } catch (error) {
    // Stored layouts were compiled when saved: this is a layout that bypassed that check.
    throw new RenderFailed('The template layout is not valid', { cause: error });
  }
  return { title: () => custom.title, draw: (canvas, frame, data) => drawCustomDocument(canvas, frame, compiled, data) };
}
