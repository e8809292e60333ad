import { AccountsService } from '../../src/accounts/accounts.service';
import { expectError } from '../support/expect-error';
import { startTestApp, TestApp } from '../support/test-app';

/** The operator API's members (DECISIONS section 10). */
describe('operator API: members', () => {
  let t: TestApp;
  let workspaceId: string;
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://pdf.example.com' });
    workspaceId = (await t.admin.post('/workspaces', { name: 'Acme', plan: 'pro' }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  it('invites a member: 201 with the invite URL, listed as invited', async () => {
    const res = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'Ada@Example.com', role: 'owner' }).expect(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'ada@example.com',
      role: 'owner',
      status: 'invited',
      createdAt: expect.any(String),
      inviteUrl: expect.stringMatching(/^https:\/\/pdf\.example\.com\/dashboard\/invite\/[A-Za-z0-9_-]{43}$/),
    });
    const list = await t.admin.get(`/workspaces/${workspaceId}/members`).expect(200);
    expect(list.body).toEqual({ members: [{ id: res.body.id, email: 'ada@example.com', role: 'owner', status: 'invited', createdAt: res.body.createdAt }] });
  });

  it('re-invites someone who has not accepted with a fresh link; an active member is 409', async () => {
    const first = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'bob@example.com', role: 'member' }).expect(201);
    const again = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'bob@example.com', role: 'member' }).expect(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.inviteUrl).not.toBe(first.body.inviteUrl);
    // Accepted (what the dashboard's invite page does): now a member, who cannot be invited again.
    await t.app.get(AccountsService).acceptInvite(again.body.inviteUrl.split('/').pop(), 'correct horse battery');
    expect((await t.admin.get(`/workspaces/${workspaceId}/members`)).body.members).toContainEqual(expect.objectContaining({ email: 'bob@example.com', status: 'active' }));
    expectError(await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'BOB@example.com', role: 'owner' }), 409, "'bob@example.com' is already a member of this workspace", 'MEMBER_EXISTS');
  });

  it('removes a member with 204, then 404 for them, another workspace or an unknown one', async () => {
    const member = await t.admin.post(`/workspaces/${workspaceId}/members`, { email: 'carol@example.com', role: 'member' }).expect(201);
    const res = await t.admin.delete(`/workspaces/${workspaceId}/members/${member.body.id}`).expect(204);
    expect(res.text).toBe('');
    const emails = (await t.admin.get(`/workspaces/${workspaceId}/members`).expect(200)).body.members.map((m: { email: string }) => m.email);
    expect(emails).not.toContain('carol@example.com');
    expectError(await t.admin.delete(`/workspaces/${workspaceId}/members/${member.body.id}`), 404, `Member '${member.body.id}' not found`, 'MEMBER_NOT_FOUND');
    const other = (await t.admin.post('/workspaces', { name: 'Other', plan: 'free' }).expect(201)).body.id;
    const ada = (await t.admin.get(`/workspaces/${workspaceId}/members`)).body.members.find((m: { email: string }) => m.email === 'ada@example.com');
    expectError(await t.admin.delete(`/workspaces/${other}/members/${ada.id}`), 404, `Member '${ada.id}' not found`, 'MEMBER_NOT_FOUND');
    expectError(await t.admin.delete(`/workspaces/nope/members/${ada.id}`), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
    expectError(await t.admin.get('/workspaces/nope/members'), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
    expectError(await t.admin.post('/workspaces/nope/members', { email: 'x@example.com', role: 'member' }), 404, "Workspace 'nope' not found", 'WORKSPACE_NOT_FOUND');
  });

  it('keeps the last owner', async () => {
    const ws = (await t.admin.post('/workspaces', { name: 'Solo', plan: 'free' }).expect(201)).body.id;
    const owner = await t.admin.post(`/workspaces/${ws}/members`, { email: 'solo@example.com', role: 'owner' }).expect(201);
    expectError(await t.admin.delete(`/workspaces/${ws}/members/${owner.body.id}`), 409, 'A workspace needs at least one owner', 'LAST_OWNER');
  });

  it("changes a member's role: 200 with the member, audited; the last owner who has accepted stays", async () => {
    const ws = (await t.admin.post('/workspaces', { name: 'Roles', plan: 'pro' }).expect(201)).body.id;
    const joined = async (email: string, role: string) => {
      const invited = await t.admin.post(`/workspaces/${ws}/members`, { email, role }).expect(201);
      await t.app.get(AccountsService).acceptInvite(invited.body.inviteUrl.split('/').pop(), 'correct horse battery');
      return invited.body.id as string;
    };
    const first = await joined('first@example.com', 'owner');
    const grace = await joined('grace@example.com', 'member');
    const role = (userId: string, body: unknown) => t.admin.patch(`/workspaces/${ws}/members/${userId}`, body);

    const promoted = await role(grace, { role: 'owner' }).expect(200);
    expect(promoted.body).toEqual({ id: grace, email: 'grace@example.com', role: 'owner', status: 'active', createdAt: expect.any(String) });
    await role(first, { role: 'member' }).expect(200);
    expectError(await role(grace, { role: 'member' }), 409, 'A workspace needs at least one owner', 'LAST_OWNER');
    expectError(await role('nobody', { role: 'member' }), 404, "Member 'nobody' not found", 'MEMBER_NOT_FOUND');
    const bad = await role(grace, { role: 'admin' });
    expectError(bad, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(bad.body.validationErrors).toEqual(['role must be one of: owner, member']);
    const audit = (await t.admin.get(`/audit?workspaceId=${ws}&action=member.role_changed`).expect(200)).body.entries;
    expect(audit.map((e: { actor: unknown; target: { id: string } }) => [e.actor, e.target.id])).toEqual([
      [{ type: 'operator' }, first],
      [{ type: 'operator' }, grace],
    ]);
  });

  it.each([
    [{ email: 'not-an-email', role: 'member' }, ['email must be an email address of at most 254 characters']],
    [{ email: 'ada@example.com', role: 'admin' }, ['role must be one of: owner, member']],
    [{ email: 42, role: null }, ['email must be an email address of at most 254 characters', 'role must be one of: owner, member']],
    [{}, ['email must be an email address of at most 254 characters', 'role must be one of: owner, member']],
    [{ email: `${'a'.repeat(250)}@example.com`, role: 'member' }, ['email must be an email address of at most 254 characters']],
    // U+0000 is refused where every JSON body is parsed (DECISIONS section 13), before the DTO's own check.
    [{ email: 'a\u0000da@example.com', role: 'member' }, ['email must not contain U+0000 (NUL)']],
  ])('refuses %j with 400 naming each field', async (body, validationErrors) => {
    const res = await t.admin.post(`/workspaces/${workspaceId}/members`, body);
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
    expect(res.body.validationErrors).toEqual(validationErrors);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await t.http.post(`/admin/v1/workspaces/${workspaceId}/members`).set('Authorization', `Bearer ${t.config.adminToken}`).set('Content-Type', 'application/json').send('[1]');
    expectError(res, 400, 'Invalid request', 'INVALID_REQUEST');
  });

  it('is refused without the right admin token, and changes nothing', async () => {
    expectError(await t.http.get(`/admin/v1/workspaces/${workspaceId}/members`), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.post(`/admin/v1/workspaces/${workspaceId}/members`).send({ email: 'x@example.com', role: 'owner' }), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.post(`/admin/v1/workspaces/${workspaceId}/members`).set('Authorization', 'Bearer wrong').send({ email: 'x@example.com', role: 'owner' }), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    expectError(await t.http.delete(`/admin/v1/workspaces/${workspaceId}/members/x`), 401, 'Invalid admin token', 'INVALID_ADMIN_TOKEN');
    const listed = (await t.admin.get(`/workspaces/${workspaceId}/members`).expect(200)).body.members.map((m: { email: string }) => m.email);
    expect(listed).not.toContain('x@example.com');
  });

  it('answers 405 to another method on the members path', async () => {
    const res = await t.admin.patch(`/workspaces/${workspaceId}/members`, {});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.http.get('/openapi.json').expect(200)).body;
    const path = doc.paths['/admin/v1/workspaces/{id}/members'];
    expect(Object.keys(path).sort()).toEqual(['get', 'post']);
    expect(path.post.responses['201']).toBeDefined();
    expect(doc.paths['/admin/v1/workspaces/{id}/members/{userId}'].delete.responses['204']).toBeDefined();
    expect(doc.paths['/admin/v1/workspaces/{id}/members/{userId}'].patch.responses['200']).toBeDefined();
    expect(doc.components.schemas.AddMemberDto.required.sort()).toEqual(['email', 'role']);
  });
});

describe('operator API: members without ADMIN_TOKEN', () => {
  it('is 404 like the rest of /admin', async () => {
    const t = await startTestApp({ ADMIN_TOKEN: '' });
    try {
      expectError(await t.http.get('/admin/v1/workspaces/x/members'), 404, 'Not found', 'NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
