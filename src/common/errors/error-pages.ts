import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiError } from './api-error';

/** Answers an error in another form than the API's JSON (the dashboard's HTML pages); false to decline. */
export type ErrorPage = (error: ApiError, req: Request, res: Response) => boolean;

/**
 * Where a part of the service that is not the JSON API registers how its errors look, by path
 * prefix. The one exception filter asks here first, so unknown routes, body limits and 405s under
 * that prefix get the same treatment as errors thrown by its controllers.
 */
@Injectable()
export class ErrorPages {
  private readonly pages: { prefix: string; page: ErrorPage }[] = [];

  register(prefix: string, page: ErrorPage): void {
    this.pages.push({ prefix, page });
  }

  answer(error: ApiError, req: Request, res: Response): boolean {
    const path = req.path ?? '';
    for (const { prefix, page } of this.pages) {
      if ((path === prefix || path.startsWith(`${prefix}/`)) && page(error, req, res)) return true;
    }
    return false;
  }
}
