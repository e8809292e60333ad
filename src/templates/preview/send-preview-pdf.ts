import type { Response } from 'express';

/** A preview's answer (DECISIONS section 9): the PDF inline, never cached, marked `X-Preview`. */
export function sendPreviewPdf(res: Response, templateId: string, pdf: Uint8Array): void {
  res.status(200).set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${templateId}-preview.pdf"`,
    'Content-Length': String(pdf.byteLength),
    'Cache-Control': 'no-store',
    'X-Preview': 'true',
  });
  res.end(pdf);
}
