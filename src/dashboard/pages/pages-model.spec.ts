import { foldActivity } from '../../history/month-activity';
import { firstPdfCurl, formatBytes, monthName, shortDate } from './format';
import { generationRow, hostedFileLink, olderLink } from './generations.model';
import { overviewModel } from './overview.model';

const NOW = new Date('2025-03-10T09:00:00Z');
const usage = (used: number, limit: number, testUsed = 0) => ({ period: '2025-03', used, limit, remaining: Math.max(0, limit - used), testUsed });

describe('overview model', () => {
  it('says how much of the limit is used, with a level for the bar', () => {
    expect(overviewModel(usage(0, 1000), 1000, foldActivity(NOW, []), NOW).usage).toMatchObject({ percent: 0, percentLabel: '0%', level: 'ok', remaining: '1,000' });
    expect(overviewModel(usage(3, 1000), 1000, foldActivity(NOW, []), NOW).usage).toMatchObject({ percent: 0, percentLabel: '<1%', level: 'ok' });
    expect(overviewModel(usage(800, 1000), 1000, foldActivity(NOW, []), NOW).usage).toMatchObject({ percent: 80, level: 'warn' });
    expect(overviewModel(usage(1000, 1000, 12), 10000, foldActivity(NOW, []), NOW).usage).toMatchObject({
      percent: 100,
      percentLabel: '100%',
      level: 'full',
      remaining: '0',
      testUsed: '12',
      testLimit: '10,000',
    });
  });

  it('is empty only when nothing was generated or counted this month', () => {
    expect(overviewModel(usage(0, 100), 100, foldActivity(NOW, []), NOW).empty).toBe(true);
    expect(overviewModel(usage(0, 100, 1), 100, foldActivity(NOW, []), NOW).empty).toBe(false);
    expect(overviewModel(usage(0, 100), 100, foldActivity(NOW, []), NOW).failedNote).toBe('Nothing recorded yet this month.');
  });

  it('summarises the chart in words and lists the days up to today, newest first', () => {
    const activity = foldActivity(NOW, [
      { day: 1, templateId: 'invoice-basic', outputFormat: 'url', mode: 'live', status: 'succeeded', count: 3 },
      { day: 4, templateId: 'weekly-report', outputFormat: 'buffer', mode: 'test', status: 'succeeded', count: 1 },
      { day: 4, templateId: 'invoice-basic', outputFormat: 'url', mode: 'live', status: 'failed', count: 1 },
    ]);
    const model = overviewModel(usage(3, 100, 1), 100, activity, NOW);
    expect(model.chartSummary).toBe('5 generations in March 2025 so far (4 succeeded, 1 failed, 1 with test keys); the busiest day was 2 Mar with 3.');
    expect(model.days).toEqual([
      { date: '2025-03-05', label: '5 Mar', live: '0', test: '1', failed: '1', total: '2' },
      { date: '2025-03-02', label: '2 Mar', live: '3', test: '0', failed: '0', total: '3' },
    ]);
    expect(model.failedNote).toBe('Of 5 recorded requests (20%).');
    expect(model.chart.days).toHaveLength(31);
    expect(model.byTemplate.map((t) => [t.templateId, t.total, t.shareLabel])).toEqual([
      ['invoice-basic', '4', '80%'],
      ['weekly-report', '1', '20%'],
    ]);
    expect(model.resetsOn).toBe('1 April 2025');
  });
});

describe('generations model', () => {
  const base = 'http://pdf.example.com';
  it('links only to hosted files of this service', () => {
    expect(hostedFileLink(`${base}/files/abc_DEF-123.pdf`, base)).toBe(`${base}/files/abc_DEF-123.pdf`);
    expect(hostedFileLink('https://evil.example/files/a.pdf', base)).toBeNull();
    expect(hostedFileLink(`${base}/files/../admin.pdf`, base)).toBeNull();
    expect(hostedFileLink('javascript:alert(1)', base)).toBeNull();
    expect(hostedFileLink(undefined, base)).toBeNull();
    expect(hostedFileLink('http://x.test/pdf/files/a.pdf', 'http://x.test/pdf')).toBe('http://x.test/pdf/files/a.pdf');
  });

  it('writes each field for the table, and dashes for what a failed generation lacks', () => {
    const row = generationRow(
      { id: 'i', templateId: 'invoice-basic', templateVersion: '1.2.0', outputFormat: 'base64', status: 'failed', generationTimeMs: 1234, requestId: 'r', mode: 'test', createdAt: '2025-03-02T14:05:31.123Z' },
      base,
    );
    expect(row).toMatchObject({ time: '2 Mar 2025, 14:05:31', date: '2 Mar 2025', clock: '14:05:31', pages: '–', size: '–', ms: '1,234 ms', pdfUrl: null, jobId: null });
  });

  it('keeps the filters in the Older link', () => {
    expect(olderLink({ templateId: 'invoice-basic', status: 'failed' }, 'abc')).toBe('/dashboard/generations?templateId=invoice-basic&status=failed&cursor=abc');
    expect(olderLink({}, 'abc')).toBe('/dashboard/generations?cursor=abc');
    expect(olderLink({}, null)).toBeNull();
  });
});

describe('format', () => {
  it('writes sizes, months and days', () => {
    expect([formatBytes(999), formatBytes(25_000), formatBytes(1_234_567), formatBytes(150_000)]).toEqual(['999 B', '25.0 kB', '1.2 MB', '150 kB']);
    expect(monthName('2025-12')).toBe('December 2025');
    expect(shortDate('2025-01-05')).toBe('5 Jan');
    expect(firstPdfCurl('http://localhost:3000')).toContain('curl -X POST http://localhost:3000/api/v1/generate');
  });
});
