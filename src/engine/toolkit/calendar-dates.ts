const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) for a calendar date; month is 1-12. */
export function dayNumber(year: number, month: number, day: number): number {
  return Math.floor(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** Day number of a YYYY-MM-DD string, or null when it is not one. */
export function parseIsoDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? dayNumber(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

export function daysInMonth(year: number, month: number): number {
  return dayNumber(year, month + 1, 1) - dayNumber(year, month, 1);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(day: number): number {
  return (day + 4) % 7; // 1970-01-01 was a Thursday
}

export function dayOfMonth(day: number): number {
  return new Date(day * DAY_MS).getUTCDate();
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** No-break space: a date is never wrapped inside, nor a line started with a span's dash. */
const NBSP = '\u00a0';

/** "12 Mar", with the year ("12 Mar 2026") when it is not `year`; its spaces do not break. */
export function shortDate(day: number, year: number): string {
  const date = new Date(day * DAY_MS);
  const text = `${date.getUTCDate()}${NBSP}${MONTH_NAMES[date.getUTCMonth()].slice(0, 3)}`;
  return date.getUTCFullYear() === year ? text : `${text}${NBSP}${date.getUTCFullYear()}`;
}

/** "Wed 12 Mar". */
export function weekdayDate(day: number): string {
  return `${WEEKDAY_NAMES[weekday(day)]}${NBSP}${shortDate(day, yearOf(day))}`;
}

/** "10 Mar – 18 Mar" (one day: "10 Mar"), years shown where they are not `year`. */
export function dateSpan(first: number, last: number, year: number): string {
  return first === last ? shortDate(first, year) : `${shortDate(first, year)}${NBSP}– ${shortDate(last, year)}`;
}
