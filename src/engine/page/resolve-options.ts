import { cssLengthToPoints } from './css-length';
import { pageSize } from './page-size';
import { DEFAULT_LANG, DefaultPdfOptions, MARGIN_SIDES, MarginSpec, Orientation, PdfOptions, PdfOptionsInput } from './pdf-options';

/** The content box must keep at least one inch each way, or no layout can place anything. */
const MIN_CONTENT_PT = 72;

/**
 * Lays options whose shape is already checked over the template defaults, key by key (margin
 * side by side). `dataOrientation` and `dataLang` are the data's own preferences, which lose to
 * `options.orientation` and `options.lang` and win over the defaults.
 */
export function resolveOptions(input: PdfOptionsInput, defaults: DefaultPdfOptions, dataOrientation?: Orientation, dataLang?: string): PdfOptions {
  const margin: MarginSpec = { ...defaults.margin };
  for (const side of MARGIN_SIDES) {
    const value = input.margin?.[side];
    if (value !== undefined) margin[side] = String(value);
  }
  return {
    format: input.format ?? defaults.format,
    orientation: input.orientation ?? dataOrientation ?? defaults.orientation,
    margin,
    displayHeaderFooter: input.displayHeaderFooter ?? false,
    headerTemplate: input.headerTemplate,
    footerTemplate: input.footerTemplate,
    // The document's language: the caller's, else the data's (the invoice's locale), else en.
    lang: input.lang ?? dataLang ?? DEFAULT_LANG,
    // An e-invoice is a PDF/A-3 file (Factur-X); the caller may add PDF/UA-1.
    pdfStandard: input.pdfStandard ?? (input.eInvoice ? 'PDF/A-3b' : undefined),
    ...(input.eInvoice ? { eInvoice: input.eInvoice } : {}),
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    ...(input.encryption ? { encryption: input.encryption } : {}),
    ...(input.signature ? { signature: input.signature } : {}),
  };
}

/** Why these margins leave no room for content, or null when they leave enough. */
export function contentRoomProblem(options: DefaultPdfOptions): string | null {
  const page = pageSize(options.format, options.orientation);
  const pt = (side: keyof MarginSpec) => cssLengthToPoints(options.margin[side]) ?? 0;
  if (page.width - pt('left') - pt('right') < MIN_CONTENT_PT || page.height - pt('top') - pt('bottom') < MIN_CONTENT_PT) {
    return `options.margin leaves less than 1in for content on a ${options.orientation} ${options.format} page`;
  }
  return null;
}
