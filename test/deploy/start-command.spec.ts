import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFlags } from '../../bench/service';
import { sample } from '../support/samples';
import { bootstrapKey, startServiceProcess } from '../support/service-process';

const ROOT = join(__dirname, '../..');

/** The size of the HTTP thread's heap space `space` as /metrics reports it, in MB. */
async function heapSpaceMb(url: string, space: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const line = new RegExp(`^pdfgen_nodejs_heap_space_size_total_bytes\\{space="${space}"\\} (\\d+)$`, 'm').exec(metrics);
  if (!line) throw new Error(`no ${space} space in /metrics`);
  return Number(line[1]) / 1048576;
}

/** How operators start the service: `npm start` and the image run node with the same flags, and the flags take hold. */
describe('the start command', () => {
  it('is the same in the image as under npm start', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    expect(JSON.parse(cmd![1])).toEqual(['node', ...startFlags(ROOT), 'dist/main.js']);
  });

  it('caps the HTTP thread\'s young generation at two 2 MB semi-spaces, whatever the render workers starting do to its growth', async () => {
    // Without the cap the HTTP thread's new space ends its start at 4 or 8 MB, by timing (src/config/heap-tuning.ts).
    expect(startFlags(ROOT)).toEqual(['--max-semi-space-size=2', '--min-semi-space-size=2']);
    const dataDir = mkdtempSync(join(tmpdir(), 'pdfgen-start-'));
    const service = await startServiceProcess({ DATA_DIR: dataDir, RATE_LIMIT_PER_SECOND: '0' }, startFlags(ROOT));
    try {
      const key = bootstrapKey(service)!;
      const generate = () =>
        fetch(`${service.url}/api/v1/generate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': key },
          body: JSON.stringify({ templateId: 'invoice-basic', data: sample('invoice-basic'), outputFormat: 'base64' }),
        });
      for (let round = 0; round < 5; round++) {
        const statuses = await Promise.all(Array.from({ length: 8 }, async () => (await generate()).status));
        expect(statuses).toEqual(Array(8).fill(200));
      }
      expect(await heapSpaceMb(service.url, 'new')).toBe(4);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
