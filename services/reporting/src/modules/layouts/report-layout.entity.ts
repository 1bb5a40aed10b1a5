import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ReportLayout } from '@rayworks/contracts';

/** A centre's report layout (reporting.report_layouts; docs/decisions/0180-report-layout.md). */
@Entity({ name: 'report_layouts' })
export class ReportLayoutEntity {
  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  /** The contract's ReportLayout, parsed before it is written and again when it is read. */
  @Column({ type: 'jsonb' })
  layout!: ReportLayout;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
