import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DicomJsonObject } from '@rayworks/contracts';
import { bigintNumber } from './bigint-number.js';

/**
 * One stored DICOM instance (imaging.instances): where its file is in the object store, what WADO-RS needs to
 * answer without reading the file (transfer syntax, frames, where the pixel data starts), and its whole header as
 * DICOM JSON without bulk data (`metadata`, served by WADO-RS /metadata with BulkDataURIs added).
 * Unique per tenant by SOP Instance UID: a re-import stores only what is new.
 */
@Entity({ name: 'instances' })
export class InstanceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'study_id', type: 'uuid' })
  studyId!: string;

  @Column({ name: 'series_id', type: 'uuid' })
  seriesId!: string;

  /** The import that stored this instance (imaging.imports.id, or a STOW-RS request's import id). */
  @Column({ name: 'import_id', type: 'uuid', nullable: true })
  importId!: string | null;

  @Column({ name: 'sop_instance_uid', type: 'varchar', length: 64 })
  sopInstanceUid!: string;

  @Column({ name: 'sop_class_uid', type: 'varchar', length: 64 })
  sopClassUid!: string;

  @Column({ name: 'instance_number', type: 'int', nullable: true })
  instanceNumber!: number | null;

  @Column({ name: 'transfer_syntax_uid', type: 'varchar', length: 64 })
  transferSyntaxUid!: string;

  @Column({ type: 'int', nullable: true })
  rows!: number | null;

  @Column({ type: 'int', nullable: true })
  columns!: number | null;

  @Column({ name: 'number_of_frames', type: 'int', default: 1 })
  numberOfFrames!: number;

  /** tenants/{tenantId}/studies/{Study}/{Series}/{SOP}.dcm (imagingStorageKeys.instance). */
  @Column({ name: 'storage_key', type: 'text' })
  storageKey!: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: bigintNumber })
  sizeBytes!: number;

  /** Byte offset and length of the Pixel Data element's value in the stored file (null: none). */
  @Column({ name: 'pixel_data_offset', type: 'bigint', nullable: true, transformer: bigintNumber })
  pixelDataOffset!: number | null;

  @Column({ name: 'pixel_data_length', type: 'bigint', nullable: true, transformer: bigintNumber })
  pixelDataLength!: number | null;

  /** Whether the pixel data is encapsulated (compressed fragments) rather than native. */
  @Column({ name: 'pixel_data_encapsulated', type: 'boolean', default: false })
  pixelDataEncapsulated!: boolean;

  /** The instance's header as DICOM JSON (PS3.18 F.2), bulk data left out. */
  @Column({ type: 'jsonb' })
  metadata!: DicomJsonObject;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
