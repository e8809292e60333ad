import { KPI_DASHBOARD_SAMPLE } from '../../src/templates/samples/kpi-dashboard.sample';
import { validateTemplateData } from '../../src/templates/validation/data-validator';
import { TextBox } from '../../src/engine/toolkit/canvas';
import { trendColor } from '../../src/engine/toolkit/tile-grid';
import { COLORS } from '../../src/engine/toolkit/theme';
import { expectedValues } from './expected-values';
import { boxesOutsidePage, overlappingBoxes, poppler, render, squash } from './render-helpers';

type Metric = { label: string; value: string; change?: string; trend?: string; goodDirection?: string; series?: number[] };

const metric = (i: number, extra: Partial<Metric> = {}): Metric => ({ label: `Metric ${i + 1}`, value: `${i * 7}%`, change: `+${i} pts`, trend: 'up', ...extra });
const dashboard = (metrics: Metric[], sections: Array<{ title: string; content?: string }> = []) => ({ title: 'KPIs', subtitle: 'Q1', metrics, sections });
const text = async (data: Record<string, unknown>, options = {}) => squash(poppler('pdftotext', (await render('kpi-dashboard', data, options)).pdf));

/** How many tiles sit on each row, read from the tops of the labels (one box per label). */
function tilesPerRow(boxes: TextBox[], labels: string[]): number[] {
  const tops = boxes.filter((box) => labels.includes(box.text)).map((box) => `${box.page}:${box.y.toFixed(1)}`);
  const rows = new Map<string, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.values()];
}

const PROSE =
  'Subscriber growth came mostly from the annual-plan promotion launched in February, and the premiere drove the best single day of sign-ups this year. ';

describe('kpi-dashboard', () => {
  it('colours the trend by whether the change is good: the sample churn falling is good', () => {
    const churn = (KPI_DASHBOARD_SAMPLE.metrics as Metric[]).find((m) => /churn/i.test(m.label))!;
    expect(churn.goodDirection).toBe('down');
    expect(trendColor(churn.trend!, churn.goodDirection)).toBe(COLORS.positive);
  });

  it('prints long labels and change texts whole', async () => {
    const label = 'Share of enterprise customers who renewed their contracts within thirty days of the renewal date, across every region and segment';
    const change = '+4.2 pts against the same quarter last year, after the pricing change in March and the new renewal desk';
    const data = dashboard([metric(0, { label, change }), metric(1), metric(2)]);
    const printed = await text(data);
    expect(printed).toContain(squash(label));
    expect(printed).toContain(squash(change));
    // The row's tiles share their bands: the changes start on one line across the row.
    const doc = await render('kpi-dashboard', data);
    const changeTops = doc.textBoxes.filter((box) => ['+1 pts', '+2 pts'].includes(box.text) || change.startsWith(box.text)).map((box) => box.y.toFixed(1));
    expect(new Set(changeTops.slice(0, 3)).size).toBe(1);
  });

  it('draws the values of one row of tiles at one size', async () => {
    const values = ['4.2%', '$9.74', '12,345,678.90 USD'];
    const doc = await render('kpi-dashboard', dashboard(values.map((value, i) => metric(i, { value }))));
    const heights = doc.textBoxes.filter((box) => values.includes(box.text)).map((box) => box.height.toFixed(2));
    expect(heights).toHaveLength(3);
    expect(new Set(heights).size).toBe(1);
  });

  it.each([
    [4, 'Letter', 'portrait'],
    [5, 'Letter', 'landscape'],
    [7, 'Legal', 'landscape'],
    [13, 'Legal', 'landscape'],
  ])('never leaves a tile alone on the last row (%i metrics, %s %s)', async (count, format, orientation) => {
    const metrics = Array.from({ length: count }, (_, i) => metric(i));
    const doc = await render('kpi-dashboard', dashboard(metrics), { format, orientation } as never);
    const rows = tilesPerRow(doc.textBoxes, metrics.map((m) => m.label));
    expect(rows.reduce((a, b) => a + b, 0)).toBe(count);
    expect(rows[rows.length - 1]).toBeGreaterThan(1);
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(1);
  });

  it.each([
    ['Letter', 'portrait'],
    ['Legal', 'landscape'],
    ['A4', 'landscape'],
  ])('keeps section text to a readable measure on %s %s', async (format, orientation) => {
    const content = PROSE.repeat(6).trim();
    const doc = await render('kpi-dashboard', dashboard([metric(0), metric(1)], [{ title: 'Highlights', content }, { title: 'Risks', content }]), {
      format,
      orientation,
    } as never);
    const lines = doc.textBoxes.filter((box) => box.text.length > 20 && content.includes(box.text.trim()));
    expect(lines.length).toBeGreaterThan(5);
    expect(Math.max(...lines.map((box) => box.text.length))).toBeLessThanOrEqual(80);
  });

  it('says so when the dashboard has no metrics', async () => {
    const doc = await render('kpi-dashboard', dashboard([]));
    expect(doc.pageCount).toBe(1);
    expect(squash(poppler('pdftotext', doc.pdf))).toContain(squash('No metrics in this dashboard.'));
  });

  it('accepts series and goodDirection within their bounds and rejects the rest', () => {
    const ok = dashboard([metric(0, { goodDirection: 'down', series: Array.from({ length: 365 }, (_, i) => (i % 2 ? 1e12 : -1e12)) })]);
    expect(validateTemplateData('kpi-dashboard', ok)).toEqual([]);
    expect(validateTemplateData('kpi-dashboard', dashboard([metric(0, { series: new Array(366).fill(1) })]))).not.toEqual([]);
    expect(validateTemplateData('kpi-dashboard', dashboard([metric(0, { series: [1e13] })]))).not.toEqual([]);
    expect(validateTemplateData('kpi-dashboard', dashboard([metric(0, { goodDirection: 'sideways' })]))).not.toEqual([]);
  });

  it.each([
    ['Letter', 'portrait', '2.5in'],
    ['Letter', 'portrait', '0.75in'],
    ['Legal', 'landscape', '0'],
  ])('prints every value of 60 hostile metrics whole on %s %s (margin %s)', async (format, orientation, margin) => {
    const long = (i: number, what: string) => `${what} ${i} ` + 'quarterly enterprise renewals across every region '.repeat(10).trim();
    const metrics = Array.from({ length: 60 }, (_, i) =>
      metric(i, {
        label: i % 3 === 0 ? long(i, 'Label') : `Metric ${i} 売上高 前年同期比`,
        value: i % 5 === 0 ? long(i, 'Value') : i % 5 === 1 ? 'Supercalifragilisticexpialidocious1234567890abcdefghijklmnopqrstu' : `${i * 1e9}`,
        change: i % 4 === 0 ? long(i, 'Change') : `-${i}%`,
        trend: ['up', 'down', 'flat', 'other'][i % 4],
        goodDirection: i % 2 ? 'down' : 'up',
        series: Array.from({ length: i * 6 + 1 }, (_, n) => Math.sin(n) * 1e12),
      }),
    );
    const data = dashboard(metrics, [{ title: long(0, 'Section'), content: PROSE.repeat(30) }]);
    const doc = await render('kpi-dashboard', data, { format, orientation, margin: { top: margin, right: margin, bottom: margin, left: margin } } as never);
    // Hyphens (sent, or added where a long word breaks) are left out of the comparison, and so
    // is the default footer that comes between the parts of a text continued on the next page.
    const unhyphenated = (text: string) => squash(text).replace(/[-\u2010]/g, '');
    const printed = unhyphenated(poppler('pdftotext', doc.pdf).replace(/Page \d+ of \d+/g, ''));
    expect(expectedValues('kpi-dashboard', data).filter((value) => !printed.includes(unhyphenated(value)))).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });
});
