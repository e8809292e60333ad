import request from 'supertest';
import { AccountsService } from '../../src/accounts/accounts.service';
import { AUDIT_ACTIONS } from '../../src/audit/audit-entry';
import { expectError } from '../support/expect-error';
import { sample } from '../support/samples';
import { adaptersFromEnv } from '../support/scaled-out';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../support/test-app';

const PASSWORD = 'correct horse battery';
/** The loopback address as Express reports it: IPv4, or IPv4 mapped into IPv6 on a dual-stack socket. */
const LOOPBACK = expect.stringMatching(/^(?:::ffff:)?127\.0\.0\.1$/);
const ENTRY_ID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
const ISO_TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

type Agent = ReturnType<typeof request.agent>;
type Entry = { action: string; requestId: string | null; [field: string]: unknown };

function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no _csrf field in:\n${html.slice(0, 500)}`);
  return match[1];
}

const greeting = (word: string) => ({
  name: 'Greeting',
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  layout: { body: [{ type: 'text', text: `${word} {{ name }}` }] },
  sampleData: { name: 'Ada' },
});

/** GET /admin/v1/audit (DECISIONS section 16): what each change records, on the run's adapters and on PostgreSQL. */
describe.each([
  ["the run's adapters", adaptersFromEnv()],
  ['PostgreSQL', { store: 'postgres', files: 'disk' } as const],
])('the audit log on %s', (_, adapters) => {
  let t: TestApp;
  let ws: { id: string; key: string };
  let keyId: string;
  const audit = (query = '') => t.admin.get(`/audit${query}`);
  /** The entries of one request, oldest first. */
  const entriesOf = async (requestId: string): Promise<Entry[]> => {
    const res = await audit(`?workspaceId=${ws.id}&limit=100`).expect(200);
    return (res.body.entries as Entry[]).filter((e) => e.requestId === requestId).reverse();
  };
  const operator = (requestId: string) => ({ id: ENTRY_ID, at: ISO_TIME, workspaceId: ws.id, actor: { type: 'operator' }, ip: LOOPBACK, requestId });
  const byKey = (requestId: string) => ({ ...operator(requestId), actor: { type: 'key', id: keyId } });

  beforeAll(async () => {
    t = await startTestApp({}, adapters);
    ws = await t.createWorkspace('business');
    keyId = (await t.admin.get(`/workspaces/${ws.id}/keys`).expect(200)).body.keys[0].id;
  });
  afterAll(() => t?.close());

  it("records the operator's key, secret, workspace and member changes with the request's IP and id", async () => {
    const key = await t.admin.post(`/workspaces/${ws.id}/keys`, { name: 'ci' }).set('X-Request-Id', 'op-key').expect(201);
    await t.admin.delete(`/workspaces/${ws.id}/keys/${key.body.id}`).set('X-Request-Id', 'op-revoke').expect(204);
    await t.admin.delete(`/workspaces/${ws.id}/keys/${key.body.id}`).set('X-Request-Id', 'op-revoke-again').expect(204);
    await t.admin.post(`/workspaces/${ws.id}/webhook-secret`).set('X-Request-Id', 'op-secret').expect(200);
    await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'pro', suspended: false }).set('X-Request-Id', 'op-plan').expect(200);
    await t.admin.patch(`/workspaces/${ws.id}`, { plan: 'business' }).expect(200);
    // Another owner who has accepted first: the last owner could not be removed.
    const boss = await t.admin.post(`/workspaces/${ws.id}/members`, { email: 'boss@example.com', role: 'owner' }).expect(201);
    await t.app.get(AccountsService).acceptInvite(boss.body.inviteUrl.split('/').pop(), PASSWORD);
    const member = await t.admin.post(`/workspaces/${ws.id}/members`, { email: 'grace@example.com', role: 'member' }).set('X-Request-Id', 'op-invite').expect(201);
    await t.admin.post(`/workspaces/${ws.id}/members`, { email: 'grace@example.com', role: 'owner' }).set('X-Request-Id', 'op-reinvite').expect(201);
    await t.admin.delete(`/workspaces/${ws.id}/members/${member.body.id}`).set('X-Request-Id', 'op-remove').expect(204);

    expect(await entriesOf('op-key')).toEqual([{ ...operator('op-key'), action: 'key.created', target: { type: 'key', id: key.body.id } }]);
    expect(await entriesOf('op-revoke')).toEqual([{ ...operator('op-revoke'), action: 'key.revoked', target: { type: 'key', id: key.body.id } }]);
    expect(await entriesOf('op-revoke-again')).toEqual([]);
    expect(await entriesOf('op-secret')).toEqual([{ ...operator('op-secret'), action: 'webhook_secret.rotated', target: { type: 'webhook_secret', id: ws.id } }]);
    expect(await entriesOf('op-plan')).toEqual([{ ...operator('op-plan'), action: 'workspace.updated', target: { type: 'workspace', id: ws.id } }]);
    const memberTarget = { type: 'member', id: member.body.id };
    expect(await entriesOf('op-invite')).toEqual([{ ...operator('op-invite'), action: 'member.invited', target: memberTarget }]);
    expect(await entriesOf('op-reinvite')).toEqual([
      { ...operator('op-reinvite'), action: 'member.invited', target: memberTarget },
      { ...operator('op-reinvite'), action: 'member.role_changed', target: memberTarget },
    ]);
    expect(await entriesOf('op-remove')).toEqual([{ ...operator('op-remove'), action: 'member.removed', target: memberTarget }]);
  });

  it("records a key's template changes and file erasure with the key's id", async () => {
    const api = (method: 'post' | 'put' | 'delete', path: string, requestId: string) => t.http[method](path).set('X-API-Key', ws.key).set('X-Request-Id', requestId);
    await api('post', '/api/v1/templates', 'key-create').send({ ...greeting('Hello'), id: 'greeting' }).expect(201);
    await api('put', '/api/v1/templates/greeting', 'key-update').send(greeting('Hi')).expect(200);
    await api('delete', '/api/v1/templates/greeting', 'key-delete').expect(204);
    const made = await t.http.post('/api/v1/generate').set('X-API-Key', ws.key).send({ templateId: 'invoice-basic', data: sample('invoice-basic') }).expect(200);
    const fileName = new URL(made.body.pdfUrl).pathname.split('/').pop()!;
    await api('delete', `/files/${fileName}`, 'key-erase').expect(204);
    await api('delete', `/files/${fileName}`, 'key-erase-again').expect(404);

    const template = { type: 'template', id: 'greeting' };
    expect(await entriesOf('key-create')).toEqual([{ ...byKey('key-create'), action: 'template.created', target: template }]);
    expect(await entriesOf('key-update')).toEqual([{ ...byKey('key-update'), action: 'template.updated', target: template }]);
    expect(await entriesOf('key-delete')).toEqual([{ ...byKey('key-delete'), action: 'template.deleted', target: template }]);
    expect(await entriesOf('key-erase')).toEqual([{ ...byKey('key-erase'), action: 'file.erased', target: { type: 'file', id: fileName.replace(/\.pdf$/, '') } }]);
    expect(await entriesOf('key-erase-again')).toEqual([]);
  });

  describe('in the dashboard', () => {
    let owner: Agent;
    let ownerId: string;

    beforeAll(async () => {
      const invited = await t.admin.post(`/workspaces/${ws.id}/members`, { email: 'ada@example.com', role: 'owner' }).expect(201);
      ownerId = invited.body.id;
      owner = request.agent(t.app.getHttpServer());
      const path = new URL(invited.body.inviteUrl).pathname;
      const page = await owner.get(path).expect(200);
      await owner.post(path).set('X-Request-Id', 'accept').type('form').send({ _csrf: csrfOf(page.text), password: PASSWORD, confirm: PASSWORD }).expect(303);
    });

    const signIn = async (email: string, password: string, requestId: string) => {
      const agent = request.agent(t.app.getHttpServer());
      const page = await agent.get('/dashboard/sign-in').expect(200);
      await agent.post('/dashboard/sign-in').set('X-Request-Id', requestId).type('form').send({ _csrf: csrfOf(page.text), email, password });
      return agent;
    };
    const asUser = (requestId: string) => ({ ...operator(requestId), actor: { type: 'user', id: ownerId } });

    it('records sign-ins, an accepted invite included, as the person, with the method', async () => {
      await signIn('ada@example.com', PASSWORD, 'sign-in');
      for (const requestId of ['accept', 'sign-in']) {
        expect(await entriesOf(requestId)).toEqual([{ ...asUser(requestId), action: 'user.signed_in', target: { type: 'user', id: ownerId }, method: 'password' }]);
      }
    });

    it("records a failed sign-in without the actor's id, at the account it named, and never the password", async () => {
      await signIn('ada@example.com', 'wrong password!', 'failed');
      expect(await entriesOf('failed')).toEqual([{ ...operator('failed'), actor: { type: 'user' }, action: 'user.sign_in_failed', target: { type: 'user', id: ownerId }, method: 'password' }]);
      await signIn('nobody@example.com', 'wrong password!', 'failed-unknown');
      const res = await audit('?action=user.sign_in_failed').expect(200);
      const unknown = res.body.entries.find((e: Entry) => e.requestId === 'failed-unknown');
      expect(unknown).toEqual({ ...operator('failed-unknown'), workspaceId: null, actor: { type: 'user' }, action: 'user.sign_in_failed', target: { type: 'user', id: null }, method: 'password' });
      expect(JSON.stringify(res.body)).not.toContain('wrong password');
      expect(JSON.stringify(res.body)).not.toContain('nobody@example.com');
    });

    it("records an owner's key, secret, template and member changes as the person", async () => {
      const keysPage = await owner.get('/dashboard/keys').expect(200);
      // Redirect after POST (303); the session's CSRF token stays the page's.
      await owner.post('/dashboard/keys').set('X-Request-Id', 'dash-key').type('form').send({ _csrf: csrfOf(keysPage.text), name: 'laptop', mode: 'test' }).expect(303);
      const created = keysPage;
      const newKeyId = (await t.admin.get(`/workspaces/${ws.id}/keys`).expect(200)).body.keys.find((k: { name: string }) => k.name === 'laptop').id;
      await owner.post(`/dashboard/keys/${newKeyId}/revoke`).set('X-Request-Id', 'dash-revoke').type('form').send({ _csrf: csrfOf(created.text), confirmed: 'yes' }).expect(303);
      await owner.post('/dashboard/webhooks/secret/rotate').set('X-Request-Id', 'dash-secret').type('form').send({ _csrf: csrfOf(created.text), confirmed: 'yes' }).expect(303);
      await t.http.post('/api/v1/templates').set('X-API-Key', ws.key).send({ ...greeting('Hello'), id: 'farewell' }).expect(201);
      await owner.post('/dashboard/templates/farewell/delete').set('X-Request-Id', 'dash-template').type('form').send({ _csrf: csrfOf(created.text) }).expect(303);
      await owner.post('/dashboard/members').set('X-Request-Id', 'dash-invite').type('form').send({ _csrf: csrfOf(created.text), email: 'lin@example.com', role: 'member' }).expect(201);

      expect(await entriesOf('dash-key')).toEqual([{ ...asUser('dash-key'), action: 'key.created', target: { type: 'key', id: newKeyId } }]);
      expect(await entriesOf('dash-revoke')).toEqual([{ ...asUser('dash-revoke'), action: 'key.revoked', target: { type: 'key', id: newKeyId } }]);
      expect(await entriesOf('dash-secret')).toEqual([{ ...asUser('dash-secret'), action: 'webhook_secret.rotated', target: { type: 'webhook_secret', id: ws.id } }]);
      expect(await entriesOf('dash-template')).toEqual([{ ...asUser('dash-template'), action: 'template.deleted', target: { type: 'template', id: 'farewell' } }]);
      expect(await entriesOf('dash-invite')).toEqual([{ ...asUser('dash-invite'), action: 'member.invited', target: { type: 'member', id: expect.any(String) } }]);
    });
  });

  it('lists newest first, filters by workspace and action, and pages with an opaque cursor', async () => {
    const other = await t.createWorkspace('free');
    const all = (await audit('?limit=100').expect(200)).body;
    expect(all.success).toBe(true);
    const times = all.entries.map((e: Entry) => `${e.at} ${e.id}`);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.entries[0]).toMatchObject({ workspaceId: other.id, action: 'key.created' });

    const mine = (await audit(`?workspaceId=${other.id}`).expect(200)).body;
    expect(mine).toEqual({ success: true, entries: [expect.objectContaining({ workspaceId: other.id, action: 'key.created' })], nextCursor: null });
    const revoked = (await audit('?action=key.revoked').expect(200)).body.entries;
    expect(revoked.length).toBeGreaterThanOrEqual(2);
    expect(revoked.every((e: Entry) => e.action === 'key.revoked')).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { entries: Array<{ id: string }>; nextCursor: string | null } = (await audit(`?workspaceId=${ws.id}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200)).body;
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    const whole = (await audit(`?workspaceId=${ws.id}&limit=100`).expect(200)).body.entries.map((e: { id: string }) => e.id);
    expect(seen).toEqual(whole);
    expect(whole.length).toBeGreaterThan(10);
  });

  it('refuses bad filters with 400 naming the query field, and anyone without the admin token', async () => {
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit must be a whole number from 1 to 100'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?cursor=abc', 'cursor must be the nextCursor of an earlier page'],
      ['?workspaceId=nope', 'workspaceId must be a workspace id (a UUID)'],
      ['?action=key.stolen', `action must be one of: ${AUDIT_ACTIONS.join(', ')}`],
      ['?action=key.created&action=key.revoked', `action must be one of: ${AUDIT_ACTIONS.join(', ')}`],
    ];
    for (const [query, message] of cases) {
      const res = await audit(query);
      expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
      expect(res.body.validationErrors).toEqual([message]);
    }
    expectError(await t.http.get('/admin/v1/audit'), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.get('/admin/v1/audit').set('Authorization', `Bearer ${ADMIN_TOKEN}x`), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
  });
});
