import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { DicomJsonObject, StudyState } from '@rayworks/contracts';
import { bigintNumber } from './bigint-number.js';

/**
 * A study of the archive (imaging.studies): the QIDO-RS study keys as indexed columns, the study-level DICOM JSON
 * attributes (patient and study modules, from the first instance stored) in `attributes`, and the totals of its
 * series and instances. The group and centre it was imported for decide who may see it.
 */
@Entity({ name: 'studies' })
export class StudyEntity extends TenantRow {
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'study_instance_uid', type: 'varchar', length: 64 })
  studyInstanceUid!: string;

  @Column({ name: 'patient_name', type: 'text', default: '' })
  patientName!: string;

  @Column({ name: 'patient_id', type: 'text', default: '' })
  patientId!: string;

  @Column({ name: 'patient_birth_date', type: 'varchar', length: 8, nullable: true })
  patientBirthDate!: string | null;

  @Column({ name: 'patient_sex', type: 'varchar', length: 16, nullable: true })
  patientSex!: string | null;

  /** DICOM DA, YYYYMMDD: compared as text, which orders like the date. */
  @Column({ name: 'study_date', type: 'varchar', length: 8, nullable: true })
  studyDate!: string | null;

  @Column({ name: 'study_time', type: 'varchar', length: 32, nullable: true })
  studyTime!: string | null;

  @Column({ name: 'accession_number', type: 'text', nullable: true })
  accessionNumber!: string | null;

  /** The DICOM Study ID (0020,0010). */
  @Column({ name: 'study_id', type: 'text', nullable: true })
  studyId!: string | null;

  @Column({ name: 'study_description', type: 'text', nullable: true })
  studyDescription!: string | null;

  @Column({ name: 'referring_physician_name', type: 'text', nullable: true })
  referringPhysicianName!: string | null;

  /** ModalitiesInStudy: the distinct modalities of its series. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  modalities!: string[];

  @Column({ name: 'series_count', type: 'int', default: 0 })
  seriesCount!: number;

  @Column({ name: 'instance_count', type: 'int', default: 0 })
  instanceCount!: number;

  @Column({ name: 'size_bytes', type: 'bigint', default: 0, transformer: bigintNumber })
  sizeBytes!: number;

  @Column({ type: 'varchar', length: 32 })
  state!: StudyState;

  /** Study-level DICOM JSON (PS3.18 F.2): patient and general study module attributes. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  attributes!: DicomJsonObject;
}
