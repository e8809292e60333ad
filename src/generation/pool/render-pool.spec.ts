import { invoiceWithItems, renderRequest } from '../../../test/support/render-cases';
import { InvalidDocumentData, RenderFailed, RenderTimedOut } from '../../engine';
import { ApiError } from '../../common/errors/api-error';
import { loadConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import { toContractError } from '../generation-errors';
import { RenderPool } from './render-pool';
import { RenderPoolBusy } from './render-pool-busy';

describe('RenderPool', () => {
  let pool: RenderPool;

  beforeAll(() => {
    pool = new RenderPool(loadConfig({ RENDER_WORKERS: '1', RENDER_TIMEOUT_MS: '60000' }), new MetricsService());
  });

  afterAll(() => pool.onModuleDestroy());

  it('renders waiting for a worker in the order they arrived', async () => {
    const request = renderRequest('invoice-basic', INVOICE_BASIC_SAMPLE);
    await pool.render(request);
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 12 }, (_, n) => pool.render(request).then(() => finished.push(n))));
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pool.queueSize).toBe(0);
  });

  it('renders a merged document on a worker: its bytes and the pages of all its items', async () => {
    const one = renderRequest('invoice-basic', INVOICE_BASIC_SAMPLE);
    const long = renderRequest('invoice-basic', invoiceWithItems(60));
    const [alone, merged] = await Promise.all([pool.render(long), pool.renderMerged([{ request: one }, { request: long, title: 'Long' }])]);
    expect(alone.pages).toBeGreaterThan(1);
    expect(merged.pages).toBe(1 + alone.pages);
    expect(Buffer.from(merged.pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const refused = await pool.renderMerged([{ request: { ...one, templateId: 'no-such-template' } }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RenderFailed);
    expect(refused).toMatchObject({ message: 'Unknown template: no-such-template' });
  });

  it("raises the engine's refusals again on this side of the thread boundary, their class and message kept", async () => {
    const unknown = await pool.render({ ...renderRequest('invoice-basic', INVOICE_BASIC_SAMPLE), templateId: 'no-such-template' }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(RenderFailed);
    expect(unknown).toMatchObject({ message: 'Unknown template: no-such-template' });

    const custom = { key: 'pool-spec-image', title: 'Badge', layout: { body: [{ type: 'image', src: '{{ logo }}' }] } };
    const misfit = await pool.render({ ...renderRequest('invoice-basic', { logo: 'https://example.com/logo.png' }), templateId: 'badge', custom }).catch((e: unknown) => e);
    expect(misfit).toBeInstanceOf(InvalidDocumentData);
    expect(toContractError(misfit)).toMatchObject({ code: 'INVALID_DATA', status: 400, extra: { validationErrors: [(misfit as Error).message] } });
    expect((misfit as Error).message).toMatch(/^layout\.body\[0\]/);
  });

  it('answers 503 to renders that gave up waiting for a worker, and 500 only to the one that ran too long', async () => {
    const busy = new RenderPool(loadConfig({ RENDER_WORKERS: '1', RENDER_TIMEOUT_MS: '250' }), new MetricsService());
    try {
      // About a second of work each (20,000 invoice lines): far past the time-out on any machine.
      const heavy = renderRequest('invoice-basic', invoiceWithItems(20_000));
      const thrown = await Promise.all(Array.from({ length: 6 }, () => busy.render(heavy).then(() => 'rendered', (error: unknown) => error)));
      expect(thrown[0]).toBeInstanceOf(RenderTimedOut);
      for (const error of thrown.slice(2)) expect(error).toBeInstanceOf(RenderPoolBusy);
      const outcomes = thrown.map((error) => toContractError(error) as ApiError);

      expect(outcomes[0]).toMatchObject({ code: 'GENERATION_FAILED', extra: { details: 'Rendering took longer than 250 ms' } });
      // The second may reach the worker just as the first is stopped; the others wait in vain.
      expect(outcomes[1]).toMatchObject({ code: expect.stringMatching(/^(GENERATION_FAILED|SERVER_BUSY)$/) });
      for (const outcome of outcomes.slice(2)) {
        expect(outcome).toMatchObject({ code: 'SERVER_BUSY', status: 503, headers: { 'Retry-After': '1' } });
      }
      expect(busy.queueSize).toBe(0);
    } finally {
      await busy.onModuleDestroy();
    }
  });
});
