/** What the audit log records (DECISIONS section 16): dotted names, `<thing>.<what happened>`. */
export const AUDIT_ACTIONS = [
  'key.created',
  'key.revoked',
  'member.invited',
  'member.removed',
  'member.role_changed',
  'template.created',
  'template.updated',
  'template.deleted',
  'webhook_secret.rotated',
  'signing_certificate.set',
  'signing_certificate.removed',
  'workspace.updated',
  'file.erased',
  'user.signed_in',
  'user.sign_in_failed',
  'user.password_reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ACTOR_TYPES = ['user', 'key', 'operator'] as const;

/** Who did it: a signed-in person, an API key, or the operator (admin token, CLI). A failed sign-in's user has no id. */
export interface AuditActor {
  type: (typeof ACTOR_TYPES)[number];
  id?: string;
}

export const TARGET_TYPES = ['key', 'member', 'template', 'workspace', 'file', 'user', 'webhook_secret', 'signing_certificate'] as const;

/** What it was done to; `id` is null only for a failed sign-in with an email no account has. */
export interface AuditTarget {
  type: (typeof TARGET_TYPES)[number];
  id: string | null;
}

/** Who acted and from where: the request's client IP and X-Request-Id; both null outside a request (the CLI, the bootstrap). */
export interface AuditOrigin {
  actor: AuditActor;
  ip: string | null;
  requestId: string | null;
}

export const SIGN_IN_METHODS = ['password', 'sso'] as const;
/** How someone signed in or tried to: a password (an invite, a reset link or sign-up included) or single sign-on. */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One entry as services hand it to AuditLog.insert (or AuditLog.record). */
export interface AuditEntry extends AuditOrigin {
  action: AuditAction;
  /** null for a failed sign-in that names no account. */
  workspaceId: string | null;
  target: AuditTarget;
  /** Sign-ins only (user.signed_in, user.sign_in_failed). */
  method?: SignInMethod;
}

/** An entry as GET /admin/v1/audit shows it. */
export interface AuditView extends AuditEntry {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
}

/** The operator acting outside any request: the CLI, and the bootstrap at first start. */
export const OPERATOR_OFFLINE: AuditOrigin = { actor: { type: 'operator' }, ip: null, requestId: null };
