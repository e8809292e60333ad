import type { KpiDashboardData } from '../templates/schemas';
import { Canvas } from '../toolkit/canvas';
import { ColumnFlow } from '../toolkit/column-flow';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { rule } from '../toolkit/rule';
import { VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { lineHeight, textStyle, TextStyle } from '../toolkit/text-style';
import { wrapText } from '../toolkit/text-wrap';
import { TileGrid } from '../toolkit/tile-grid';
import { DocumentLayout } from './document-layout';
import { trimmed } from './format';

const BODY = textStyle(TYPE.body, COLORS.text);
/** Measured to find how wide a line of ordinary prose is at the body size. */
const PROSE = 'The quick brown fox jumps over the lazy dog, and 12 more went by in March. ';
/** A readable measure: section text runs in columns of 45 to 75 characters, or one column of at most 75. */
const MAX_CHARACTERS = 75;
const MIN_CHARACTERS = 45;
/** Title sizes, largest first: a title longer than a third of the page is set smaller, down to the heading size. */
const TITLE_SIZES = [TYPE.display, TYPE.title, TYPE.heading];

/** `kpi-dashboard`: title, subtitle, metric tiles, then sections flowing in columns across pages. */
export class KpiDashboardLayout implements DocumentLayout<KpiDashboardData> {
  title(data: KpiDashboardData): string {
    return data.title.trim() || 'Dashboard';
  }

  draw(canvas: Canvas, frame: Rect, data: KpiDashboardData): void {
    const flow = new PageFlow(canvas, frame);
    const title = this.title(data);
    const heading = [new Paragraph(title, titleStyle(canvas, title, frame), { balance: true, role: 'H1' })];
    const subtitle = trimmed(data.subtitle);
    if (subtitle) heading.push(new Paragraph(subtitle, textStyle(TYPE.body, COLORS.muted), { balance: true }));
    flow.add(new VStack(heading, { gap: SPACE.xs }));
    flow.add(rule(SPACE.sm, COLORS.accent, 1.5));
    if (data.metrics.length === 0) {
      flow.add(new Paragraph('No metrics in this dashboard.', textStyle(TYPE.body, COLORS.muted)), SPACE.sm);
    } else {
      flow.add(
        new TileGrid(
          data.metrics.map((metric) => ({
            label: metric.label.trim(),
            value: metric.value.trim(),
            change: trimmed(metric.change),
            trend: trimmed(metric.trend),
            goodDirection: metric.goodDirection,
            series: metric.series,
          })),
          frame.height,
        ),
        SPACE.sm,
      );
    }
    const sections = (data.sections ?? []).map((section) => {
      const content = trimmed(section.content);
      const parts = [new Paragraph(section.title.trim(), textStyle(TYPE.heading, COLORS.text, { bold: true }), { balance: true, role: 'H2' }), rule(SPACE.xs)];
      if (content) parts.push(new Paragraph(content, BODY));
      return new VStack(parts, { gap: 0, keepFirstWithNext: 2 });
    });
    if (sections.length === 0) return;
    const character = canvas.measure(PROSE, BODY) / PROSE.length;
    const measure = { maxWidth: MAX_CHARACTERS * character, minWidth: MIN_CHARACTERS * character, gutter: SPACE.xl, gap: SPACE.lg };
    flow.add(new ColumnFlow(sections, measure), SPACE.lg);
  }
}

function titleStyle(canvas: Canvas, title: string, frame: Rect): TextStyle {
  const style = (size: number): TextStyle => textStyle(size, COLORS.accent, { bold: true });
  const fits = (size: number) => wrapText(title, canvas.stack(style(size)), size, frame.width).length * lineHeight(style(size)) <= frame.height / 3;
  return style(TITLE_SIZES.find(fits) ?? TYPE.heading);
}
