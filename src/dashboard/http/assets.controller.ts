import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiError } from '../../common/errors/api-error';
import { DashboardAssets } from './dashboard-assets';

/** GET /dashboard/assets/<name>: a versioned URL (`?v=<hash>`) is cached for a year, any other for 5 minutes. */
@ApiExcludeController()
@Controller('dashboard/assets')
export class AssetsController {
  constructor(private readonly assets: DashboardAssets) {}

  @Get(':name')
  serve(@Param('name') name: string, @Query('v') version: unknown, @Req() req: Request, @Res() res: Response): void {
    const asset = this.assets.get(name);
    if (!asset) throw new ApiError('NOT_FOUND');
    const etag = `"${asset.hash}"`;
    res.setHeader('Content-Type', asset.type);
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', version === asset.hash ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const gzip = asset.gzip !== null && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    res.end(gzip ? asset.gzip : asset.body);
  }
}
