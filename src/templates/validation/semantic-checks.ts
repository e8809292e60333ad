import { checkDataImage, TEMPLATE_SCHEMAS, TemplateId } from '../../engine';
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

const LOGO_SCHEMA = TEMPLATE_SCHEMAS['invoice-basic'].properties?.company?.properties?.logo ?? {};
const LOGO_PATTERN = new RegExp(LOGO_SCHEMA.pattern ?? '');

/** A logo that passed the schema's pattern and size (the schema reports those) but whose bytes cannot be drawn: a lying PNG, a cut JPEG. */
function logoDecodes(data: unknown): DataIssue[] {
  const logo = childOf(childOf(data, 'company'), 'logo');
  if (typeof logo !== 'string' || logo.length > (LOGO_SCHEMA.maxLength ?? Infinity) || !LOGO_PATTERN.test(logo)) return [];
  const verdict = checkDataImage(logo);
  if (!('problem' in verdict)) return [];
  const segments = ['company', 'logo'];
  const path = formatPath(segments);
  return [{ segments, path, kind: 'rule', message: `Field '${path}' ${verdict.problem}` }];
}

/** An invoice's servicePeriod ends on or after its start. */
function servicePeriodInOrder(data: unknown): DataIssue[] {
  const period = childOf(data, 'servicePeriod');
  const start = childOf(period, 'start');
  const end = childOf(period, 'end');
  if (typeof start !== 'string' || typeof end !== 'string' || !isIsoDate(start) || !isIsoDate(end) || end >= start) return [];
  const segments = ['servicePeriod', 'end'];
  const path = formatPath(segments);
  return [{ segments, path, kind: 'rule', message: `Field '${path}' must not be before servicePeriod.start` }];
}

export const SEMANTIC_CHECKS: Partial<Record<TemplateId, SemanticCheck>> = {
  'calendar-schedule': rangesEndNotBeforeStart,
  'invoice-basic': (data) => [...logoDecodes(data), ...servicePeriodInOrder(data)],
};
