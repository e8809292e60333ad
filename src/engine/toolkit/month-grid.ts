import { Block, Laid } from './block';
import { dayNumber, dayOfMonth, daysInMonth, weekday, WEEKDAY_NAMES } from './calendar-dates';
import { Canvas } from './canvas';
import { shade, tint } from './color';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { COLORS, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { ellipsize, wrapText } from './text-wrap';

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
  /** With `fill`, the least height. */
  height: number;
  /** Stretched to the room left on the page it is placed on (see Laid.fills). */
  fill?: boolean;
  /** Fonts and colours (default: the built-in templates'). */
  look?: Look;
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

interface Segment {
  range: GridRange;
  first: number;
  last: number;
  lane: number;
}

/**
 * One month as weeks by weekdays. Days hold event chips; ranges are bars through the days they
 * cover, continued across weeks (and marked ◂ ▸ where they run on from or into another month).
 * A day with more than fits shows what fits and "+N more". Fills exactly `height` (or, with
 * `fill`, the page).
 */
export class MonthGrid implements Block {
  private readonly styles: GridStyles;

  constructor(private readonly spec: MonthGridSpec) {
    this.styles = spec.look ? gridStyles(spec.look) : BUILT_IN_STYLES;
  }

  layout(canvas: Canvas, width: number): Laid {
    const laid: Laid = { height: this.spec.height, draw: (target, x, y) => this.draw(target, x, y, width) };
    if (!this.spec.fill) return laid;
    return { ...laid, fills: true, stretch: (height) => new MonthGrid({ ...this.spec, height: Math.max(height, this.spec.height), fill: false }).layout(canvas, width) };
  }

  private draw(canvas: Canvas, x: number, y: number, width: number): void {
    const { year, month, weekStart, height } = this.spec;
    const firstDay = dayNumber(year, month, 1);
    const lastDay = firstDay + daysInMonth(year, month) - 1;
    const startOffset = (weekday(firstDay) - (weekStart === 'monday' ? 1 : 0) + 7) % 7;
    const gridStart = firstDay - startOffset;
    const weeks = Math.ceil((startOffset + lastDay - firstDay + 1) / 7);
    const cellWidth = width / 7;
    const rowHeight = (height - HEADER_HEIGHT) / weeks;

    const { weekday: weekdayStyle } = this.styles;
    canvas.rect(x, y, width, HEADER_HEIGHT, this.styles.accent);
    for (let column = 0; column < 7; column++) {
      const name = WEEKDAY_NAMES[(column + (weekStart === 'monday' ? 1 : 0)) % 7];
      canvas.text(name, x + column * cellWidth, y + (HEADER_HEIGHT - lineHeight(weekdayStyle)) / 2, weekdayStyle, cellWidth, 'center');
    }
    // Backgrounds and rules first, so bars and chips are drawn over the grid lines.
    for (let day = gridStart; day < gridStart + weeks * 7; day++) {
      if (day >= firstDay && day <= lastDay) continue;
      const index = day - gridStart;
      canvas.rect(x + (index % 7) * cellWidth, y + HEADER_HEIGHT + Math.floor(index / 7) * rowHeight, cellWidth, rowHeight, COLORS.panel);
    }
    for (let line = 0; line <= weeks; line++) canvas.line(x, y + HEADER_HEIGHT + line * rowHeight, x + width, y + HEADER_HEIGHT + line * rowHeight, COLORS.rule, 0.5);
    for (let column = 0; column <= 7; column++) canvas.line(x + column * cellWidth, y + HEADER_HEIGHT, x + column * cellWidth, y + height, COLORS.rule, 0.5);
    for (let week = 0; week < weeks; week++) {
      const top = y + HEADER_HEIGHT + week * rowHeight;
      this.drawWeek(canvas, x, top, cellWidth, rowHeight, gridStart + week * 7, firstDay, lastDay);
    }
  }

  private drawWeek(canvas: Canvas, x: number, top: number, cellWidth: number, rowHeight: number, weekFirst: number, firstDay: number, lastDay: number): void {
    const dayStyle = fitToRow(this.styles.day, rowHeight);
    const dayHeight = lineHeight(dayStyle) + PAD;
    const chipHeight = lineHeight(this.styles.chip) + 1;
    const step = chipHeight + CHIP_GAP;
    const slots = Math.max(1, Math.floor((rowHeight - dayHeight - PAD) / step));
    const segments = this.segments(Math.max(weekFirst, firstDay), Math.min(weekFirst + 6, lastDay));
    // Keep one slot for chips or "+N more" when ranges would take every line.
    const laneSlots = Math.max(0, slots - 1);
    const hiddenRanges = new Map<number, number>();

    for (let column = 0; column < 7; column++) {
      const day = weekFirst + column;
      const left = x + column * cellWidth;
      if (day < firstDay || day > lastDay) continue;
      canvas.text(String(dayOfMonth(day)), left + PAD, top + PAD / 2, weekday(day) === 0 || weekday(day) === 6 ? { ...dayStyle, color: this.styles.muted } : dayStyle, cellWidth - 2 * PAD, 'right');
    }
    for (const segment of segments) {
      if (segment.lane >= laneSlots) {
        for (let day = segment.first; day <= segment.last; day++) hiddenRanges.set(day, (hiddenRanges.get(day) ?? 0) + 1);
        continue;
      }
      this.drawBar(canvas, segment, x + (segment.first - weekFirst) * cellWidth + 1, top + dayHeight + segment.lane * step, (segment.last - segment.first + 1) * cellWidth - 2, chipHeight);
    }
    for (let column = 0; column < 7; column++) {
      const day = weekFirst + column;
      if (day < firstDay || day > lastDay) continue;
      const dayLanes = segments.filter((s) => s.first <= day && day <= s.last && s.lane < laneSlots).map((s) => s.lane);
      const chipsTop = top + dayHeight + (dayLanes.length > 0 ? Math.max(...dayLanes) + 1 : 0) * step;
      this.drawDayEvents(canvas, this.spec.events.get(day) ?? [], hiddenRanges.get(day) ?? 0, x + column * cellWidth + 2, chipsTop, cellWidth - 4, top + rowHeight - PAD);
    }
  }

  /**
   * Chips one under another (two lines of text where there is room, else one), then
   * "+N more" for the events and hidden range bars that did not fit above `bottom`.
   */
  private drawDayEvents(canvas: Canvas, events: GridEvent[], hiddenRanges: number, x: number, top: number, width: number, bottom: number): void {
    const { chip, more } = this.styles;
    const stack = canvas.stack(chip);
    const step = lineHeight(chip);
    let y = top;
    let shown = 0;
    for (const event of events) {
      const moreAfter = events.length - shown - 1 + hiddenRanges > 0 ? CHIP_GAP + lineHeight(more) : 0;
      let lines = wrapText(event.text, stack, chip.size, width - 7, { maxLines: 2 });
      if (y + lines.length * step + 1 + moreAfter > bottom) lines = [ellipsize(event.text, stack, chip.size, width - 7)];
      if (y + step + 1 + moreAfter > bottom) break;
      this.drawChip(canvas, lines, event.color, x, y, width, lines.length * step + 1);
      y += lines.length * step + 1 + CHIP_GAP;
      shown++;
    }
    const hidden = events.length - shown + hiddenRanges;
    if (hidden > 0 && y + lineHeight(more) <= bottom + PAD) canvas.text(`+${hidden} more`, x + 2, y, more, width - 2);
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

  private drawBar(canvas: Canvas, segment: Segment, x: number, y: number, width: number, height: number): void {
    const { range } = segment;
    const continuesBefore = range.start < segment.first;
    const continuesAfter = range.end > segment.last;
    canvas.rect(x, y, width, height, tint(range.color, 0.55), 2);
    if (!continuesBefore) canvas.rect(x, y, 2.5, height, range.color);
    const label = `${continuesBefore ? '◂ ' : ''}${range.label}${continuesAfter ? ' ▸' : ''}`;
    const style = { ...this.styles.chip, bold: true, color: shade(range.color, 0.55) };
    canvas.text(label, x + 5, y + 0.5, style, width - 7);
  }

  private drawChip(canvas: Canvas, lines: string[], color: string, x: number, y: number, width: number, height: number): void {
    canvas.rect(x, y, width, height, tint(color, 0.8), 2);
    canvas.rect(x, y, 2.5, height, color);
    const { chip } = this.styles;
    lines.forEach((line, n) => canvas.text(line, x + 5, y + 0.5 + n * lineHeight(chip), chip, width - 7));
  }
}

/** The style shrunk so one line fits a week row (very short pages only). */
function fitToRow(style: TextStyle, rowHeight: number): TextStyle {
  const room = rowHeight - PAD;
  return lineHeight(style) <= room ? style : { ...style, size: Math.max(1, room / (lineHeight(style) / style.size)) };
}
