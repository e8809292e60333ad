import { renderRequest } from '../../bench/cases';
import { loadConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { INVOICE_BASIC_SAMPLE } from '../../templates/samples';
import { RenderPool } from './render-pool';

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
});
