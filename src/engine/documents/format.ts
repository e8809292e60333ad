const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** 1234.5 -> "1,234.50". */
export function formatMoney(value: number): string {
  return MONEY.format(value);
}

/** 1500 -> "1,500", 2.5 -> "2.5". */
export function formatQuantity(value: number): string {
  return QUANTITY.format(value);
}

/** A string field that may be absent or not a string: trimmed text or ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A number field that may be absent: the number or undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
