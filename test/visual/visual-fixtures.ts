import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PdfOptions } from '../../src/engine/page/pdf-options';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { TemplateId } from '../../src/engine/templates/template.types';

export interface VisualFixture {
  templateId: TemplateId;
  name: 'sample' | 'minimal' | 'maximal' | 'non-latin';
  data: Record<string, unknown>;
  options?: Partial<PdfOptions>;
}

const LOREM =
  'Delivery of the final cut depends on the remaining VFX shots and the studio notes session. ' +
  'The team proposes to lock picture on schedule and move the sound mix by one week if the notes arrive late. ';
const HEADER = '<div style="font-size:8pt; color:#6b7280; text-align:right">Confidential · <span class="title"></span></div>';
const nonLatinInvoice = JSON.parse(readFileSync(path.join(__dirname, '../rendering/fixtures/invoice-basic.non-latin.json'), 'utf8'));

const maximalInvoice = {
  ...TEMPLATE_SAMPLES['invoice-basic'],
  items: Array.from({ length: 45 }, (_, i) => ({
    description: i % 9 === 0 ? `Extended support block ${i + 1}: ${LOREM}` : `Service line ${i + 1}`,
    quantity: (i % 4) + 1,
    unitPrice: 99.5 * ((i % 7) + 1),
  })),
  subtotal: undefined,
  total: undefined,
  notes: LOREM.repeat(3),
};

const project = (title: string, status: string, progress: number, people: string[]) => ({
  title,
  status,
  releaseDate: '10/03/2025',
  answerPrint: '08/22/2025',
  progress,
  stakeholders: { studio: { creativeExec: people[0], productionExec: people[1] }, production: { director: people[2], producers: people[3] } },
  milestones: [
    { name: 'Picture lock', startDate: '04/28/2025', status: 'complete' },
    { name: 'Final mix', startDate: '06/09/2025', status },
  ],
  updates: { thisWeek: { id: 'W10', text: LOREM }, lastWeek: { id: 'W09', text: LOREM.slice(0, 90) } },
});

const calendarBase = {
  palette: { shoot: '#2563eb', prep: '#f59e0b', post: '#10b981' },
  legend: { shoot: 'Shoot', prep: 'Prep', post: 'Post' },
  months: [{ y: 2025, m: 5 }],
};

export const VISUAL_FIXTURES: VisualFixture[] = [
  ...(Object.keys(TEMPLATE_SAMPLES) as TemplateId[]).map((templateId): VisualFixture => ({
    templateId,
    name: 'sample',
    data: TEMPLATE_SAMPLES[templateId],
    options: templateId === 'calendar-schedule' ? { orientation: 'landscape' } : {},
  })),
  { templateId: 'invoice-basic', name: 'minimal', data: { invoiceNumber: 'INV-1', client: { name: 'Client' }, items: [{ description: 'Item', quantity: 1, unitPrice: 10 }] } },
  { templateId: 'weekly-report', name: 'minimal', data: { projects: [{ title: 'Untitled' }] } },
  { templateId: 'calendar-schedule', name: 'minimal', data: { months: [{ y: 2025, m: 2 }] }, options: { orientation: 'landscape' } },
  { templateId: 'kpi-dashboard', name: 'minimal', data: { title: 'KPIs', metrics: [{ label: 'Revenue', value: '$1M' }] } },
  { templateId: 'invoice-basic', name: 'maximal', data: maximalInvoice, options: { format: 'A4', headerTemplate: HEADER } },
  {
    templateId: 'weekly-report',
    name: 'maximal',
    data: { reportTitle: 'Slate report with a long title that needs two lines to fit on the page', versionAsOf: '05/02/2025', projects: Array.from({ length: 4 }, (_, i) => project(`Project ${i + 1}`, ['on-track', 'at-risk', 'delayed', 'mystery'][i], i * 30, ['A. Exec', 'B. Exec', 'C. Director', 'D. Producer, E. Producer'])) },
    options: { headerTemplate: HEADER },
  },
  {
    templateId: 'calendar-schedule',
    name: 'maximal',
    data: {
      ...calendarBase,
      projectTitle: 'Maximal calendar',
      masthead: ['Studio', 'Schedule v9'],
      events: Array.from({ length: 40 }, (_, i) => ({ date: `2025-05-${String((i % 20) + 1).padStart(2, '0')}`, kind: ['shoot', 'prep', 'post', 'other'][i % 4], text: `Event ${i + 1} with a longer description` })),
      ranges: [
        { start: '2025-04-20', end: '2025-05-09', kind: 'prep', label: 'Prep from April' },
        { start: '2025-05-12', end: '2025-06-10', kind: 'shoot', label: 'Main unit into June' },
        { start: '2025-05-05', end: '2025-05-07', kind: 'post', label: 'Dailies' },
        { start: '2025-05-06', end: '2025-05-06', kind: 'unknown', label: 'Unknown kind' },
      ],
    },
    options: { orientation: 'landscape' },
  },
  {
    templateId: 'kpi-dashboard',
    name: 'maximal',
    data: {
      title: 'Maximal dashboard',
      subtitle: 'Every metric and a long narrative',
      metrics: Array.from({ length: 11 }, (_, i) => ({ label: `Metric number ${i + 1}`, value: i === 3 ? '1,234,567,890.12 units' : `${i * 7}%`, change: `${i - 5} pts`, trend: ['up', 'down', 'flat', 'other'][i % 4] })),
      sections: Array.from({ length: 5 }, (_, i) => ({ title: `Section ${i + 1}`, content: LOREM.repeat(4) })),
    },
  },
  { templateId: 'invoice-basic', name: 'non-latin', data: nonLatinInvoice },
  {
    templateId: 'weekly-report',
    name: 'non-latin',
    data: { reportTitle: '週報 · 주간 보고서 · Еженедельный отчёт', versionAsOf: '05/02/2025', projects: [project('長い地平線', 'on-track', 55, ['王伟', '김민준', 'Αλέξανδρος', 'Дмитрий Иванов'])] },
  },
  {
    templateId: 'calendar-schedule',
    name: 'non-latin',
    data: {
      ...calendarBase,
      projectTitle: '制作日程 — 촬영 일정',
      legend: { shoot: '撮影', prep: '준비', post: 'Пост' },
      events: [
        { date: '2025-05-05', kind: 'shoot', text: '東京ロケ' },
        { date: '2025-05-06', kind: 'prep', text: '서울 미팅' },
        { date: '2025-05-07', kind: 'post', text: 'Монтаж 🎬' },
      ],
      ranges: [{ start: '2025-05-12', end: '2025-05-16', kind: 'shoot', label: 'Γύρισμα στην Αθήνα' }],
    },
    options: { orientation: 'landscape' },
  },
  {
    templateId: 'kpi-dashboard',
    name: 'non-latin',
    data: {
      title: '季度业绩 · 분기 실적',
      subtitle: 'Ежеквартальный обзор',
      metrics: [
        { label: '收入', value: '¥4.8亿', change: '+12%', trend: 'up' },
        { label: '매출 총이익', value: '61%', change: '-1 pt', trend: 'down' },
        { label: 'Клиенты', value: '1 284', change: '0', trend: 'flat' },
      ],
      sections: [{ title: 'Σημειώσεις', content: '売上は前年同期比で増加しました。감사합니다. Спасибо. 😀' }],
    },
  },
];
