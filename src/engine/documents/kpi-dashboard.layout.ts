import { Canvas } from '../toolkit/canvas';
import { Frame, PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { rule } from '../toolkit/rule';
import { VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { TileGrid } from '../toolkit/tile-grid';
import { DocumentLayout } from './document-layout';
import { list, record, text } from './format';

/** `kpi-dashboard`: title, subtitle, metric tiles, then sections flowing across pages. */
export class KpiDashboardLayout implements DocumentLayout {
  title(data: Record<string, unknown>): string {
    return text(data.title) || 'Dashboard';
  }

  draw(canvas: Canvas, frame: Frame, data: Record<string, unknown>): void {
    const flow = new PageFlow(canvas, frame);
    const heading = [new Paragraph(this.title(data), { size: TYPE.display, color: COLORS.accent, bold: true }, { maxLines: 3 })];
    const subtitle = text(data.subtitle);
    if (subtitle) heading.push(new Paragraph(subtitle, { size: TYPE.body, color: COLORS.muted }, { maxLines: 3 }));
    flow.add(new VStack(heading, { gap: SPACE.xs }));
    flow.add(rule(SPACE.sm, COLORS.accent, 1.5));
    const metrics = list<unknown>(data.metrics).map(record);
    flow.add(
      new TileGrid(metrics.map((metric) => ({ label: text(metric.label), value: text(metric.value), change: text(metric.change), trend: text(metric.trend) }))),
      SPACE.sm,
    );
    for (const section of list<unknown>(data.sections).map(record)) {
      const content = text(section.content);
      const parts = [new Paragraph(text(section.title), { size: TYPE.heading, color: COLORS.text, bold: true })];
      if (content) parts.push(new Paragraph(content, { size: TYPE.body, color: COLORS.text }));
      flow.add(new VStack([...parts.slice(0, 1), rule(SPACE.xs), ...parts.slice(1)], { gap: 0, keepFirstWithNext: 2 }), SPACE.lg);
    }
  }
}
