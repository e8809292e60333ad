import type { MemberView } from '../../accounts/accounts.service';
import type { AuditAction, AuditActor, AuditTarget, AuditView } from '../../audit/audit-entry';
import type { ApiKeyView } from '../../workspaces/workspaces.service';
import { dateTime } from './format';

/** How the audit page names each action. */
const ACTION_NAMES: Record<AuditAction, string> = {
  'key.created': 'API key created',
  'key.revoked': 'API key revoked',
  'member.invited': 'Member invited',
  'member.removed': 'Member removed',
  'member.role_changed': 'Member role changed',
  'template.created': 'Template created',
  'template.updated': 'Template updated',
  'template.deleted': 'Template deleted',
  'webhook_secret.rotated': 'Webhook secret rotated',
  'signing_certificate.set': 'Signing certificate set',
  'signing_certificate.removed': 'Signing certificate removed',
  'workspace.updated': 'Plan or limits changed',
  'file.erased': 'File erased',
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Sign-in failed',
  'user.password_reset': 'Password reset',
};

/** Sign-ins by single sign-on say so; a password's are the plain words above. */
const SSO_ACTION_NAMES: Partial<Record<AuditAction, string>> = {
  'user.signed_in': 'Signed in with single sign-on',
  'user.sign_in_failed': 'Single sign-on refused',
};

/** Who and what the ids name today: the workspace's people and keys. */
export interface AuditNames {
  members: MemberView[];
  keys: ApiKeyView[];
}

/** One row of views/pages/audit.liquid. */
export interface AuditRow {
  id: string;
  at: string;
  /** `2 Mar 2025` and `14:05:31` (UTC). */
  date: string;
  clock: string;
  action: string;
  actionName: string;
  /** Shown in red: a refused sign-in. */
  failed: boolean;
  actor: string;
  target: string;
  ip: string;
  requestId: string;
}

export function auditRow(entry: AuditView, names: AuditNames): AuditRow {
  return {
    id: entry.id,
    at: entry.at,
    date: dateTime(entry.at).split(', ')[0],
    clock: entry.at.slice(11, 19),
    action: entry.action,
    // An action a newer release wrote (during a rolling deploy) shows as its dotted name.
    actionName: (entry.method === 'sso' ? SSO_ACTION_NAMES[entry.action] : undefined) ?? ACTION_NAMES[entry.action] ?? entry.action,
    failed: entry.action === 'user.sign_in_failed',
    actor: actorName(entry.actor, names),
    target: targetName(entry.target, names),
    ip: entry.ip ?? '–',
    requestId: entry.requestId ?? '',
  };
}

function actorName(actor: AuditActor, names: AuditNames): string {
  if (actor.type === 'operator') return 'Operator';
  if (actor.type === 'key') return `Key ${keyName(actor.id, names)}`;
  return actor.id ? personName(actor.id, names) : 'Someone not signed in';
}

function targetName(target: AuditTarget, names: AuditNames): string {
  switch (target.type) {
    case 'key':
      return keyName(target.id, names);
    case 'member':
    case 'user':
      return target.id ? personName(target.id, names) : 'An email with no account';
    case 'template':
      return target.id ?? '–';
    case 'file':
      return `${target.id}.pdf`;
    case 'workspace':
      return 'This workspace';
    case 'webhook_secret':
      return 'Webhook secret';
    case 'signing_certificate':
      return 'Signing certificate';
  }
}

/** A person by email; someone no longer a member by the start of their id. */
function personName(userId: string, names: AuditNames): string {
  return names.members.find((member) => member.id === userId)?.email ?? `Former member ${userId.slice(0, 8)}`;
}

/** A key by name and prefix, as the keys page shows it. */
function keyName(keyId: string | null | undefined, names: AuditNames): string {
  const key = names.keys.find((k) => k.id === keyId);
  if (!key) return keyId ? keyId.slice(0, 8) : '–';
  return key.name ? `${key.name} (${key.prefix}…)` : `${key.prefix}…`;
}
