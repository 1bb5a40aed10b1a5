import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CriticalAlert, CriticalAlertStatus, CriticalAlertSubject, CriticalLabFacts } from '@rayworks/contracts';

/**
 * Facts of the case an e-mail may name (critical-mail.ts), kept on the alert (`case_facts`):
 * no patient name (e-mail leaves the platform), the case and its study.
 */
export interface MailCaseFacts {
  accessionNumber: string | null;
  modality: string | null;
  studyDescription: string | null;
  centreName: string | null;
}

/**
 * The lab order's facts an alert keeps (`lab_facts`; its id is the `lab_order_id` column): what the banner and the
 * e-mails name — never the patient's name (docs/decisions/0307) — and the centre's name for the e-mails.
 */
export type LabAlertFacts = Omit<CriticalLabFacts, 'labOrderId'> & { centreName: string | null };

/**
 * One critical result (reporting.critical_alerts; docs/decisions/0187, 0307): a case's flagged finding, in the case's
 * company, or a lab order's critical values, in the lab order's company — exactly one of `caseId` and `labOrderId`.
 */
@Entity({ name: 'critical_alerts' })
export class CriticalAlertEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'case_id', type: 'uuid', nullable: true })
  caseId!: string | null;

  @Column({ name: 'lab_order_id', type: 'uuid', nullable: true })
  labOrderId!: string | null;

  /** A lab alert's facts (null for a case's). */
  @Column({ name: 'lab_facts', type: 'jsonb', nullable: true })
  labFacts!: LabAlertFacts | null;

  @Column({ name: 'report_id', type: 'uuid', nullable: true })
  reportId!: string | null;

  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ type: 'text' })
  finding!: string;

  /** What the e-mails may name of the case (no patient name), kept for the worker that has no caller to ask cases. */
  @Column({ name: 'case_facts', type: 'jsonb', default: () => "'{}'" })
  caseFacts!: MailCaseFacts;

  @Column({ type: 'varchar', length: 16 })
  status!: CriticalAlertStatus;

  /** The radiologist who flagged a case's finding; who entered a lab value, or null when an analyzer sent it. */
  @Column({ name: 'flagged_by', type: 'uuid', nullable: true })
  flaggedBy!: string | null;

  @Column({ name: 'flagged_by_name', type: 'text', nullable: true })
  flaggedByName!: string | null;

  @Column({ name: 'flagged_at', type: 'timestamptz' })
  flaggedAt!: Date;

  @Column({ name: 'escalate_after_minutes', type: 'double precision' })
  escalateAfterMinutes!: number;

  @Column({ name: 'escalate_at', type: 'timestamptz' })
  escalateAt!: Date;

  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt!: Date | null;

  @Column({ name: 'notified_emails', type: 'text', array: true, default: () => "'{}'" })
  notifiedEmails!: string[];

  @Column({ name: 'escalated_at', type: 'timestamptz', nullable: true })
  escalatedAt!: Date | null;

  @Column({ name: 'escalated_emails', type: 'text', array: true, default: () => "'{}'" })
  escalatedEmails!: string[];

  @Column({ name: 'acknowledged_by', type: 'uuid', nullable: true })
  acknowledgedBy!: string | null;

  @Column({ name: 'acknowledged_by_name', type: 'text', nullable: true })
  acknowledgedByName!: string | null;

  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true })
  acknowledgedAt!: Date | null;

  get subject(): CriticalAlertSubject {
    return this.labOrderId ? 'LAB' : 'CASE';
  }

  /** What the alert's audit entries name: the case, or the lab order. */
  get target(): { type: 'case' | 'lab_order'; id: string } {
    return this.labOrderId ? { type: 'lab_order', id: this.labOrderId } : { type: 'case', id: this.caseId! };
  }

  toAlert(): CriticalAlert {
    const lab = this.labOrderId && this.labFacts ? labOf(this.labOrderId, this.labFacts) : null;
    return {
      id: this.id,
      subject: this.subject,
      caseId: this.caseId,
      reportId: this.reportId,
      centreId: this.centreId,
      finding: this.finding,
      status: this.status,
      flaggedBy: this.flaggedBy,
      flaggedByName: this.flaggedByName,
      flaggedAt: this.flaggedAt.toISOString(),
      acknowledgedBy: this.acknowledgedBy,
      acknowledgedByName: this.acknowledgedByName,
      acknowledgedAt: this.acknowledgedAt?.toISOString() ?? null,
      escalatedAt: this.escalatedAt?.toISOString() ?? null,
      escalateAfterMinutes: this.escalateAfterMinutes,
      lab,
    };
  }
}

function labOf(labOrderId: string, f: LabAlertFacts): CriticalLabFacts {
  return {
    labOrderId,
    sampleId: f.sampleId,
    barcode: f.barcode,
    registrationId: f.registrationId,
    registrationNumber: f.registrationNumber,
    mrNumber: f.mrNumber,
    test: f.test,
    results: f.results,
  };
}

/** A centre's escalation time (reporting.critical_settings). */
@Entity({ name: 'critical_settings' })
export class CriticalSettingsEntity {
  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'escalate_after_minutes', type: 'double precision' })
  escalateAfterMinutes!: number;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
