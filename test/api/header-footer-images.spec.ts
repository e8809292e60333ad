import { deflateSync } from 'node:zlib';
import { expectError } from '../support/expect-error';
import { dataUri, PNG_BOMB, pngBytes, rawSize, TINY_JPEG } from '../support/images';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { latencyBound, median, timed } from '../support/timing';

/** A 10x10 RGBA PNG whose scanlines carry filter type 7: png-js threw it inside the render worker. */
function corruptAlphaPng(): Buffer {
  const spec = { width: 10, height: 10 };
  return pngBytes({ ...spec, idat: deflateSync(Buffer.alloc(rawSize(spec), 7)) });
}

describe('images in header and footer templates (issue 11)', () => {
  let t: TestApp;
  let key: string;
  const generate = (options: object) =>
    t.http.post('/api/v1/generate').set('X-API-Key', key).send({ templateId: 'invoice-basic', data: sample('invoice-basic'), options: { displayHeaderFooter: true, ...options } });

  /**
   * Median time of refusing header templates whose images are all 0x0: a refusal that reads image
   * headers only. Each run's template is a new one (`run` in its text), as verdicts are remembered.
   */
  async function emptyImagesRefusalMs(headerTemplate: (run: number) => string): Promise<number> {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) times.push(await timed(() => generate({ headerTemplate: headerTemplate(run) }).expect(400)));
    return median(times);
  }

  beforeAll(async () => {
    t = await startTestApp();
    key = (await t.createWorkspace('business')).key;
  });
  afterAll(() => t.close());

  it('refuses a 16384x16384 PNG bomb with 400 naming the field, before rendering: within a small multiple of refusing a 0x0 image', async () => {
    const empty = await emptyImagesRefusalMs((run) => `<div>Logo ${run} <img src="${dataUri(pngBytes({ width: 0, height: 0 }))}"></div>`);
    const started = performance.now();
    const res = await generate({ headerTemplate: `<div>Logo <img src="${dataUri(PNG_BOMB)}"></div>` });
    const bombMs = performance.now() - started;
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([expect.stringMatching(/^options\.headerTemplate image 1 cannot be drawn: it is 16384x16384 pixels; at most 4096 pixels a side/)]);
    // Rendering it took 9-11 s and 770 MB; refusing it reads 33 bytes of header, as refusing a 0x0
    // image does. Against that refusal on the same machine, not a fixed figure.
    expect(bombMs).toBeLessThan(latencyBound(empty));
  });

  it('refuses a template full of distinct bombs within a small multiple of one of 0x0 images, with one error per image', async () => {
    const image = (side: number, bytes = 1) => `<img src="${dataUri(pngBytes({ width: side, height: side, idat: deflateSync(Buffer.alloc(bytes)) }))}">`;
    const empty = await emptyImagesRefusalMs((run) => Array.from({ length: 160 }, (_, i) => image(0, 1 + run * 160 + i)).join(''));
    const headerTemplate = Array.from({ length: 160 }, (_, i) => image(16384 - i)).join('');
    const started = performance.now();
    const res = await generate({ headerTemplate });
    const bombsMs = performance.now() - started;
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toHaveLength(160);
    expect(res.body.validationErrors[159]).toMatch(/^options\.headerTemplate image 160 cannot be drawn: it is 16225x16225 pixels/);
    expect(bombsMs).toBeLessThan(latencyBound(empty));
  });

  it('refuses a corrupt PNG with alpha with 400 naming the footer, and keeps rendering afterwards', async () => {
    const res = await generate({ footerTemplate: `<img src="${dataUri(corruptAlphaPng())}">` });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual(['options.footerTemplate image 1 cannot be drawn: a scanline has the invalid filter type 7']);
    await generate({}).expect(200);
  });

  it('refuses 0x0 and unknown images, and reports both templates', async () => {
    const res = await generate({
      headerTemplate: `<img src="${dataUri(pngBytes({ width: 0, height: 0 }))}">`,
      footerTemplate: '<img src="data:image/jpeg;base64,R0lGODlhAQABAAAAACw=">',
    });
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual([
      'options.headerTemplate image 1 cannot be drawn: it is 0x0 pixels',
      'options.footerTemplate image 1 cannot be drawn: it is neither a PNG nor a JPEG',
    ]);
  });

  it('still draws valid PNGs and a progressive JPEG with a comment', async () => {
    const png = pngBytes({ width: 40, height: 12, colorType: 6 });
    const res = await generate({ headerTemplate: `<img src="${dataUri(png)}"> <img src="${dataUri(TINY_JPEG, 'jpeg')}">`, footerTemplate: `<img src="${dataUri(png)}">` }).expect(200);
    expect(res.body.success).toBe(true);
  });
});
