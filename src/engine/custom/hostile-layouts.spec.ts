import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { dataUri, pngBytes } from '../../../test/support/images';
import { pageTexts } from '../../../test/rendering/render-helpers';
import { isBoundedFailure, languageProblems, LanguageOutcome, LanguageSandbox, PAGE_LIMIT_MESSAGE } from '../../../test/fuzz/template-language-sandbox';
import { compileLayout } from './compile-layout';
import { InvalidLayout } from './layout-issue';

/**
 * Definitions written to break out of the template language (DECISIONS section 9, "Safety"):
 * prototype access from expressions, file tags, image URLs, deep nesting, loops and tables that
 * explode. Each runs on a worker thread against the built engine (see LanguageSandbox, needs
 * `dist/`), so a hang is stopped and reported; every outcome must be one the language allows, with
 * no file read, no connection and no prototype changed.
 */

/**
 * Past this a case is a hang, never a slow machine: the slowest case here (a calendar of 100,000
 * events) draws for 10-25 s as the machine is more or less busy, Liquid's own budget is 10 s a
 * document. No test bounds a case's time more tightly than this: how each case ends (expectBounded)
 * says which of the language's bounds stopped it.
 */
const CASE_LIMIT_MS = 120_000;
// A hang fails its test through the sandbox's report (a languageProblems entry), not Jest's time-out.
jest.setTimeout(CASE_LIMIT_MS + 30_000);
const DATA = { x: 'abc', items: [{ name: 'a', amount: 1 }], client: { name: 'Ada' } };
/** What the runtime would show if an expression reached it. */
const RUNTIME = /function|native|object|prototype|process|constructor|=>|PATH|HOME/i;

let sandbox: LanguageSandbox;
beforeAll(() => {
  sandbox = new LanguageSandbox(CASE_LIMIT_MS);
});
afterAll(() => sandbox.close());

const text = (source: string) => ({ body: [{ type: 'text', text: source }] });

/** Runs a case and checks it ended in a way the language allows. */
async function run(layout: unknown, data: Record<string, unknown> = DATA): Promise<LanguageOutcome> {
  const outcome = await sandbox.run({ layout, data, keepPdf: true });
  expect(languageProblems(outcome)).toEqual([]);
  return outcome;
}

function textOf(outcome: LanguageOutcome): string {
  return outcome.kind === 'pdf' && outcome.pdf ? pageTexts(Buffer.from(outcome.pdf, 'base64')).join('\n') : '';
}

/** The text printed between `[[` and `]]`, or null when the layout was refused. */
function between(outcome: LanguageOutcome): string | null {
  if (outcome.kind === 'invalid-layout') return null;
  expect(outcome.kind).toBe('pdf');
  const found = /\[\[([\s\S]*?)\]\]/.exec(textOf(outcome));
  expect(found).not.toBeNull();
  return found![1];
}

function expectRefusedAt(outcome: LanguageOutcome, path: Array<string | number>): void {
  expect(outcome.kind).toBe('invalid-layout');
  if (outcome.kind === 'invalid-layout') expect(outcome.issues.map((issue) => issue.path)).toContainEqual(path);
}

/** Ended as a PDF, as refused data, or at one of the language's bounds (the page limit, a budget), not a hang (see run). */
function expectBounded(outcome: LanguageOutcome): void {
  if (outcome.kind === 'render-failed') expect(isBoundedFailure(outcome.message)).toBe(true);
  expect(['render-failed', 'invalid-data', 'pdf']).toContain(outcome.kind);
}

/** Stopped by one of the language's budgets (output, memory, time), whose message says which. */
function expectStoppedByBudget(outcome: LanguageOutcome, budget: RegExp = /./): void {
  expect(outcome.kind).toBe('render-failed');
  if (outcome.kind === 'render-failed') {
    expect(isBoundedFailure(outcome.message)).toBe(true);
    expect(outcome.message).toMatch(budget);
  }
}

describe('prototype access from expressions', () => {
  it.each([
    '{{ constructor }}',
    '{{ x.constructor }}',
    '{{ x.constructor.constructor }}',
    '{{ x.constructor.name }}',
    '{{ items.constructor.constructor.name }}',
    '{{ __proto__ }}',
    '{{ x.__proto__ }}',
    '{{ client.__proto__.constructor }}',
    '{{ client["__proto__"] }}',
    '{{ client["constructor"] }}',
    '{{ items["constructor"]["prototype"] }}',
    '{{ toString }}',
    '{{ x.toString }}',
    '{{ client.hasOwnProperty }}',
    '{{ client.valueOf }}',
    '{{ items.map }}',
    '{{ process }}',
    '{{ process.env }}',
    '{{ global }}',
    '{{ globalThis.process.env.PATH }}',
    '{{ this }}',
    '{% assign k = "con" | append: "structor" %}{{ x[k] }}{{ client[k] }}{{ items[k] }}',
    '{% assign k = "__pro" | append: "to__" %}{{ client[k] }}{{ client[k].constructor }}',
    '{% assign p = "prototype" %}{{ client.constructor[p] }}',
    '{{ x | append: constructor }}',
    '{{ client | map: "constructor" }}',
    '{{ items | map: "constructor" | first }}',
    '{{ items | map: "__proto__" | first }}',
    '{{ items | where: "constructor" | size }}',
    '{{ items | sort: "constructor" | map: "constructor" }}',
  ])('%s shows nothing of the runtime', async (expression) => {
    const shown = between(await run(text(`[[${expression}]]`)));
    if (shown !== null) expect(shown).not.toMatch(RUNTIME);
  });

  it('conditions see no prototype members: constructor and __proto__ are not truthy', async () => {
    for (const condition of ['x.constructor', 'client.__proto__', 'client.constructor.name', 'constructor', 'toString', 'items.map']) {
      const outcome = await run({ body: [{ type: 'if', condition, blocks: [{ type: 'text', text: 'LEAKED' }], else: [{ type: 'text', text: 'SAFE' }] }] });
      if (outcome.kind === 'pdf') expect(textOf(outcome)).toMatch(/^\s*SAFE\s*$/);
      else expectRefusedAt(outcome, ['body', 0, 'condition']);
    }
  });

  it('loops over a prototype member draw nothing from it', async () => {
    for (const items of ['client.constructor', 'items.constructor', 'x.__proto__', 'client.__proto__', 'constructor']) {
      const outcomes = [
        await run({ body: [{ type: 'text', text: 'before' }, { type: 'each', items, as: 'e', blocks: [{ type: 'text', text: '[[{{ e }}]]' }] }] }),
        await run({ body: [{ type: 'text', text: 'before' }, { type: 'table', rows: items, as: 'r', columns: [{ header: 'H', cell: '[[{{ r }}]]' }] }] }),
        await run({ body: [{ type: 'text', text: 'before' }, { type: 'list', items, as: 'e', text: '[[{{ e }}]]' }] }),
      ];
      for (const outcome of outcomes) {
        expect(['pdf', 'invalid-data', 'invalid-layout']).toContain(outcome.kind);
        if (outcome.kind === 'pdf') expect(textOf(outcome)).not.toMatch(RUNTIME);
      }
    }
  });

  it('assigning to __proto__, constructor or toString changes no prototype, here or in the next document', async () => {
    for (const source of [
      '{% assign __proto__ = "x" %}{{ __proto__ }}',
      '{% assign constructor = "x" %}{{ constructor }}',
      '{% capture __proto__ %}{"polluted":1}{% endcapture %}{{ __proto__ }}',
      '{% increment __proto__ %}{% decrement constructor %}',
      '{% assign toString = 1 %}{% assign valueOf = 2 %}{{ x }}{{ client }}',
      '{% assign hasOwnProperty = 1 %}{{ client.name }}{{ items | map: "name" }}',
      '{% for __proto__ in items %}{{ __proto__.name }}{% endfor %}',
    ]) {
      expect(['pdf', 'invalid-layout']).toContain((await run(text(source))).kind);
    }
    // A fresh document sees nothing the previous ones assigned.
    expect(between(await run(text('[[{{ polluted }}{{ client.polluted }}{{ x.polluted }}]]')))).toMatch(/^\s*$/);
  });

  it('data with own __proto__ and constructor keys pollutes nothing and reaches no prototype', async () => {
    const data = JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"x":{"__proto__":{"polluted":"yes"}},"items":[{"__proto__":{"name":"yes"}}]}');
    const outcome = await run(text('[[{{ polluted }}{{ x.polluted }}{{ items[0].name }}{{ constructor.prototype.other }}]]'), data);
    expect(outcome.kind).toBe('pdf');
    expect(between(outcome)).toMatch(/^\s*$/);
  });
});

describe('templates read no files', () => {
  it.each([
    '{% include "package.json" %}',
    "{% include '/etc/passwd' %}",
    '{% include x %}',
    '{% render "../../package.json" %}',
    "{% render 'x', y: 1 %}",
    '{% layout "x" %}body',
    '{% block a %}x{% endblock %}',
    'a {% if true %}{% include "/etc/hostname" %}{% endif %} b',
  ])('%s is refused when the definition is made, at its path', async (source) => {
    // The sandbox reports any file read outside the engine's fonts and code.
    expectRefusedAt(await run({ body: [{ type: 'text', text: 'fine' }, { type: 'text', text: source }] }), ['body', 1, 'text']);
  });
});

describe('images are never fetched nor read', () => {
  let server: Server;
  let hits = 0;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(pngBytes({ width: 1, height: 1 }));
    });
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  const sources = () => [
    `${base}/logo.png`,
    `${base.replace('http:', 'https:')}/logo.png`,
    `//127.0.0.1:${base.split(':')[2]}/logo.png`,
    'file:///etc/passwd',
    '/etc/passwd',
    '../../../package.json',
    'fonts/DejaVuSans.ttf',
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    'data:text/html,<img src=x>',
  ];

  it('refuses image URLs, paths and other types in a definition, at the src', async () => {
    for (const src of sources()) expectRefusedAt(await run({ body: [{ type: 'image', src }] }), ['body', 0, 'src']);
    expect(hits).toBe(0);
  });

  it('refuses a literal PNG that claims 100000 x 100000 pixels when the definition is made', async () => {
    const claim = pngBytes({ width: 100_000, height: 100_000, idat: Buffer.alloc(16) });
    expectRefusedAt(await run({ body: [{ type: 'image', src: dataUri(claim) }] }), ['body', 0, 'src']);
  });

  it('answers InvalidDocumentData for the same sources coming from the data, without a fetch', async () => {
    const claim = pngBytes({ width: 100_000, height: 100_000, idat: Buffer.alloc(16) });
    for (const logo of [...sources(), dataUri(claim), 'data:image/png;base64,!!!!', 42, null, ['x'], { src: 'x' }]) {
      const outcome = await run({ body: [{ type: 'image', src: '{{ logo }}' }] }, { logo });
      // An empty value may be drawn as no image; anything that is not a PNG or JPEG is refused.
      expect(outcome.kind).toBe(logo === null ? outcome.kind : 'invalid-data');
      if (outcome.kind === 'invalid-data') expect(outcome.message).toMatch(/^layout\.body\[0\]\.src /);
    }
    expect(hits).toBe(0);
  });

  it('draws a 4 MB image from the data, or refuses it as data (InvalidDocumentData), within the time limit', async () => {
    // Noise does not compress: a 1,024 x 1,024 RGBA PNG of about 4 MB (each scanline starts with filter 0).
    const noise = randomBytes(1024 * (1 + 1024 * 4));
    for (let line = 0; line < 1024; line++) noise[line * (1 + 1024 * 4)] = 0;
    const logo = dataUri(pngBytes({ width: 1024, height: 1024, raw: noise }));
    expect(logo.length).toBeGreaterThan(4_000_000);
    const outcome = await run({ body: [{ type: 'image', src: '{{ logo }}', width: 200 }] }, { logo });
    // Data that does not fit the layout is the caller's to fix: never a render failure (500).
    expect(['pdf', 'invalid-data']).toContain(outcome.kind);
  });
});

describe('deep nesting', () => {
  const nest = (depth: number, wrap: (inner: unknown[]) => unknown): unknown[] => {
    let blocks: unknown[] = [{ type: 'text', text: 'deepest {{ x }}' }];
    for (let level = 0; level < depth; level++) blocks = [wrap(blocks)];
    return blocks;
  };

  it.each([
    ['box', (blocks: unknown[]) => ({ type: 'box', padding: 1, blocks })],
    ['if', (blocks: unknown[]) => ({ type: 'if', condition: 'x', blocks })],
    ['each', (blocks: unknown[]) => ({ type: 'each', items: 'items', as: 'item', blocks })],
    ['columns', (blocks: unknown[]) => ({ type: 'columns', columns: [{ width: '1fr', blocks }] })],
  ])('%s blocks nested 15 deep (30 JSON levels, the most a request carries) draw, or are refused with a path', async (_, wrap) => {
    const outcome = await run({ body: nest(15, wrap) });
    if (outcome.kind === 'invalid-layout') expect(outcome.issues[0].path[0]).toBe('body');
    else expect(outcome.kind).toBe('pdf');
  });

  it('compileLayout refuses 10,000 levels of nesting with InvalidLayout, not a stack overflow', () => {
    for (const wrap of [(blocks: unknown[]) => ({ type: 'box', blocks }), (blocks: unknown[]) => ({ type: 'columns', columns: [{ width: '1fr', blocks }] })]) {
      let thrown: unknown;
      try {
        compileLayout({ body: nest(10_000, wrap) });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidLayout);
      expect((thrown as InvalidLayout).issues[0].path.slice(0, 2)).toEqual(['body', 0]);
    }
  });
});

describe('documents that explode', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ n: i }));

  it('a table over 99,000 rows (a body of 5 MiB holds about that many) stops at the page limit within the time limit', async () => {
    const outcome = await run({ body: [{ type: 'table', rows: 'items', as: 'row', columns: [{ header: 'N', cell: '{{ row.n }}' }] }] }, { items: rows(99_000) });
    expect(outcome).toMatchObject({ kind: 'render-failed', message: PAGE_LIMIT_MESSAGE });
    expectBounded(outcome);
  });

  it('each over 100,000 items with a page break apiece stops at the page limit', async () => {
    const outcome = await run({ body: [{ type: 'each', items: 'items', as: 'item', blocks: [{ type: 'text', text: '{{ item.n }}' }, { type: 'pageBreak' }] }] }, { items: rows(100_000) });
    expect(outcome).toMatchObject({ kind: 'render-failed', message: PAGE_LIMIT_MESSAGE });
    expectBounded(outcome);
  });

  it('four nested loops over 100 items (100 million blocks) end bounded', async () => {
    let blocks: unknown[] = [{ type: 'text', text: '{{ a.n }}{{ b.n }}' }];
    for (const name of ['d', 'c', 'b', 'a']) blocks = [{ type: 'each', items: 'items', as: name, blocks }];
    expectBounded(await run({ body: blocks }, { items: rows(100) }));
  });

  it('a grid and a calendar over 100,000 elements end bounded', async () => {
    const events = Array.from({ length: 100_000 }, (_, i) => ({ title: `event ${i}`, start: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`, category: `c${i % 500}` }));
    expectBounded(await run({ body: [{ type: 'grid', items: 'items', as: 'item', columns: 3, blocks: [{ type: 'text', text: '{{ item.n }}' }] }] }, { items: rows(100_000) }));
    expectBounded(await run({ body: [{ type: 'calendar', month: '2025-03', events: 'events' }] }, { events }));
  });

  it.each([
    ['a loop printing a million numbers', '{% for i in (1..1000000) %}{{ i }}{% endfor %}'],
    ['four nested loops of 1,000', '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% for d in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}{% endfor %}'],
    ['a quiet range of 100 million', '{% for a in (1..100000000) %}{% endfor %}'],
    ['a string doubled 40 times', '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}'],
    ['a capture of a megabyte printed ten times', '{% capture c %}{% for i in (1..100000) %}0123456789{% endfor %}{% endcapture %}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}{{ c }}'],
    ['an array doubled 40 times', '{% assign parts = "a,b" | split: "," %}{% for i in (1..40) %}{% assign parts = parts | concat: parts %}{% endfor %}{{ parts | size }}'],
    ['a string repeated by nested loops into one variable', '{% assign s = "" %}{% for a in (1..3000) %}{% for b in (1..3000) %}{% assign s = s | append: "0123456789" %}{% endfor %}{% endfor %}{{ s | size }}'],
  ])('%s is stopped by one of the language\'s budgets, not the time-out', async (_, source) => {
    expectStoppedByBudget(await run(text(source)));
  });

  it('a hundred properties that each loop quietly share one budget: the document ends at its time budget', async () => {
    // Over the data's own array: a range literal counts against the memory budget as well (3,000 a
    // loop), which a fast machine reached before the time budget (about five properties in).
    const slow = '{% for a in rows %}{% for b in rows %}{% endfor %}{% endfor %}';
    const body = Array.from({ length: 100 }, () => ({ type: 'text', text: slow }));
    const rows = Array.from({ length: 3000 }, (_, i) => i);
    // Seconds a property: only a budget shared by the whole document ends it at its time budget; with
    // one a property (or none) the document runs on until another budget or the sandbox stops it.
    expectStoppedByBudget(await run({ body }, { ...DATA, rows }), /template render limit exceeded$/);
  });

  it('a 4 MB string from the data in a text block renders or ends bounded', async () => {
    expectBounded(await run(text('{{ x }}'), { x: 'lorem ipsum dolor '.repeat(4_000_000 / 18) }));
    expectBounded(await run(text('{{ x }}'), { x: 'W'.repeat(4_000_000) }));
  });

  it('a header that the data makes taller than the page is refused as data (400), not a render failure (500)', async () => {
    const header = [{ type: 'each', items: 'items', as: 'item', blocks: [{ type: 'text', text: 'line {{ item.n }}' }] }];
    const outcome = await run({ header, body: [{ type: 'text', text: 'body' }] }, { items: rows(1_000) });
    expect(outcome.kind).toBe('invalid-data');
    if (outcome.kind === 'invalid-data') expect(outcome.message).toMatch(/^layout\.header/);
  });

  it('a footer taller than any page is refused, when the definition is made or as data, not a render failure', async () => {
    const outcome = await run({ footer: [{ type: 'spacer', height: 2000 }], body: [{ type: 'text', text: 'body' }] });
    expect(['invalid-layout', 'invalid-data']).toContain(outcome.kind);
  });

  it('a QR code of more text than a QR code holds is refused as data, not a crash', async () => {
    const outcome = await run({ body: [{ type: 'qr', value: '{{ x }}' }] }, { x: 'x'.repeat(20_000) });
    expect(outcome.kind).toBe('invalid-data');
  });
});
