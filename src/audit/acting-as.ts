import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuditActor, AuditOrigin } from './audit-entry';

/** The request's client IP as Express gives it (under the app's `trust proxy` setting, unset today) and its request id. */
export function originOf(req: Request, actor: AuditActor): AuditOrigin {
  return { actor, ip: req.ip ?? null, requestId: req.requestId };
}

/**
 * A handler parameter: who acts in this request, for the audit log. `operator` on the admin token's
 * routes, `key` after ApiKeyGuard (the key's id), `user` after DashboardSessionGuard (the person).
 * Guards run before parameters are read, so the id is there; a route without it is a programming error.
 */
export const ActingAs = createParamDecorator((type: AuditActor['type'], ctx: ExecutionContext): AuditOrigin => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return originOf(req, actorOf(type, req));
});

function actorOf(type: AuditActor['type'], req: Request): AuditActor {
  if (type === 'operator') return { type };
  const id = type === 'key' ? req.workspace?.keyId : req.dashboard?.user.id;
  if (!id) throw new Error(`@ActingAs('${type}') on a route without its guard`);
  return { type, id };
}
