import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { ASSETS_PATH } from './dashboard-paths';

export interface Asset {
  body: Buffer;
  gzip: Buffer | null;
  type: string;
  /** First 12 hex digits of the content's sha256: the `?v=` of its URL and its ETag. */
  hash: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};
const NAME = /^[\w][\w.-]*$/;

/**
 * The dashboard's static files: the bundles and stylesheet `npm run build` writes to
 * dist/dashboard/assets (beside this file once built). Run from source (the tests), the source
 * stylesheet is used and the bundles are taken from dist. Files are read once and kept in memory
 * with their gzip: they are few and small.
 */
@Injectable()
export class DashboardAssets {
  private readonly dirs: string[];
  private readonly cache = new Map<string, Asset>();

  constructor() {
    const own = join(__dirname, '..', 'assets');
    const fromSource = basename(resolve(__dirname, '..', '..')) === 'src';
    this.dirs = fromSource ? [own, resolve(__dirname, '..', '..', '..', 'dist', 'dashboard', 'assets')] : [own];
  }

  get(name: string): Asset | null {
    if (!NAME.test(name)) return null;
    const cached = this.cache.get(name);
    if (cached) return cached;
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (!type) return null;
    for (const dir of this.dirs) {
      const file = join(dir, name);
      if (!existsSync(file) || !statSync(file).isFile()) continue;
      const body = readFileSync(file);
      const zipped = /^(text|application\/json|image\/svg)/.test(type) ? gzipSync(body, { level: 9 }) : null;
      const asset: Asset = {
        body,
        gzip: zipped && zipped.length < body.length ? zipped : null,
        type,
        hash: createHash('sha256').update(body).digest('hex').slice(0, 12),
      };
      this.cache.set(name, asset);
      return asset;
    }
    return null;
  }

  /** The URL of an asset, versioned by its content so that it may be cached for good. */
  url(name: string): string {
    const asset = this.get(name);
    return asset ? `${ASSETS_PATH}/${name}?v=${asset.hash}` : `${ASSETS_PATH}/${name}`;
  }
}
