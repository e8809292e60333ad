import { TextStyleName } from '../custom-theme';

/**
 * Default space above each kind of block when it follows another, in points: what makes a
 * layout without a single spacer read like a designed document. Text that follows a label
 * ("BILL TO") sits right under it; what follows a spacer or divider gets only their space.
 */
export const SPACE_BEFORE = {
  text: { title: 4, heading: 12, body: 5, small: 3, muted: 3, label: 10 } satisfies Record<TextStyleName, number>,
  afterLabel: 2,
  table: 12,
  columns: 12,
  box: 10,
  keyValue: 8,
  image: 8,
  qr: 8,
  list: 6,
  grid: 10,
  progress: 6,
  badge: 4,
  calendar: 10,
  /** Dividers and spacers bring their own space. */
  none: 0,
} as const;
