import { FontFace } from './font-face';
import { PdfSubsetFont } from './pdf-subset-font';

/** The subset fonts of one document, one per face it drew with. */
export class DocumentFonts {
  private readonly fonts = new Map<FontFace, PdfSubsetFont>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  for(face: FontFace): PdfSubsetFont {
    let font = this.fonts.get(face);
    if (!font) {
      font = new PdfSubsetFont(this.doc, face, `PF${this.fonts.size + 1}`);
      this.fonts.set(face, font);
    }
    return font;
  }

  /** Embeds every used subset; call once before doc.end(). */
  embedAll(): void {
    for (const font of this.fonts.values()) font.embed();
  }
}
