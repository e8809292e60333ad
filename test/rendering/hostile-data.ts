/**
 * Data of realistic but hostile length for every built-in template: what real customers send
 * (long legal names and addresses, words and e-mail addresses longer than a column, figures near
 * the schema's 1e12 bound, tiny unit prices, hundreds of rows, right-to-left and CJK text). All of
 * it is valid against the templates' schemas: short texts stay within 500 characters.
 */

type Data = Record<string, unknown>;

/** A 60-character word without spaces (German compounds do this). */
export const LONG_WORD = 'Grundstücksverkehrsgenehmigungszuständigkeitsübertragungsamt';
export const LONG_EMAIL = 'accounts.payable.department.international@subsidiary-holdings.example.com';
export const HEBREW = 'חברת הפקות הסרטים בע״מ';
export const ARABIC = 'شركة الإنتاج السينمائي المحدودة';
export const CJK = '株式会社東京映像制作所国際事業部';

const FILLER = 'International Film Production Distribution Services Holdings Group Partners Associates'.split(' ');

/** Text of about `length` characters (never more): words, one LONG_WORD, a tag that makes each text unique. */
export function prose(length: number, tag: string): string {
  const words = [`${tag}:`, LONG_WORD];
  for (let i = 0; words.join(' ').length < length - 14; i++) words.push(FILLER[i % FILLER.length]);
  return words.join(' ').slice(0, length).trim();
}

/** A 500-character legal name or address. */
const long = (tag: string) => prose(500, tag);

export function hostileInvoice(items: number): Data {
  const scripts = [LONG_WORD, HEBREW, ARABIC, CJK, LONG_EMAIL];
  return {
    invoiceNumber: 'INV-2025-000000000000000000000000000000000000000000000000000142',
    invoiceDate: '2025-03-03',
    dueDate: '2025-04-02',
    poNumber: `PO-${LONG_WORD}`,
    company: { name: long('Company'), address: `${prose(240, 'Street')}\n${prose(240, 'City')}`, email: LONG_EMAIL, phone: '+1 (818) 555-0142 ext. 123456789' },
    client: { name: long('Client'), address: `${prose(240, 'Avenue')}\n${HEBREW}\n${CJK}`, email: `billing.${LONG_EMAIL}` },
    items: Array.from({ length: items }, (_, i) => {
      const line = { description: `Line ${i + 1} ${scripts[i % scripts.length]}` } as Data;
      if (i === 0) Object.assign(line, { description: long('Item'), quantity: 1, unitPrice: 999_999_999.99 });
      else if (i % 7 === 1) Object.assign(line, { quantity: 1_000_000, unitPrice: 0.0001 });
      else if (i % 7 === 2) Object.assign(line, { amount: -1_450 });
      else Object.assign(line, { quantity: (i % 5) + 0.5, unitPrice: 1_450 + i });
      return line;
    }),
    notes: `${prose(2000, 'Notes')} ${HEBREW} ${ARABIC} ${CJK} ${LONG_EMAIL}`,
    paymentInstructions: `IBAN DE89370400440532013000000000000000000000 BIC COBADEFFXXX ${prose(800, 'Payment')}`,
  };
}

export function hostileWeeklyReport(projects: number): Data {
  return {
    reportTitle: long('Report'),
    versionAsOf: '03/15/2024',
    projects: Array.from({ length: projects }, (_, p) => ({
      title: p === 0 ? long('Project') : `Project ${p + 1} ${[LONG_WORD, HEBREW, ARABIC, CJK][p % 4]}`,
      status: ['on-track', 'at-risk', 'Awaiting-studio-approval-of-the-revised-budget', 'complete'][p % 4],
      releaseDate: '11/22/2024',
      answerPrint: '09/30/2024',
      progress: (p * 17) % 101,
      stakeholders: {
        studio: { creativeExec: `Creative ${p + 1} ${LONG_WORD}`, productionExec: `Production ${p + 1} ${CJK}` },
        production: { director: `Director ${p + 1} ${HEBREW}`, producers: `Producers ${p + 1}: ${prose(300, `Names${p + 1}`)}` },
      },
      milestones: Array.from({ length: p === 0 ? 40 : 6 }, (_, m) => ({
        name: `Milestone ${p + 1}.${m + 1} ${m % 3 === 0 ? LONG_WORD : 'colour grading and conform'}`,
        startDate: '04/15/2024',
        status: ['done', 'in-progress', 'Waiting-for-the-lab-to-return-the-answer-print'][m % 3],
      })),
      updates: {
        thisWeek: { id: `U-${p + 1}-${LONG_WORD}`, text: `${prose(1500, `This week ${p + 1}`)} ${LONG_EMAIL} ${ARABIC}` },
        lastWeek: { id: `U-${p + 1}-previous`, text: prose(400, `Last week ${p + 1}`) },
      },
    })),
  };
}

export function hostileCalendar(): Data {
  const busyDay = Array.from({ length: 40 }, (_, i) => ({ date: '2024-03-12', kind: ['shoot', 'prep', 'travel'][i % 3], text: `Call ${i + 1} ${i % 4 === 0 ? LONG_WORD : 'unit two at the harbour'}` }));
  return {
    projectTitle: long('Calendar'),
    masthead: [long('Masthead'), `${HEBREW} ${ARABIC}`, CJK, LONG_EMAIL],
    palette: { shoot: '#1a73e8', prep: '#34a853', travel: '#fbbc04', [LONG_WORD]: '#ea4335' },
    legend: { shoot: `Shoot days ${prose(200, 'Legend shoot')}`, prep: 'Preparation', travel: `Travel ${CJK}`, [LONG_WORD]: `${LONG_WORD} ${HEBREW}` },
    months: [
      { y: 2024, m: 2 },
      { y: 2024, m: 3 },
      { y: 2024, m: 4 },
    ],
    events: [
      ...busyDay,
      { date: '2024-03-05', kind: LONG_WORD, text: long('Event') },
      { date: '2024-03-06', kind: 'prep', text: `${HEBREW} ${ARABIC} ${CJK}` },
      { date: '2024-02-29', kind: 'travel', text: LONG_EMAIL },
    ],
    ranges: [
      { start: '2024-02-26', end: '2024-03-08', kind: 'shoot', label: long('Range') },
      { start: '2024-03-11', end: '2024-03-13', kind: 'prep', label: `Hidden range ${LONG_WORD}` },
      { start: '2024-03-12', end: '2024-04-03', kind: 'travel', label: `${CJK} ${HEBREW}` },
    ],
  };
}

export function hostileKpiDashboard(metrics: number): Data {
  return {
    title: long('Dashboard'),
    subtitle: long('Subtitle'),
    metrics: Array.from({ length: metrics }, (_, i) => ({
      label: i === 0 ? long('Metric') : `Metric ${i + 1} ${[LONG_WORD, HEBREW, ARABIC, CJK, 'net revenue retention'][i % 5]}`,
      value: i % 3 === 0 ? `${(999_999_999_999.99 - i).toLocaleString('en-US')} units` : `${i}.${i}%`,
      change: i % 4 === 0 ? `+${i}.5% compared with the same quarter of the previous fiscal year ${LONG_WORD}` : `-${i} pts`,
      trend: ['up', 'down', 'flat', 'sideways'][i % 4],
      goodDirection: i % 2 === 0 ? 'up' : 'down',
      series: Array.from({ length: 30 }, (_, n) => Math.sin(n + i) * 1e11),
    })),
    sections: Array.from({ length: 8 }, (_, s) => ({
      title: s === 0 ? long('Section') : `Section ${s + 1} ${LONG_WORD}`,
      content: `${prose(3000, `Section text ${s + 1}`)} ${HEBREW} ${ARABIC} ${CJK} ${LONG_EMAIL}`,
    })),
  };
}

/** Every template with hostile data: a case name and the data. */
export const HOSTILE_CASES: Array<[templateId: string, name: string, data: Data]> = [
  ['invoice-basic', 'long fields', hostileInvoice(12)],
  ['invoice-basic', '300 items', hostileInvoice(300)],
  ['weekly-report', '12 projects', hostileWeeklyReport(12)],
  ['calendar-schedule', 'a 40-event day', hostileCalendar()],
  ['kpi-dashboard', '60 metrics', hostileKpiDashboard(60)],
];
