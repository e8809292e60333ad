import { Block } from '../toolkit/block';
import { MONTH_NAMES, parseIsoDay } from '../toolkit/calendar-dates';
import { Canvas } from '../toolkit/canvas';
import { parseHexColor } from '../toolkit/color';
import { Legend, LegendEntry } from '../toolkit/legend';
import { GridEvent, GridRange, MonthGrid } from '../toolkit/month-grid';
import { Frame, PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { HStack, VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { DocumentLayout } from './document-layout';
import { list, record, text } from './format';

/** `calendar-schedule`: one page per month with masthead, title, month grid and legend. */
export class CalendarScheduleLayout implements DocumentLayout {
  title(data: Record<string, unknown>): string {
    return text(data.projectTitle) || 'Schedule';
  }

  draw(canvas: Canvas, frame: Frame, data: Record<string, unknown>): void {
    const palette = record(data.palette);
    const colorOf = (kind: string) => parseHexColor(palette[kind]) ?? COLORS.neutral;
    const events = new Map<number, GridEvent[]>();
    for (const raw of list<unknown>(data.events).map(record)) {
      const day = parseIsoDay(text(raw.date));
      if (day === null) continue;
      const onDay = events.get(day) ?? [];
      onDay.push({ text: text(raw.text), color: colorOf(text(raw.kind)) });
      events.set(day, onDay);
    }
    const ranges: GridRange[] = [];
    for (const raw of list<unknown>(data.ranges).map(record)) {
      const start = parseIsoDay(text(raw.start));
      const end = parseIsoDay(text(raw.end));
      if (start !== null && end !== null) ranges.push({ start, end: Math.max(start, end), label: text(raw.label), color: colorOf(text(raw.kind)) });
    }
    const legend = new Legend(legendEntries(data, colorOf));
    const masthead = list<unknown>(data.masthead).map(text).filter(Boolean);

    list<unknown>(data.months).map(record).forEach((entry, index) => {
      const year = Number(entry.y);
      const month = Number(entry.m);
      if (index > 0) canvas.addPage();
      const flow = new PageFlow(canvas, frame);
      const heading = this.heading(masthead, this.title(data), `${MONTH_NAMES[month - 1] ?? ''} ${year}`);
      const headingHeight = heading.layout(canvas, frame.width).height;
      const legendHeight = legend.layout(canvas, frame.width).height;
      // The grid takes the room the heading and legend leave, but never less than half the page.
      const gridHeight = Math.max(frame.height / 2, frame.height - headingHeight - legendHeight - 2 * SPACE.md);
      flow.add(heading);
      flow.add(new MonthGrid({ year, month, weekStart: data.weekStart === 'monday' ? 'monday' : 'sunday', events, ranges, height: gridHeight }), SPACE.md);
      flow.add(legend, SPACE.md);
    });
  }

  private heading(masthead: string[], title: string, monthLabel: string): Block {
    const left = new VStack(
      [
        ...masthead.map((line) => new Paragraph(line, { size: TYPE.small, color: COLORS.muted }, { singleLine: true })),
        new Paragraph(title, { size: TYPE.title, color: COLORS.accent, bold: true }, { maxLines: 2 }),
      ],
      { gap: 2 },
    );
    const right = new Paragraph(monthLabel, { size: TYPE.display, color: COLORS.text, bold: true }, { align: 'right', singleLine: true });
    return new HStack([{ block: left, fraction: 3 }, { block: right, fraction: 2 }], SPACE.lg);
  }
}

/** Every kind named in the legend or the palette, labelled by the legend where it has a label. */
function legendEntries(data: Record<string, unknown>, colorOf: (kind: string) => string): LegendEntry[] {
  const legend = record(data.legend);
  const kinds = new Set([...Object.keys(legend), ...Object.keys(record(data.palette))]);
  return [...kinds].map((kind) => ({ label: text(legend[kind]) || kind, color: colorOf(kind) }));
}
