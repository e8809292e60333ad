import { Block, Laid } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { Card } from '../toolkit/card';
import { KeyValueGrid } from '../toolkit/key-value';
import { Frame, PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { ProgressBar } from '../toolkit/progress-bar';
import { rule } from '../toolkit/rule';
import { HStack, VStack } from '../toolkit/stack';
import { drawStatusPill, pillHeight, pillWidth, statusColor } from '../toolkit/status-pill';
import { Table } from '../toolkit/table';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { TextStyle, lineHeight } from '../toolkit/text-style';
import { wrapText } from '../toolkit/text-wrap';
import { DocumentLayout } from './document-layout';
import { list, num, record, text } from './format';

const LABEL: TextStyle = { size: TYPE.tiny, color: COLORS.accent, bold: true };
const BODY: TextStyle = { size: TYPE.body, color: COLORS.text };
const MUTED: TextStyle = { size: TYPE.small, color: COLORS.muted };
const PROJECT_TITLE: TextStyle = { size: TYPE.heading, color: COLORS.text, bold: true };

/** `weekly-report`: title and "as of" date, then one card per project flowing across pages. */
export class WeeklyReportLayout implements DocumentLayout {
  title(data: Record<string, unknown>): string {
    return text(data.reportTitle) || 'Weekly Report';
  }

  draw(canvas: Canvas, frame: Frame, data: Record<string, unknown>): void {
    const flow = new PageFlow(canvas, frame);
    const projects = list<unknown>(data.projects).map(record);
    const heading: Block[] = [new Paragraph(this.title(data), { size: TYPE.display, color: COLORS.accent, bold: true }, { maxLines: 3 })];
    const asOf = text(data.versionAsOf);
    const summary = `${projects.length} project${projects.length === 1 ? '' : 's'}${asOf ? ` · As of ${asOf}` : ''}`;
    heading.push(new Paragraph(summary, MUTED));
    flow.add(new VStack(heading, { gap: SPACE.xs }));
    flow.add(rule(SPACE.sm, COLORS.accent, 1.5));
    if (projects.length === 0) flow.add(new Paragraph('No projects in this report.', MUTED));
    for (const project of projects) flow.add(projectCard(project), SPACE.md);
  }
}

function projectCard(project: Record<string, unknown>): Block {
  const status = text(project.status);
  const accent = status ? statusColor(status) : COLORS.accent;
  const parts: Block[] = [new TitleWithPill(text(project.title), status)];
  // Groups the customer left out entirely are left out of the card too.
  const schedule = scheduleRow(project, accent);
  if (schedule) parts.push(schedule);
  const stakeholders = stakeholderGrid(record(project.stakeholders));
  if (stakeholders) parts.push(labelled('Stakeholders', stakeholders));
  const milestones = list<unknown>(project.milestones).map(record);
  if (milestones.length > 0) parts.push(labelled('Milestones', milestoneTable(milestones)));
  const updates = record(project.updates);
  if (updates.thisWeek !== undefined || updates.lastWeek !== undefined) {
    parts.push(new HStack([{ block: update('This week', updates.thisWeek), fraction: 1 }, { block: update('Last week', updates.lastWeek), fraction: 1 }], SPACE.lg));
  }
  return new Card(new VStack(parts, { gap: SPACE.md }), SPACE.md, accent);
}

/** Release and answer-print dates beside the progress bar; null when none of them was sent. */
function scheduleRow(project: Record<string, unknown>, accent: string): Block | null {
  const dates = [
    { key: 'Release date', value: text(project.releaseDate) },
    { key: 'Answer print', value: text(project.answerPrint) },
  ];
  const progress = num(project.progress);
  const hasDates = dates.some((date) => date.value);
  if (!hasDates && progress === undefined) return null;
  const columns = [];
  if (hasDates) columns.push({ block: new KeyValueGrid(dates, 2), fraction: 1 });
  if (progress !== undefined) {
    const bar = new VStack([new Paragraph('PROGRESS', { ...LABEL, color: COLORS.muted }), new ProgressBar(progress, accent)], { gap: 2 });
    columns.push({ block: bar, fraction: 1 });
  }
  return new HStack(columns, SPACE.lg);
}

function stakeholderGrid(stakeholders: Record<string, unknown>): Block | null {
  const studio = record(stakeholders.studio);
  const production = record(stakeholders.production);
  const people = [
    { key: 'Creative exec', value: text(studio.creativeExec) },
    { key: 'Production exec', value: text(studio.productionExec) },
    { key: 'Director', value: text(production.director) },
    { key: 'Producers', value: text(production.producers) },
  ];
  return people.some((person) => person.value) ? new KeyValueGrid(people, 4) : null;
}

function milestoneTable(milestones: Record<string, unknown>[]): Block {
  return new Table({
    columns: [
      { header: 'Milestone', width: { fr: 1 } },
      { header: 'Start date', width: 70 },
      { header: 'Status', width: 100, pill: true },
    ],
    rows: milestones.map((milestone) => [text(milestone.name), text(milestone.startDate), text(milestone.status)]),
    rowStyle: 'ruled',
  });
}

function update(heading: string, value: unknown): Block {
  const entry = record(value);
  const id = text(entry.id);
  return labelled(id ? `${heading} · #${id}` : heading, new Paragraph(text(entry.text) || '—', BODY));
}

function labelled(label: string, content: Block): Block {
  return new VStack([new Paragraph(label.toUpperCase(), LABEL, { singleLine: true }), content], { gap: SPACE.xs, keepFirstWithNext: 1 });
}

/** The project title, wrapped, with its status pill on the right of the first line. */
class TitleWithPill implements Block {
  constructor(
    private readonly title: string,
    private readonly status: string,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const pill = this.status ? pillWidth(canvas, this.status, width / 3) : 0;
    const lines = wrapText(this.title || 'Untitled project', canvas.stack(PROJECT_TITLE), PROJECT_TITLE.size, width - pill - SPACE.md, { maxLines: 4 });
    const step = lineHeight(PROJECT_TITLE);
    return {
      height: lines.length * step,
      draw: (target, x, y) => {
        lines.forEach((line, n) => target.text(line, x, y + n * step, PROJECT_TITLE, width - pill - SPACE.md));
        if (this.status) drawStatusPill(target, this.status, x + width - pill, y + (step - pillHeight()) / 2, pill);
      },
    };
  }
}
