import type { CalendarScheduleData } from '../templates/schemas';
import { Block, Laid } from '../toolkit/block';
import { MONTH_NAMES, parseIsoDay } from '../toolkit/calendar-dates';
import { Canvas } from '../toolkit/canvas';
import { parseHexColor } from '../toolkit/color';
import { Legend, LegendEntry } from '../toolkit/legend';
import { CalendarMonth } from '../toolkit/calendar-month';
import { GridEvent, GridRange } from '../toolkit/month-grid';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { restyle, textStyle, TextStyle } from '../toolkit/text-style';
import { HStack, VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { DocumentLayout } from './document-layout';
import { trimmed } from './format';

/**
 * `calendar-schedule`: one page per month with masthead, title, month grid and legend; what the
 * days cannot show is listed under the month ("Also on these days"), on a page of its own if needed.
 */
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
      const heading = this.heading(masthead, this.title(data), `${MONTH_NAMES[month - 1]} ${year}`, frame).layout(canvas, frame.width);
      flow.place(heading);
      // The grid takes the room the heading, legend and overflow list leave, but never less than half the page.
      const grid = { year, month, weekStart: data.weekStart ?? 'sunday', events, ranges } as const;
      const room = frame.height - heading.height - SPACE.md;
      // A heading taller than half the page: the grid fills the room it finds (on the next page).
      flow.add(new CalendarMonth({ grid, height: frame.height / 2, fill: true, room: room >= frame.height / 2 ? room : undefined, legend, gap: SPACE.md }), SPACE.md);
    });
  }

  /**
   * Masthead and title on the left, wrapped whole; the month on the right, or above them on a
   * narrow page. On a short page the masthead lines run on in one paragraph and the title and
   * month take heading type, so the grid stays on the page with them.
   */
  private heading(masthead: string[], title: string, monthLabel: string, frame: Rect): Block {
    const short = frame.height < SHORT_PAGE;
    const mastheadStyle = textStyle(TYPE.small, COLORS.muted);
    const lines = [
      ...(short && masthead.length > 0 ? [new Paragraph(masthead.join(' · '), mastheadStyle)] : masthead.map((line) => new Paragraph(line, mastheadStyle))),
      new Paragraph(title, textStyle(short ? TYPE.heading : TYPE.title, COLORS.accent, { bold: true }), { role: 'H1' }),
    ];
    const size = short ? TYPE.heading : TYPE.display;
    if (frame.width < NARROW_PAGE) return new VStack([new MonthLabel(monthLabel, size, 'left'), ...lines], { gap: 2 });
    return new HStack([{ block: new VStack(lines, { gap: 2 }), fraction: 3 }, { block: new MonthLabel(monthLabel, size, 'right'), fraction: 2 }], SPACE.lg);
  }
}

/** Below this frame width the heading's columns would break the title's words: its parts go one under another. */
const NARROW_PAGE = 360;
/** Below this frame height the heading at display sizes leaves the grid too little room. */
const SHORT_PAGE = 300;

/** "March 2025" on one line at `size`, in smaller type where its column is narrower (down to the heading size), wrapped below that. */
class MonthLabel implements Block {
  constructor(
    private readonly text: string,
    private readonly size: number,
    private readonly align: 'left' | 'right',
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const style: TextStyle = textStyle(this.size, COLORS.text, { bold: true });
    const natural = canvas.measure(this.text, style);
    const size = natural <= width ? this.size : Math.max(TYPE.heading, (this.size * width) / natural);
    return new Paragraph(this.text, restyle(style, { size }), { align: this.align, role: 'H2' }).layout(canvas, width);
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
