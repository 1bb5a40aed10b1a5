import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Download, DownloadState } from '@rayworks/contracts';
import { bigintNumber } from '../studies/entities/bigint-number.js';

/**
 * One study download (imaging.downloads): its state (spec §4, moved only as the download machine allows), who asked
 * for it, the stamp of what it zips (instance count and bytes, compared with the study's instances to decide whether
 * a finished zip may be reused), the zip's key and size once stored, the error of a failure, and until when the
 * finished zip is fresh.
 */
@Entity({ name: 'downloads' })
export class DownloadEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  /** The study row (imaging.studies.id). */
  @Column({ name: 'study_id', type: 'uuid' })
  studyId!: string;

  @Column({ name: 'study_instance_uid', type: 'varchar', length: 64 })
  studyInstanceUid!: string;

  /** The user who asked: the state is pushed to their user room. */
  @Column({ name: 'requested_by', type: 'uuid' })
  requestedBy!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: DownloadState;

  @Column({ name: 'instance_count', type: 'int', default: 0 })
  instanceCount!: number;

  @Column({ name: 'instances_bytes', type: 'bigint', default: 0, transformer: bigintNumber })
  instancesBytes!: number;

  @Column({ name: 'zip_key', type: 'text', nullable: true })
  zipKey!: string | null;

  /** The zip's size once stored. */
  @Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: bigintNumber })
  sizeBytes!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Until when the finished zip is reused (null until READY). */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  /** Every state the download passed, in order, with when (a retry starts again at DWN_INIT). */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  history!: { state: DownloadState; at: string }[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** As the API shows it; `url` is the short-lived link of a READY zip (signed by the caller). */
  toDownload(url: string | null = null): Download {
    return {
      _id: this.id,
      studyInstanceUid: this.studyInstanceUid,
      state: this.state,
      sizeBytes: this.sizeBytes,
      url: this.state === 'READY' ? url : null,
      error: this.error,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
