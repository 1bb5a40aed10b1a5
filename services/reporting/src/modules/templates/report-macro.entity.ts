import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Macro } from '@rayworks/contracts';

/** A text macro (reporting.report_macros; docs/decisions/0179-text-macros.md): a code and the HTML it expands to. */
@Entity({ name: 'report_macros' })
export class ReportMacroEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  /** Lower-case, e.g. `.nad`. */
  @Column({ type: 'varchar', length: 20 })
  code!: string;

  /** Sanitised (sanitiseReportHtml) before it is written. */
  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  toMacro(): Macro {
    return { id: this.id, code: this.code, text: this.text, ownerId: this.ownerId, centreId: this.centreId };
  }
}
