import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * helmet's headers on every response (nosniff, CSP, frame and referrer policies, ...), with a CSP
 * that /docs (Swagger UI: same-origin scripts and stylesheet, one inline <style>) works under and
 * whose "Try it out" may call PUBLIC_URL. HSTS and upgrade-insecure-requests only when PUBLIC_URL
 * is https: on a plain-HTTP deployment they would break the docs page.
 * Hosted PDFs (/files/...) may be embedded by the caller's own site: framing and cross-origin
 * loading are allowed there.
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
  return (req: Request, res: Response, next: NextFunction) => (req.path.startsWith('/files/') ? files : api)(req, res, next);
}
