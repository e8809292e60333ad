import type { WeeklyReportData } from '../templates/schemas';
import { Block, fixed, Laid } from '../toolkit/block';
import { Canvas } from '../toolkit/canvas';
import { Card } from '../toolkit/card';
import { KeyValueGrid } from '../toolkit/key-value';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { ProgressBar } from '../toolkit/progress-bar';
import { Rect } from '../toolkit/rect';
import { rule } from '../toolkit/rule';
import { HStack, VStack } from '../toolkit/stack';
import { drawStatusPill, pillHeight, pillLines, pillWidth, statusColor, statusLabel } from '../toolkit/status-pill';
import { Table } from '../toolkit/table';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { lineHeight, textStyle, TextStyle } from '../toolkit/text-style';
import { DocumentLayout } from './document-layout';
import { trimmed } from './format';
import { ellipsize } from '../toolkit/text-wrap';

type Project = WeeklyReportData['projects'][number];
type WeekUpdate = NonNullable<Project['updates']>['thisWeek'];

const LABEL: TextStyle = textStyle(TYPE.tiny, COLORS.accent, { bold: true });
const BODY: TextStyle = textStyle(TYPE.body, COLORS.text);
const MUTED: TextStyle = textStyle(TYPE.small, COLORS.muted);
const PROJECT_TITLE: TextStyle = textStyle(TYPE.heading, COLORS.text, { bold: true });

/** `weekly-report`: title and "as of" date, then one card per project, packed onto pages (cards continue across them). */
export class WeeklyReportLayout implements DocumentLayout<WeeklyReportData> {
  title(data: WeeklyReportData): string {
    return trimmed(data.reportTitle) || 'Weekly Report';
  }

  draw(canvas: Canvas, frame: Rect, data: WeeklyReportData): void {
    const flow = new PageFlow(canvas, frame);
    const { projects } = data;
    const heading: Block[] = [new Paragraph(this.title(data), textStyle(TYPE.display, COLORS.accent, { bold: true }), { balance: true, role: 'H1' })];
    const asOf = data.versionAsOf;
    const summary = `${projects.length} project${projects.length === 1 ? '' : 's'}${asOf ? ` · As of ${asOf}` : ''}`;
    heading.push(new Paragraph(summary, MUTED));
    flow.add(new VStack(heading, { gap: SPACE.xs }));
    flow.add(rule(SPACE.sm, COLORS.accent, 1.5));
    if (projects.length === 0) flow.add(new Paragraph('No projects in this report.', MUTED));
    for (const project of projects) flow.add(projectCard(project), SPACE.md);
  }
}

/**
 * A card per project. It shares pages with other cards and continues between its parts (a table
 * between rows, text between lines), its title kept with its first part; a continued part opens
 * with "<title> (continued)".
 */
function projectCard(project: Project): Block {
  const status = trimmed(project.status);
  const accent = status ? statusColor(status) : COLORS.accent;
  const label = statusLabel(status);
  const title = project.title.trim() || 'Untitled project';
  const parts: Block[] = [new TitleWithPill(title, label)];
  // Groups the customer left out entirely are left out of the card too.
  const schedule = scheduleRow(project, accent);
  if (schedule) parts.push(schedule);
  const stakeholders = stakeholderGrid(project.stakeholders);
  if (stakeholders) parts.push(labelled('Stakeholders', stakeholders));
  const milestones = project.milestones ?? [];
  if (milestones.length > 0) parts.push(labelled('Milestones', milestoneTable(milestones)));
  const { updates } = project;
  if (updates && (updates.thisWeek !== undefined || updates.lastWeek !== undefined)) {
    parts.push(new HStack([{ block: update('This week', updates.thisWeek), fraction: 1 }, { block: update('Last week', updates.lastWeek), fraction: 1 }], SPACE.lg));
  }
  const continued = new TitleWithPill(title, label, true);
  return new Card(new VStack(parts, { gap: SPACE.md, keepFirstWithNext: 1 }), SPACE.md, accent, {}, { anywhere: true, continued: { block: continued, gap: SPACE.md } });
}

/** Release and answer-print dates beside the progress bar; null when none of them was sent. */
function scheduleRow(project: Project, accent: string): Block | null {
  const dates = [
    { key: 'Release date', value: project.releaseDate ?? '' },
    { key: 'Answer print', value: project.answerPrint ?? '' },
  ];
  const { progress } = project;
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

function stakeholderGrid(stakeholders: Project['stakeholders']): Block | null {
  const studio = stakeholders?.studio;
  const production = stakeholders?.production;
  const people = [
    { key: 'Creative exec', value: trimmed(studio?.creativeExec) },
    { key: 'Production exec', value: trimmed(studio?.productionExec) },
    { key: 'Director', value: trimmed(production?.director) },
    { key: 'Producers', value: trimmed(production?.producers) },
  ];
  return people.some((person) => person.value) ? new KeyValueGrid(people, 4) : null;
}

function milestoneTable(milestones: NonNullable<Project['milestones']>): Block {
  return new Table({
    columns: [
      { header: 'Milestone', width: { fr: 1 } },
      { header: 'Start date', width: 70 },
      { header: 'Status', width: 100, pill: true },
    ],
    rows: milestones.map((milestone) => [trimmed(milestone.name), milestone.startDate ?? '', statusLabel(milestone.status ?? '')]),
    rowStyle: 'ruled',
  });
}

/** An update under its heading, with the update's id as the customer sent it. */
function update(heading: string, entry: WeekUpdate): Block {
  const id = trimmed(entry?.id);
  return labelled(heading, new Paragraph(trimmed(entry?.text) || '—', BODY), id);
}

/** Content under a small capitalised label (the label's own words only: `detail` is printed as sent). */
function labelled(label: string, content: Block, detail = ''): Block {
  const text = detail ? `${label.toUpperCase()} · ${detail}` : label.toUpperCase();
  return new VStack([new Paragraph(text, LABEL), content], { gap: SPACE.xs, keepFirstWithNext: 1 });
}

/**
 * The project title, wrapped whole and balanced, with its status pill on the right of its first
 * line. A continued part's heading is one line, "<title> (continued)", with the pill only when
 * that is one line too: a continuation never grows as tall as what it continues.
 */
class TitleWithPill implements Block {
  constructor(
    private readonly title: string,
    private readonly status: string,
    private readonly continued = false,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const pill = this.status ? pillWidth(canvas, this.status, width / 3) : 0;
    const statusLines = this.status ? pillLines(canvas, this.status, pill) : [];
    // A status too long for one line beside the title goes under it, at full width, splitting between its lines.
    if (!this.continued && statusLines.length > 1) {
      return new VStack([new Paragraph(this.title, PROJECT_TITLE, { balance: true, role: 'H2' }), statusPillBlock(this.status)], { gap: SPACE.xs }).layout(canvas, width);
    }
    const showPill = statusLines.length === 1;
    const titleWidth = width - (showPill ? pill + SPACE.md : 0);
    const title = this.continued ? continuedTitle(canvas, this.title, titleWidth) : new Paragraph(this.title, PROJECT_TITLE, { balance: true, role: 'H2' }).layout(canvas, titleWidth);
    const pillTop = (lineHeight(PROJECT_TITLE) - pillHeight()) / 2;
    const withPill = (part: Laid): Laid => ({
      height: Math.max(part.height, showPill ? pillTop + pillHeight(undefined, statusLines.length) : 0),
      draw: (target, x, y) => {
        part.draw(target, x, y);
        if (showPill) drawStatusPill(target, statusLines, x + width - pill, y + pillTop, pill, 'right');
      },
      // A title taller than a page (a 500-character title on a small page) continues between its lines.
      split: (room, atPageTop) => {
        const parts = part.split?.(room, atPageTop);
        return parts ? [withPill(parts[0]), parts[1]] : null;
      },
    });
    return withPill(title);
  }
}

/** "<title> (continued)" on one line: the title may be shortened here, it is printed whole at the top of the card. */
function continuedTitle(canvas: Canvas, title: string, width: number): Laid {
  const suffix = ' (continued)';
  const stack = canvas.stack(PROJECT_TITLE);
  const room = Math.max(0, width - stack.measure(suffix, PROJECT_TITLE.size));
  const text = `${ellipsize(title, stack, PROJECT_TITLE.size, room)}${suffix}`;
  // A repeated title: an artifact (tagging), the H2 is where the title is printed whole.
  return fixed(lineHeight(PROJECT_TITLE), (target, x, y) => target.tags.artifact('Pagination', () => target.text(text, x, y, PROJECT_TITLE, width)));
}

/** A status pill as a block of its own: as wide as its text needs, split between its lines at a page break. */
function statusPillBlock(status: string): Block {
  return { layout: (canvas, width) => pillRows(pillLines(canvas, status, width), width, statusColor(status)) };
}

function pillRows(lines: string[], width: number, color: string): Laid {
  return {
    height: pillHeight(undefined, lines.length),
    draw: (target, x, y) => drawStatusPill(target, lines, x, y, width, 'left', { color }),
    split: (room) => {
      let count = lines.length - 1;
      while (count > 0 && pillHeight(undefined, count) > room) count--;
      return count > 0 ? [pillRows(lines.slice(0, count), width, color), pillRows(lines.slice(count), width, color)] : null;
    },
  };
}
