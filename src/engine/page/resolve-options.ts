import { cssLengthToPoints } from './css-length';
import { pageSize } from './page-size';
import { DefaultPdfOptions, MARGIN_SIDES, MarginSpec, ORIENTATIONS, Orientation, PAGE_FORMATS, PdfOptions } from './pdf-options';

export const MAX_HEADER_FOOTER_CHARS = 20_000;
/** The content box must keep at least one inch each way, or no layout can place anything. */
const MIN_CONTENT_PT = 72;

export interface ResolvedOptions {
  options?: PdfOptions;
  errors: string[];
}

/**
 * Validates the caller's `options` and lays them over the template defaults, key by key
 * (margin side by side). `dataOrientation` is the data's own preference, which loses to
 * `options.orientation` and wins over the default.
 */
export function resolveOptions(raw: unknown, defaults: DefaultPdfOptions, dataOrientation?: Orientation): ResolvedOptions {
  const errors: string[] = [];
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    return { errors: ['options must be an object'] };
  }
  const o = (raw ?? {}) as Record<string, unknown>;

  if (o.format !== undefined && !(PAGE_FORMATS as readonly unknown[]).includes(o.format)) {
    errors.push(`options.format must be one of: ${PAGE_FORMATS.join(', ')}`);
  }
  if (o.orientation !== undefined && !(ORIENTATIONS as readonly unknown[]).includes(o.orientation)) {
    errors.push(`options.orientation must be one of: ${ORIENTATIONS.join(', ')}`);
  }
  const margin = mergeMargin(o.margin, defaults.margin, errors);
  if (o.displayHeaderFooter !== undefined && typeof o.displayHeaderFooter !== 'boolean') {
    errors.push('options.displayHeaderFooter must be boolean');
  }
  for (const field of ['headerTemplate', 'footerTemplate'] as const) {
    const value = o[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > MAX_HEADER_FOOTER_CHARS)) {
      errors.push(`options.${field} must be a string of at most ${MAX_HEADER_FOOTER_CHARS} characters`);
    }
  }
  if (errors.length > 0) return { errors };

  const options: PdfOptions = {
    format: (o.format as PdfOptions['format']) ?? defaults.format,
    orientation: (o.orientation as Orientation) ?? dataOrientation ?? defaults.orientation,
    margin: margin!,
    displayHeaderFooter: (o.displayHeaderFooter as boolean) ?? false,
    headerTemplate: o.headerTemplate as string | undefined,
    footerTemplate: o.footerTemplate as string | undefined,
  };
  const roomError = checkContentRoom(options);
  return roomError ? { errors: [roomError] } : { options, errors };
}

function mergeMargin(raw: unknown, defaults: MarginSpec, errors: string[]): MarginSpec | undefined {
  if (raw === undefined) return { ...defaults };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    errors.push('options.margin must be an object with any of: top, right, bottom, left');
    return undefined;
  }
  const margin = { ...defaults };
  for (const side of MARGIN_SIDES) {
    const value = (raw as Record<string, unknown>)[side];
    if (value === undefined) continue;
    if ((typeof value !== 'string' && typeof value !== 'number') || cssLengthToPoints(value) === null) {
      errors.push(`options.margin.${side} must be a CSS length such as 0.75in or 20mm`);
      continue;
    }
    margin[side] = String(value);
  }
  return margin;
}

function checkContentRoom(options: PdfOptions): string | null {
  const page = pageSize(options.format, options.orientation);
  const pt = (side: keyof MarginSpec) => cssLengthToPoints(options.margin[side])!;
  if (page.width - pt('left') - pt('right') < MIN_CONTENT_PT || page.height - pt('top') - pt('bottom') < MIN_CONTENT_PT) {
    return `options.margin leaves less than 1in for content on a ${options.orientation} ${options.format} page`;
  }
  return null;
}
