import { TemplateId } from '../template.types';
import { isIsoDate } from './data-formats';
import { childOf, formatPath } from './data-path';
import { DataIssue } from './data-issue';

/** Rules JSON Schema cannot express; each sees data that may also have schema errors, so it checks shapes itself. */
type SemanticCheck = (data: unknown) => DataIssue[];

function rangesEndNotBeforeStart(data: unknown): DataIssue[] {
  const ranges = childOf(data, 'ranges');
  if (!Array.isArray(ranges)) return [];
  return ranges.flatMap((range, index): DataIssue[] => {
    const start = childOf(range, 'start');
    const end = childOf(range, 'end');
    const bothDates = typeof start === 'string' && typeof end === 'string' && isIsoDate(start) && isIsoDate(end);
    // YYYY-MM-DD strings compare in date order.
    if (!bothDates || end >= start) return [];
    const message = `Field '${formatPath(['ranges', index, 'end'])}' must not be before ${formatPath(['ranges', index, 'start'])}`;
    return [{ segments: ['ranges', index, 'end'], kind: 'rule', message }];
  });
}

export const SEMANTIC_CHECKS: Partial<Record<TemplateId, SemanticCheck>> = {
  'calendar-schedule': rangesEndNotBeforeStart,
};
