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

/**
 * Free text as printed: without the blanks callers leave around it; '' when the optional field is
 * absent. Dates need no trimming: their formats allow no blanks.
 */
export function trimmed(value: string | undefined): string {
  return value?.trim() ?? '';
}
