import { transferableSymbol, valueSymbol } from 'piscina';

/** What a render worker hands back: the PDF bytes, how many pages they hold, and when it drew them. */
export interface RenderedPdf {
  pdf: Uint8Array;
  pages: number;
  /** The render's own time on its worker, in epoch milliseconds (its span in a trace). */
  drawn: { startMs: number; endMs: number };
}

/**
 * A RenderedPdf whose bytes are transferred to the HTTP thread, not copied: Piscina moves the
 * buffers a result lists under its transferable symbol, and hands over the value under its value symbol.
 */
export class TransferredPdf {
  constructor(private readonly result: RenderedPdf) {}

  get [transferableSymbol](): ArrayBufferLike[] {
    return [this.result.pdf.buffer];
  }

  get [valueSymbol](): RenderedPdf {
    return this.result;
  }
}
