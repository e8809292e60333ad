/**
 * Bounds on header/footer images, checked from the declared size before anything is decoded.
 * An image is drawn in a page margin: 4 MP is 300 dpi over a 14 in x 3 in band, yet a PNG's
 * pixels cost the renderer 4 to 8 bytes each when PDFKit has to decode them (alpha, interlace).
 */
export const IMAGE_LIMITS = {
  maxSide: 4096,
  maxPixelsPerImage: 4 * 1024 * 1024,
  /** Over the distinct images of one template (a repeated image is embedded once). */
  maxPixelsPerTemplate: 8 * 1024 * 1024,
} as const;
