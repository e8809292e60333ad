import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMs } from '../../../jobs/epoch-ms';

/** One version of a custom template, kept and renderable after newer ones are added. */
@Entity('custom_template_versions')
export class CustomTemplateVersionEntity {
  /** A UUID v7, never reused: compiled definitions are cached under it, so a cache is never stale. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  uid: string;

  @Column({ name: 'workspace_id', type: 'varchar', length: 36 })
  workspaceId: string;

  @Column({ name: 'template_id', type: 'varchar', length: 64 })
  templateId: string;

  @Column({ type: 'varchar', length: 50 })
  version: string;

  /** 1 for the version made at creation, then one more per added version: the order of versions. */
  @Column({ type: 'integer' })
  sequence: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 32 })
  category: string;

  /** The definition as JSON text, exactly as it was stored. */
  @Column({ type: 'text' })
  definition: string;

  /** The editor's texts as the author wrote them (JSON of EditorSource), or null (made through the API). */
  @Column({ type: 'text', nullable: true })
  source: string | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt: number;
}
