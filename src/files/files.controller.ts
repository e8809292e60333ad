import { Controller, Get, Head, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../common/errors/api-error';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { parseByteRange } from './byte-range';
import { isFileId } from './file-id';
import { FILE_STORE, FileStore } from './file-store.port';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hosted PDFs. No key: the unguessable URL is the capability (DECISIONS section 5). */
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(@Inject(FILE_STORE) private readonly store: FileStore) {}

  @Get(':name')
  @ApiOperation({ summary: 'Download a hosted PDF (supports HEAD, Range and If-None-Match)' })
  @ApiProduces('application/pdf')
  @ApiResponse({ status: 200, description: 'The PDF' })
  @ApiResponse({ status: 206, description: 'The requested byte range' })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)' })
  @ApiErrorResponses('NOT_FOUND', 'RANGE_NOT_SATISFIABLE')
  async get(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(name, req, res);
  }

  @Head(':name')
  @ApiOperation({ summary: 'Headers of a hosted PDF' })
  async head(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(name, req, res);
  }

  private async serve(name: string, req: Request, res: Response): Promise<void> {
    const id = name.endsWith('.pdf') ? name.slice(0, -4) : '';
    const info = isFileId(id) ? await this.store.stat(id) : null;
    if (!info) throw new ApiError('NOT_FOUND');

    res.setHeader('ETag', info.etag);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Last-Modified', info.lastModified.toUTCString());
    res.setHeader('Accept-Ranges', 'bytes');
    if (matchesIfNoneMatch(req.headers['if-none-match'], info.etag)) {
      res.status(304).end();
      return;
    }
    // A range is honoured only while it still names this exact file (If-Range).
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== info.etag ? undefined : parseByteRange(req.headers.range, info.size);
    if (range === null) {
      res.setHeader('Content-Range', `bytes */${info.size}`);
      throw new ApiError('RANGE_NOT_SATISFIABLE');
    }
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${id}.pdf"`);
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader('Content-Length', String(info.size));
    }
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(await this.store.open(id, range), res);
  }
}

/** RFC 9110: a list of tags, weak comparison, or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
