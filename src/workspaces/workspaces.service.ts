import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuditEntry, AuditOrigin } from '../audit/audit-entry';
import { AuditLog } from '../audit/audit-log.service';
import { ApiKeyEntity } from '../auth/api-key.entity';
import { digestApiKey, generateApiKey, looksLikeApiKey } from '../auth/api-key';
import { AuthenticatedWorkspace } from '../auth/authenticated-workspace';
import type { KeyMode } from '../auth/key-mode';
import { ApiError } from '../common/errors/api-error';
import { insertEntity, updateEntity } from '../database/entity-statements';
import { inDialect } from '../database/sql-dialect';
import type { TemplateId } from '../engine/templates/template.types';
import { atomically, executeStatement, sql, SqlStep } from '../jobs/sql-script';
import { UsageService, UsageSnapshot } from '../usage/usage.service';
import type { CreateWorkspaceDto } from './dto/create-workspace.dto';
import type { UpdateWorkspaceDto } from './dto/update-workspace.dto';
import { PlanId, PLANS } from './plans';
import { WorkspaceEntity } from './workspace.entity';
import { applyWorkspacePatch } from './workspace-patch';
import { effectiveMonthlyLimit, effectiveTemplates } from './workspace-rules';

export interface WorkspaceView {
  id: string;
  name: string;
  plan: string;
  monthlyLimit: number | null;
  suspended: boolean;
  enabledTemplates: string[];
  webhookSecret: string;
  createdAt: string;
  usage?: WorkspaceUsage;
}

/** This month's usage; `testUsed` counts test keys' generations, which have their own limit. */
export interface WorkspaceUsage extends UsageSnapshot {
  testUsed: number;
}

export interface ApiKeyView {
  id: string;
  name: string | null;
  mode: KeyMode;
  prefix: string;
  active: boolean;
  createdAt: string;
  revokedAt: string | null;
  /** To the minute (see LAST_USED_PRECISION_MS); null if never used. */
  lastUsedAt: string | null;
}

/** A key's `last_used_at` is written at most this often per process: one small write a minute, not one per request. */
export const LAST_USED_PRECISION_MS = 60_000;

export interface CreatedApiKey {
  id: string;
  key: string;
  createdAt: string;
  name: string | null;
  mode: KeyMode;
}

/** Workspaces and their keys: what the operator API, the CLI and authentication share. */
@Injectable()
export class WorkspacesService {
  /** Per key id: when this process last wrote its `last_used_at`. */
  private readonly lastUseWritten = new Map<string, number>();

  constructor(
    @InjectRepository(WorkspaceEntity) private readonly workspaces: Repository<WorkspaceEntity>,
    @InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly usage: UsageService,
    private readonly audit: AuditLog,
  ) {}

  /** `input` has passed CreateWorkspaceDto's checks (the operator API's pipe, the CLI). */
  async create(input: CreateWorkspaceDto): Promise<WorkspaceEntity> {
    const workspace = this.workspaces.create({
      id: randomUUID(),
      name: input.name.trim(),
      plan: input.plan,
      monthlyLimit: input.monthlyLimit ?? null,
      suspended: false,
      enabledTemplates: null,
      webhookSecret: newWebhookSecret(),
    });
    return this.workspaces.save(workspace);
  }

  async count(): Promise<number> {
    return this.workspaces.count();
  }

  async list(): Promise<WorkspaceEntity[]> {
    return this.workspaces.find({ order: { createdAt: 'ASC' } });
  }

  async get(id: string): Promise<WorkspaceEntity> {
    const workspace = await this.workspaces.findOneBy({ id });
    if (!workspace) throw new ApiError('WORKSPACE_NOT_FOUND', { params: { id } });
    return workspace;
  }

  /** `patch` has passed UpdateWorkspaceDto's checks; whether its templates fit the plan is checked here. */
  async update(id: string, patch: UpdateWorkspaceDto, by: AuditOrigin): Promise<WorkspaceEntity> {
    const workspace = await this.get(id);
    applyWorkspacePatch(workspace, patch);
    const { name, plan, monthlyLimit, suspended, enabledTemplates } = workspace;
    const change = updateEntity(this.dataSource, WorkspaceEntity, { name, plan, monthlyLimit, suspended, enabledTemplates }, 'id = ?', id);
    await this.changeRecorded(change, { ...by, action: 'workspace.updated', workspaceId: id, target: { type: 'workspace', id } });
    return workspace;
  }

  async rotateWebhookSecret(id: string, by: AuditOrigin): Promise<string> {
    await this.get(id);
    const webhookSecret = newWebhookSecret();
    const change = updateEntity(this.dataSource, WorkspaceEntity, { webhookSecret }, 'id = ?', id);
    await this.changeRecorded(change, { ...by, action: 'webhook_secret.rotated', workspaceId: id, target: { type: 'webhook_secret', id } });
    return webhookSecret;
  }

  /** `mode` defaults to `live`. */
  async createKey(workspaceId: string, name: string | null, mode: KeyMode | undefined, by: AuditOrigin): Promise<CreatedApiKey> {
    await this.get(workspaceId);
    const key = generateApiKey();
    const entity = { id: randomUUID(), workspaceId, name: name ?? null, mode: mode ?? 'live', keyHash: digestApiKey(key), keyPrefix: key.slice(0, 13), createdAt: new Date() };
    await this.changeRecorded(insertEntity(this.dataSource, ApiKeyEntity, entity), { ...by, action: 'key.created', workspaceId, target: { type: 'key', id: entity.id } });
    return { id: entity.id, key, createdAt: entity.createdAt.toISOString(), name: entity.name, mode: entity.mode };
  }

  async listKeys(workspaceId: string): Promise<ApiKeyView[]> {
    await this.get(workspaceId);
    const keys = await this.keys.find({ where: { workspaceId }, order: { createdAt: 'ASC' } });
    return keys.map(toKeyView);
  }

  /** Revoking a revoked key again changes nothing, and is not recorded again. */
  async revokeKey(workspaceId: string, keyId: string, by: AuditOrigin): Promise<void> {
    const key = await this.keys.findOneBy({ id: keyId, workspaceId });
    if (!key) throw new ApiError('API_KEY_NOT_FOUND', { params: { id: keyId } });
    if (key.revokedAt) return;
    const change = updateEntity(this.dataSource, ApiKeyEntity, { revokedAt: new Date() }, 'id = ? AND revoked_at IS NULL', keyId);
    await this.changeRecorded(change, { ...by, action: 'key.revoked', workspaceId, target: { type: 'key', id: keyId } });
  }

  /** Makes the change and records it in one transaction; a change that touched no row (a workspace or key gone meanwhile) is not recorded. */
  private async changeRecorded(change: SqlStep, entry: AuditEntry): Promise<void> {
    const audit = this.audit;
    await atomically(this.dataSource, function* () {
      if ((yield change).changes > 0) yield audit.insert(entry);
    });
  }

  /**
   * The workspace behind an active key, or null for an unknown or deactivated one. One indexed
   * join, no cache: it runs on every request, and a deactivated key must be refused at once.
   * A prepared statement on SQLite: TypeORM's query() prepared the join again on every request.
   */
  async authenticate(plainKey: string): Promise<AuthenticatedWorkspace | null> {
    if (!looksLikeApiKey(plainKey)) return null;
    const rows = (await executeStatement(this.dataSource, sql(KEY_OWNER_SQL, digestApiKey(plainKey)))).rows as unknown as KeyOwnerRow[];
    if (rows.length === 0) return null;
    const row = rows[0];
    await this.noteKeyUse(row.key_id);
    const workspace = {
      plan: row.plan,
      monthlyLimit: row.monthly_limit === null ? null : Number(row.monthly_limit),
      enabledTemplates: row.enabled_templates ? (JSON.parse(row.enabled_templates) as TemplateId[]) : null,
    };
    return {
      id: row.id,
      name: row.name,
      plan: row.plan,
      keyId: row.key_id,
      keyMode: row.key_mode === 'test' ? 'test' : 'live',
      monthlyLimit: effectiveMonthlyLimit(workspace),
      testLimit: PLANS[row.plan].monthlyLimit,
      // SQLite answers 0/1, PostgreSQL true/false.
      suspended: Boolean(row.suspended),
      enabledTemplates: effectiveTemplates(workspace),
      webhooks: PLANS[row.plan].webhooks,
    };
  }

  /** Records that a key was used, at most once a minute per key; a failed write never fails the request. */
  private async noteKeyUse(keyId: string): Promise<void> {
    const now = Date.now();
    const written = this.lastUseWritten.get(keyId);
    if (written !== undefined && now - written < LAST_USED_PRECISION_MS) return;
    this.lastUseWritten.set(keyId, now);
    // Keys seen more than a minute ago need no entry: the next use writes anyway.
    if (this.lastUseWritten.size > 10_000) {
      for (const [id, at] of this.lastUseWritten) if (now - at >= LAST_USED_PRECISION_MS) this.lastUseWritten.delete(id);
    }
    try {
      await this.keys.update({ id: keyId }, { lastUsedAt: new Date(now) });
    } catch {
      this.lastUseWritten.delete(keyId);
    }
  }

  async view(workspace: WorkspaceEntity, withUsage = false): Promise<WorkspaceView> {
    const view: WorkspaceView = {
      id: workspace.id,
      name: workspace.name,
      plan: workspace.plan,
      monthlyLimit: workspace.monthlyLimit,
      suspended: workspace.suspended,
      enabledTemplates: effectiveTemplates(workspace),
      webhookSecret: workspace.webhookSecret,
      createdAt: workspace.createdAt.toISOString(),
    };
    if (withUsage) view.usage = await this.usageOf(workspace);
    return view;
  }

  async usageOf(workspace: WorkspaceEntity): Promise<WorkspaceUsage> {
    const now = new Date();
    const [live, test] = await Promise.all([
      this.usage.snapshot(workspace.id, effectiveMonthlyLimit(workspace), now),
      this.usage.snapshot(workspace.id, PLANS[workspace.plan].monthlyLimit, now, 'test'),
    ]);
    return { ...live, testUsed: test.used };
  }
}

const KEY_OWNER_SQL = `SELECT k.id AS key_id, k.mode AS key_mode, w.id, w.name, w.plan, w.monthly_limit, w.suspended, w.enabled_templates
  FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
  WHERE k.key_hash = ? AND k.revoked_at IS NULL`;

interface KeyOwnerRow {
  key_id: string;
  key_mode: string;
  id: string;
  name: string;
  plan: PlanId;
  monthly_limit: number | string | null;
  suspended: boolean | number;
  enabled_templates: string | null;
}

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks asks for at least 24). */
function newWebhookSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}

function toKeyView(key: ApiKeyEntity): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    mode: key.mode,
    prefix: key.keyPrefix,
    active: key.revokedAt === null,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
  };
}
