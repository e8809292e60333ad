import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sample } from '../support/samples';
import { startTestApp, TestApp } from '../support/test-app';
import { Receiver } from '../webhooks/receiver';

const ROOT = join(__dirname, '../..');

/** The webhook request a document shows with its first webhook example: request line, headers, body. */
function shownRequest(file: string): { path: string; headers: Record<string, string>; body: Record<string, unknown> } {
  const block = /```http\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, file), 'utf8'))![1];
  const [head, body] = block.split('\n\n');
  const [requestLine, ...headerLines] = head.split('\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { path: requestLine.split(' ')[1], headers, body: JSON.parse(body) };
}

/** docs/api.md and docs/webhooks.md show what a receiver gets with their first webhook example; a real delivery has that shape. */
describe('the webhook request shown with the first webhook example', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it.each(['docs/api.md', 'docs/webhooks.md'])('in %s is what a delivery carries', async (file) => {
    const shown = shownRequest(file);
    const ws = await t.createWorkspace('pro');
    receiver.trust((await t.admin.get(`/workspaces/${ws.id}`).expect(200)).body.webhookSecret);
    const accepted = await t.http
      .post('/api/v1/generate')
      .set('X-API-Key', ws.key)
      .send({ templateId: 'invoice-basic', data: sample('invoice-basic'), webhook: { url: receiver.url(shown.path), headers: { 'X-Zap-Token': shown.headers['x-zap-token'] } } })
      .expect(202);
    const [delivered] = await receiver.waitForJob(accepted.body.jobId, 1);

    expect(delivered.path).toBe(shown.path);
    for (const [name, value] of Object.entries(shown.headers)) {
      expect(delivered.headers[name]).toEqual(expect.any(String));
      if (!name.startsWith('webhook-')) expect(delivered.headers[name]).toBe(value);
    }
    expect(delivered.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Object.keys(delivered.body)).toEqual(Object.keys(shown.body));
    expect(delivered.body).toMatchObject({ type: shown.body.type, success: true, templateId: shown.body.templateId, templateVersion: shown.body.templateVersion });
  });
});
