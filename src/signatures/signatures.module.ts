import { Module } from '@nestjs/common';
import { DatabaseModule } from '../database/database.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { SigningCertificateController } from './signing-certificate.controller';
import { SigningCertificates } from './signing-certificates.service';

/** Workspaces' signing certificates: the operator API and the service that signs with them. */
@Module({
  imports: [DatabaseModule, WorkspacesModule],
  controllers: [SigningCertificateController],
  providers: [SigningCertificates],
  exports: [SigningCertificates],
})
export class SignaturesModule {}
