import { Column, Entity, VersionColumn } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { CaseLegend, CasePriority, CaseStatus, FusionStatus, StudyState, WorkflowType } from '@rayworks/contracts';

/**
 * One case (cases.cases, docs/decisions/0113-case-model.md): a study of a company to read (or a split part of it,
 * or a registration waiting for its study). Its status moves only by the case machine (libs/lifecycles/src/case);
 * `version` is checked and raised by every transition (optimistic concurrency: two admins assigning at once, one
 * wins).
 */
@Entity({ name: 'cases' })
export class CaseEntity extends TenantRow {
  @VersionColumn({ type: 'int' })
  version!: number;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ type: 'varchar', length: 32 })
  status!: CaseStatus;

  @Column({ name: 'fusion_status', type: 'varchar', length: 32, nullable: true })
  fusionStatus!: FusionStatus | null;

  @Column({ name: 'workflow_type', type: 'varchar', length: 16, default: 'Center' })
  workflowType!: WorkflowType;

  @Column({ name: 'patient_name', type: 'text', default: '' })
  patientName!: string;

  @Column({ name: 'patient_id', type: 'text', default: '' })
  patientId!: string;

  @Column({ name: 'patient_sex', type: 'varchar', length: 16, nullable: true })
  patientSex!: string | null;

  @Column({ name: 'patient_birth_date', type: 'varchar', length: 8, nullable: true })
  patientBirthDate!: string | null;

  @Column({ name: 'accession_number', type: 'text', nullable: true })
  accessionNumber!: string | null;

  @Column({ name: 'study_instance_uid', type: 'varchar', length: 64, nullable: true })
  studyInstanceUid!: string | null;

  @Column({ name: 'study_id', type: 'text', nullable: true })
  studyId!: string | null;

  @Column({ name: 'study_description', type: 'text', nullable: true })
  studyDescription!: string | null;

  @Column({ name: 'body_part', type: 'text', nullable: true })
  bodyPart!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  modality!: string | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  modalities!: string[];

  @Column({ name: 'study_date', type: 'varchar', length: 8, nullable: true })
  studyDate!: string | null;

  @Column({ name: 'series_count', type: 'int', default: 0 })
  seriesCount!: number;

  @Column({ name: 'instance_count', type: 'int', default: 0 })
  instanceCount!: number;

  @Column({ name: 'series_instance_uids', type: 'text', array: true, nullable: true })
  seriesInstanceUids!: string[] | null;

  @Column({ name: 'parent_case_id', type: 'uuid', nullable: true })
  parentCaseId!: string | null;

  @Column({ name: 'imaging_state', type: 'varchar', length: 32, nullable: true })
  imagingState!: StudyState | null;

  @Column({ type: 'varchar', length: 16, default: 'ROUTINE' })
  priority!: CasePriority;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  legends!: CaseLegend[];

  @Column({ name: 'radiologist_id', type: 'uuid', nullable: true })
  radiologistId!: string | null;

  @Column({ name: 'typist_id', type: 'uuid', nullable: true })
  typistId!: string | null;

  @Column({ name: 'on_hold', type: 'boolean', default: false })
  onHold!: boolean;

  @Column({ name: 'recall_requested_at', type: 'timestamptz', nullable: true })
  recallRequestedAt!: Date | null;

  @Column({ name: 'recall_requested_by', type: 'uuid', nullable: true })
  recallRequestedBy!: string | null;

  @Column({ name: 'reject_reason', type: 'text', nullable: true })
  rejectReason!: string | null;

  @Column({ name: 'fusion_centre_id', type: 'uuid', nullable: true })
  fusionCentreId!: string | null;

  /** The fusion centre's company while the case is sent (row-level security shows it to that company). */
  @Column({ name: 'fusion_tenant_id', type: 'uuid', nullable: true })
  fusionTenantId!: string | null;

  @Column({ name: 'received_at', type: 'timestamptz', nullable: true })
  receivedAt!: Date | null;

  @Column({ name: 'due_at', type: 'timestamptz', nullable: true })
  dueAt!: Date | null;

  @Column({ name: 'assigned_at', type: 'timestamptz', nullable: true })
  assignedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** The front desk's registration the case was opened from, and its item (one case per item: docs/decisions/0261). */
  @Column({ name: 'registration_id', type: 'uuid', nullable: true })
  registrationId!: string | null;

  @Column({ name: 'registration_item_id', type: 'uuid', nullable: true })
  registrationItemId!: string | null;

  /** Billing's patient the case is of (a registration's, or one assigned from the worklist: 0263); null: unknown. */
  @Column({ name: 'billing_patient_id', type: 'uuid', nullable: true })
  billingPatientId!: string | null;

  /**
   * Who referred the patient (decision 0343): the registration's referral, else the study's Referring Physician's
   * Name (0008,0090) as it came (a DICOM PN); null: nobody named.
   */
  @Column({ name: 'referring_physician', type: 'text', nullable: true })
  referringPhysician!: string | null;
}

/** The front desk's columns of a case (and its referrer): only a registration's case or a study naming them sets them. */
type FrontDeskColumns = 'registrationId' | 'registrationItemId' | 'billingPatientId' | 'referringPhysician';

/** A case about to be inserted: every column but those the database and the kit fill in. */
export type NewCase = Omit<CaseEntity, 'id' | 'version' | 'createdAt' | 'updatedAt' | FrontDeskColumns> &
  Partial<Pick<CaseEntity, FrontDeskColumns>>;

/**
 * The columns of a case nobody has worked on yet — no reader, no typist, no hold, recall, rejection or fusion, not
 * assigned or completed — spread into every new case (a registration, a study's arrival, a split's parts).
 */
export const unworked = (): Pick<
  NewCase,
  | 'fusionStatus'
  | 'radiologistId'
  | 'typistId'
  | 'onHold'
  | 'recallRequestedAt'
  | 'recallRequestedBy'
  | 'rejectReason'
  | 'fusionCentreId'
  | 'fusionTenantId'
  | 'assignedAt'
  | 'completedAt'
> => ({
  fusionStatus: null,
  radiologistId: null,
  typistId: null,
  onHold: false,
  recallRequestedAt: null,
  recallRequestedBy: null,
  rejectReason: null,
  fusionCentreId: null,
  fusionTenantId: null,
  assignedAt: null,
  completedAt: null,
});
