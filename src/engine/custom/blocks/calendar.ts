import { InvalidDocumentData } from '../../errors';
import { parseIsoDay } from '../../toolkit/calendar-dates';
import { parseHexColor } from '../../toolkit/color';
import { Legend } from '../../toolkit/legend';
import { CalendarMonth } from '../../toolkit/calendar-month';
import { GridEvent, GridRange } from '../../toolkit/month-grid';
import { IssueList, LayoutPath, layoutPath } from '../layout-path';
import { compileText, compileValuePath, TextFn, ValueFn } from '../liquid/compile-liquid';
import { BuildScope } from './build-scope';
import { CompiledBlock } from './compiled-block';
import { CompileContext, LayoutNode, readLoopName, readNumber, readString, readText } from './compile-context';
import { SPACE_BEFORE } from './spacing';

/** Colours given to categories without an event colour, in order of appearance. */
const CATEGORY_COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const FIELDS = ['title', 'start', 'end', 'color', 'category'] as const;
type Field = (typeof FIELDS)[number];
type WeekStart = 'monday' | 'sunday';
const WEEK_STARTS: readonly string[] = ['monday', 'sunday'] satisfies WeekStart[];

/**
 * `calendar`: one month as the toolkit's month grid. Each element of `events` (and `ranges`) is
 * read through Liquid templates, by default `{{ event.title }}`, `{{ event.start }}`... so data
 * of any shape fits: one day makes a chip, several days (or any element of `ranges`) a bar.
 * Categories get a colour (the event's own, else one of a palette) and a legend kept under the
 * grid. What a day cannot show whole is counted in its cell and listed under the month ("Also on
 * these days"). Without a `height` the grid takes the room the page has left, as the built-in
 * calendar-schedule's does, moving to the next page when less than half a page is left.
 */
export function compileCalendarBlock(node: LayoutNode, path: LayoutPath, context: CompileContext): CompiledBlock {
  const { issues, theme } = context;
  const month = readText(node, 'month', path, issues);
  const sources: Array<{ items: ValueFn; path: string; bars: boolean }> = [];
  for (const key of ['events', 'ranges'] as const) {
    const source = key === 'events' ? readString(node, key, path, issues, true) : readString(node, key, path, issues);
    if (source !== undefined) sources.push({ items: compileValuePath(source, [...path, key], issues), path: layoutPath([...path, key]), bars: key === 'ranges' });
  }
  const as = readLoopName(node, path, issues, 'event');
  const fields = Object.fromEntries(
    FIELDS.map((field) => [field, compileText(readString(node, field, path, issues) ?? `{{ ${as}.${field} }}`, [...path, field], issues)]),
  ) as Record<Field, TextFn>;
  const weekStart = readWeekStart(node, path, issues);
  const height = node.height === undefined ? undefined : readNumber(node, 'height', path, issues, 0, 60);
  const monthPath = layoutPath([...path, 'month']);
  const weekStartPath = layoutPath([...path, 'weekStart']);

  return {
    build(scope, emit) {
      const monthText = month(scope.evaluation).trim();
      const parsed = MONTH.exec(monthText);
      if (!parsed) throw new InvalidDocumentData(`${monthPath} must give a month as YYYY-MM, not "${monthText.slice(0, 40)}"`);
      const days = new Map<number, GridEvent[]>();
      const ranges: GridRange[] = [];
      const categories = new Map<string, string>();
      for (const source of sources) {
        const items = scope.items(source.items, source.path);
        scope.spend(items.length);
        scope.evaluation.loop(as, items, (_, index) => {
          const event = readEvent(scope, fields, `${source.path}[${index}]`);
          if (!event) return;
          let color = event.color;
          if (event.category) {
            if (!categories.has(event.category)) categories.set(event.category, color ?? CATEGORY_COLORS[categories.size % CATEGORY_COLORS.length]);
            color ??= categories.get(event.category)!;
          }
          color ??= theme.look.accent;
          if (source.bars || event.end > event.start) ranges.push({ start: event.start, end: event.end, label: event.title, color });
          else {
            const onDay = days.get(event.start) ?? [];
            onDay.push({ text: event.title, color });
            days.set(event.start, onDay);
          }
        });
      }
      scope.spend(1);
      const grid = {
        year: Number(parsed[1]),
        month: Number(parsed[2]),
        weekStart: typeof weekStart === 'string' ? weekStart : evaluateWeekStart(weekStart(scope.evaluation), weekStartPath),
        events: days,
        ranges,
        look: theme.look,
      };
      const legend = categories.size > 0 ? new Legend([...categories].map(([label, color]) => ({ label, color })), theme.look) : undefined;
      // The legend is kept with its grid; what the days cannot show is listed under them.
      const block = new CalendarMonth({ grid, height: height === undefined ? scope.frame.height / 2 : Math.min(height, scope.frame.height), fill: height === undefined, legend, gap: SPACE_BEFORE.list });
      emit({ block, space: SPACE_BEFORE.calendar });
    },
  };
}

/** `weekStart`: fixed now when literal, else a Liquid template read per document. */
function readWeekStart(node: LayoutNode, path: LayoutPath, issues: IssueList): WeekStart | TextFn {
  const value = readString(node, 'weekStart', path, issues) ?? 'monday';
  if (WEEK_STARTS.includes(value)) return value as WeekStart;
  if (value.includes('{{') || value.includes('{%')) return compileText(value, [...path, 'weekStart'], issues);
  issues.add([...path, 'weekStart'], 'must be monday or sunday, or a Liquid template giving one');
  return 'monday';
}

/** What a weekStart template gave; nothing means monday. */
function evaluateWeekStart(text: string, at: string): WeekStart {
  const value = text.trim().toLowerCase();
  if (value === '') return 'monday';
  if (WEEK_STARTS.includes(value)) return value as WeekStart;
  throw new InvalidDocumentData(`${at} must give monday or sunday, not "${value.slice(0, 40)}"`);
}

/** One event through the templates; null for an element without a start (not an event). */
function readEvent(scope: BuildScope, fields: Record<Field, TextFn>, at: string) {
  const text = (field: Field) => fields[field](scope.evaluation).trim();
  const startText = text('start');
  if (startText === '') return null;
  const start = parseIsoDay(startText.slice(0, 10));
  if (start === null) throw new InvalidDocumentData(`${at} starts on "${startText.slice(0, 40)}", which is not a date as YYYY-MM-DD`);
  const endText = text('end');
  const end = endText === '' ? start : parseIsoDay(endText.slice(0, 10));
  if (end === null) throw new InvalidDocumentData(`${at} ends on "${endText.slice(0, 40)}", which is not a date as YYYY-MM-DD`);
  return { start, end: Math.max(start, end), title: text('title'), color: parseHexColor(text('color')) ?? undefined, category: text('category') };
}
