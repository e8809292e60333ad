import { shade } from './color';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text. */
export const READABLE_CONTRAST = 4.5;

/** `color` darkened just enough to read on `background` (a light one) at WCAG AA. */
export function readableOn(color: string, background: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = shade(color, amount);
    if (contrastRatio(candidate, background) >= READABLE_CONTRAST) return candidate;
  }
  return '#000000';
}
