import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiError } from '../../common/errors/api-error';
import { ErrorPages } from '../../common/errors/error-pages';
import { JsonLogger } from '../../common/logging/json-logger';
import { DashboardContextLoader } from '../session/dashboard-context.loader';
import { ViewRenderer, ViewVars } from '../view-renderer';
import { DASHBOARD_PATH, SIGN_IN_PATH } from './dashboard-paths';

const TITLES: Record<number, string> = {
  400: 'Something is wrong with this request',
  401: 'Sign in to continue',
  403: 'You cannot do this',
  404: 'Page not found',
  405: 'Page not found',
  413: 'Too much data',
  415: 'Unsupported form',
  429: 'Slow down',
};

const HINTS: Record<string, string> = {
  NOT_FOUND: 'The address may be mistyped, or the page has moved.',
  METHOD_NOT_ALLOWED: 'The address may be mistyped, or the page has moved.',
  CSRF_REJECTED: 'The form was sent from another site or has expired. Reload the page and try again.',
  OWNER_ONLY: 'Ask an owner of this workspace to do it, or to make you an owner.',
  INTERNAL_ERROR: 'This is our fault. Try again in a moment; if it keeps happening, contact support with the request id below.',
};

/**
 * Errors under /dashboard as pages in the dashboard's look (the exception filter asks here first):
 * a GET without a session goes to the sign-in page and comes back after; a request that asked for
 * JSON (the editor's fetches) keeps the API's JSON body.
 */
@Injectable()
export class DashboardErrorPages implements OnModuleInit {
  constructor(
    private readonly errorPages: ErrorPages,
    private readonly views: ViewRenderer,
    private readonly logger: JsonLogger,
    private readonly contexts: DashboardContextLoader,
  ) {}

  onModuleInit(): void {
    this.errorPages.register(DASHBOARD_PATH, (error, req, res) => this.answer(error, req, res));
  }

  private answer(error: ApiError, req: Request, res: Response): boolean {
    if (wantsJson(req)) return false;
    if (error.code === 'SESSION_REQUIRED' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.redirect(303, `${SIGN_IN_PATH}?next=${encodeURIComponent(req.originalUrl)}`);
      return true;
    }
    const vars = {
      title: TITLES[error.status] ?? 'Something went wrong',
      status: error.status,
      // "Not found" under "Page not found" says nothing more.
      message: error.code === 'NOT_FOUND' || error.code === 'METHOD_NOT_ALLOWED' ? '' : error.message,
      hint: error.code === 'BODY_TOO_LARGE' ? tooLargeHint(error.extra.limitBytes) : (HINTS[error.code] ?? ''),
      requestId: error.status >= 500 ? req.requestId : '',
      signInNeeded: error.code === 'SESSION_REQUIRED',
    };
    this.render(req, res, error, vars).catch((cause: unknown) => {
      this.logger.error('error page failed', { requestId: req.requestId, error: String(cause) });
      if (!res.headersSent) res.status(error.status).type('text/plain').send(error.message);
    });
    return true;
  }

  /** A signed-in user sees the page inside the full layout (nav, switcher), also on an unknown route. */
  private async render(req: Request, res: Response, error: ApiError, vars: ViewVars): Promise<void> {
    if (!req.dashboard && error.code !== 'SESSION_REQUIRED') req.dashboard = (await this.contexts.load(req).catch(() => null)) ?? undefined;
    await this.views.render(res, 'pages/error', vars, error.status);
  }
}

/** The limit of the form that was refused: 64 KiB for most, more for the template editor's. */
function tooLargeHint(limitBytes: unknown): string {
  const limit = typeof limitBytes === 'number' ? `${Math.round(limitBytes / 1024).toLocaleString('en')} KiB` : 'a limited size';
  return `This form accepts up to ${limit}. Shorten what you entered and send it again.`;
}

function wantsJson(req: Request): boolean {
  const accept = String(req.headers.accept ?? '');
  return /application\/json/.test(accept) && !/text\/html/.test(accept);
}
