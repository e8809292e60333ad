import type { CalendarScheduleData } from '../templates/schemas';
import { Block } from '../toolkit/block';
import { MONTH_NAMES, parseIsoDay } from '../toolkit/calendar-dates';
import { Canvas } from '../toolkit/canvas';
import { parseHexColor } from '../toolkit/color';
import { Legend, LegendEntry } from '../toolkit/legend';
import { GridEvent, GridRange, MonthGrid } from '../toolkit/month-grid';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { HStack, VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { DocumentLayout } from './document-layout';
import { trimmed } from './format';

/** `calendar-schedule`: one page per month with masthead, title, month grid and legend. */
export class CalendarScheduleLayout implements DocumentLayout<CalendarScheduleData> {
  title(data: CalendarScheduleData): string {
    return trimmed(data.projectTitle) || 'Schedule';
  }

  draw(canvas: Canvas, frame: Rect, data: CalendarScheduleData): void {
    const colorOf = (kind: string) => parseHexColor(entryOf(data.palette, kind)) ?? COLORS.neutral;
    const events = new Map<number, GridEvent[]>();
    for (const event of data.events ?? []) {
      const day = parseIsoDay(event.date);
      if (day === null) continue;
      const onDay = events.get(day) ?? [];
      onDay.push({ text: event.text.trim(), color: colorOf(trimmed(event.kind)) });
      events.set(day, onDay);
    }
    const ranges: GridRange[] = [];
    for (const range of data.ranges ?? []) {
      const start = parseIsoDay(range.start);
      const end = parseIsoDay(range.end);
      if (start !== null && end !== null) ranges.push({ start, end: Math.max(start, end), label: trimmed(range.label), color: colorOf(trimmed(range.kind)) });
    }
    const legend = new Legend(legendEntries(data, colorOf));
    const masthead = (data.masthead ?? []).map((line) => line.trim()).filter(Boolean);

    const flow = new PageFlow(canvas, frame);
    data.months.forEach(({ y: year, m: month }, index) => {
      if (index > 0) flow.newPage();
      const heading = this.heading(masthead, this.title(data), `${MONTH_NAMES[month - 1]} ${year}`);
      const headingHeight = heading.layout(canvas, frame.width).height;
      const legendHeight = legend.layout(canvas, frame.width).height;
      // The grid takes the room the heading and legend leave, but never less than half the page.
      const gridHeight = Math.max(frame.height / 2, frame.height - headingHeight - legendHeight - 2 * SPACE.md);
      flow.add(heading);
      flow.add(new MonthGrid({ year, month, weekStart: data.weekStart ?? 'sunday', events, ranges, height: gridHeight }), SPACE.md);
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
function legendEntries(data: CalendarScheduleData, colorOf: (kind: string) => string): LegendEntry[] {
  const kinds = new Set([...Object.keys(data.legend ?? {}), ...Object.keys(data.palette ?? {})]);
  return [...kinds].map((kind) => ({ label: trimmed(entryOf(data.legend, kind)) || kind, color: colorOf(kind) }));
}

/** The caller's entry for a kind; never a property every object inherits (a kind may be named `toString`). */
function entryOf(map: Record<string, string> | undefined, kind: string): string | undefined {
  return map && Object.hasOwn(map, kind) ? map[kind] : undefined;
}
