const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Normalises `#abc`/`abc`/`#aabbcc` to `#aabbcc`; null when it is not a hex colour. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX.exec(value.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toLowerCase()}`;
}

/** Mixes a hex colour towards white; amount 0 keeps it, 1 gives white. */
export function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `#${channels.map((c) => Math.round(c + (255 - c) * amount).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes a hex colour towards black, for readable text on a tint of the same colour. */
export function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `#${channels.map((c) => Math.round(c * (1 - amount)).toString(16).padStart(2, '0')).join('')}`;
}
