import { Controller, Delete, Get, Head, HttpCode, Inject, Options, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ActingAs } from '../audit/acting-as';
import type { AuditOrigin } from '../audit/audit-entry';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { ApiError } from '../common/errors/api-error';
import { ApiErrorResponses, ApiErrorResponsesWithHeaders } from '../common/openapi/api-error-responses.decorator';
import { PDF_CONTENT } from '../common/openapi/pdf-content';
import { FILE_HEADERS, responseHeaders } from '../common/openapi/response-headers';
import { parseByteRange } from './byte-range';
import { isFileId } from './file-id';
import { ByteRange, FILE_STORE, FileStore, NoSuchFile, StoredFileInfo } from './file-store.port';
import { HostedFiles } from './hosted-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The headers of each answer with a file's content (GET and HEAD), as `serve` sets them. */
const WHOLE_FILE = responseHeaders(...FILE_HEADERS, 'Content-Disposition', 'Content-Length');
const PART_OF_FILE = responseHeaders(...FILE_HEADERS, 'Content-Disposition', 'Content-Length', 'Content-Range');
const NOT_MODIFIED = responseHeaders(...FILE_HEADERS);

/**
 * Hosted files are readable from any origin (DECISIONS section 17): a browser app may fetch a PDF
 * it was handed, and read its size, range and version. Nothing is sent with credentials.
 */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Length, Content-Range, ETag, Accept-Ranges',
};

/** Hosted PDFs. Reading needs no key: the unguessable URL is the capability (DECISIONS section 5). */
@ApiTags('files')
@Controller('files')
export class FilesController {
  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly files: HostedFiles,
  ) {}

  @Get(':name')
  @ApiOperation({ operationId: 'downloadFile', security: [], summary: 'Download a hosted PDF (supports HEAD, Range and If-None-Match)' })
  @ApiResponse({ status: 200, description: 'The PDF', content: PDF_CONTENT, headers: WHOLE_FILE })
  @ApiResponse({ status: 206, description: 'The requested byte range', content: PDF_CONTENT, headers: PART_OF_FILE })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)', headers: NOT_MODIFIED })
  @ApiErrorResponsesWithHeaders(FILE_HEADERS, 'NOT_FOUND', 'RANGE_NOT_SATISFIABLE')
  async get(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(name, req, res);
  }

  @Head(':name')
  @ApiOperation({ operationId: 'headFile', security: [], summary: 'Headers of a hosted PDF' })
  @ApiResponse({ status: 200, description: 'The headers GET would answer with', headers: WHOLE_FILE })
  @ApiResponse({ status: 206, description: 'The headers of the requested byte range', headers: PART_OF_FILE })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)', headers: NOT_MODIFIED })
  @ApiErrorResponsesWithHeaders(FILE_HEADERS, 'NOT_FOUND', 'RANGE_NOT_SATISFIABLE')
  async head(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(name, req, res);
  }

  /** The preflight of a cross-origin read that sends Range or a validator. */
  @Options(':name')
  @HttpCode(204)
  @ApiOperation({ operationId: 'preflightFile', security: [], summary: 'CORS preflight of a hosted PDF' })
  // The handler reads no parameter, so Nest would not list the path's one.
  @ApiParam({ name: 'name', type: String, description: '<id>.pdf' })
  @ApiResponse({
    status: 204,
    description: 'Cross-origin GET and HEAD allowed, with Range and validators',
    headers: responseHeaders('Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', 'Access-Control-Max-Age'),
  })
  // No route refuses it; Node does, before routing, when the headers are too large.
  @ApiErrorResponses('HEADERS_TOO_LARGE')
  preflight(@Res() res: Response): void {
    res
      .set({ ...CORS_HEADERS, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': 'Range, If-None-Match, If-Range', 'Access-Control-Max-Age': '86400' })
      .status(204)
      .end();
  }

  @Delete(':name')
  @HttpCode(204)
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({
    operationId: 'deleteFile',
    summary: 'Erase a hosted PDF for good',
    description: 'Only with a key of the workspace that generated it. Its bytes are overwritten or deleted; the URL answers 404 from then on, on every replica.',
  })
  @ApiNoContentResponse({ description: 'Erased' })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED', 'NOT_FOUND')
  async erase(@Param('name') name: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace, @ActingAs('key') by: AuditOrigin): Promise<void> {
    const id = fileIdOf(name);
    // Another workspace's file answers as an unknown one: a key learns nothing of files not its own.
    if (id === null || !(await this.files.erase(id, workspace.id, by))) throw new ApiError('NOT_FOUND');
  }

  private async serve(name: string, req: Request, res: Response): Promise<void> {
    res.set(CORS_HEADERS);
    const id = fileIdOf(name);
    const info = id === null ? null : await this.store.stat(id);
    if (id === null || !info) throw new ApiError('NOT_FOUND');

    if (matchesIfNoneMatch(req.headers['if-none-match'], info.etag)) {
      setValidators(res, info);
      res.status(304).end();
      return;
    }
    // A range is honoured only while it still names this exact file (If-Range).
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== info.etag ? undefined : parseByteRange(req.headers.range, info.size);
    if (range === null) {
      setValidators(res, info);
      res.setHeader('Content-Range', `bytes */${info.size}`);
      throw new ApiError('RANGE_NOT_SATISFIABLE');
    }
    // Opened before any header is set: a file erased since `stat` is a plain 404, not cached.
    const body = req.method === 'HEAD' ? undefined : await this.openOrNotFound(id, range);
    setValidators(res, info);
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
    if (!body) {
      res.end();
      return;
    }
    // Erased while streaming: the response stops short of its Content-Length, having sent only the file's bytes.
    await pipeline(body, res).catch((error: unknown) => {
      if (!(error instanceof NoSuchFile)) throw error;
    });
  }

  private async openOrNotFound(id: string, range: ByteRange | undefined): Promise<Readable> {
    try {
      return await this.store.open(id, range);
    } catch (error) {
      throw error instanceof NoSuchFile ? new ApiError('NOT_FOUND') : error;
    }
  }
}

/** The id in `<id>.pdf`, or null when the name cannot name a hosted file. */
function fileIdOf(name: string): string | null {
  const id = name.endsWith('.pdf') ? name.slice(0, -4) : '';
  return isFileId(id) ? id : null;
}

function setValidators(res: Response, info: StoredFileInfo): void {
  res.setHeader('ETag', info.etag);
  res.setHeader('Cache-Control', IMMUTABLE);
  res.setHeader('Last-Modified', info.lastModified.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
}

/** RFC 9110: a list of tags, weak comparison, or `*`. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
