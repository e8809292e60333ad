import type { AuditView } from '../../audit/audit-entry';
import { auditRow, AuditNames } from './audit.model';

const NAMES: AuditNames = {
  members: [{ id: 'u-ada', email: 'ada@example.com', role: 'owner', status: 'active', createdAt: '2025-01-01T00:00:00.000Z' }],
  keys: [
    { id: 'k-ci', name: 'ci', mode: 'live', prefix: 'pdfg_1234abcd', active: true, createdAt: '', revokedAt: null, lastUsedAt: null },
    { id: 'k-anon', name: null, mode: 'test', prefix: 'pdfg_9876fedc', active: false, createdAt: '', revokedAt: '', lastUsedAt: null },
  ],
};

const view = (fields: Partial<AuditView>): AuditView => ({
  id: 'e1',
  at: '2025-03-02T14:05:31.123Z',
  workspaceId: 'w1',
  action: 'key.created',
  actor: { type: 'operator' },
  target: { type: 'key', id: 'k-ci' },
  ip: '203.0.113.7',
  requestId: 'req-1',
  ...fields,
});

describe('audit log rows', () => {
  it('names the action in words, the time in UTC, and people and keys as the other pages show them', () => {
    expect(auditRow(view({}), NAMES)).toEqual({
      id: 'e1',
      at: '2025-03-02T14:05:31.123Z',
      date: '2 Mar 2025',
      clock: '14:05:31',
      action: 'key.created',
      actionName: 'API key created',
      failed: false,
      actor: 'Operator',
      target: 'ci (pdfg_1234abcd…)',
      ip: '203.0.113.7',
      requestId: 'req-1',
    });
    const byKey = auditRow(view({ action: 'template.updated', actor: { type: 'key', id: 'k-anon' }, target: { type: 'template', id: 'greeting' } }), NAMES);
    expect(byKey).toMatchObject({ actionName: 'Template updated', actor: 'Key pdfg_9876fedc…', target: 'greeting' });
    const byPerson = auditRow(view({ action: 'member.removed', actor: { type: 'user', id: 'u-ada' }, target: { type: 'member', id: '0b7e1c52-0000-4000-8000-000000000000' } }), NAMES);
    expect(byPerson).toMatchObject({ actor: 'ada@example.com', target: 'Former member 0b7e1c52' });
  });

  it('marks a failed sign-in, names single sign-on, and shows what the CLI leaves out as a dash', () => {
    const failed = auditRow(view({ action: 'user.sign_in_failed', actor: { type: 'user' }, target: { type: 'user', id: null }, workspaceId: null }), NAMES);
    expect(failed).toMatchObject({ actionName: 'Sign-in failed', failed: true, actor: 'Someone not signed in', target: 'An email with no account' });
    const bySso = auditRow(view({ action: 'user.sign_in_failed', actor: { type: 'user' }, target: { type: 'user', id: null }, workspaceId: null, method: 'sso' }), NAMES);
    expect(bySso).toMatchObject({ actionName: 'Single sign-on refused', failed: true });
    expect(auditRow(view({ action: 'user.signed_in', actor: { type: 'user', id: 'u-ada' }, target: { type: 'user', id: 'u-ada' }, method: 'sso' }), NAMES).actionName).toBe('Signed in with single sign-on');
    expect(auditRow(view({ action: 'user.signed_in', actor: { type: 'user', id: 'u-ada' }, target: { type: 'user', id: 'u-ada' }, method: 'password' }), NAMES).actionName).toBe('Signed in');
    const cli = auditRow(view({ action: 'file.erased', target: { type: 'file', id: 'AbCd' }, ip: null, requestId: null }), NAMES);
    expect(cli).toMatchObject({ actionName: 'File erased', target: 'AbCd.pdf', ip: '–', requestId: '' });
  });
});
