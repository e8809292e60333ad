import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every response (nosniff, CSP, frame and referrer policies, ...), with a CSP
 * that /docs (Swagger UI: same-origin scripts and stylesheet, one inline <style>) works under and
 * whose "Try it out" may call PUBLIC_URL. HSTS and upgrade-insecure-requests only when PUBLIC_URL
 * is https: on a plain-HTTP deployment they would break the docs page.
 * Hosted PDFs (/files/...) may be embedded by the caller's own site: framing and cross-origin
 * loading are allowed there. The dashboard (/dashboard) has a strict policy of its own.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = publicUrl.startsWith('https:');
  const directives = {
    'connect-src': ["'self'", new URL(publicUrl).origin],
    'font-src': ["'self'", 'data:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'upgrade-insecure-requests': https ? [] : null,
  };
  const api = helmet({ strictTransportSecurity: https, contentSecurityPolicy: { directives } });
  const files = helmet({
    strictTransportSecurity: https,
    contentSecurityPolicy: { directives: { ...directives, 'frame-ancestors': ['*'] } },
    xFrameOptions: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // The dashboard: nothing inline, nothing from another origin (DECISIONS section 10).
  const dashboard = helmet({
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    const policy = path.startsWith('/files/') ? files : path === '/dashboard' || path.startsWith('/dashboard/') ? dashboard : api;
    return policy(req, res, next);
  };
}
