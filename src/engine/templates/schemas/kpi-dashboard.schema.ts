import type { FromSchema } from 'json-schema-to-ts';
import { DRAFT_07, list, longText, object, signedNumber, text } from './schema-builders';
import { JsonSchema } from './json-schema.types';

const metric = object(
  'One KPI tile. All values are display strings, already formatted.',
  {
    label: text('Name of the metric.'),
    value: text('Current value as displayed, e.g. 2.41M or $9.74.'),
    change: text('Change as displayed, e.g. +6.8%.'),
    trend: text('Direction of the change. Known values: up, down, flat (drawn as an arrow, green or red by goodDirection); any other value is drawn neutral.'),
    goodDirection: {
      type: 'string',
      enum: ['up', 'down'],
      description:
        'Whether a rise is good (up) or a fall is good (down, e.g. churn or costs): a trend in the good direction is drawn green, the other red, flat grey. Default: up.',
    },
    series: list(
      'Recent values of the metric, oldest first, at most 365, drawn as a sparkline in the tile (its last point marked, in the trend colour). Not printed as text.',
      signedNumber('One value of the series, within +-1e12.'),
      { maxItems: 365 },
    ),
  },
  ['label', 'value'],
);

const section = object('A titled block of text.', { title: text('Section title.'), content: longText('Section text.') }, ['title']);

export const KPI_DASHBOARD_SCHEMA = {
  $schema: DRAFT_07,
  title: 'kpi-dashboard data',
  description: 'Data for the kpi-dashboard template. Unknown extra fields are allowed and ignored.',
  type: 'object',
  required: ['title', 'metrics'],
  properties: {
    title: text('Dashboard title.'),
    subtitle: text('Line under the title, e.g. the period.'),
    metrics: list('KPI tiles, at most 60.', metric, { maxItems: 60 }),
    sections: list('Text sections below the tiles, at most 200.', section, { maxItems: 200 }),
  },
} as const satisfies JsonSchema;

/** The data of a valid `kpi-dashboard` request, typed from the schema above (checked before any layout reads it). */
export type KpiDashboardData = FromSchema<typeof KPI_DASHBOARD_SCHEMA>;
