/** The few parts of pdfmake 0.3 (server build, no bundled typings) that bench/pdfmake-invoice.ts uses. */
declare module 'pdfmake' {
  interface FontFiles {
    normal: string;
    bold?: string;
    italics?: string;
    bolditalics?: string;
  }
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    virtualfs: { writeFileSync(name: string, content: Buffer): void };
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(docDefinition: Record<string, unknown>): OutputDocument;
  }
  const pdfmake: PdfMake;
  export = pdfmake;
}
