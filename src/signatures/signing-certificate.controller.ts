import { ActingAs } from '../audit/acting-as';
import type { AuditOrigin } from '../audit/audit-entry';
import { Body, Controller, Delete, Get, HttpCode, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../auth/admin-token.guard';
import { ApiError } from '../common/errors/api-error';
import { ApiErrorResponses } from '../common/openapi/api-error-responses.decorator';
import { DtoValidationPipe } from '../common/validation/dto-validation.pipe';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { PutSigningCertificateDto, SigningCertificateDto } from './dto/signing-certificate.dto';
import { SigningCertificates, SigningCertificateView } from './signing-certificates.service';

/** The operator's side of a workspace's signing certificate (DECISIONS section 15). */
@ApiTags('operator')
@ApiBearerAuth('admin')
@ApiErrorResponses('INVALID_ADMIN_TOKEN', 'NOT_FOUND', 'WORKSPACE_NOT_FOUND')
@UseGuards(AdminTokenGuard)
@Controller('admin/v1/workspaces/:id/signing-certificate')
export class SigningCertificateController {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly certificates: SigningCertificates,
  ) {}

  @Put()
  @ApiOperation({ operationId: 'setSigningCertificate', summary: "Give the workspace its signing certificate (PKCS#12), in place of any other; kept encrypted, shown only as subject, issuer and expiry" })
  @ApiOkResponse({ type: SigningCertificateDto })
  @ApiErrorResponses('INVALID_REQUEST')
  async put(@Param('id') id: string, @Body(new DtoValidationPipe()) body: PutSigningCertificateDto, @ActingAs('operator') by: AuditOrigin): Promise<SigningCertificateView> {
    await this.workspaces.get(id);
    return this.certificates.put(id, body.p12, body.password, by);
  }

  @Get()
  @ApiOperation({ operationId: 'getSigningCertificate', summary: "The workspace's signing certificate: subject, issuer and expiry" })
  @ApiOkResponse({ type: SigningCertificateDto })
  @ApiResponse({ status: 404, description: 'No signing certificate for this workspace' })
  async get(@Param('id') id: string): Promise<SigningCertificateView> {
    await this.workspaces.get(id);
    const view = await this.certificates.view(id);
    if (!view) throw new ApiError('NO_SIGNING_CERTIFICATE', { status: 404 });
    return view;
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ operationId: 'removeSigningCertificate', summary: 'Remove the signing certificate: the workspace can no longer sign' })
  @ApiResponse({ status: 204, description: 'Removed (or there was none)' })
  async remove(@Param('id') id: string, @ActingAs('operator') by: AuditOrigin): Promise<void> {
    await this.workspaces.get(id);
    await this.certificates.remove(id, by);
  }
}
