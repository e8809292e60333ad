import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { JSON_TYPE, parseJson } from '../../common/http/json-body.middleware';
import { readBodyUpTo } from '../../common/http/read-body';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { isCrossSite, isSafeMethod } from './csrf';

/** A form of the dashboard is a few fields: 64 KiB is far more than any needs. */
export const FORM_LIMIT_BYTES = 64 * 1024;
/** The template editor posts a definition and sample data as JSON (the API's own limits are lower). */
export const JSON_LIMIT_BYTES = 600 * 1024;
/** The editor's form without JavaScript: a definition of up to 512 KiB, urlencoded (up to 3 bytes each). */
export const EDITOR_FORM_LIMIT_BYTES = 1600 * 1024;
const EDITOR_FORM_PATH = /^\/dashboard\/templates(?:\/[^/]+)?$/;

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The fields of a posted form: a string each (a repeated name gives an array of them). */
export type FormBody = Record<string, string | string[]>;

/** One field of a parsed form as a string ('' when absent; the first value when repeated). */
export function formField(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null || !Object.prototype.hasOwnProperty.call(body, name)) return '';
  const value = (body as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';
}

/**
 * Every request under /dashboard: a state-changing one from another origin is refused before its
 * body is read; a body is read only up to its limit (a larger Content-Length is refused unread,
 * a longer stream is cut off) as a form (64 KiB) or JSON (600 KiB).
 */
@Injectable()
export class FormBodyMiddleware implements NestMiddleware {
  private readonly publicOrigin: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.publicOrigin = new URL(config.publicUrl).origin;
  }

  use(req: Request, _res: Response, next: NextFunction): void {
    if (isSafeMethod(req.method)) return next();
    if (isCrossSite(req, this.publicOrigin)) return discard(req, next, new ApiError('CSRF_REJECTED', { headers: { Connection: 'close' } }));
    const declared = Number(req.headers['content-length'] ?? NaN);
    const hasBody = req.headers['transfer-encoding'] !== undefined || declared > 0;
    req.body = Object.create(null) as FormBody;
    if (!hasBody) return next();
    const type = req.headers['content-type'] ?? '';
    const json = JSON_TYPE.test(type);
    if (!json && !FORM_TYPE.test(type)) return discard(req, next, new ApiError('UNSUPPORTED_MEDIA_TYPE', { headers: { Connection: 'close' } }));
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      return discard(req, next, new ApiError('UNSUPPORTED_CONTENT_ENCODING', { params: { encoding }, headers: { Connection: 'close' } }));
    }
    const limit = json ? JSON_LIMIT_BYTES : EDITOR_FORM_PATH.test(req.originalUrl.split('?')[0]) ? EDITOR_FORM_LIMIT_BYTES : FORM_LIMIT_BYTES;
    const tooLarge = () => new ApiError('BODY_TOO_LARGE', { extra: { limitBytes: limit }, headers: { Connection: 'close' } });
    if (declared > limit) return discard(req, next, tooLarge());

    readBodyUpTo(
      req,
      limit,
      () => discard(req, next, tooLarge()),
      (raw) => {
        if (json) {
          parseJson(raw).then((body: unknown) => {
            req.body = body;
            next();
          }, next);
          return;
        }
        req.body = parseForm(raw.toString('utf8'));
        next();
      },
    );
  }
}

/** The fields of an urlencoded body, in an object without a prototype; NUL characters dropped. */
export function parseForm(text: string): FormBody {
  const body = Object.create(null) as FormBody;
  for (const [rawName, rawValue] of new URLSearchParams(text)) {
    const name = rawName.replace(/\u0000/g, '');
    const value = rawValue.replace(/\u0000/g, '');
    const existing = body[name];
    if (existing === undefined) body[name] = value;
    else body[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return body;
}

/** Answers without reading the rest of the body: it is discarded with the connection. */
function discard(req: Request, next: NextFunction, error: ApiError): void {
  req.unpipe();
  req.resume();
  next(error);
}
