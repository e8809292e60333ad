import type { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors/api-error';

/** What this module reads of an Express 5 router layer (the `router` package). */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/**
 * The methods the registered routes serve at `path` (HEAD wherever GET is, as Express answers it),
 * sorted; empty when no route has this path.
 */
export function allowedMethods(stack: readonly RouterLayer[], path: string): string[] {
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !matches(layer, path)) continue;
    for (const [method, served] of Object.entries(layer.route.methods)) {
      if (served && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

function matches(layer: RouterLayer, path: string): boolean {
  try {
    return Boolean(layer.match(path));
  } catch {
    // A malformed percent-escape: no route serves that path.
    return false;
  }
}

/**
 * Answers 405 with `Allow` to a request whose path the registered routes serve with other methods.
 * Nest installs its 404 handler after the last route when the app initialises: the check is put
 * just before it, so only requests no route took reach it, and any other path still gets 404.
 * `hidden` paths (the operator API without ADMIN_TOKEN) keep their 404.
 */
export function answerMethodNotAllowed(app: NestExpressApplication, hidden: (path: string) => boolean): void {
  const adapter = app.getHttpAdapter() as ExpressAdapter;
  const router = adapter.getInstance<Express>().router as unknown as { stack: RouterLayer[] };
  const setNotFoundHandler = adapter.setNotFoundHandler.bind(adapter);
  adapter.setNotFoundHandler = (handler: Function, prefix?: string) => {
    adapter.use(methodNotAllowed(router.stack, hidden));
    return setNotFoundHandler(handler, prefix);
  };
}

function methodNotAllowed(stack: readonly RouterLayer[], hidden: (path: string) => boolean): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const allowed = hidden(req.path) ? [] : allowedMethods(stack, req.path);
    if (allowed.length === 0) return next();
    next(new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allowed.join(', ') } }));
  };
}
