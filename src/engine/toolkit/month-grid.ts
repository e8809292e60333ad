import { Block, Laid } from './block';
import { dayNumber, dayOfMonth, daysInMonth, weekday, WEEKDAY_NAMES } from './calendar-dates';
import { Canvas } from './canvas';
import { shade, tint } from './color';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, TYPE } from './theme';
import { lineHeight, restyle, TextStyle } from './text-style';
import { unbreakableTokens, wrapText } from './text-wrap';

export interface GridEvent {
  text: string;
  color: string;
}

export interface GridRange {
  start: number;
  end: number;
  label: string;
  color: string;
}

export interface MonthGridSpec {
  year: number;
  month: number;
  weekStart: 'monday' | 'sunday';
  /** Events by day number (see calendar-dates.ts), in drawing order; other months' days are ignored. */
  events: ReadonlyMap<number, GridEvent[]>;
  ranges: GridRange[];
  height: number;
  /** Fonts and colours (default: the built-in templates'). */
  look?: Look;
}

/** What one day of the month could not show whole: listed elsewhere in the document (see OverflowList). */
export interface DayOverflow {
  day: number;
  events: GridEvent[];
  /** Ranges hidden from (or unnamed in) the grid, each listed under one day only. */
  ranges: GridRange[];
}

/** A laid month grid, with what it could not show. */
export interface LaidMonthGrid extends Laid {
  readonly overflow: DayOverflow[];
}

interface GridStyles {
  weekday: TextStyle;
  day: TextStyle;
  chip: TextStyle;
  more: TextStyle;
  accent: string;
  muted: string;
}

function gridStyles(look: Look): GridStyles {
  return {
    weekday: lookStyle(look, TYPE.small, COLORS.white, { bold: true }),
    day: lookStyle(look, TYPE.small, look.text, { bold: true }),
    chip: lookStyle(look, TYPE.tiny, look.text),
    more: lookStyle(look, TYPE.tiny, look.muted, { italic: true }),
    accent: look.accent,
    muted: look.muted,
  };
}

const BUILT_IN_STYLES = gridStyles(BUILT_IN_LOOK);
const HEADER_HEIGHT = 16;
const PAD = 3;
const CHIP_GAP = 1.5;
/** Text inset of chips and bars: the colour mark on the left, a margin on the right. */
const CHIP_TEXT_X = 5;
const CHIP_TEXT_INSET = 7;
/** A chip taller than this many lines is listed instead: a day cell is not a page. */
const MAX_CHIP_LINES = 3;
/** The smallest "+N" drawn in a cell too narrow for it at its own size. */
const MIN_MORE_SIZE = 3;

interface Segment {
  range: GridRange;
  first: number;
  last: number;
  lane: number;
}

interface Bar {
  segment: Segment;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The label as drawn, null when even the bare label does not fit whole (the range is listed instead). */
  label: string | null;
}

interface Chip {
  lines: string[];
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface DrawnText {
  text: string;
  x: number;
  y: number;
  style: TextStyle;
  width: number;
  align: 'left' | 'right';
}

/** Everything one month grid draws (relative to its top left corner), decided before drawing so the overflow is known. */
interface Plan {
  weeks: number;
  gridStart: number;
  firstDay: number;
  lastDay: number;
  cellWidth: number;
  rowHeight: number;
  bars: Bar[];
  chips: Chip[];
  texts: DrawnText[];
  overflow: DayOverflow[];
}

/** Where the month's overflow is gathered while planning: by day, each range under one day only. */
class OverflowByDay {
  private readonly days = new Map<number, DayOverflow>();
  private readonly listed = new Set<GridRange>();

  addEvents(day: number, events: GridEvent[]): void {
    if (events.length > 0) this.at(day).events.push(...events);
  }

  addRange(day: number, range: GridRange): void {
    if (this.listed.has(range)) return;
    this.listed.add(range);
    this.at(day).ranges.push(range);
  }

  sorted(): DayOverflow[] {
    return [...this.days.values()].sort((a, b) => a.day - b.day);
  }

  private at(day: number): DayOverflow {
    let entry = this.days.get(day);
    if (!entry) this.days.set(day, (entry = { day, events: [], ranges: [] }));
    return entry;
  }
}

/**
 * One month as weeks by weekdays, exactly `height` tall. Days hold event chips; ranges are bars
 * through the days they cover, continued across weeks (and marked ◂ ▸ where they run on from or
 * into another month). Nothing is cut: a chip shows its text whole or not at all, a bar its label
 * whole or none. What a day cannot show is counted in its cell ("+N more ↓"; a hidden range once
 * per week row, on its first day there) and returned as `overflow`, to be listed under the grid
 * (see CalendarMonth).
 */
export class MonthGrid implements Block {
  private readonly styles: GridStyles;

  constructor(private readonly spec: MonthGridSpec) {
    this.styles = spec.look ? gridStyles(spec.look) : BUILT_IN_STYLES;
  }

  layout(canvas: Canvas, width: number): LaidMonthGrid {
    const plan = this.plan(canvas, width);
    return { height: this.spec.height, overflow: plan.overflow, draw: (target, x, y) => this.draw(target, x, y, width, plan) };
  }

  private plan(canvas: Canvas, width: number): Plan {
    const { year, month, weekStart, height } = this.spec;
    const firstDay = dayNumber(year, month, 1);
    const lastDay = firstDay + daysInMonth(year, month) - 1;
    const startOffset = (weekday(firstDay) - (weekStart === 'monday' ? 1 : 0) + 7) % 7;
    const weeks = Math.ceil((startOffset + lastDay - firstDay + 1) / 7);
    const plan: Plan = { weeks, gridStart: firstDay - startOffset, firstDay, lastDay, cellWidth: width / 7, rowHeight: (height - HEADER_HEIGHT) / weeks, bars: [], chips: [], texts: [], overflow: [] };
    const overflow = new OverflowByDay();
    const named = new Set<GridRange>();
    for (let week = 0; week < weeks; week++) this.planWeek(canvas, plan, week, overflow, named);
    // A range drawn in this month but nowhere with its label whole is named in the list, under its first day here.
    for (const { segment } of plan.bars) if (!named.has(segment.range)) overflow.addRange(Math.max(segment.range.start, firstDay), segment.range);
    plan.overflow = overflow.sorted();
    return plan;
  }

  private planWeek(canvas: Canvas, plan: Plan, week: number, overflow: OverflowByDay, named: Set<GridRange>): void {
    const { cellWidth, rowHeight, firstDay, lastDay } = plan;
    const { chip, more } = this.styles;
    const top = HEADER_HEIGHT + week * rowHeight;
    const weekFirst = plan.gridStart + week * 7;
    const dayStyle = fitToRow(this.styles.day, rowHeight);
    const dayHeight = lineHeight(dayStyle) + PAD;
    const chipHeight = lineHeight(chip) + 1;
    const step = chipHeight + CHIP_GAP;
    const slots = Math.max(0, Math.floor((rowHeight - dayHeight - PAD) / step));
    // Keep one slot for chips or "+N more" when ranges would take every line.
    const laneSlots = Math.max(0, slots - 1);

    const hiddenRanges = new Map<number, GridRange[]>();
    const drawn: Segment[] = [];
    for (const segment of this.segments(Math.max(weekFirst, firstDay), Math.min(weekFirst + 6, lastDay))) {
      if (segment.lane >= laneSlots) {
        hiddenRanges.set(segment.first, [...(hiddenRanges.get(segment.first) ?? []), segment.range]);
        overflow.addRange(segment.first, segment.range);
        continue;
      }
      const barWidth = (segment.last - segment.first + 1) * cellWidth - 2;
      const label = this.barLabel(canvas, segment, barWidth - CHIP_TEXT_INSET);
      if (label !== null) named.add(segment.range);
      plan.bars.push({ segment, x: (segment.first - weekFirst) * cellWidth + 1, y: top + dayHeight + segment.lane * step, width: barWidth, height: chipHeight, label });
      drawn.push(segment);
    }

    for (let column = 0; column < 7; column++) {
      const day = weekFirst + column;
      if (day < firstDay || day > lastDay) continue;
      const left = column * cellWidth;
      const number = String(dayOfMonth(day));
      const numberStyle = weekday(day) === 0 || weekday(day) === 6 ? restyle(dayStyle, { color: this.styles.muted }) : dayStyle;
      plan.texts.push({ text: number, x: left + PAD, y: top + PAD / 2, style: numberStyle, width: cellWidth - 2 * PAD, align: 'right' });

      const lanes = drawn.filter((s) => s.first <= day && day <= s.last).map((s) => s.lane + 1);
      const chipsTop = top + dayHeight + Math.max(0, ...lanes) * step;
      const bottom = top + rowHeight - PAD;
      const events = this.spec.events.get(day) ?? [];
      const hiddenHere = hiddenRanges.get(day)?.length ?? 0;
      let placed = this.placeChips(canvas, events, left + 2, cellWidth - 4, chipsTop, bottom);
      // Something is hidden: place the chips again leaving a line for "+N more".
      if (placed.hidden.length + hiddenHere > 0) placed = this.placeChips(canvas, events, left + 2, cellWidth - 4, chipsTop, bottom + PAD - lineHeight(more) - CHIP_GAP);
      plan.chips.push(...placed.chips);
      overflow.addEvents(day, placed.hidden);
      const count = placed.hidden.length + hiddenHere;
      if (count === 0) continue;
      if (placed.end + lineHeight(more) <= bottom + PAD) {
        plan.texts.push(this.moreText(canvas, count, more, left + 4, placed.end, cellWidth - 6));
      } else {
        // No line left under the bars: beside the day number.
        const style = fitToRow(more, rowHeight);
        const room = Math.max(1, cellWidth - 2 * PAD - canvas.measure(number, dayStyle) - 2);
        plan.texts.push(this.moreText(canvas, count, style, left + PAD, top + PAD / 2 + (lineHeight(dayStyle) - lineHeight(style)) / 2, room));
      }
    }
  }

  /** Chips one under another from `top`, each only with its whole text and above `limit`; the others are hidden. */
  private placeChips(canvas: Canvas, events: GridEvent[], x: number, width: number, top: number, limit: number) {
    const step = lineHeight(this.styles.chip);
    const chips: Chip[] = [];
    const hidden: GridEvent[] = [];
    let y = top;
    for (const event of events) {
      const lines = this.chipLines(canvas, event.text, width - CHIP_TEXT_INSET);
      const height = lines ? lines.length * step + 1 : 0;
      if (lines && y + height <= limit) {
        chips.push({ lines, color: event.color, x, y, width, height });
        y += height + CHIP_GAP;
      } else {
        hidden.push(event);
      }
    }
    return { chips, hidden, end: y };
  }

  /** The chip's lines, or null when its text does not fit whole: a word wider than the chip, or too many lines. */
  private chipLines(canvas: Canvas, text: string, width: number): string[] | null {
    const { chip } = this.styles;
    if (width <= 0) return null;
    const stack = canvas.stack(chip);
    if (unbreakableTokens(text, true).some((word) => stack.measure(word, chip.size) > width)) return null;
    const lines = wrapText(text, stack, chip.size, width);
    return lines.length <= MAX_CHIP_LINES ? lines : null;
  }

  /** "+N more ↓", shorter in a narrow cell, down to "+N" in smaller type: the count is never left out. */
  private moreText(canvas: Canvas, count: number, style: TextStyle, x: number, y: number, width: number): DrawnText {
    const fitting = [`+${count} more ↓`, `+${count} more`, `+${count}`].find((text) => canvas.measure(text, style) <= width);
    if (fitting) return { text: fitting, x, y, style, width, align: 'left' };
    const text = `+${count}`;
    const size = Math.max(MIN_MORE_SIZE, (style.size * width) / canvas.measure(text, style));
    const shrunk = restyle(style, { size });
    return { text, x, y: y + (lineHeight(style) - lineHeight(shrunk)) / 2, style: shrunk, width, align: 'left' };
  }

  /** The bar's label with its ◂ ▸ marks, else bare, else null when even that does not fit whole. */
  private barLabel(canvas: Canvas, segment: Segment, width: number): string | null {
    const { range } = segment;
    if (range.label === '') return '';
    const style = this.barStyle(range);
    const marked = `${range.start < segment.first ? '◂ ' : ''}${range.label}${range.end > segment.last ? ' ▸' : ''}`;
    return [marked, range.label].find((label) => !label.includes('\n') && canvas.measure(label, style) <= width) ?? null;
  }

  private barStyle(range: GridRange): TextStyle {
    return restyle(this.styles.chip, { bold: true, color: shade(range.color, 0.55) });
  }

  private draw(canvas: Canvas, x: number, y: number, width: number, plan: Plan): void {
    const { weekStart, height } = this.spec;
    const { weeks, gridStart, firstDay, lastDay, cellWidth, rowHeight } = plan;
    const { weekday: weekdayStyle } = this.styles;
    // Tagged as a Table: the weekdays a header row (TH, Scope Column), a week a TR, a day a TD holding its
    // number, then its ranges' labels, its events and its "+N". Cells are opened in reading order
    // first (empty), then each drawing goes into its day's cell again by its key.
    const tags = canvas.tags;
    const tableKey = {};
    const bodyKey = {};
    const rowKeys = Array.from({ length: weeks }, () => ({}));
    const cellKeys = Array.from({ length: weeks * 7 }, () => ({}));
    const inTable = (draw: () => void) => tags.element('Table', draw, { key: tableKey });
    const inCell = (index: number, draw: () => void) =>
      inTable(() => tags.element('TBody', () => tags.element('TR', () => tags.element('TD', draw, { key: cellKeys[index] }), { key: rowKeys[Math.floor(index / 7)] }), { key: bodyKey }));
    /** The cell an item drawn at (itemX, itemY) of the grid belongs to. */
    const cellAt = (itemX: number, itemY: number) =>
      Math.min(weeks - 1, Math.max(0, Math.floor((itemY - HEADER_HEIGHT) / rowHeight))) * 7 + Math.min(6, Math.max(0, Math.floor(itemX / cellWidth)));
    canvas.rect(x, y, width, HEADER_HEIGHT, this.styles.accent);
    inTable(() =>
      tags.element('THead', () =>
        tags.element('TR', () => {
          for (let column = 0; column < 7; column++) {
            const name = WEEKDAY_NAMES[(column + (weekStart === 'monday' ? 1 : 0)) % 7];
            tags.element('TH', () => canvas.text(name, x + column * cellWidth, y + (HEADER_HEIGHT - lineHeight(weekdayStyle)) / 2, weekdayStyle, cellWidth, 'center'), { scope: 'Column' });
          }
        }),
      ),
    );
    for (let index = 0; index < weeks * 7; index++) inCell(index, () => undefined);
    // Backgrounds and rules first, so bars and chips are drawn over the grid lines.
    for (let day = gridStart; day < gridStart + weeks * 7; day++) {
      if (day >= firstDay && day <= lastDay) continue;
      const index = day - gridStart;
      canvas.rect(x + (index % 7) * cellWidth, y + HEADER_HEIGHT + Math.floor(index / 7) * rowHeight, cellWidth, rowHeight, COLORS.panel);
    }
    for (let line = 0; line <= weeks; line++) canvas.line(x, y + HEADER_HEIGHT + line * rowHeight, x + width, y + HEADER_HEIGHT + line * rowHeight, COLORS.rule, 0.5);
    for (let column = 0; column <= 7; column++) canvas.line(x + column * cellWidth, y + HEADER_HEIGHT, x + column * cellWidth, y + height, COLORS.rule, 0.5);
    // A cell's first text is its day number: drawn before the bars and chips (below it, never over it) to be read first.
    const numbered = new Set<number>();
    const later: DrawnText[] = [];
    for (const text of plan.texts) {
      const cell = cellAt(text.x, text.y);
      if (numbered.has(cell)) later.push(text);
      else {
        numbered.add(cell);
        inCell(cell, () => canvas.text(text.text, x + text.x, y + text.y, text.style, text.width, text.align));
      }
    }
    for (const bar of plan.bars) inCell(cellAt(bar.x, bar.y), () => this.drawBar(canvas, bar, x + bar.x, y + bar.y));
    for (const chip of plan.chips) inCell(cellAt(chip.x, chip.y), () => this.drawChip(canvas, chip, x + chip.x, y + chip.y));
    for (const text of later) inCell(cellAt(text.x, text.y), () => canvas.text(text.text, x + text.x, y + text.y, text.style, text.width, text.align));
  }

  /** Ranges overlapping the visible days of one week, each given the first free lane. */
  private segments(visibleFirst: number, visibleLast: number): Segment[] {
    const segments: Segment[] = [];
    const laneEnds: number[] = [];
    const overlapping = this.spec.ranges
      .filter((range) => range.start <= visibleLast && range.end >= visibleFirst)
      .sort((a, b) => a.start - b.start || b.end - a.end);
    for (const range of overlapping) {
      const first = Math.max(range.start, visibleFirst);
      const last = Math.min(range.end, visibleLast);
      let lane = laneEnds.findIndex((end) => end < first);
      if (lane < 0) lane = laneEnds.length;
      laneEnds[lane] = last;
      segments.push({ range, first, last, lane });
    }
    return segments;
  }

  private drawBar(canvas: Canvas, bar: Bar, x: number, y: number): void {
    const { range } = bar.segment;
    canvas.rect(x, y, bar.width, bar.height, tint(range.color, 0.55), 2);
    if (range.start >= bar.segment.first) canvas.rect(x, y, 2.5, bar.height, range.color);
    if (bar.label) canvas.text(bar.label, x + CHIP_TEXT_X, y + 0.5, this.barStyle(range), bar.width - CHIP_TEXT_INSET);
  }

  private drawChip(canvas: Canvas, chip: Chip, x: number, y: number): void {
    canvas.rect(x, y, chip.width, chip.height, tint(chip.color, 0.8), 2);
    canvas.rect(x, y, 2.5, chip.height, chip.color);
    const style = this.styles.chip;
    chip.lines.forEach((line, n) => canvas.text(line, x + CHIP_TEXT_X, y + 0.5 + n * lineHeight(style), style, chip.width - CHIP_TEXT_INSET));
  }
}

/** The style shrunk so one line fits a week row (very short pages only). */
function fitToRow(style: TextStyle, rowHeight: number): TextStyle {
  const room = rowHeight - PAD;
  return lineHeight(style) <= room ? style : restyle(style, { size: Math.max(1, room / (lineHeight(style) / style.size)) });
}
