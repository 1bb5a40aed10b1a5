import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ReportTemplate, TemplateField } from '@rayworks/contracts';

/** A report template (reporting.report_templates; docs/decisions/0178-report-templates.md). */
@Entity({ name: 'report_templates' })
export class ReportTemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  modality!: string | null;

  @Column({ name: 'body_part', type: 'varchar', length: 64, nullable: true })
  bodyPart!: string | null;

  /** Sanitised (sanitiseReportHtml) before it is written. */
  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'jsonb' })
  fields!: TemplateField[];

  @Column({ name: 'is_active', type: 'boolean' })
  isActive!: boolean;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  toTemplate(): ReportTemplate {
    return {
      id: this.id,
      name: this.name,
      centreId: this.centreId,
      ownerId: this.ownerId,
      modality: this.modality,
      bodyPart: this.bodyPart,
      html: this.html,
      fields: this.fields,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
