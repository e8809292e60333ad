import type { ServiceProcess } from '../support/service-process';
import { installIntegration, runIntegrationTests, startService } from './integration-package';

/**
 * DECISIONS section 17: the Zapier app (integrations/zapier), installed from its
 * lock, run with zapier-platform-core's createAppTester against the built service.
 */
describe('the Zapier app', () => {
  let service: ServiceProcess;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ service, stop } = await startService());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('passes its tests against the running service', async () => {
    const dir = await installIntegration('zapier');
    const counts = await runIntegrationTests(dir, service);
    expect(counts).toEqual({ pass: counts.pass, fail: 0, skipped: 0, todo: 0 });
    expect(counts.pass).toBeGreaterThanOrEqual(11);
  }, 600_000);
});
