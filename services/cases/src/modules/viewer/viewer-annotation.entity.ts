import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { AnnotationKind, ViewerAnnotation } from '@rayworks/contracts';

/**
 * A measurement or key image saved with a case (cases.viewer_annotations; docs/decisions/0165-viewer-annotations.md).
 * Its id is the viewer's (client-made), unique within its case: saving again with the same id replaces it.
 */
@Entity({ name: 'viewer_annotations' })
export class ViewerAnnotationEntity {
  @PrimaryColumn({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: AnnotationKind;

  @Column({ name: 'tool_name', type: 'varchar', length: 64 })
  toolName!: string;

  @Column({ name: 'study_instance_uid', type: 'varchar', length: 64 })
  studyInstanceUid!: string;

  @Column({ name: 'series_instance_uid', type: 'varchar', length: 64 })
  seriesInstanceUid!: string;

  @Column({ name: 'sop_instance_uid', type: 'varchar', length: 64 })
  sopInstanceUid!: string;

  @Column({ name: 'frame_number', type: 'int', nullable: true })
  frameNumber!: number | null;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'jsonb' })
  /** The Cornerstone annotation as the contract takes it (JSON, size-limited there). */
  data!: ViewerAnnotation['data'];

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
