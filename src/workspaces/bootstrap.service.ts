import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OPERATOR_OFFLINE } from '../audit/audit-entry';
import { issueOpenInvite, inviteUrl } from '../accounts/invite-tokens';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JsonLogger } from '../common/logging/json-logger';
import { withClusterLock } from '../database/cluster-lock';
import { WorkspacesService } from './workspaces.service';

/**
 * On first start with an empty database: a `default` business workspace, one key and an owner
 * invite for the dashboard (DECISIONS sections 7 and 10), printed once.
 */
@Injectable()
export class BootstrapService implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly workspaces: WorkspacesService,
    private readonly logger: JsonLogger,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.bootstrap) return;
    const created = await this.bootstrapIfEmpty();
    if (!created) return;
    // One JSON line like every other log line; the key and the invite come first, to read off a terminal.
    this.logger.announce('bootstrap workspace "default" (business plan) created: store the API key now, it is shown once', {
      apiKey: created.key,
      dashboardInvite: inviteUrl(this.config.publicUrl, created.inviteToken),
      inviteValidDays: 7,
      workspaceId: created.workspaceId,
    });
  }

  /**
   * Creates the default workspace and key when no workspace exists; null otherwise. Replicas
   * starting together on an empty database take turns, so only the first one creates it.
   */
  async bootstrapIfEmpty(): Promise<{ workspaceId: string; key: string; inviteToken: string } | null> {
    return withClusterLock(this.dataSource, 'pdfgen:bootstrap', async () => {
      if ((await this.workspaces.count()) > 0) return null;
      const workspace = await this.workspaces.create({ name: 'default', plan: 'business' });
      const key = await this.workspaces.createKey(workspace.id, 'bootstrap', 'live', OPERATOR_OFFLINE);
      // Without an email: whoever opens it first types theirs and becomes the owner.
      const inviteToken = await issueOpenInvite(this.dataSource, workspace.id, 'owner');
      return { workspaceId: workspace.id, key: key.key, inviteToken };
    });
  }
}
