import type { WorkspaceUsage } from '../../workspaces/workspaces.service';
import type { DayActivity, MonthActivity } from '../../history/month-activity';
import { formatCount, monthName, shortDate } from './format';
import { nextPeriodStart } from '../../usage/billing-period';

/** What views/pages/overview.liquid shows; every string is escaped by the renderer. */
export interface OverviewModel {
  periodLabel: string;
  resetsOn: string;
  usage: {
    used: string;
    limit: string;
    remaining: string;
    /** 0 to 100, for the bar (a <progress> element, no inline style). */
    percent: number;
    percentLabel: string;
    /** 'ok', 'warn' (80% and over) or 'full' (the limit is reached). */
    level: 'ok' | 'warn' | 'full';
    testUsed: string;
    testLimit: string;
  };
  totals: { total: string; succeeded: string; failed: string; test: string };
  /** Under the failed count: how it compares, or that nothing was recorded yet. */
  failedNote: string;
  hasFailures: boolean;
  /** One sentence that says what the chart shows (its text alternative, with the table). */
  chartSummary: string;
  /** The days with generations, newest first: the chart's numbers as a table. */
  days: Array<{ date: string; label: string; live: string; test: string; failed: string; total: string }>;
  /** The chart's data (the view writes it into a JSON island with `json_island`). */
  chart: { days: DayActivity[] };
  byTemplate: Array<{ templateId: string; total: string; succeeded: string; failed: string; test: string; share: number; shareLabel: string; shareFill: number }>;
  byFormat: Array<{ outputFormat: string; total: string; succeeded: string; failed: string; test: string; share: number; shareLabel: string; shareFill: number }>;
  /** Nothing generated this month (live or test): the page shows the quick start instead of the numbers. */
  empty: boolean;
}

function failedShare(failed: number, total: number): string {
  const percent = (failed / total) * 100;
  return percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

/**
 * The overview of one workspace for the month of `now`: the usage counter (what is billed and
 * limited) next to the history's breakdown (what was made, succeeded and failed).
 */
export function overviewModel(usage: WorkspaceUsage, testLimit: number, activity: MonthActivity, now: Date): OverviewModel {
  const percentExact = usage.limit > 0 ? (usage.used / usage.limit) * 100 : 100;
  const percent = Math.min(100, Math.round(percentExact));
  const level = usage.used >= usage.limit ? 'full' : percentExact >= 80 ? 'warn' : 'ok';
  const today = now.toISOString().slice(0, 10);
  const pastDays = activity.days.filter((d) => d.date <= today);
  const busiest = pastDays.reduce<(typeof pastDays)[number] | null>((best, d) => {
    const total = d.live + d.test + d.failed;
    return total > 0 && (!best || total > best.live + best.test + best.failed) ? d : best;
  }, null);
  const total = activity.totals.total;
  const chartSummary =
    total === 0
      ? `No generations in ${monthName(activity.period)} yet.`
      : `${formatCount(total)} generation${total === 1 ? '' : 's'} in ${monthName(activity.period)} so far ` +
        `(${formatCount(activity.totals.succeeded)} succeeded, ${formatCount(activity.totals.failed)} failed, ${formatCount(activity.totals.test)} with test keys)` +
        (busiest ? `; the busiest day was ${shortDate(busiest.date)} with ${formatCount(busiest.live + busiest.test + busiest.failed)}.` : '.');
  // The bar's width class (.meter-fill-NN, by 5): a share above 0 shows at least a sliver.
  const fill = (percent: number) => (percent === 0 ? 0 : Math.max(5, Math.round(percent / 5) * 5));
  const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  const next = new Date(nextPeriodStart(now));
  return {
    periodLabel: monthName(activity.period),
    resetsOn: next.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    usage: {
      used: formatCount(usage.used),
      limit: formatCount(usage.limit),
      remaining: formatCount(usage.remaining),
      percent,
      percentLabel: `${usage.limit > 0 && percentExact > 0 && percentExact < 1 ? '<1' : Math.min(100, Math.floor(percentExact))}%`,
      level,
      testUsed: formatCount(usage.testUsed),
      testLimit: formatCount(testLimit),
    },
    totals: {
      total: formatCount(total),
      succeeded: formatCount(activity.totals.succeeded),
      failed: formatCount(activity.totals.failed),
      test: formatCount(activity.totals.test),
    },
    chartSummary,
    failedNote:
      total === 0
        ? 'Nothing recorded yet this month.'
        : activity.totals.failed === 0
          ? `None of ${formatCount(total)} recorded requests failed.`
          : `Of ${formatCount(total)} recorded requests (${failedShare(activity.totals.failed, total)}).`,
    hasFailures: activity.totals.failed > 0,
    days: pastDays
      .filter((d) => d.live + d.test + d.failed > 0)
      .map((d) => ({
        date: d.date,
        label: shortDate(d.date),
        live: formatCount(d.live),
        test: formatCount(d.test),
        failed: formatCount(d.failed),
        total: formatCount(d.live + d.test + d.failed),
      }))
      .reverse(),
    chart: { days: activity.days },
    byTemplate: activity.byTemplate.map((t) => ({
      templateId: t.templateId,
      total: formatCount(t.total),
      succeeded: formatCount(t.succeeded),
      failed: formatCount(t.failed),
      test: formatCount(t.test),
      share: share(t.total),
      shareLabel: `${share(t.total)}%`,
      shareFill: fill(share(t.total)),
    })),
    byFormat: activity.byFormat.map((f) => ({
      outputFormat: f.outputFormat,
      total: formatCount(f.total),
      succeeded: formatCount(f.succeeded),
      failed: formatCount(f.failed),
      test: formatCount(f.test),
      share: share(f.total),
      shareLabel: `${share(f.total)}%`,
      shareFill: fill(share(f.total)),
    })),
    empty: total === 0 && usage.used === 0 && usage.testUsed === 0,
  };
}
