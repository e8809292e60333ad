import request from 'supertest';
import { selfSignedPkcs12 } from '../../src/signatures/self-signed';
import { startTestApp, TestApp } from '../support/test-app';

// The dashboard's Signing page (DECISIONS section 15): owners upload and remove the workspace's
// signing certificate; everyone sees only its subject, issuer and expiry.

const PASSWORD = 'correct horse battery';
const P12_PASSWORD = 'p12-secret';
const p12 = selfSignedPkcs12({ commonName: 'Dashboard Signer', days: 90, password: P12_PASSWORD });

type Agent = ReturnType<typeof request.agent>;

function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no _csrf field in:\n${html.slice(0, 500)}`);
  return match[1];
}

describe('dashboard signing certificate', () => {
  let t: TestApp;
  let workspaceId: string;

  beforeAll(async () => {
    t = await startTestApp();
    workspaceId = (await t.createWorkspace('pro')).id;
  });
  afterAll(async () => t?.close());

  /** A member of the workspace with `role`, signed in through an invite. */
  async function member(email: string, role: 'owner' | 'member'): Promise<Agent> {
    const invite = await t.admin.post(`/workspaces/${workspaceId}/members`, { email, role }).expect(201);
    const path = new URL(invite.body.inviteUrl).pathname;
    const agent = request.agent(t.app.getHttpServer());
    const page = await agent.get(path).expect(200);
    await agent.post(path).type('form').send({ _csrf: csrfOf(page.text), password: PASSWORD, confirm: PASSWORD }).expect(303);
    return agent;
  }

  const post = async (agent: Agent, path: string, fields: Record<string, string> = {}) => {
    const page = await agent.get('/dashboard/signing').expect(200);
    return agent.post(path).type('form').send({ _csrf: csrfOf(page.text), ...fields });
  };

  it('lets an owner upload a certificate, shows only its subject, issuer and expiry, and remove it', async () => {
    const owner = await member('owner@example.com', 'owner');
    expect((await owner.get('/dashboard/signing').expect(200)).text).toContain('This workspace has no signing certificate');

    const wrong = await post(owner, '/dashboard/signing', { p12: p12.toString('base64'), password: 'wrong' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('p12 cannot be opened with this password');

    // Pasted base64 may come wrapped in lines.
    const wrapped = p12.toString('base64').replace(/(.{76})/g, '$1\n');
    const stored = await post(owner, '/dashboard/signing', { p12: wrapped, password: P12_PASSWORD });
    expect([stored.status, stored.headers.location]).toEqual([303, '/dashboard/signing?done=stored']);
    const page = (await owner.get('/dashboard/signing?done=stored').expect(200)).text;
    expect(page).toContain('CN=Dashboard Signer');
    expect(page).toContain('The signing certificate was stored');
    expect(page).not.toContain(P12_PASSWORD);
    expect(page).not.toContain(p12.toString('base64').slice(0, 40));
    expect((await t.admin.get(`/workspaces/${workspaceId}/signing-certificate`).expect(200)).body.subject).toBe('CN=Dashboard Signer');

    // Without JavaScript's dialog, the POST asks first: a page whose button sends it confirmed.
    const asked = await post(owner, '/dashboard/signing/remove');
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('<h1>Remove the signing certificate?</h1>');
    expect(asked.text).toContain('<input type="hidden" name="confirmed" value="yes">');
    await t.admin.get(`/workspaces/${workspaceId}/signing-certificate`).expect(200);
    const removed = await post(owner, '/dashboard/signing/remove', { confirmed: 'yes' });
    expect([removed.status, removed.headers.location]).toEqual([303, '/dashboard/signing?done=removed']);
    await t.admin.get(`/workspaces/${workspaceId}/signing-certificate`).expect(404);
  });

  it('shows members the certificate, and refuses their changes', async () => {
    await t.admin.put(`/workspaces/${workspaceId}/signing-certificate`, { p12: p12.toString('base64'), password: P12_PASSWORD }).expect(200);
    const reader = await member('reader@example.com', 'member');
    const page = (await reader.get('/dashboard/signing').expect(200)).text;
    expect(page).toContain('CN=Dashboard Signer');
    expect(page).toContain('Only owners of this workspace can upload or remove the signing certificate.');
    expect(page).not.toContain('action="/dashboard/signing"');
    expect((await post(reader, '/dashboard/signing/remove')).status).toBe(403);
    await t.admin.get(`/workspaces/${workspaceId}/signing-certificate`).expect(200);
  });
});
