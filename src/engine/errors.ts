/**
 * What can go wrong inside the engine, as types a caller can branch on. The engine knows nothing
 * of HTTP: src/generation maps these to the contract's errors in one place.
 */

/** The document could not be drawn with this data and these options. */
export class RenderFailed extends Error {
  constructor(message = 'The template could not be rendered with this data', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RenderFailed';
  }
}

/** Rendering outlived its time limit and was stopped. */
export class RenderTimedOut extends RenderFailed {
  constructor(
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    super(`Rendering took longer than ${timeoutMs} ms`, options);
    this.name = 'RenderTimedOut';
  }
}

/** No built-in document has this template id. */
export class UnknownTemplate extends RenderFailed {
  constructor(readonly templateId: string) {
    super(`Unknown template: ${templateId}`);
    this.name = 'UnknownTemplate';
  }
}

/**
 * The data does not fit a custom layout (an image that is not a data URI, rows that are not an
 * array...). The message names the layout path, e.g. `layout.body[2].src must be ...`.
 */
export class InvalidDocumentData extends RenderFailed {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDocumentData';
  }
}
