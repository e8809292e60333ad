import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { FILE_STORE, FileStore } from '../files/file-store.port';
import { QUEUE_READINESS, ReadinessProbe } from './readiness-probe';

const PROBE_TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller()
export class HealthController {
  private readonly probes: ReadinessProbe[];

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(FILE_STORE) files: FileStore,
    @Optional() @Inject(QUEUE_READINESS) queue?: ReadinessProbe,
  ) {
    this.probes = [
      { name: 'database', check: async () => void (await dataSource.query('SELECT 1')) },
      { name: 'files', check: () => files.ping() },
      ...(queue ? [queue] : []),
    ];
  }

  @Get('healthz')
  @ApiOperation({ operationId: 'checkLiveness', security: [], summary: 'Liveness: 200 while the process runs' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  // No route refuses it; Node does, before routing, when the headers are too large.
  @ApiErrorResponses('HEADERS_TOO_LARGE')
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({ operationId: 'checkReadiness', security: [], summary: 'Readiness: 200 when the database, the file store and the queue answer, else 503' })
  @ApiOkResponse({ schema: { example: { status: 'ok', checks: { database: 'ok', files: 'ok' } } } })
  @ApiResponse({ status: 503, schema: { example: { status: 'unavailable', checks: { database: 'ok', files: 'failed' } } } })
  // No route refuses it; Node does, before routing, when the headers are too large.
  @ApiErrorResponses('HEADERS_TOO_LARGE')
  async ready(@Res() res: Response): Promise<void> {
    const results = await Promise.all(this.probes.map(async (probe) => [probe.name, await run(probe)] as const));
    const ok = results.every(([, result]) => result === 'ok');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  }
}

async function run(probe: ReadinessProbe): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe.check(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
