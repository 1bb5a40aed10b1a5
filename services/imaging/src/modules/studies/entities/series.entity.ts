import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { DicomJsonObject } from '@rayworks/contracts';
import { bigintNumber } from './bigint-number.js';

/** A series of a study (imaging.series): QIDO-RS series keys as columns, series-level DICOM JSON in `attributes`. */
@Entity({ name: 'series' })
export class SeriesEntity extends TenantRow {
  /** The study row (imaging.studies.id). */
  @Column({ name: 'study_id', type: 'uuid' })
  studyId!: string;

  @Column({ name: 'series_instance_uid', type: 'varchar', length: 64 })
  seriesInstanceUid!: string;

  @Column({ type: 'varchar', length: 16, default: '' })
  modality!: string;

  @Column({ name: 'series_number', type: 'int', nullable: true })
  seriesNumber!: number | null;

  @Column({ name: 'series_description', type: 'text', nullable: true })
  seriesDescription!: string | null;

  @Column({ name: 'body_part_examined', type: 'text', nullable: true })
  bodyPartExamined!: string | null;

  @Column({ name: 'instance_count', type: 'int', default: 0 })
  instanceCount!: number;

  @Column({ name: 'size_bytes', type: 'bigint', default: 0, transformer: bigintNumber })
  sizeBytes!: number;

  /** Series-level DICOM JSON (general series module). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes!: DicomJsonObject;
}
