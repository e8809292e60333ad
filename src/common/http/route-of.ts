import type { Request } from 'express';

/** The matched route pattern: it keeps metric labels and span names bounded (no ids in them). */
export function routeOf(req: Request): string {
  const path = (req.route as { path?: string } | undefined)?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : 'unmatched';
}
