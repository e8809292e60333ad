import type { ServiceProcess } from '../support/service-process';
import { installIntegration, runIntegrationTests, startService } from './integration-package';

/**
 * DECISIONS section 17: the n8n community node (integrations/n8n), installed and built from its
 * lock, run with n8n's own execution contexts against the built service.
 */
describe('the n8n community node', () => {
  let service: ServiceProcess;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ service, stop } = await startService());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('passes its tests against the running service', async () => {
    const dir = await installIntegration('n8n');
    const counts = await runIntegrationTests(dir, service);
    expect(counts).toEqual({ pass: counts.pass, fail: 0, skipped: 0, todo: 0 });
    expect(counts.pass).toBeGreaterThanOrEqual(17);
  }, 600_000);
});
