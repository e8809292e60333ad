import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { renderDocumentWithLayout } from '../../src/engine/render-document';
import { TEMPLATE_SAMPLES } from '../../src/templates/samples';
import { renderLayout } from '../support/custom-render';
import { dataUri, pngBytes } from '../support/images';
import { invoiceWithItems, renderRequest } from '../support/render-cases';
import { customExample, renderExample } from '../visual/custom-examples';

/**
 * Tagged PDF (DECISIONS section 12), read back by independent tools: pdf.js (the structure tree
 * of each page and the text content with its marked content, test/support/pdf-structure.mjs in a
 * child process) and qpdf (`--check`; `--json` for what pdf.js does not show: TH attributes, the
 * ParentTree). For each of the four built-in templates, a multi-page invoice and custom templates.
 */

const SCRIPT = path.resolve(__dirname, '../support/pdf-structure.mjs');

interface StructNode {
  role?: string;
  alt?: string;
  lang?: string;
  /** Leaves: 'content' (marked content, id `p<page>R_mc<mcid>`) or 'object' (an OBJR). */
  type?: string;
  id?: string;
  children?: StructNode[];
}

interface TextItem {
  type?: 'beginMarkedContent' | 'beginMarkedContentProps' | 'endMarkedContent';
  tag?: string;
  id?: string;
  str?: string;
}

interface Dump {
  pageCount: number;
  lang: string | null;
  markInfo: { Marked?: boolean } | null;
  title: string | null;
  pages: Array<{ structTree: StructNode; items: TextItem[]; annotations: Array<{ subtype: string; url?: string }> }>;
}

interface Checked {
  dump: Dump;
  /** qpdf's objects (`qpdf --json=2`): key `obj:N 0 R`. */
  objects: Record<string, { value?: Record<string, unknown> }>;
}

const dir = mkdtempSync(path.join(tmpdir(), 'structure-tree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const checked = new Map<string, Promise<Checked>>();

/** Renders once per case, checks the file with qpdf, and reads it with pdf.js and qpdf --json. */
function read(name: string, render: () => Promise<{ pdf: Buffer }>): Promise<Checked> {
  let result = checked.get(name);
  if (!result) {
    result = render().then(({ pdf }) => {
      const file = path.join(dir, `${name}.pdf`);
      writeFileSync(file, pdf);
      const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
      if (check.status !== 0) throw new Error(`qpdf --check ${name}: ${check.status}\n${check.stdout}${check.stderr}`);
      const dump = JSON.parse(execFileSync('node', [SCRIPT, file], { maxBuffer: 64 << 20 }).toString()) as Dump;
      const objects = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { maxBuffer: 64 << 20 }).toString()).qpdf[1];
      return { dump, objects };
    });
    checked.set(name, result);
  }
  return result;
}

const builtIn = (id: keyof typeof TEMPLATE_SAMPLES, data: Record<string, unknown> = TEMPLATE_SAMPLES[id]) => () =>
  renderDocumentWithLayout(renderRequest(id, data));
const custom = (file: string) => () => renderExample(customExample(file));

/** invoice-basic with the caller's header and footer and a watermark: all three artifacts. */
const withFurniture = () => {
  const request = renderRequest('invoice-basic', TEMPLATE_SAMPLES['invoice-basic']);
  return renderDocumentWithLayout({
    ...request,
    options: { ...request.options, displayHeaderFooter: true, headerTemplate: '<div>Confidential header</div>', footerTemplate: '<div>Page <span class="pageNumber"></span></div>' },
    watermark: 'SPECIMEN',
  });
};

const PNG = dataUri(pngBytes({ width: 40, height: 20, colorType: 2 }));
/** A custom layout with what the examples lack: a heading without a title, lists, an image with alt text and one without. */
const CUSTOM_LAYOUT = {
  body: [
    { type: 'text', text: 'Highlights', style: 'heading' },
    { type: 'list', items: 'highlights', text: '{{ item }}', ordered: true },
    { type: 'list', items: 'highlights', text: '{{ item }}' },
    { type: 'image', src: PNG, alt: 'Red {{ shape }}' },
    { type: 'image', src: PNG },
    { type: 'text', text: 'Details', style: 'heading' },
    { type: 'text', text: 'Body text.' },
  ],
};
const customLayout = () => renderLayout(CUSTOM_LAYOUT, { highlights: ['First point', 'Second point', 'Third point'], shape: 'rectangle' });

const CASES: Array<[string, () => Promise<{ pdf: Buffer }>]> = [
  ['invoice-basic', builtIn('invoice-basic')],
  ['invoice-basic, 40 items', builtIn('invoice-basic', invoiceWithItems(40))],
  ['weekly-report', builtIn('weekly-report')],
  ['calendar-schedule', builtIn('calendar-schedule')],
  ['kpi-dashboard', builtIn('kpi-dashboard')],
  ['custom packing-slip', custom('packing-slip')],
  ['custom receipt', custom('receipt')],
  ['invoice-basic, header, footer and watermark', withFurniture],
  ['custom layout: heading, lists, images', customLayout],
];

/** The structure elements below a node, depth first (reading order). */
function elements(node: StructNode): StructNode[] {
  const out: StructNode[] = [];
  const walk = (n: StructNode) => {
    for (const child of n.children ?? []) {
      if (child.role) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(node);
  return out;
}

const childRoles = (node: StructNode): string[] => (node.children ?? []).filter((child) => child.role).map((child) => child.role!);
const contentIds = (node: StructNode): string[] =>
  (node.children ?? []).flatMap((child) => (child.type === 'content' ? [child.id!] : child.role ? contentIds(child) : []));

/** The Document's children, page by page: the reading order of the blocks. */
function outline(dump: Dump, page: number): string[] {
  return childRoles(documentOf(dump, page));
}

function documentOf(dump: Dump, page: number): StructNode {
  const root = dump.pages[page].structTree;
  expect(childRoles(root)).toEqual(['Document']);
  return root.children!.find((child) => child.role === 'Document')!;
}

/** `expected` appears in `actual` in this order (other roles may come between). */
function inOrder(actual: string[], expected: string[]): boolean {
  let at = 0;
  for (const role of actual) if (role === expected[at]) at++;
  return at === expected.length;
}

function byRole(dump: Dump, role: string): StructNode[] {
  return dump.pages.flatMap((_, page) => elements(documentOf(dump, page)).filter((element) => element.role === role));
}

describe.each(CASES)('tagged PDF: %s', (name, render) => {
  it('is marked, in its language, with one Document per page and qpdf --check clean', async () => {
    const { dump } = await read(name, render);
    expect(dump.markInfo?.Marked).toBe(true);
    expect(dump.lang).toBe('en');
    for (let page = 0; page < dump.pageCount; page++) expect(elements(documentOf(dump, page)).length).toBeGreaterThan(0);
  });

  it('puts every text run in a structure element or an artifact, and every element content in the page', async () => {
    const { dump } = await read(name, render);
    dump.pages.forEach(({ structTree, items }, page) => {
      const tagged = new Set(contentIds(structTree));
      const open: TextItem[] = [];
      const seen = new Set<string>();
      const loose: string[] = [];
      for (const item of items) {
        if (item.type === 'endMarkedContent') open.pop();
        else if (item.type) {
          open.push(item);
          if (item.id) seen.add(item.id);
        } else if (!open.some((mark) => mark.tag === 'Artifact' || (mark.id !== undefined && tagged.has(mark.id)))) loose.push(item.str!);
      }
      expect({ page: page + 1, loose }).toEqual({ page: page + 1, loose: [] });
      expect(open).toEqual([]);
      // The tree names no marked content the page lacks (pdf.js lists shapes' marked content too).
      expect([...tagged].filter((id) => !seen.has(id))).toEqual([]);
    });
  });

  it('builds tables as Table > THead/TBody/TFoot > TR > TH/TD, lists as L > LI > Lbl/LBody', async () => {
    const { dump } = await read(name, render);
    for (const table of byRole(dump, 'Table')) {
      const parts = childRoles(table);
      expect(parts.length).toBeGreaterThan(0);
      // THead first, TFoot last (ISO 32000-1 14.8.4.3.4).
      expect(parts.join(' ')).toMatch(/^(THead )?(TBody ?)*(TFoot)?$/);
      for (const part of table.children!.filter((child) => child.role)) {
        expect(childRoles(part).every((role) => role === 'TR')).toBe(true);
        for (const row of part.children!.filter((child) => child.role)) {
          const cells = childRoles(row);
          expect(cells.length).toBeGreaterThan(0);
          expect(cells.every((role) => role === 'TH' || role === 'TD')).toBe(true);
          if (part.role === 'THead') expect(cells.every((role) => role === 'TH')).toBe(true);
        }
      }
    }
    for (const role of ['THead', 'TBody', 'TFoot']) for (const part of byRole(dump, role)) expect(part).toBeDefined();
    for (const list of byRole(dump, 'L')) {
      expect(childRoles(list).every((role) => role === 'LI')).toBe(true);
      for (const item of list.children!.filter((child) => child.role)) {
        const parts = childRoles(item);
        expect(parts.length).toBeGreaterThan(0);
        expect(parts.join(' ')).toMatch(/^(Lbl )?LBody$/);
      }
    }
    // Cells, rows and items only ever inside their containers.
    const containers: Record<string, string[]> = { TR: ['THead', 'TBody', 'TFoot'], TH: ['TR'], TD: ['TR'], LI: ['L'], Lbl: ['LI'], LBody: ['LI'] };
    const misplaced: string[] = [];
    for (let page = 0; page < dump.pageCount; page++) {
      const walk = (node: StructNode) => {
        for (const child of node.children ?? []) {
          if (!child.role) continue;
          if (containers[child.role] && !containers[child.role].includes(node.role!)) misplaced.push(`${child.role} in ${node.role}`);
          walk(child);
        }
      };
      walk(documentOf(dump, page));
    }
    expect(misplaced).toEqual([]);
  });

  it('gives every TH a Scope (qpdf --json)', async () => {
    const { objects } = await read(name, render);
    const headers = Object.values(objects)
      .map((entry) => entry.value)
      .filter((value): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && (value as Record<string, unknown>)['/S'] === '/TH');
    for (const header of headers) expect((header['/A'] as Record<string, unknown> | undefined)?.['/Scope']).toMatch(/^\/(Column|Row|Both)$/);
  });

  it('gives every Figure alternative text and every link annotation a Link element', async () => {
    const { dump } = await read(name, render);
    for (const figure of byRole(dump, 'Figure')) expect(figure.alt?.trim()).toBeTruthy();
    dump.pages.forEach((page, index) => {
      const links = elements(documentOf(dump, index)).filter((element) => element.role === 'Link');
      const objects = links.flatMap((link) => (link.children ?? []).filter((child) => child.type === 'object'));
      expect(objects.length).toBe(page.annotations.filter((annotation) => annotation.subtype === 'Link').length);
    });
  });
});

describe('tagged PDF: roles and their order', () => {
  it('invoice-basic: parties, H1 title, its details as a table, the items table with header, body and totals, H2 sections', async () => {
    const { dump } = await read('invoice-basic', builtIn('invoice-basic'));
    const top = outline(dump, 0);
    expect(inOrder(top, ['P', 'H1', 'Table', 'Table', 'H2', 'P'])).toBe(true);
    const items = byRole(dump, 'Table').find((table) => childRoles(table).includes('THead'))!;
    expect(childRoles(items)).toEqual(['THead', 'TBody', 'TFoot']);
    expect(byRole(dump, 'Link').length).toBeGreaterThan(0);
    // The column headers in reading order.
    const headerRow = items.children!.find((child) => child.role === 'THead')!.children!.find((child) => child.role === 'TR')!;
    expect(childRoles(headerRow)).toEqual(['TH', 'TH', 'TH', 'TH']);
  });

  it('a multi-page invoice continues one items table: header row tagged once, repeated header an artifact', async () => {
    const { dump } = await read('invoice-basic, 40 items', builtIn('invoice-basic', invoiceWithItems(40)));
    expect(dump.pageCount).toBeGreaterThan(1);
    const tables = dump.pages.map((_, page) => outline(dump, page).filter((role) => role === 'Table').length);
    const lastPage = dump.pageCount - 1;
    // The items table on page 2 and after has no THead of its own (the header drawn again is pagination)...
    const continued = elements(documentOf(dump, lastPage)).filter((element) => element.role === 'Table');
    expect(continued.some((table) => childRoles(table).includes('THead'))).toBe(false);
    expect(tables[lastPage]).toBeGreaterThan(0);
    // ...and 40 body rows in all.
    const rows = dump.pages.flatMap((_, page) => elements(documentOf(dump, page)).filter((element) => element.role === 'TBody'));
    const bodyRows = new Set(rows.flatMap((body) => (body.children ?? []).filter((child) => child.role === 'TR').map((row) => contentIds(row).join())));
    expect(bodyRows.size).toBeGreaterThanOrEqual(40);
    // The repeated header and the furniture are artifacts: their text is in the page, outside the tree.
    const artifactText = dump.pages[lastPage].items.filter((item) => item.tag === 'Artifact').length;
    expect(artifactText).toBeGreaterThan(0);
  });

  it('weekly-report: H1, H2 per project, its tasks as a table with column headers', async () => {
    const { dump } = await read('weekly-report', builtIn('weekly-report'));
    const top = outline(dump, 0);
    expect(top[0]).toBe('H1');
    expect(inOrder(top, ['H1', 'H2', 'Table'])).toBe(true);
    expect(byRole(dump, 'THead').length).toBeGreaterThan(0);
  });

  it('calendar-schedule: H1 title, H2 month, the grid a table of weekday headers and week rows, the legend a list', async () => {
    const { dump } = await read('calendar-schedule', builtIn('calendar-schedule'));
    for (let page = 0; page < dump.pageCount; page++) {
      const top = outline(dump, page);
      expect(inOrder(top, ['H1', 'H2', 'Table', 'L'])).toBe(true);
      const grid = elements(documentOf(dump, page)).find((element) => element.role === 'Table')!;
      expect(childRoles(grid)).toEqual(['THead', 'TBody']);
      const weekdays = grid.children![0].children!.find((child) => child.role === 'TR')!;
      expect(childRoles(weekdays)).toEqual(Array(7).fill('TH'));
      // The first cell with content reads its day number first.
      const firstCell = elements(grid).find((element) => element.role === 'TD')!;
      expect(firstCell).toBeDefined();
    }
  });

  it('kpi-dashboard: H1, the metric tiles a list of items, sections under H2', async () => {
    const { dump } = await read('kpi-dashboard', builtIn('kpi-dashboard'));
    const top = outline(dump, 0);
    expect(inOrder(top, ['H1', 'L', 'H2', 'P'])).toBe(true);
    const tiles = byRole(dump, 'L')[0];
    const metrics = (TEMPLATE_SAMPLES['kpi-dashboard'] as { metrics: unknown[] }).metrics.length;
    expect(childRoles(tiles)).toEqual(Array(metrics).fill('LI'));
  });

  it('custom packing-slip: the logo a Figure with the alt the template gives, the QR code a Figure with its text, tables', async () => {
    const { dump } = await read('custom packing-slip', custom('packing-slip'));
    const figures = byRole(dump, 'Figure').map((figure) => figure.alt);
    expect(figures).toEqual([expect.stringMatching(/ logo$/), expect.stringMatching(/^QR code: https:/)]);
    expect(inOrder(outline(dump, 0), ['Figure', 'Table', 'Figure', 'Table'])).toBe(true);
  });

  it('header, footer and watermark are artifacts (Pagination), their text outside the tree', async () => {
    const { dump } = await read('invoice-basic, header, footer and watermark', withFurniture);
    const inArtifact = (page: number) => {
      const open: TextItem[] = [];
      const texts: string[] = [];
      for (const item of dump.pages[page].items) {
        if (item.type === 'endMarkedContent') open.pop();
        else if (item.type) open.push(item);
        else if (open.some((mark) => mark.tag === 'Artifact')) texts.push(item.str!);
      }
      return texts.join(' ');
    };
    expect(inArtifact(0)).toContain('Confidential header');
    expect(inArtifact(0)).toContain('Page 1');
    expect(inArtifact(0)).toContain('SPECIMEN');
  });

  it('custom layout: headings start at H1, lists have Lbl and LBody, an image with alt is a Figure, one without an artifact', async () => {
    const { dump } = await read('custom layout: heading, lists, images', customLayout);
    const top = outline(dump, 0);
    expect(top).toEqual(['H1', 'L', 'L', 'Figure', 'H1', 'P']);
    const [ordered, bulleted] = byRole(dump, 'L');
    expect(childRoles(ordered)).toEqual(['LI', 'LI', 'LI']);
    for (const list of [ordered, bulleted]) for (const item of list.children!.filter((child) => child.role)) expect(childRoles(item)).toEqual(['Lbl', 'LBody']);
    expect(byRole(dump, 'Figure').map((figure) => figure.alt)).toEqual(['Red rectangle']);
  });
});
