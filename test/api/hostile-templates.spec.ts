import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { binary } from '../support/binary';
import { expectError } from '../support/expect-error';
import { dataUri, pngBytes } from '../support/images';
import { startTestApp, TestApp } from '../support/test-app';
import { latencyBound, median } from '../support/timing';
import { poppler } from '../rendering/render-helpers';
import { isBoundedFailure } from '../fuzz/template-language-sandbox';

/**
 * Hostile custom templates through the API (issue 13, "Bad input and safety"): prototype access,
 * file tags, image URLs (with a server that counts hits), deep nesting, million-row tables,
 * exploding loops, huge images and strings, oversized definitions. Each gets a clear 4xx or a
 * bounded 500 `PDF generation failed` with details, within the render time-out, and the service
 * answers /healthz right after; no prototype of the process changes.
 */
/**
 * The time-out of the app that the quiet loops run into: under Liquid's own time budget (10 s a
 * document), so the time-out is what stops them, and their answer says so.
 */
const RENDER_TIMEOUT_MS = 8_000;
/**
 * The time-out of the app for everything else, which no render here should meet even on a busy
 * machine (the 3.5 MB image renders in 0.8 s alone, 5 s beside other work): their documents are
 * bounded by the language's budgets and refusals, which the answers name.
 */
const UNHURRIED_RENDER_TIMEOUT_MS = 60_000;
/** Parsing, checking and queueing on top of the render's own time (tens of ms measured). */
const SLACK_MS = 4_000;
const RUNTIME = /function|native|object|prototype|process|constructor|=>|PATH|HOME/i;

const SCHEMA = { type: 'object' };
const textOf = (pdf: Buffer) => poppler('pdftotext', pdf, ['-raw']).replace(/\s+/g, ' ');
const text = (source: string) => ({ body: [{ type: 'text', text: source }] });
const prototypeKeys = () => Object.fromEntries([Object, Array, Function, String].map((type) => [type.name, Reflect.ownKeys(type.prototype).map(String).sort()]));

describe('hostile custom templates through the API', () => {
  let t: TestApp;
  let key: string;
  let images: Server;
  let imageHits = 0;
  let imageBase: string;
  const cleanPrototypes = prototypeKeys();
  let made = 0;

  beforeAll(async () => {
    t = await startTestApp({ RENDER_TIMEOUT_MS: String(UNHURRIED_RENDER_TIMEOUT_MS) });
    key = (await t.createWorkspace('business', { monthlyLimit: 100_000 })).key;
    images = createServer((req, res) => {
      imageHits++;
      res.writeHead(200, { 'Content-Type': 'image/png' }).end(pngBytes({ width: 1, height: 1 }));
    });
    await new Promise<void>((ready) => images.listen(0, '127.0.0.1', ready));
    imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((done) => images?.close(done));
  });

  afterEach(async () => {
    const health = await timed(t.http.get('/healthz'));
    expect({ status: health.status, body: health.body }).toEqual({ status: 200, body: { status: 'ok' } });
    // Right after against a few more once it has answered, on the same machine (a busy one slows
    // both): a render left holding the event loop would hold the first for seconds.
    const settled: number[] = [];
    for (let i = 0; i < 5; i++) settled.push((await timed(t.http.get('/healthz').expect(200))).elapsedMs);
    expect(health.elapsedMs).toBeLessThan(latencyBound(median(settled)));
    expect(prototypeKeys()).toEqual(cleanPrototypes);
    expect(imageHits).toBe(0);
  });

  const timed = async <T>(request: Promise<T>): Promise<T & { elapsedMs: number }> => {
    const started = performance.now();
    const res = await request;
    return Object.assign(res as object, { elapsedMs: performance.now() - started }) as T & { elapsedMs: number };
  };
  const create = (body: object) => timed(t.http.post('/api/v1/templates').set('X-API-Key', key).send({ name: 'Hostile', schema: SCHEMA, ...body }));
  const createRaw = (json: string) => timed(t.http.post('/api/v1/templates').set('X-API-Key', key).set('Content-Type', 'application/json').send(json));
  const preview = (body: object) => timed(t.http.post('/api/v1/templates/preview').set('X-API-Key', key).send(body).buffer(true).parse(binary));
  const previewRaw = (json: string) => timed(t.http.post('/api/v1/templates/preview').set('X-API-Key', key).set('Content-Type', 'application/json').send(json).buffer(true).parse(binary));
  const generate = (body: object) => timed(t.http.post('/api/v1/generate').set('X-API-Key', key).send({ outputFormat: 'buffer', ...body }).buffer(true).parse(binary));
  const json = (res: Response) => JSON.parse((res.body as Buffer).toString('utf8'));

  /** Stores a definition under a fresh id and returns the id. */
  async function stored(layout: unknown, extra: object = {}): Promise<string> {
    const id = `hostile-${++made}`;
    const res = await create({ id, layout, ...extra });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201, body: { id } });
    return id;
  }

  /** 400 Invalid template definition with an entry at `path` (e.g. `layout.body[0].src`). */
  function expectDefinitionRefused(res: Response, path: string): void {
    const body = Buffer.isBuffer(res.body) ? json(res) : res.body;
    expect({ status: res.status, code: body.code, error: body.error }).toEqual({ status: 400, code: 'INVALID_TEMPLATE_DEFINITION', error: 'Invalid template definition' });
    expect(body.validationErrors).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')} `))]));
  }

  /** A PDF, a clear 4xx, or 500 PDF generation failed with a bounded reason; never past the time-out. */
  function expectClearOrBounded(res: Response & { elapsedMs: number }, allowPdf = true): void {
    // The time-out runs on the server's clock: a busy machine slows the render, not the time-out.
    expect(res.elapsedMs).toBeLessThan(t.config.renderTimeoutMs + SLACK_MS);
    if (res.status === 200) {
      expect(allowPdf).toBe(true);
      expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      return;
    }
    const body = Buffer.isBuffer(res.body) ? json(res) : res.body;
    if (res.status === 500) {
      expect({ code: body.code, error: body.error }).toEqual({ code: 'GENERATION_FAILED', error: 'PDF generation failed' });
      expect(body.details === `Rendering took longer than ${t.config.renderTimeoutMs} ms` || isBoundedFailure(body.details)).toBe(true);
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(body.code).toMatch(/^[A-Z_]+$/);
    }
  }

  describe('prototype access from expressions', () => {
    const expressions = [
      '{{ constructor }}',
      '{{ x.constructor.constructor }}',
      '{{ __proto__ }}',
      '{{ client["__proto__"] }}',
      '{{ client.__proto__.constructor.name }}',
      '{% assign k = "con" | append: "structor" %}{{ x[k] }}{{ client[k].name }}',
      '{% assign k = "__pro" | append: "to__" %}{{ client[k] }}',
      '{{ items | map: "constructor" | first }}',
      '{{ process.env.PATH }}',
    ];
    const data = { x: 'abc', client: { name: 'Ada' }, items: [{ name: 'a' }] };

    it.each(expressions)('%s previews and generates without showing the runtime', async (expression) => {
      const layout = text(`[[${expression}]]`);
      const shown = await preview({ layout, data });
      expect(shown.status).toBe(200);
      expect(textOf(shown.body)).not.toMatch(RUNTIME);
      const generated = await generate({ templateId: await stored(layout), data });
      expect(generated.status).toBe(200);
      expect(textOf(generated.body)).not.toMatch(RUNTIME);
    });

    it('refuses __proto__ keys in a definition and in data, and pollutes nothing', async () => {
      const layout = '{"body":[{"type":"text","text":"[[{{ polluted }}]]","__proto__":{"polluted":"yes"}}]}';
      const refused = await createRaw(`{"name":"x","schema":{"type":"object"},"layout":${layout}}`);
      expect(refused.status).toBe(400);
      const data = await previewRaw('{"layout":{"body":[{"type":"text","text":"[[{{ polluted }}]]"}]},"data":{"__proto__":{"polluted":"yes"}}}');
      expect(data.status).toBe(400);
      const after = await preview({ layout: text('[[{{ polluted }}{{ x.polluted }}]]'), data: { x: {} } });
      expect(after.status).toBe(200);
      expect(textOf(after.body)).toMatch(/\[\[\s*\]\]/);
    });
  });

  describe('templates read no files', () => {
    it.each(['{% include "package.json" %}', "{% render '/etc/passwd' %}", '{% layout "x" %}body', '{% include x %}'])('%s is refused at its path', async (source) => {
      expectDefinitionRefused(await create({ layout: text(source) }), 'layout.body[0].text');
      expectDefinitionRefused(await preview({ layout: text(source), data: { x: '/etc/passwd' } }), 'layout.body[0].text');
    });
  });

  describe('images', () => {
    const urls = () => [`${imageBase}/logo.png`, `${imageBase.replace('http:', 'https:')}/logo.png`, `//127.0.0.1:${imageBase.split(':')[2]}/logo.png`, 'file:///etc/passwd', '/etc/passwd'];
    const claim100k = () => dataUri(pngBytes({ width: 100_000, height: 100_000, idat: Buffer.alloc(16) }));

    it('refuses image URLs and paths in a definition, at create and at preview, and never fetches them', async () => {
      for (const src of urls()) {
        expectDefinitionRefused(await create({ layout: { body: [{ type: 'image', src }] } }), 'layout.body[0].src');
        expectDefinitionRefused(await preview({ layout: { body: [{ type: 'image', src }] } }), 'layout.body[0].src');
      }
    });

    it('refuses a literal PNG that claims 100000 x 100000 pixels when the definition is made', async () => {
      expectDefinitionRefused(await create({ layout: { body: [{ type: 'image', src: claim100k() }] } }), 'layout.body[0].src');
    });

    it('answers 400 Invalid data for URLs and lying images in the data at generate and preview, without a fetch', async () => {
      const id = await stored({ body: [{ type: 'image', src: '{{ logo }}' }] });
      for (const logo of [...urls(), claim100k(), 'data:image/png;base64,!!!!']) {
        for (const res of [await generate({ templateId: id, data: { logo } }), await preview({ templateId: id, data: { logo } })]) {
          const body = json(res);
          expect({ status: res.status, code: body.code }).toEqual({ status: 400, code: 'INVALID_DATA' });
          expect(body.validationErrors).toEqual([expect.stringMatching(/^layout\.body\[0\]\.src /)]);
        }
      }
    });

    it('refuses a literal data URI of many MB: the definition is over 512 KiB', async () => {
      const big = dataUri(Buffer.concat([pngBytes({ width: 1, height: 1 }), Buffer.alloc(3 << 20)]));
      const res = await create({ layout: { body: [{ type: 'image', src: big }] } });
      expectError(res, 400, 'Invalid template definition', 'INVALID_TEMPLATE_DEFINITION');
      expect(res.body.validationErrors).toEqual([expect.stringMatching(/512 KiB/)]);
    });

    it('draws a 3.5 MB image from the data, or refuses it with 400 Invalid data, within the time-out', async () => {
      const noise = randomBytes(900 * (1 + 900 * 4));
      for (let line = 0; line < 900; line++) noise[line * (1 + 900 * 4)] = 0;
      const logo = dataUri(pngBytes({ width: 900, height: 900, raw: noise }));
      const res = await generate({ templateId: await stored({ body: [{ type: 'image', src: '{{ logo }}', width: 300 }] }), data: { logo } });
      expectClearOrBounded(res);
      // Data that does not fit the layout is the caller's to fix: 400, never 500 (issue 13, huge images).
      if (res.status !== 200) expect({ status: res.status, code: json(res).code }).toEqual({ status: 400, code: 'INVALID_DATA' });
    });
  });

  describe('deep nesting', () => {
    /** `depth` boxes around a text, in a create body: the text block sits at JSON level 2 * depth + 4. */
    const boxes = (depth: number) => {
      let blocks: unknown[] = [{ type: 'text', text: 'deepest' }];
      for (let level = 0; level < depth; level++) blocks = [{ type: 'box', padding: 1, blocks }];
      return { body: blocks };
    };

    it('14 nested boxes (32 JSON levels, the most a body may have) are stored and rendered, or refused with a path', async () => {
      const res = await create({ id: 'deep-boxes', layout: boxes(14) });
      if (res.status === 201) {
        const generated = await generate({ templateId: 'deep-boxes', data: {} });
        expect(generated.status).toBe(200);
        expect(textOf(generated.body)).toContain('deepest');
      } else {
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_TEMPLATE_DEFINITION' });
        for (const entry of res.body.validationErrors) expect(entry).toMatch(/^layout\.body\[0\]/);
      }
      expectClearOrBounded(await preview({ layout: boxes(14) }));
    });

    it('one level more is refused by the body limits with a clear 400', async () => {
      const res = await create({ layout: boxes(15) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeDefined();
    });
  });

  describe('documents that explode', () => {
    it('refuses a table over a range of a million rows when the definition is made', async () => {
      expectDefinitionRefused(await create({ layout: { body: [{ type: 'table', rows: '(1..1000000)', as: 'row', columns: [{ header: 'N', cell: '{{ row }}' }] }] } }), 'layout.body[0].rows');
    });

    it('a table over 99,000 rows of data (about as many values as a body may hold) ends bounded', async () => {
      const id = await stored({ body: [{ type: 'table', rows: 'items', as: 'row', columns: [{ header: 'N', cell: '{{ row }}' }] }] });
      const items = Array.from({ length: 99_000 }, (_, i) => i);
      for (const res of [await generate({ templateId: id, data: { items } }), await preview({ templateId: id, data: { items } })]) {
        expectClearOrBounded(res, false);
        expect({ status: res.status, details: json(res).details }).toEqual({ status: 500, details: 'Document exceeds 1000 pages' });
      }
    }, 60_000);

    describe('on an app with a time-out under Liquid\'s own budget', () => {
      // The helpers above use `t` and `key`: point them at an app of its own for these tests.
      let unhurried: { t: TestApp; key: string };
      beforeAll(async () => {
        unhurried = { t, key };
        t = await startTestApp({ RENDER_TIMEOUT_MS: String(RENDER_TIMEOUT_MS) });
        key = (await t.createWorkspace('business', { monthlyLimit: 100_000 })).key;
      });
      afterAll(async () => {
        await t.close();
        ({ t, key } = unhurried);
      });

      it.each([
        ['four nested loops of 1,000', '{% for a in (1..1000) %}{% for b in (1..1000) %}{% for c in (1..1000) %}{% for d in (1..1000) %}x{% endfor %}{% endfor %}{% endfor %}{% endfor %}'],
        ['two quiet nested loops of a million', '{% for a in (1..1000000) %}{% for b in (1..1000000) %}{% endfor %}{% endfor %}'],
        ['quiet loops of 3,000 x 3,000', '{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}{% for a in (1..3000) %}{% for b in (1..3000) %}{% endfor %}{% endfor %}'],
        ['a string doubled 40 times', '{% assign s = "xxxxxxxxxx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}'],
      ])('%s end in a bounded 500 or a PDF within the time-out, and a normal document renders right after', async (_, source) => {
        const layout = { body: Array.from({ length: 20 }, () => ({ type: 'text', text: source })) };
        for (const res of [await preview({ layout }), await generate({ templateId: await stored(layout), data: {} })]) {
          expectClearOrBounded(res);
          // Liquid's own time budget comes after the time-out: a render that reached it was not stopped in time.
          if (res.status === 500) expect(json(res).details).not.toMatch(/template render limit exceeded$/);
        }
        const normal = await preview({ layout: text('still fine') });
        expect(normal.status).toBe(200);
      }, 60_000);
    });
  });

  describe('headers and footers taller than the page', () => {
    it('answers 400, not 500, when the data makes the header taller than the page', async () => {
      const header = [{ type: 'each', items: 'items', as: 'item', blocks: [{ type: 'text', text: 'line {{ item }}' }] }];
      const items = Array.from({ length: 1_000 }, (_, i) => i);
      const id = await stored({ header, body: [{ type: 'text', text: 'body' }] });
      for (const res of [await generate({ templateId: id, data: { items } }), await preview({ layout: { header, body: [{ type: 'text', text: 'body' }] }, data: { items } })]) {
        const body = json(res);
        expect({ status: res.status, code: body.code }).toEqual({ status: 400, code: 'INVALID_DATA' });
        expect(body.validationErrors).toEqual([expect.stringMatching(/^layout\.header/)]);
      }
    });

    it('answers 4xx, not 500, to a footer taller than any page', async () => {
      const layout = { footer: [{ type: 'spacer', height: 2000 }], body: [{ type: 'text', text: 'body' }] };
      const created = await create({ id: 'tall-footer', layout });
      const res = created.status === 201 ? await generate({ templateId: 'tall-footer', data: {} }) : created;
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe('huge strings and definitions', () => {
    it('answers 413 to a 10 MB string', async () => {
      const res = await preview({ layout: text('{{ x }}'), data: { x: 'x'.repeat(10 << 20) } });
      expect(res.status).toBe(413);
      expect(json(res)).toMatchObject({ code: 'BODY_TOO_LARGE', error: 'Request body too large' });
    });

    it('renders a 4 MB string in a text block, or ends bounded', async () => {
      const id = await stored(text('{{ x }}'));
      expectClearOrBounded(await generate({ templateId: id, data: { x: 'lorem ipsum dolor '.repeat(4_000_000 / 18) } }));
      expectClearOrBounded(await generate({ templateId: id, data: { x: 'W'.repeat(4_000_000) } }));
    }, 60_000);

    it('refuses a definition over 512 KiB with 400 naming the limit', async () => {
      const body = Array.from({ length: 40 }, () => ({ type: 'text', text: 'lorem ipsum '.repeat(1_300) }));
      const res = await create({ layout: { body } });
      expectError(res, 400, 'Invalid template definition', 'INVALID_TEMPLATE_DEFINITION');
      expect(res.body.validationErrors).toEqual([expect.stringMatching(/512 KiB/)]);
      const previewed = await preview({ layout: { body } });
      expect(previewed.status).toBe(400);
      expect(json(previewed).validationErrors).toEqual([expect.stringMatching(/512 KiB/)]);
    });
  });
});
