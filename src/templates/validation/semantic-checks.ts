import { TemplateId } from '../../engine';
import { isIsoDate } from './data-formats';
import { childOf, formatPath } from './data-path';
import { DataIssue } from './data-issue';

/** Rules JSON Schema cannot express; each sees data that may also have schema errors, so it checks shapes itself. */
export type SemanticCheck = (data: unknown) => DataIssue[];

function rangesEndNotBeforeStart(data: unknown): DataIssue[] {
  const ranges = childOf(data, 'ranges');
  if (!Array.isArray(ranges)) return [];
  return ranges.flatMap((range, index): DataIssue[] => {
    const start = childOf(range, 'start');
    const end = childOf(range, 'end');
    const bothDates = typeof start === 'string' && typeof end === 'string' && isIsoDate(start) && isIsoDate(end);
    // YYYY-MM-DD strings compare in date order.
    if (!bothDates || end >= start) return [];
    const segments = ['ranges', index, 'end'];
    const path = formatPath(segments);
    return [{ segments, path, kind: 'rule', message: `Field '${path}' must not be before ${formatPath(['ranges', index, 'start'])}` }];
  });
}

export const SEMANTIC_CHECKS: Partial<Record<TemplateId, SemanticCheck>> = {
  'calendar-schedule': rangesEndNotBeforeStart,
};
