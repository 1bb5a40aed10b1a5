import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { ImportState, SkippedFile, StudyImport } from '@rayworks/contracts';
import { bigintNumber } from '../studies/entities/bigint-number.js';

/**
 * One import (imaging.imports): a zip uploaded from the import screen, for one group and centre, by one user, and
 * what came of it (docs/decisions/0098-zip-import.md). `multipartUploadId` is set when the zip is uploaded in parts.
 */
@Entity({ name: 'imports' })
export class ImportEntity extends TenantRow {
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  /** The uploader (progress goes to their socket room); null for a system import. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  /** `R2` (the import screen, spec §7) or `STOW` (a DICOMweb store). */
  @Column({ type: 'varchar', length: 16 })
  source!: string;

  /** The study folder's name the console sent (spec §7 `studyId`). */
  @Column({ name: 'study_id', type: 'text', default: '' })
  studyId!: string;

  @Column({ type: 'varchar', length: 32 })
  state!: ImportState;

  /** imagingStorageKeys.upload(tenantId, id). */
  @Column({ name: 'upload_key', type: 'text' })
  uploadKey!: string;

  /** The zip's size in bytes as declared when the upload was signed. */
  @Column({ name: 'upload_size', type: 'bigint', transformer: bigintNumber })
  uploadSize!: number;

  @Column({ name: 'multipart_upload_id', type: 'text', nullable: true })
  multipartUploadId!: string | null;

  @Column({ name: 'part_size', type: 'bigint', nullable: true, transformer: bigintNumber })
  partSize!: number | null;

  @Column({ name: 'study_instance_uids', type: 'text', array: true, default: () => "'{}'" })
  studyInstanceUids!: string[];

  @Column({ name: 'instances_stored', type: 'int', default: 0 })
  instancesStored!: number;

  @Column({ name: 'instances_existing', type: 'int', default: 0 })
  instancesExisting!: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  skipped!: SkippedFile[];

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /**
   * The reach of the user who asked for the upload (RequestAccess: group filter, centre filter, nothing at all):
   * the zip's instances join only studies it reaches (docs/decisions/0203-one-ingest-rule.md).
   */
  @Column({ name: 'reach_group_id', type: 'uuid', nullable: true })
  reachGroupId!: string | null;

  @Column({ name: 'reach_centre_ids', type: 'uuid', array: true, nullable: true })
  reachCentreIds!: string[] | null;

  @Column({ name: 'reach_empty', type: 'boolean', default: false })
  reachEmpty!: boolean;

  /** As the JSON API returns it (studyImportSchema). */
  toImport(): StudyImport {
    return {
      _id: this.id,
      state: this.state,
      studyId: this.studyId,
      studyInstanceUids: this.studyInstanceUids,
      instancesStored: this.instancesStored,
      instancesExisting: this.instancesExisting,
      skipped: this.skipped,
      error: this.error,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
