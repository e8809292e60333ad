import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { timeOrderedId } from '../../../history/time-ordered-id';
import { atomically, executeStatement, sql, SqlStep } from '../../../jobs/sql-script';
import { CustomTemplateVersionEntity } from './custom-template-version.entity';
import { CustomTemplateEntity } from './custom-template.entity';
import { BUMP_TEMPLATE_SQL, COUNT_TEMPLATES_SQL, DELETE_TEMPLATE_SQL, FIND_SQL, INSERT_TEMPLATE_SQL, INSERT_VERSION_SQL, LIST_SQL, LOCK_WORKSPACE_SQL, NAMED_VERSION_SQL, NEWEST_VERSION_SQL } from './custom-template-statements';

/** What a custom template version stores besides its names: the author's document definition. */
export interface CustomTemplateDefinition {
  schema: Record<string, unknown>;
  layout: unknown;
  defaultOptions?: Record<string, unknown>;
  sampleData?: Record<string, unknown>;
}

/** The dashboard editor's two texts, as the author wrote them. */
export interface EditorSource {
  definition: string;
  sampleData: string;
}

export interface CustomTemplateFields {
  name: string;
  description: string;
  category: string;
  definition: CustomTemplateDefinition;
  /** Only from the dashboard's editor: what it shows back instead of the definition formatted. */
  source?: EditorSource;
}

/** A template as listed: the names and version of its newest version. */
export interface CustomTemplateRecord {
  workspaceId: string;
  id: string;
  name: string;
  description: string;
  category: string;
  version: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface CustomTemplateVersion extends CustomTemplateFields {
  uid: string;
  templateId: string;
  version: string;
  createdAt: Date;
}

/** create: the workspace already has a template with this id. */
export class TemplateIdTaken extends Error {
  constructor(readonly templateId: string) {
    super(`Template '${templateId}' already exists`);
    this.name = 'TemplateIdTaken';
  }
}

/** create: the workspace has as many templates as its plan allows. */
export class TemplateLimitReached extends Error {
  constructor(readonly limit: number) {
    super(`The workspace has ${limit} templates already`);
    this.name = 'TemplateLimitReached';
  }
}

/** addVersion: that version exists already (two concurrent PUTs computed the same one). */
export class TemplateVersionTaken extends Error {
  constructor(
    readonly templateId: string,
    readonly version: string,
  ) {
    super(`Template '${templateId}' already has version '${version}'`);
    this.name = 'TemplateVersionTaken';
  }
}

const FIRST_VERSION = '1.0.0';

/**
 * Custom templates and their versions, on SQLite or PostgreSQL. Writes are single transactions
 * whose conflicts the keys decide (ON CONFLICT DO NOTHING), so concurrent requests on several
 * replicas get exactly one winner and no database error. `recorded`, when given, is a statement
 * run in the same transaction once the write succeeded: the change's audit entry.
 */
@Injectable()
export class CustomTemplateStore {
  private readonly templates: Repository<CustomTemplateEntity>;
  private readonly versionRows: Repository<CustomTemplateVersionEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.templates = dataSource.getRepository(CustomTemplateEntity);
    this.versionRows = dataSource.getRepository(CustomTemplateVersionEntity);
  }

  count(workspaceId: string): Promise<number> {
    return this.templates.countBy({ workspaceId });
  }

  /** Creates the template at version 1.0.0, unless the workspace has `limit` templates already (TemplateLimitReached). */
  async create(workspaceId: string, id: string, fields: CustomTemplateFields, limit = Infinity, recorded?: SqlStep): Promise<CustomTemplateRecord> {
    const now = Date.now();
    await atomically(this.dataSource, function* () {
      yield sql(LOCK_WORKSPACE_SQL, workspaceId);
      const counted = yield sql(COUNT_TEMPLATES_SQL, workspaceId);
      if (Number(counted.rows[0].n) >= limit) throw new TemplateLimitReached(limit);
      const inserted = yield sql(INSERT_TEMPLATE_SQL, workspaceId, id, now, now);
      if (inserted.rows.length === 0) throw new TemplateIdTaken(id);
      yield versionInsert(workspaceId, id, FIRST_VERSION, 1, fields, now);
      if (recorded) yield recorded;
    });
    return { workspaceId, id, name: fields.name, description: fields.description, category: fields.category, version: FIRST_VERSION, createdAt: new Date(now), updatedAt: new Date(now) };
  }

  /** null: no such template. */
  async addVersion(workspaceId: string, id: string, version: string, fields: CustomTemplateFields, recorded?: SqlStep): Promise<CustomTemplateRecord | null> {
    const now = Date.now();
    const createdAt = await atomically(this.dataSource, function* () {
      const bumped = yield sql(BUMP_TEMPLATE_SQL, version, now, workspaceId, id);
      if (bumped.rows.length === 0) return null;
      const inserted = yield versionInsert(workspaceId, id, version, Number(bumped.rows[0].last_sequence), fields, now);
      // Throwing rolls the bump back too.
      if (inserted.rows.length === 0) throw new TemplateVersionTaken(id, version);
      if (recorded) yield recorded;
      return Number(bumped.rows[0].created_at);
    });
    if (createdAt === null) return null;
    return { workspaceId, id, name: fields.name, description: fields.description, category: fields.category, version, createdAt: new Date(createdAt), updatedAt: new Date(now) };
  }

  async find(workspaceId: string, id: string): Promise<CustomTemplateRecord | null> {
    const { rows } = await executeStatement(this.dataSource, sql(FIND_SQL, workspaceId, id));
    return rows.length === 0 ? null : toRecord(rows[0]);
  }

  /** Ordered by id. */
  async list(workspaceId: string): Promise<CustomTemplateRecord[]> {
    const { rows } = await executeStatement(this.dataSource, sql(LIST_SQL, workspaceId));
    return rows.map(toRecord).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** Oldest first. */
  async versions(workspaceId: string, id: string): Promise<Array<{ version: string; createdAt: Date }>> {
    const rows = await this.versionRows.find({ select: { version: true, createdAt: true }, where: { workspaceId, templateId: id }, order: { sequence: 'ASC' } });
    return rows.map((row) => ({ version: row.version, createdAt: new Date(row.createdAt) }));
  }

  /** The newest version when `version` is undefined; cheap: no definition read. */
  async findVersion(workspaceId: string, id: string, version?: string): Promise<{ uid: string; version: string } | null> {
    const statement = version === undefined ? sql(NEWEST_VERSION_SQL, workspaceId, id) : sql(NAMED_VERSION_SQL, workspaceId, id, version);
    const { rows } = await executeStatement(this.dataSource, statement);
    return rows.length === 0 ? null : { uid: String(rows[0].uid), version: String(rows[0].version) };
  }

  /** A whole version by uid (read on a cache miss only). */
  async versionByUid(uid: string): Promise<CustomTemplateVersion | null> {
    const row = await this.versionRows.findOneBy({ uid });
    if (!row) return null;
    return {
      uid: row.uid,
      templateId: row.templateId,
      version: row.version,
      name: row.name,
      description: row.description,
      category: row.category,
      definition: JSON.parse(row.definition) as CustomTemplateDefinition,
      ...(row.source === null ? {} : { source: JSON.parse(row.source) as EditorSource }),
      createdAt: new Date(row.createdAt),
    };
  }

  /** Removes the template and its versions (their foreign key cascades). */
  async delete(workspaceId: string, id: string, recorded?: SqlStep): Promise<boolean> {
    return atomically(this.dataSource, function* () {
      if ((yield sql(DELETE_TEMPLATE_SQL, workspaceId, id)).changes === 0) return false;
      if (recorded) yield recorded;
      return true;
    });
  }
}

function versionInsert(workspaceId: string, id: string, version: string, sequence: number, fields: CustomTemplateFields, now: number) {
  const definition = JSON.stringify(fields.definition);
  const source = fields.source === undefined ? null : JSON.stringify(fields.source);
  return sql(INSERT_VERSION_SQL, timeOrderedId(now), workspaceId, id, version, sequence, fields.name, fields.description, fields.category, definition, source, now);
}

function toRecord(row: Record<string, unknown>): CustomTemplateRecord {
  return {
    workspaceId: String(row.workspace_id),
    id: String(row.id),
    name: String(row.name),
    description: String(row.description),
    category: String(row.category),
    version: String(row.version),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
}
