import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { TemplateId } from '../engine/templates/template.types';
import type { PlanId } from './plans';
import { NAME_MAX_LENGTH } from './workspace-bounds';

@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id: string;

  @Column({ type: 'varchar', length: NAME_MAX_LENGTH })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  plan: PlanId;

  /** Overrides the plan's monthly limit when set. */
  @Column({ name: 'monthly_limit', type: 'integer', nullable: true })
  monthlyLimit: number | null;

  @Column({ type: 'boolean', default: false })
  suspended: boolean;

  /** Null means every template of the plan. */
  @Column({ name: 'enabled_templates', type: 'simple-json', nullable: true })
  enabledTemplates: TemplateId[] | null;

  @Column({ name: 'webhook_secret', type: 'varchar', length: 100 })
  webhookSecret: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
