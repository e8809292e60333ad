import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { findTemplate } from '../../src/engine';
import { RenderedDocument } from '../../src/engine/render-document';
import { TextBox } from '../../src/engine/toolkit/canvas';
import { pillColors, statusColor, statusLabel } from '../../src/engine/toolkit/status-pill';
import { COLORS, LEADING, TYPE } from '../../src/engine/toolkit/theme';
import { boxesOutsidePage, overlappingBoxes, pageTexts, poppler, render, squash } from './render-helpers';

type Data = Record<string, unknown>;
type Project = Record<string, unknown>;

const KNOWN = ['on-track', 'at-risk', 'delayed', 'complete', 'not-started', 'on-hold', 'blocked', 'in-progress', 'cancelled'];
const TWELVE = JSON.parse(readFileSync(path.resolve(__dirname, '../../examples/weekly-report.12-projects.json'), 'utf8')) as Data;
const DEFAULTS = findTemplate('weekly-report')!.defaultOptions;

/** The report as the API draws it by default: its own page furniture, no caller header or footer. */
const renderReport = (data: Data, options = {}) => render('weekly-report', data, { ...DEFAULTS, displayHeaderFooter: false, ...options });
const text = (doc: RenderedDocument) => squash(poppler('pdftotext', doc.pdf));
const report = (projects: Project[], extra: Data = {}): Data => ({ reportTitle: 'Slate', versionAsOf: '03/07/2025', projects, ...extra });

/** WCAG 2.x: relative luminance of an sRGB colour and the contrast ratio of two colours. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const c = parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
const contrast = (a: string, b: string) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);

/** Hue (degrees) and saturation of a colour, as HSL gives them. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  const lightness = (max + min) / 2;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { hue: delta === 0 ? 0 : (sector * 60 + 360) % 360, saturation };
}

/** Two colours a reader tells apart: hues at least 20° apart, or one of them grey and the other not. */
function distinct(a: string, b: string): boolean {
  const [x, y] = [hueAndSaturation(a), hueAndSaturation(b)];
  const grey = (c: { saturation: number }) => c.saturation < 0.2;
  if (grey(x) || grey(y)) return grey(x) !== grey(y) || Math.abs(luminance(a) - luminance(b)) > 0.05;
  const gap = Math.abs(x.hue - y.hue);
  return Math.min(gap, 360 - gap) >= 20;
}

const MARGIN = 0.6 * 72;

/** Text boxes of the report's content: the page furniture in the margins left out. */
const contentBoxes = (doc: RenderedDocument) => doc.textBoxes.filter((box) => box.y >= MARGIN - 0.5 && box.y + box.height <= doc.pageSize.height - MARGIN + 0.5);

/** Where each page's content ends, as a share of the content frame (the template's furniture, in the margins, left out). */
function pageFill(doc: RenderedDocument): number[] {
  const frame = doc.pageSize.height - 2 * MARGIN;
  const fill = Array.from({ length: doc.pageCount }, () => 0);
  for (const box of contentBoxes(doc)) fill[box.page] = Math.max(fill[box.page], (box.y + box.height - MARGIN) / frame);
  return fill;
}

const topContent = (doc: RenderedDocument, page: number): TextBox =>
  contentBoxes(doc)
    .filter((box) => box.page === page)
    .sort((a, b) => a.y - b.y || a.x - b.x)[0];

describe('weekly-report status pills', () => {
  it('gives every known status its own colour, told apart by hue, and unknown ones neutral', () => {
    const colors = KNOWN.map(statusColor);
    expect(new Set(colors).size).toBe(KNOWN.length);
    const all = [...colors, COLORS.neutral];
    const alike = all.flatMap((a, i) => all.slice(i + 1).filter((b) => !distinct(a, b)).map((b) => `${a} ~ ${b}`));
    expect(alike).toEqual([]);
    expect(statusColor('complete')).not.toBe(statusColor('on-track'));
    expect(new Set(['at-risk', 'delayed', 'on-hold'].map(statusColor)).size).toBe(3);
    expect(statusColor('On Track')).toBe(statusColor('on_track'));
    expect(statusColor('waiting on vfx')).toBe(COLORS.neutral);
  });

  it('writes each pill at WCAG AA contrast (4.5:1) on its background, built-in statuses and any colour a template picks', () => {
    const colors = [...KNOWN.map(statusColor), COLORS.neutral, '#ffd700', '#7dd3fc', '#ffffff', '#000000', '#ff0000'];
    const low = colors.map((color) => ({ color, ...pillColors(color) })).filter(({ fill, text: ink }) => contrast(ink, fill) < 4.5);
    expect(low).toEqual([]);
  });

  it('prints known statuses as words and anything else as sent, trimmed', async () => {
    expect(KNOWN.map(statusLabel)).toEqual(['On track', 'At risk', 'Delayed', 'Complete', 'Not started', 'On hold', 'Blocked', 'In progress', 'Cancelled']);
    expect(statusLabel('  waiting-on-vfx ')).toBe('waiting-on-vfx');
    // A synonym prints as its status (issue 35): the README's words.
    expect(['wip', 'done', 'WIP', 'late', 'todo', 'paused', 'canceled', 'ok', 'amber', 'stuck'].map(statusLabel)).toEqual([
      'In progress',
      'Complete',
      'In progress',
      'Delayed',
      'Not started',
      'On hold',
      'Cancelled',
      'On track',
      'At risk',
      'Blocked',
    ]);
    expect(statusLabel('IN_PROGRESS')).toBe('IN PROGRESS');
    const milestones = KNOWN.map((status, i) => ({ name: `Milestone ${i + 1}`, status }));
    const doc = await renderReport(report([{ title: 'A', status: 'at-risk', milestones }, { title: 'B', status: '  waiting-on-vfx  ' }]));
    const lines = poppler('pdftotext', doc.pdf, ['-layout']);
    for (const label of KNOWN.map(statusLabel)) expect(lines).toContain(label);
    expect(lines).not.toMatch(/\b(on-track|at-risk|not-started|in-progress|on-hold)\b/);
    expect(lines).toContain('waiting-on-vfx');
  });

  it('sets pill text at 8 pt at least', async () => {
    const doc = await renderReport(report([{ title: 'A', status: 'on-track', milestones: [{ name: 'Lock', status: 'delayed' }] }]));
    for (const label of ['On track', 'Delayed']) {
      const box = doc.textBoxes.find((candidate) => candidate.text === label)!;
      expect(box.height / LEADING).toBeGreaterThanOrEqual(TYPE.small);
    }
  });

  it('wraps a long status in a taller pill, in the title row and in the milestone table, never cutting or overlapping it', async () => {
    const status = 'awaiting legal clearance from the studio and the estate of the original author';
    const other = 'waiting on the VFX vendor change order approval from production';
    const doc = await renderReport(report([{ title: 'Project', status, milestones: [{ name: 'Lock', status: other }, { name: 'Mix', status: other }, { name: 'Grade', status: 'complete' }] }]));
    const printed = text(doc);
    expect(printed).toContain(squash(status));
    expect(printed.split(squash(other)).length - 1).toBe(2);
    expect(contentBoxes(doc).filter((box) => box.text.includes('…'))).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
  });
});

describe('weekly-report long status in a narrow frame', () => {
  // Found by test/rendering/fuzz.spec.ts: a pill of one letter a line beside the title ran off the page.
  it('puts a status too long for one line under the title and splits it between pages, whole', async () => {
    const status = 'Supercalifragilisticexpialidocious'.repeat(6);
    const margin = { top: '3in', right: '4in', bottom: '3in', left: '4in' };
    const doc = await render('weekly-report', { projects: [{ title: '', status }] }, { format: 'Letter', orientation: 'portrait', margin, displayHeaderFooter: false });
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
    expect(squash(poppler('pdftotext', doc.pdf))).toContain(status);
  });
});

describe('weekly-report text', () => {
  it('prints update ids exactly as sent: no added #, case kept', async () => {
    const updates = { thisWeek: { id: 'lc-w10', text: 'Cut screened.' }, lastWeek: { id: '#LC-W09', text: 'Score laid in.' } };
    const lines = poppler('pdftotext', (await renderReport(report([{ title: 'A', updates }]))).pdf);
    expect(lines).toContain('THIS WEEK · lc-w10');
    expect(lines).toContain('LAST WEEK · #LC-W09');
    expect(lines).not.toContain('##');
  });

  it('prints a 500-character report title, project title and update id whole, balanced on the page, with nothing cut', async () => {
    const long = (words: string) => words.repeat(20).slice(0, 500).trim();
    const reportTitle = long('Quarterly Post-Production Status of the Northern Lights Slate ');
    const title = long('The Extraordinary Chronicle of the Lighthouse Keepers ');
    const id = long('HL-W10-ADDITIONAL-PHOTOGRAPHY ');
    const doc = await renderReport(report([{ title, status: 'on-track', updates: { thisWeek: { id, text: 'x' } } }], { reportTitle }));
    const printed = text(doc);
    expect([reportTitle, title, id].filter((value) => !printed.includes(squash(value)))).toEqual([]);
    expect(contentBoxes(doc).filter((box) => box.text.includes('…'))).toEqual([]);
    expect(boxesOutsidePage(doc)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('prints Hebrew, CJK and Cyrillic names and titles', async () => {
    const names = { studio: { creativeExec: 'מאיה אוקפור', productionExec: '王伟, 김민준' }, production: { director: 'Ингрид Хальворсен', producers: '長谷川 直子' } };
    const doc = await renderReport(report([{ title: '長い地平線 — 第二部', status: 'on-hold', stakeholders: names }]));
    // Right-to-left shaping is issue 17: Hebrew may come out reversed, and pdftotext marks its direction.
    const printed = text(doc).replace(/[\u202a-\u202e\u2066-\u2069]/g, '');
    const reversed = (word: string) => [...word].reverse().join('');
    const found = (value: string) => value.split(/\s+/).every((word) => printed.includes(squash(word)) || printed.includes(reversed(word)));
    expect(['長い地平線 — 第二部', ...Object.values(names.studio), ...Object.values(names.production)].filter((value) => !found(value))).toEqual([]);
    expect(printed).not.toContain('\uFFFD');
  });
});

describe('weekly-report pages', () => {
  it('packs 12 realistic projects densely: cards share pages and continue, every page but the last at least 80% full', async () => {
    const doc = await renderReport(TWELVE);
    // Before cards could continue across pages, this report took 7 pages (and 9 with three-sentence updates).
    expect(doc.pageCount).toBeLessThanOrEqual(6);
    const fill = pageFill(doc);
    expect(fill.slice(0, -1).filter((share) => share < 0.8)).toEqual([]);
    expect(overlappingBoxes(doc)).toEqual([]);
  });

  it('opens every continued part of a card with "<title> (continued)" at the top of the page, in the title style', async () => {
    const milestones = Array.from({ length: 90 }, (_, i) => ({ name: `Milestone ${i + 1}`, startDate: '03/03/2025', status: KNOWN[i % KNOWN.length] }));
    const doc = await renderReport(report([{ title: 'Short one', status: 'complete' }, { title: 'Harbor Lights S2', status: 'at-risk', milestones }]));
    expect(doc.pageCount).toBeGreaterThanOrEqual(3);
    const titleBox = doc.textBoxes.find((box) => box.text === 'Harbor Lights S2')!;
    for (let page = 1; page < doc.pageCount; page++) {
      const top = topContent(doc, page);
      expect(top.text).toBe('Harbor Lights S2 (continued)');
      expect(top.height).toBeCloseTo(titleBox.height);
    }
  });

  it('numbers its pages and names itself on every page of a multi-page report', async () => {
    const doc = await renderReport(TWELVE);
    const pages = pageTexts(doc.pdf).map(squash);
    expect(pages.length).toBe(doc.pageCount);
    pages.forEach((page, i) => {
      expect(page).toContain(squash(`Page ${i + 1} of ${doc.pageCount}`));
      expect(page).toContain(squash(TWELVE.reportTitle as string));
    });
  });
});
