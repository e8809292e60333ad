import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiError } from '../common/errors/api-error';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DeliveriesService, DeliveryView, MAX_DELIVERIES_LISTED } from '../webhooks/deliveries.service';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { DeliveriesDto, JobDto } from './dto/job.dto';
import { JobView } from './job-view';
import { JobsService } from './jobs.service';

const DEFAULT_DELIVERIES_LISTED = 50;

/** The operator's view of webhook deliveries, and a way to send a finished job's result again. */
@ApiTags('operator')
@ApiBearerAuth('admin')
@ApiErrorResponses('INVALID_ADMIN_TOKEN', 'NOT_FOUND')
@UseGuards(AdminTokenGuard)
@Controller('admin/v1')
export class JobsAdminController {
  constructor(
    private readonly jobs: JobsService,
    private readonly deliveries: DeliveriesService,
    private readonly workspaces: WorkspacesService,
  ) {}

  @Get('workspaces/:id/deliveries')
  @ApiOperation({ operationId: 'listDeliveries', summary: "Recent webhook deliveries of a workspace, newest first, with every attempt" })
  @ApiQuery({ name: 'limit', required: false, description: `1 to ${MAX_DELIVERIES_LISTED}, default ${DEFAULT_DELIVERIES_LISTED}` })
  @ApiOkResponse({ type: DeliveriesDto })
  @ApiErrorResponses('INVALID_REQUEST', 'WORKSPACE_NOT_FOUND')
  async list(@Param('id') id: string, @Query('limit') limit?: string): Promise<{ deliveries: DeliveryView[] }> {
    const count = limit === undefined ? DEFAULT_DELIVERIES_LISTED : Number(limit);
    if (!Number.isInteger(count) || count < 1 || count > MAX_DELIVERIES_LISTED) {
      throw new ApiError('INVALID_REQUEST', { extra: { validationErrors: [`limit must be a whole number from 1 to ${MAX_DELIVERIES_LISTED}`] } });
    }
    await this.workspaces.get(id);
    return { deliveries: await this.deliveries.recent(id, count) };
  }

  @Post('jobs/:jobId/redeliver')
  @HttpCode(202)
  @ApiOperation({ operationId: 'redeliverJob', summary: 'Queue a new delivery of a delivered or failed job', description: 'The new delivery has a new webhook-id; the job is `delivering` again.' })
  @ApiResponse({ status: 202, type: JobDto })
  @ApiErrorResponses('JOB_NOT_FOUND', 'JOB_NOT_FINISHED')
  redeliver(@Param('jobId') jobId: string): Promise<JobView> {
    return this.jobs.redeliver(jobId);
  }
}
