import { transferableSymbol, valueSymbol } from 'piscina';

/** What a render worker hands back: the PDF bytes and how many pages they hold. */
export interface RenderedPdf {
  pdf: Uint8Array;
  pages: number;
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
