import type { AuthenticatedWorkspace } from '../../auth/authenticated-workspace';

declare global {
  namespace Express {
    interface Request {
      /** Set by RequestContextMiddleware for every request; echoed as X-Request-Id. */
      requestId: string;
      /** Set by ApiKeyGuard on authenticated routes. */
      workspace?: AuthenticatedWorkspace;
    }
  }
}
