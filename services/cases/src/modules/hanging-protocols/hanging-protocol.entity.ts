import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { HangingLayout, HangingViewport } from '@rayworks/contracts';

/** A centre's hanging protocol for a modality and body part (cases.hanging_protocols; docs/decisions/0359). */
@Entity({ name: 'hanging_protocols' })
export class HangingProtocolEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ type: 'varchar', length: 16 })
  modality!: string;

  /** '' for any body part. */
  @Column({ name: 'body_part', type: 'varchar', length: 64, default: '' })
  bodyPart!: string;

  @Column({ type: 'varchar', length: 8 })
  layout!: HangingLayout;

  @Column({ type: 'jsonb' })
  viewports!: HangingViewport[];

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
