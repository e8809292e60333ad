import { Block, Laid } from './block';
import { MONTH_NAMES } from './calendar-dates';
import { Canvas } from './canvas';
import { LaidMonthGrid, MonthGrid, MonthGridSpec } from './month-grid';
import { OverflowList } from './overflow-list';
import { LaidStack } from './stack';

export interface CalendarMonthSpec {
  grid: Omit<MonthGridSpec, 'height'>;
  /** The grid's height; with `fill`, its least height. */
  height: number;
  /** The grid grows to the room left on the page it is placed on. */
  fill: boolean;
  /**
   * The room the month has on its page, when the caller knows it (a month that starts its page
   * under a heading): the grid takes all of it but what the legend and the list need, or, when
   * the list does not fit under a grid of its least height, all but the legend's room, the list
   * continuing on the next page.
   */
  room?: number;
  /** Kept under the grid. */
  legend?: Block;
  /** Space above the legend and above the overflow list. */
  gap: number;
}

/**
 * Room left unused under a grid that fills its page, so that floating-point dust in the sums of
 * heights never pushes the legend off the page it was measured for.
 */
const SLACK = 0.01;

interface Month {
  grid: LaidMonthGrid;
  list: Laid | null;
  whole: LaidStack;
}

/**
 * A month grid, its legend and the list of what its days could not show ("Also on these days").
 * The legend is kept with the grid. A grid that fills its page (or the known `room`) gives the
 * list room under it when the grid can stay at least its least height; otherwise the grid takes
 * the page and the list continues on the next one.
 */
export class CalendarMonth implements Block {
  constructor(private readonly spec: CalendarMonthSpec) {}

  layout(canvas: Canvas, width: number): Laid {
    const { spec } = this;
    const legend = spec.legend?.layout(canvas, width);
    const legendParts = legend && legend.height > 0 ? [legend] : [];
    const legendRoom = legendParts.length > 0 ? spec.gap + legendParts[0].height : 0;
    const { year, month, look } = spec.grid;
    const title = `Also on these days · ${MONTH_NAMES[month - 1]} ${year}`;
    const months = new Map<number, Month>();
    const at = (height: number): Month => {
      const known = months.get(height);
      if (known) return known;
      const grid = new MonthGrid({ ...spec.grid, height }).layout(canvas, width);
      const list = grid.overflow.length > 0 ? new OverflowList(title, grid.overflow, year, look).layout(canvas, width) : null;
      // Grid and legend never part: the stack splits only before or inside the list.
      const whole = new LaidStack([grid, ...legendParts, ...(list ? [list] : [])], spec.gap, legendParts.length);
      const laid = { grid, list, whole };
      months.set(height, laid);
      return laid;
    };
    const least = at(spec.height);
    const listRoom = (m: Month) => (m.list ? spec.gap + m.list.height : 0);
    if (spec.room !== undefined) {
      const room = spec.room;
      const fitted = this.tallest(room - legendRoom - SLACK, room, at, listRoom);
      return fitted.whole.height <= room ? fitted.whole : at(Math.max(spec.height, room - legendRoom - SLACK)).whole;
    }
    if (!spec.fill) return least.whole;

    const smallest = this.smallest(least, at, listRoom);
    return {
      height: smallest.whole.height,
      fills: true,
      draw: (target, x, y) => smallest.whole.draw(target, x, y),
      stretch: (height) => this.tallest(height - legendRoom - SLACK, height, at, listRoom).whole,
      split: (room, atPageTop) => {
        const gridHeight = room - legendRoom - SLACK;
        if (gridHeight < spec.height) return atPageTop ? smallest.whole.split(room, atPageTop) : null;
        // The list does not fit under a grid of its least height: the grid takes the page, the list goes on.
        const filled = at(gridHeight);
        if (filled.list) return [new LaidStack([filled.grid, ...legendParts], spec.gap, 0), filled.list];
        // Not met while lists shrink as grids grow (see smallest); never cut: an empty part rather than a clipped one.
        return atPageTop ? [filled.whole, new LaidStack([], 0, 0)] : null;
      },
    };
  }

  /**
   * The month as it takes the least room: its least grid with its list, or a taller grid that
   * shows everything when that is shorter in all (found by bisection).
   */
  private smallest(least: Month, at: (height: number) => Month, listRoom: (month: Month) => number): Month {
    let low = this.spec.height;
    let high = low + listRoom(least);
    if (!least.list || at(high).list) return least;
    for (let step = 0; step < 8; step++) {
      const middle = (low + high) / 2;
      if (at(middle).list) low = middle;
      else high = middle;
    }
    return at(high).whole.height < least.whole.height ? at(high) : least;
  }

  /**
   * The month with the tallest grid (at most `most`, at least the spec's height) whose list fits
   * under it in `height`: the list's height depends on the grid's, so a few tries, then bisection.
   */
  private tallest(most: number, height: number, at: (height: number) => Month, listRoom: (month: Month) => number): Month {
    const fits = (m: Month) => m.whole.height <= height;
    let gridHeight = most;
    let high = most;
    for (let attempt = 0; attempt < 3 && gridHeight > this.spec.height; attempt++) {
      const month = at(gridHeight);
      if (fits(month)) return month;
      high = gridHeight;
      gridHeight = most - listRoom(month);
    }
    let low = this.spec.height;
    for (let step = 0; step < 8; step++) {
      const middle = (low + high) / 2;
      if (fits(at(middle))) low = middle;
      else high = middle;
    }
    return at(low);
  }
}
