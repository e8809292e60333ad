import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import { CurrentWorkspace } from '../auth/current-workspace.decorator';
import { API_PREFIXES } from '../common/http/api-prefixes';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { JobDto } from './dto/job.dto';
import { JobView } from './job-view';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@Controller(API_PREFIXES)
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get('jobs/:jobId')
  @UseGuards(ApiKeyGuard)
  @ApiSecurity('apiKey')
  @ApiSecurity('bearer')
  @ApiOperation({ operationId: 'getJob', summary: 'Status of a webhook job', description: 'Only the workspace that made the job sees it.' })
  @ApiOkResponse({ type: JobDto })
  @ApiErrorResponses('MISSING_API_KEY', 'INVALID_API_KEY', 'WORKSPACE_SUSPENDED', 'RATE_LIMITED', 'JOB_NOT_FOUND')
  get(@Param('jobId') jobId: string, @CurrentWorkspace() workspace: AuthenticatedWorkspace): Promise<JobView> {
    return this.jobs.view(workspace.id, jobId);
  }
}
