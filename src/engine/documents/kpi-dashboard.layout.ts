import type { KpiDashboardData } from '../templates/schemas';
import { Canvas } from '../toolkit/canvas';
import { PageFlow } from '../toolkit/page-flow';
import { Paragraph } from '../toolkit/paragraph';
import { Rect } from '../toolkit/rect';
import { rule } from '../toolkit/rule';
import { VStack } from '../toolkit/stack';
import { COLORS, SPACE, TYPE } from '../toolkit/theme';
import { TileGrid } from '../toolkit/tile-grid';
import { DocumentLayout } from './document-layout';
import { trimmed } from './format';

/** `kpi-dashboard`: title, subtitle, metric tiles, then sections flowing across pages. */
export class KpiDashboardLayout implements DocumentLayout<KpiDashboardData> {
  title(data: KpiDashboardData): string {
    return data.title.trim() || 'Dashboard';
  }

  draw(canvas: Canvas, frame: Rect, data: KpiDashboardData): void {
    const flow = new PageFlow(canvas, frame);
    const heading = [new Paragraph(this.title(data), { size: TYPE.display, color: COLORS.accent, bold: true }, { maxLines: 3 })];
    const subtitle = trimmed(data.subtitle);
    if (subtitle) heading.push(new Paragraph(subtitle, { size: TYPE.body, color: COLORS.muted }, { maxLines: 3 }));
    flow.add(new VStack(heading, { gap: SPACE.xs }));
    flow.add(rule(SPACE.sm, COLORS.accent, 1.5));
    flow.add(
      new TileGrid(
        data.metrics.map((metric) => ({ label: metric.label.trim(), value: metric.value.trim(), change: trimmed(metric.change), trend: trimmed(metric.trend) })),
      ),
      SPACE.sm,
    );
    for (const section of data.sections ?? []) {
      const content = trimmed(section.content);
      const parts = [new Paragraph(section.title.trim(), { size: TYPE.heading, color: COLORS.text, bold: true })];
      if (content) parts.push(new Paragraph(content, { size: TYPE.body, color: COLORS.text }));
      flow.add(new VStack([...parts.slice(0, 1), rule(SPACE.xs), ...parts.slice(1)], { gap: 0, keepFirstWithNext: 2 }), SPACE.lg);
    }
  }
}
