import { Inject, Injectable } from '@nestjs/common';
import { CRITICAL_FINDING_MAX, labValueText, type LabCriticalResultPayload } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';
import { CentresRepository } from '../directory/centres.repository.js';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CriticalRepository } from './critical.repository.js';
import { publishAlertStep } from './critical.publisher.js';
import { escalateAt, escalationMinutes } from './critical.rules.js';
import { CRITICAL_AUDIT_ACTIONS } from './critical.service.js';

/** A lab alert's finding: its critical values in words, e.g. "Potassium 7.1 mmol/L (critical high); Sodium …". */
export function labFinding(results: LabCriticalResultPayload['results']): string {
  const text = results.map(labValueText).join('; ');
  return text.length <= CRITICAL_FINDING_MAX ? text : `${text.slice(0, CRITICAL_FINDING_MAX - 1)}…`;
}

/**
 * A lab order's critical results (the LIMS's LabCriticalResult) kept as a critical-result alert of the order's centre
 * (docs/decisions/0307), with everything a case's flag does: in the joined unit of work of the event, the alert in the
 * event's company (its id is the LIMS's alert id: a second delivery inserts nothing and does nothing), the centre's
 * escalation time, LabCriticalAlertRaised, the audit entry and the two reporting.critical-escalation jobs — at once (the
 * e-mails to the centre, and the `critical:alert` push, which a consumer's transaction cannot send after its commit)
 * and delayed by the centre's time.
 */
@Injectable()
export class LabCriticalService {
  constructor(
    @Inject(CriticalRepository) private readonly alerts: CriticalRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
  ) {}

  async raise(tx: ChangeTx, tenantId: string, lab: LabCriticalResultPayload): Promise<'raised' | 'known'> {
    const centre = await this.centres.centre(tx, lab.centreId);
    const setting = await this.alerts.settings(tx, lab.centreId);
    const minutes = escalationMinutes(setting?.escalateAfterMinutes ?? null, this.env.CRITICAL_ESCALATE_AFTER_MINUTES);
    const flaggedAt = new Date(lab.flaggedAt);
    const due = escalateAt(flaggedAt, minutes);
    // the person's name as auth's directory knows it (the LIMS sends the login name), as a case's flag names its reader
    const person = lab.flaggedBy ? await this.directory.user(tx, lab.flaggedBy.userId) : null;
    const row = await this.alerts.insertOnce(tx, {
      id: lab.alertId,
      tenantId,
      caseId: null,
      labOrderId: lab.labOrderId,
      reportId: null,
      centreId: lab.centreId,
      groupId: centre?.groupId ?? lab.groupId,
      finding: labFinding(lab.results),
      labFacts: {
        sampleId: lab.sampleId,
        barcode: lab.barcode,
        registrationId: lab.registrationId,
        registrationNumber: lab.registrationNumber,
        mrNumber: lab.patient.mrNumber,
        test: lab.test,
        results: lab.results,
        centreName: centre?.name ?? null,
      },
      status: 'OPEN',
      flaggedBy: lab.flaggedBy?.userId ?? null,
      flaggedByName: person?.fullName || (lab.flaggedBy?.name ?? null),
      flaggedAt,
      escalateAfterMinutes: minutes,
      escalateAt: due,
    });
    if (!row) return 'known';
    await publishAlertStep(tx, this.alerts, 'flag', row, row.flaggedBy);
    await tx.audit({
      action: CRITICAL_AUDIT_ACTIONS.flag,
      target: row.target,
      details: { alertId: row.id, testCode: lab.test.code, escalateAfterMinutes: minutes },
    });
    await tx.enqueue('reportingCriticalEscalation', { alertId: row.id });
    await tx.enqueue(
      'reportingCriticalEscalation',
      { alertId: row.id },
      { delayMs: Math.max(0, due.getTime() - Date.now()) },
    );
    return 'raised';
  }
}
