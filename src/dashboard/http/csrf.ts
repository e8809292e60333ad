import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { looksLikeSecretToken, newSecretToken } from '../../accounts/invite-tokens';
import { secretsEqual } from '../../auth/api-key';
import { ApiError } from '../../common/errors/api-error';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { readCookie, setDashboardCookie } from './cookies';
import { formField } from './form-body.middleware';

/** The double-submit cookie of the forms shown before sign-in (sign-in, invite, sign-up). */
export const FORM_CSRF_COOKIE = 'pdfgen_csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/** The token a state-changing request carries: the `_csrf` form field or the X-CSRF-Token header. */
export function sentCsrfToken(req: Request): string {
  const header = req.headers['x-csrf-token'];
  if (typeof header === 'string' && header !== '') return header;
  return formField(req.body, '_csrf');
}

/**
 * A state-changing request from another site is refused before its body is read: a browser names
 * the page's origin in `Origin` (and says `Sec-Fetch-Site: cross-site`) on every cross-origin POST.
 * Same origin = the public URL's origin, or the Host the request was sent to (a proxy keeps it).
 */
export function isCrossSite(req: Request, publicOrigin: string): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  const host = req.headers.host;
  if (!host) return true;
  try {
    const url = new URL(origin);
    return url.host !== host || (url.protocol !== 'http:' && url.protocol !== 'https:');
  } catch {
    // `Origin: null` (a sandboxed frame, a data: page) and anything unparsable.
    return true;
  }
}

/**
 * CSRF for the forms shown before sign-in: GET hands out a random token in an HttpOnly cookie
 * (req.formCsrfToken, rendered as the `_csrf` field); POST must send the same value in the field.
 */
@Injectable()
export class FormCsrfGuard implements CanActivate {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const cookie = readCookie(req, FORM_CSRF_COOKIE);
    const valid = looksLikeSecretToken(cookie);
    if (isSafeMethod(req.method)) {
      req.formCsrfToken = valid ? cookie : newSecretToken();
      if (!valid) setDashboardCookie(res, FORM_CSRF_COOKIE, req.formCsrfToken, this.secure);
      return true;
    }
    if (!valid || !secretsEqual(sentCsrfToken(req), cookie)) throw new ApiError('CSRF_REJECTED');
    req.formCsrfToken = cookie;
    return true;
  }
}
