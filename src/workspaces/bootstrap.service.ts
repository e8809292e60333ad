import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { JsonLogger } from '../common/logging/json-logger';
import { withClusterLock } from '../database/cluster-lock';
import { WorkspacesService } from './workspaces.service';

/** On first start with an empty database: a `default` business workspace and one key, printed once. */
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
    this.logger.info('bootstrap workspace created', { workspaceId: created.workspaceId });
    process.stdout.write(
      `\n  Bootstrap workspace "default" (business plan) created.\n  API key (shown once, store it now): ${created.key}\n\n`,
    );
  }

  /**
   * Creates the default workspace and key when no workspace exists; null otherwise. Replicas
   * starting together on an empty database take turns, so only the first one creates it.
   */
  async bootstrapIfEmpty(): Promise<{ workspaceId: string; key: string } | null> {
    return withClusterLock(this.dataSource, 'pdfgen:bootstrap', async () => {
      if ((await this.workspaces.count()) > 0) return null;
      const workspace = await this.workspaces.create({ name: 'default', plan: 'business' });
      const key = await this.workspaces.createKey(workspace.id, 'bootstrap');
      return { workspaceId: workspace.id, key: key.key };
    });
  }
}
