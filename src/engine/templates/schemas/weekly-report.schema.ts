import type { FromSchema } from 'json-schema-to-ts';
import { DRAFT_07, list, longText, mdyDate, object, text } from './schema-builders';
import { JsonSchema } from './json-schema.types';

const STATUS_NOTE =
  'Known values, each with its own colour and printed as words (on-track as "On track"): on-track, at-risk, delayed, complete, not-started, ' +
  'in-progress, on-hold, blocked, cancelled (any case, with - _ or spaces, and common synonyms such as done or planned); any other value is printed as sent, drawn neutral.';

const person = (role: string) => text(`${role}; several names may be comma-separated.`);

const update = (week: string) =>
  object(`Update for ${week}.`, {
    id: text('Identifier of the update, e.g. LC-W10; printed as sent.'),
    text: longText('The update itself.'),
  });

const project = object(
  'One film or TV project.',
  {
    title: text('Project title.'),
    status: text(`Overall status. ${STATUS_NOTE}`),
    releaseDate: mdyDate('Release date.'),
    answerPrint: mdyDate('Answer print date.'),
    progress: { type: 'number', minimum: 0, maximum: 100, description: 'Percent complete, 0 to 100.' },
    stakeholders: object('People responsible for the project.', {
      studio: object('Studio side.', {
        creativeExec: person('Creative executive'),
        productionExec: person('Production executive'),
      }),
      production: object('Production side.', {
        director: person('Director'),
        producers: person('Producers'),
      }),
    }),
    milestones: list(
      'Milestones, at most 100.',
      object('One milestone.', {
        name: text('Milestone name.'),
        startDate: mdyDate('Start date.'),
        status: text(`Milestone status. ${STATUS_NOTE}`),
      }),
      { maxItems: 100 },
    ),
    updates: object('Status updates.', { thisWeek: update('this week'), lastWeek: update('last week') }),
  },
  ['title'],
);

export const WEEKLY_REPORT_SCHEMA = {
  $schema: DRAFT_07,
  title: 'weekly-report data',
  description: 'Data for the weekly-report template. Unknown extra fields are allowed and ignored.',
  type: 'object',
  required: ['projects'],
  properties: {
    reportTitle: text('Title printed at the top of the report.'),
    versionAsOf: mdyDate('Date the report is current as of.'),
    projects: list('Projects, at most 200.', project, { maxItems: 200 }),
  },
} as const satisfies JsonSchema;

/** The data of a valid `weekly-report` request, typed from the schema above (checked before any layout reads it). */
export type WeeklyReportData = FromSchema<typeof WEEKLY_REPORT_SCHEMA>;
