import type { FromSchema } from 'json-schema-to-ts';
import { ORIENTATIONS } from '../../page/pdf-options';
import { DRAFT_07, FORMATS, isoDate, list, map, object, text } from './schema-builders';
import { JsonSchema } from './json-schema.types';

const KIND = text('Event kind, a key of palette and legend (e.g. shoot, prep, travel); unknown kinds are drawn neutral.');

const month = object(
  'One month to draw.',
  {
    y: { type: 'integer', minimum: 1900, maximum: 2200, description: 'Year, 1900 to 2200.' },
    m: { type: 'integer', minimum: 1, maximum: 12, description: 'Month number, 1 (January) to 12.' },
  },
  ['y', 'm'],
);

const event = object(
  'A one-day entry.',
  { date: isoDate('Day of the event.'), kind: KIND, text: text('Text shown in the day cell.') },
  ['date', 'text'],
);

const range = object(
  'A span of days, drawn as a bar; it may cross month boundaries.',
  {
    start: isoDate('First day.'),
    end: isoDate('Last day, not before start.'),
    kind: KIND,
    label: text('Text shown on the bar.'),
  },
  ['start', 'end'],
);

export const CALENDAR_SCHEDULE_SCHEMA = {
  $schema: DRAFT_07,
  title: 'calendar-schedule data',
  description: 'Data for the calendar-schedule template. Unknown extra fields are allowed and ignored.',
  type: 'object',
  required: ['months'],
  properties: {
    projectTitle: text('Title printed above the calendar.'),
    orientation: {
      type: 'string',
      enum: [...ORIENTATIONS],
      description: 'Page orientation when options.orientation is not given; the template default is landscape.',
    },
    weekStart: {
      type: 'string',
      enum: ['sunday', 'monday'],
      description: 'First day of the week in the month grid; sunday by default.',
    },
    masthead: list('Header lines, at most 12.', text('One header line.'), { maxItems: 12 }),
    palette: map(
      'Colour of each event kind, at most 100 kinds.',
      { type: 'string', format: FORMATS.hexColour, description: 'Hex colour #rgb or #rrggbb (custom format "hex-color").', examples: ['#1a73e8'] },
    ),
    legend: map('Label of each event kind, at most 100 kinds.', text('Label shown in the legend.')),
    months: list('Months to draw, in order, 1 to 36.', month, { minItems: 1, maxItems: 36 }),
    events: list('One-day entries, at most 5000.', event, { maxItems: 5000 }),
    ranges: list('Multi-day spans, at most 1000.', range, { maxItems: 1000 }),
  },
} as const satisfies JsonSchema;

/** The data of a valid `calendar-schedule` request, typed from the schema above (checked before any layout reads it). */
export type CalendarScheduleData = FromSchema<typeof CALENDAR_SCHEDULE_SCHEMA>;
