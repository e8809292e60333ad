import type { KeyMode } from '../auth/key-mode';
import type { GenerationStatus } from './generation-record';
import { billingPeriod, nextPeriodStart, periodStart } from '../usage/billing-period';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Generations of one UTC day; `live` and `test` count the succeeded ones by key mode. */
export interface DayActivity {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  live: number;
  test: number;
  failed: number;
}

/** Generations of one template or one output format over the month. */
export interface ActivityTotals {
  total: number;
  succeeded: number;
  failed: number;
  /** Of `total`, those made with a test key. */
  test: number;
}

/**
 * A workspace's generations in one UTC calendar month, from its history (for the dashboard's
 * overview): every day of the month (future days count 0), and totals by template and by format,
 * biggest first.
 */
export interface MonthActivity {
  /** `YYYY-MM`. */
  period: string;
  days: DayActivity[];
  byTemplate: Array<ActivityTotals & { templateId: string }>;
  byFormat: Array<ActivityTotals & { outputFormat: string }>;
  totals: ActivityTotals;
}

/** One row of the grouped query: a day index from the month's start, and a count. */
export interface ActivityRow {
  day: number;
  templateId: string;
  outputFormat: string;
  mode: KeyMode;
  status: GenerationStatus;
  count: number;
}

/** The UTC calendar month `now` falls in, as [start, end) epoch milliseconds. */
export function monthBounds(now: Date): { start: number; end: number; period: string } {
  return { start: periodStart(now), end: nextPeriodStart(now), period: billingPeriod(now) };
}

const emptyTotals = (): ActivityTotals => ({ total: 0, succeeded: 0, failed: 0, test: 0 });

function add(totals: ActivityTotals, row: ActivityRow): void {
  totals.total += row.count;
  if (row.status === 'failed') totals.failed += row.count;
  else totals.succeeded += row.count;
  if (row.mode === 'test') totals.test += row.count;
}

/** Folds the grouped rows of one month into the overview's shape. */
export function foldActivity(now: Date, rows: ActivityRow[]): MonthActivity {
  const { start, end, period } = monthBounds(now);
  const dayCount = Math.round((end - start) / DAY_MS);
  const days: DayActivity[] = Array.from({ length: dayCount }, (_, index) => ({
    date: new Date(start + index * DAY_MS).toISOString().slice(0, 10),
    live: 0,
    test: 0,
    failed: 0,
  }));
  const templates = new Map<string, ActivityTotals>();
  const formats = new Map<string, ActivityTotals>();
  const totals = emptyTotals();
  for (const row of rows) {
    const day = days[row.day];
    if (day) {
      if (row.status === 'failed') day.failed += row.count;
      else if (row.mode === 'test') day.test += row.count;
      else day.live += row.count;
    }
    if (!templates.has(row.templateId)) templates.set(row.templateId, emptyTotals());
    if (!formats.has(row.outputFormat)) formats.set(row.outputFormat, emptyTotals());
    add(templates.get(row.templateId)!, row);
    add(formats.get(row.outputFormat)!, row);
    add(totals, row);
  }
  const biggestFirst = <T extends ActivityTotals>(list: Array<[string, ActivityTotals]>, name: (key: string) => Omit<T, keyof ActivityTotals>) =>
    list
      .sort(([keyA, a], [keyB, b]) => b.total - a.total || keyA.localeCompare(keyB))
      .map(([key, t]) => ({ ...name(key), ...t }) as T);
  return {
    period,
    days,
    byTemplate: biggestFirst([...templates], (templateId) => ({ templateId })),
    byFormat: biggestFirst([...formats], (outputFormat) => ({ outputFormat })),
    totals,
  };
}
