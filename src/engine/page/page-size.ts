import type { Orientation, PageFormat } from './pdf-options';

/** Portrait page sizes in PDF points (72 per inch). */
export const PAGE_SIZES_PT: Record<PageFormat, { width: number; height: number }> = {
  Letter: { width: 612, height: 792 },
  A4: { width: 595.28, height: 841.89 },
  Legal: { width: 612, height: 1008 },
};

export function pageSize(format: PageFormat, orientation: Orientation): { width: number; height: number } {
  const { width, height } = PAGE_SIZES_PT[format];
  return orientation === 'landscape' ? { width: height, height: width } : { width, height };
}
