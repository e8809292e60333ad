/** The visual identity shared by the four templates: one type scale, one spacing scale, one palette. */
export const COLORS = {
  text: '#1f2937',
  muted: '#6b7280',
  faint: '#9ca3af',
  accent: '#1e3a8a',
  accentSoft: '#eef2ff',
  rule: '#e5e7eb',
  zebra: '#f6f7f9',
  panel: '#f9fafb',
  white: '#ffffff',
  positive: '#15803d',
  negative: '#b91c1c',
  flat: '#6b7280',
  neutral: '#64748b',
} as const;

export const TYPE = {
  display: 22,
  title: 16,
  heading: 11.5,
  body: 9,
  small: 8,
  tiny: 7,
  kpi: 20,
} as const;

export const SPACE = { xs: 3, sm: 6, md: 10, lg: 16, xl: 24 } as const;

/** Line height as a multiple of the font size. */
export const LEADING = 1.32;
