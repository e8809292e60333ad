import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Liquid } from 'liquidjs';
import { DashboardAssets } from './http/dashboard-assets';

export type ViewVars = Record<string, unknown>;

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const NUMBER = new Intl.NumberFormat('en-US');

/**
 * Renders the Liquid views of `views/` (beside this file in src and, copied by nest build, in dist).
 * Every output is HTML-escaped; filters: `asset` (versioned URL), `datetime`, `date_only`,
 * `number`, `json_island` (JSON safe inside <script type="application/json">, use via the
 * `partials/island` partial). Each render gets the layout's variables: `dashboard` (the signed-in
 * context or null), `csrfToken`, `path`.
 */
@Injectable()
export class ViewRenderer {
  private engine?: Liquid;

  constructor(private readonly assets: DashboardAssets) {}

  /**
   * liquidjs is loaded with the first page rather than at start: the HTTP thread serves the API
   * whether or not anyone opens the dashboard, and loaded at start liquidjs held about 1 MB of its
   * live heap.
   */
  private get liquid(): Liquid {
    return (this.engine ??= viewEngine(this.assets));
  }

  /** Renders `view` (e.g. 'pages/keys') as the response, with `status` (200 by default). */
  async render(res: Response, view: string, vars: ViewVars = {}, status = 200): Promise<void> {
    const html = await this.toHtml(res, view, vars);
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Pages carry CSRF tokens and account data: never kept by a cache.
    res.setHeader('Cache-Control', 'no-store');
    res.send(html);
  }

  async toHtml(res: Response, view: string, vars: ViewVars = {}): Promise<string> {
    const req = res.req;
    const context = {
      dashboard: req.dashboard ?? null,
      csrfToken: req.dashboard?.csrfToken ?? req.formCsrfToken ?? '',
      path: req.path,
      scripts: [],
      stylesheets: [],
      ...vars,
    };
    return this.liquid.renderFile(view, context);
  }
}

function viewEngine(assets: DashboardAssets): Liquid {
  const { Liquid: Engine }: typeof import('liquidjs') = require('liquidjs');
  const liquid = new Engine({
    root: join(__dirname, 'views'),
    extname: '.liquid',
    outputEscape: 'escape',
    cache: true,
    ownPropertyOnly: true,
    strictFilters: true,
    // Views are ours, but the values in them are not: keep liquid's own bounds.
    renderLimit: 5_000,
    memoryLimit: 64 * 1024 * 1024,
  });
  liquid.registerFilter('asset', (name: unknown) => assets.url(String(name)));
  liquid.registerFilter('datetime', (value: unknown) => formatDate(value, DATE_TIME));
  liquid.registerFilter('date_only', (value: unknown) => formatDate(value, DATE));
  liquid.registerFilter('number', (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? NUMBER.format(value) : ''));
  liquid.registerFilter('json_island', (value: unknown) => jsonForScript(value));
  return liquid;
}

function formatDate(value: unknown, format: Intl.DateTimeFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}

/** JSON that cannot end its <script> element or open a comment in it: <, >, & and the line separators escaped. */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value ?? null) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
