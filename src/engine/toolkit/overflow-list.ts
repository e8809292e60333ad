import { Block, Laid } from './block';
import { dateSpan, weekdayDate } from './calendar-dates';
import { Canvas } from './canvas';
import { BUILT_IN_LOOK, Look, lookStyle } from './look';
import { DayOverflow } from './month-grid';
import { SPACE, TYPE } from './theme';
import { TextStyle, lineHeight } from './text-style';
import { wrapText } from './text-wrap';

/** Below this width the day goes on a line of its own, above what it lists. */
const SIDE_BY_SIDE_MIN_WIDTH = 200;
const ENTRY_GAP = 2;
const SEPARATOR = '  ·  ';

interface Row {
  /** The day of the entry the row belongs to. */
  day: string;
  /** Shows the day: the entry's first row, and the first row of a part on a new page. */
  showDay: boolean;
  /** A row holding only the day (narrow lists put it above what it lists). */
  dayOnly: boolean;
  text: string;
  /** A page may break before this row: it starts an item (an item is never split across pages). */
  breakable: boolean;
  gapBefore: number;
}

interface ListStyles {
  title: TextStyle;
  label: TextStyle;
  item: TextStyle;
}

/**
 * What a month grid could not show, day by day ("Wed 12 Mar  Event A · Event B · Unit 2 (10 Mar –
 * 18 Mar)"), every text whole. An item longer than what is left of a line starts a new one, so
 * items start lines where they can; pages break only before an item, and a part on a new page
 * repeats the title and the day.
 */
export class OverflowList implements Block {
  constructor(
    private readonly title: string,
    private readonly days: DayOverflow[],
    /** The year the dates are read in: other years are printed. */
    private readonly year: number,
    private readonly look: Look = BUILT_IN_LOOK,
  ) {}

  layout(canvas: Canvas, width: number): Laid {
    const styles: ListStyles = {
      title: lookStyle(this.look, TYPE.small, this.look.accent, { bold: true }),
      label: lookStyle(this.look, TYPE.small, this.look.text, { bold: true }),
      item: lookStyle(this.look, TYPE.small, this.look.text),
    };
    const labels = this.days.map((entry) => weekdayDate(entry.day));
    const labelWidth = Math.max(0, ...labels.map((label) => canvas.measure(label, styles.label))) + SPACE.md;
    const sideBySide = width >= SIDE_BY_SIDE_MIN_WIDTH && labelWidth <= width / 3;
    const textX = sideBySide ? labelWidth : 0;
    const rows: Row[] = [];
    this.days.forEach((entry, index) => {
      const day = labels[index];
      const gapBefore = index === 0 ? 0 : ENTRY_GAP;
      const lines = this.lines(canvas, styles.item, this.items(entry), width - textX);
      if (!sideBySide) rows.push({ day, showDay: true, dayOnly: true, text: '', breakable: true, gapBefore });
      lines.forEach((line, n) => rows.push({ day, showDay: sideBySide && n === 0, dayOnly: false, text: line.text, breakable: sideBySide ? line.startsItem : line.startsItem && n > 0, gapBefore: sideBySide && n === 0 ? gapBefore : 0 }));
    });
    return new LaidOverflowList(this.title, false, rows, styles, width, textX);
  }

  /** Events as sent; ranges with their dates. */
  private items(entry: DayOverflow): string[] {
    const span = (start: number, end: number) => `(${dateSpan(start, end, this.year)})`;
    return [
      ...entry.events.map((event) => event.text || '(no text)'),
      ...entry.ranges.map((range) => (range.label ? `${range.label} ${span(range.start, range.end)}` : span(range.start, range.end))),
    ];
  }

  /** The items joined by " · " in lines of `width`; an item that does not fit what is left of a line starts the next. */
  private lines(canvas: Canvas, style: TextStyle, items: string[], width: number): Array<{ text: string; startsItem: boolean }> {
    const stack = canvas.stack(style);
    const lines: Array<{ text: string; startsItem: boolean }> = [];
    let current: { text: string; startsItem: boolean } | null = null;
    for (const item of items) {
      const joined: string | null = current ? `${current.text}${SEPARATOR}${item}` : null;
      if (current && joined && !item.includes('\n') && stack.measure(joined, style.size) <= width) {
        current.text = joined;
        continue;
      }
      if (current) lines.push(current);
      const wrapped = wrapText(item, stack, style.size, width);
      wrapped.slice(0, -1).forEach((text, n) => lines.push({ text, startsItem: n === 0 }));
      current = { text: wrapped[wrapped.length - 1], startsItem: wrapped.length === 1 };
    }
    if (current) lines.push(current);
    return lines;
  }
}

class LaidOverflowList implements Laid {
  readonly height: number;

  constructor(
    private readonly title: string,
    private readonly continued: boolean,
    private readonly rows: Row[],
    private readonly styles: ListStyles,
    private readonly width: number,
    private readonly textX: number,
  ) {
    this.height = this.titleHeight() + rows.reduce((sum, row) => sum + this.rowHeight(row), 0);
  }

  draw(canvas: Canvas, x: number, y: number): void {
    // Tagged: the title a P (a repeated "(continued)" title an artifact), the rows an L of LI > Lbl (day) + LBody.
    const tags = canvas.tags;
    const title = () => canvas.text(this.continued ? `${this.title} (continued)` : this.title, x, y, this.styles.title, this.width);
    if (this.continued) tags.artifact('Pagination', title);
    else tags.element('P', title);
    let top = y + this.titleHeight();
    tags.element(
      'L',
      () => {
        for (const row of this.rows) {
          top += row.gapBefore;
          tags.element('LI', () => {
            if (row.showDay) tags.element('Lbl', () => canvas.text(row.day, x, top, this.styles.label, row.dayOnly ? this.width : this.textX));
            if (!row.dayOnly) tags.element('LBody', () => canvas.text(row.text, x + this.textX, top, this.styles.item, this.width - this.textX));
          });
          top += lineHeight(this.styles.item);
        }
      },
      { key: this.styles },
    );
  }

  split(room: number, atPageTop: boolean): [Laid, Laid] | null {
    let used = this.titleHeight();
    let fitting = 0;
    while (fitting < this.rows.length && used + this.rowHeight(this.rows[fitting]) <= room) used += this.rowHeight(this.rows[fitting++]);
    if (fitting >= this.rows.length) return null;
    // Break before an item, never inside one (unless an item is longer than a page).
    let count = fitting;
    while (count > 0 && !this.rows[count].breakable) count--;
    if (count === 0 && atPageTop) count = fitting;
    if (count === 0 || count >= this.rows.length) return null;
    const rest = this.rows.slice(count);
    const first = rest[0].dayOnly || !this.textX ? rest[0] : { ...rest[0], showDay: true };
    const tail = [{ ...first, gapBefore: 0 }, ...rest.slice(1)];
    // A narrow list's part that starts inside a day names the day on a row of its own.
    if (!this.textX && !first.dayOnly) tail.unshift({ ...first, showDay: true, dayOnly: true, text: '', breakable: true, gapBefore: 0 });
    return [new LaidOverflowList(this.title, this.continued, this.rows.slice(0, count), this.styles, this.width, this.textX), new LaidOverflowList(this.title, true, tail, this.styles, this.width, this.textX)];
  }

  private titleHeight(): number {
    return lineHeight(this.styles.title) + SPACE.xs;
  }

  private rowHeight(row: Row): number {
    return row.gapBefore + lineHeight(this.styles.item);
  }
}
