import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type {
  AddendumStatus,
  FooterTopField,
  ReportDoctorInfo,
  ReportPatient,
  ReportStatus,
  ReportStudy,
} from '@rayworks/contracts';

/** A case's report (reporting.reports; docs/decisions/0173-report-model-and-workflow.md). */
@Entity({ name: 'reports' })
export class ReportEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ReportStatus;

  /** The latest version number (0: never saved); the optimistic token of a save (baseVersion). */
  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'report_html', type: 'text' })
  reportHtml!: string;

  @Column({ name: 'test_name', type: 'text', nullable: true })
  testName!: string | null;

  @Column({ name: 'template_id', type: 'uuid', nullable: true })
  templateId!: string | null;

  @Column({ name: 'doctor_info', type: 'jsonb', nullable: true })
  doctorInfo!: ReportDoctorInfo | null;

  @Column({ name: 'footer_top_fields', type: 'jsonb' })
  footerTopFields!: FooterTopField[];

  @Column({ type: 'jsonb' })
  patient!: ReportPatient;

  @Column({ type: 'jsonb' })
  study!: ReportStudy;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'finalized_at', type: 'timestamptz', nullable: true })
  finalizedAt!: Date | null;

  @Column({ name: 'finalized_by', type: 'uuid', nullable: true })
  finalizedBy!: string | null;

  /** The object key of the signer's signature image, copied at finalize. */
  @Column({ name: 'signature_key', type: 'text', nullable: true })
  signatureKey!: string | null;

  @Column({ name: 'lock_user_id', type: 'uuid', nullable: true })
  lockUserId!: string | null;

  @Column({ name: 'lock_user_name', type: 'text', nullable: true })
  lockUserName!: string | null;

  @Column({ name: 'lock_expires_at', type: 'timestamptz', nullable: true })
  lockExpiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One saved version of a report (reporting.report_versions). */
@Entity({ name: 'report_versions' })
export class ReportVersionEntity {
  @PrimaryColumn({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @PrimaryColumn({ type: 'int' })
  version!: number;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ReportStatus;

  @Column({ name: 'saved_by', type: 'uuid' })
  savedBy!: string;

  @Column({ name: 'saved_by_name', type: 'text', nullable: true })
  savedByName!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** The version row of a report as it now stands (its text and version) with `status`, saved by `savedBy`. */
export function versionOf(
  row: ReportEntity,
  status: ReportStatus,
  savedBy: string,
  savedByName: string | null,
): Omit<ReportVersionEntity, 'createdAt'> {
  return {
    reportId: row.id,
    version: row.version,
    tenantId: row.tenantId,
    html: row.reportHtml,
    status,
    savedBy,
    savedByName,
  };
}

/** An addendum after a final report (reporting.report_addenda): its own row, never a change of the report. */
@Entity({ name: 'report_addenda' })
export class ReportAddendumEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: AddendumStatus;

  @Column({ type: 'text' })
  html!: string;

  @Column({ name: 'addendum_doctor_info', type: 'jsonb', nullable: true })
  addendumDoctorInfo!: ReportDoctorInfo | null;

  @Column({ name: 'signature_key', type: 'text', nullable: true })
  signatureKey!: string | null;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'finalized_at', type: 'timestamptz', nullable: true })
  finalizedAt!: Date | null;
}
