import type { ServiceProcess } from '../support/service-process';
import { installIntegration, runIntegrationTests, startService } from './integration-package';

/**
 * DECISIONS section 17: the automation-platform apps, each installed (and built) from its own lock
 * and run with its platform's own libraries against the built service: the n8n community node with
 * n8n's execution contexts, the Zapier app with zapier-platform-core's createAppTester.
 */
describe.each([
  { name: 'the n8n community node', folder: 'n8n', atLeast: 17 },
  { name: 'the Zapier app', folder: 'zapier', atLeast: 11 },
] as const)('$name', ({ folder, atLeast }) => {
  let service: ServiceProcess;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ service, stop } = await startService());
  });
  afterAll(async () => {
    await stop?.();
  });

  it('passes its tests against the running service', async () => {
    const dir = await installIntegration(folder);
    const counts = await runIntegrationTests(dir, service);
    expect(counts).toEqual({ pass: counts.pass, fail: 0, skipped: 0, todo: 0 });
    expect(counts.pass).toBeGreaterThanOrEqual(atLeast);
  }, 600_000);
});
