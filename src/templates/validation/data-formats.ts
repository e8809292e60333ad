import { FORMATS } from '../../engine';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MDY_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether the day exists in the proleptic Gregorian calendar (rejects 2025-02-30 and year 0). */
function isRealDate(year: number, month: number, day: number): boolean {
  const daysInMonth = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function isMdyDate(value: string): boolean {
  const match = MDY_DATE.exec(value);
  return match !== null && isRealDate(Number(match[3]), Number(match[1]), Number(match[2]));
}

interface FormatRule {
  validate: (value: string) => boolean;
  /** Completes "Field '<path>' must be ...". */
  expectation: string;
}

/** Every string format the template schemas use: registered with Ajv and worded for callers. */
export const FORMAT_RULES: Record<string, FormatRule> = {
  [FORMATS.isoDate]: { validate: isIsoDate, expectation: 'a date in the form YYYY-MM-DD' },
  [FORMATS.mdyDate]: { validate: isMdyDate, expectation: 'a date in the form MM/DD/YYYY' },
  [FORMATS.hexColour]: { validate: (value) => HEX_COLOUR.test(value), expectation: 'a hex colour such as #1a73e8' },
};
