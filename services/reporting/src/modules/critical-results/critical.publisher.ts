import { LAB_CRITICAL_ALERT_EVENTS, REPORT_EVENTS } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { CriticalAlertEntity } from './critical-alert.entity.js';
import type { CaseReportRef, CriticalRepository } from './critical.repository.js';

/** A step of an alert's life, as its event names it. */
export type AlertStep = 'flag' | 'escalate' | 'acknowledge';

const CASE_EVENTS = {
  flag: REPORT_EVENTS.CriticalResultFlagged,
  escalate: REPORT_EVENTS.CriticalResultEscalated,
  acknowledge: REPORT_EVENTS.CriticalResultAcknowledged,
} as const;
const LAB_EVENTS = {
  flag: LAB_CRITICAL_ALERT_EVENTS.LabCriticalAlertRaised,
  escalate: LAB_CRITICAL_ALERT_EVENTS.LabCriticalAlertEscalated,
  acknowledge: LAB_CRITICAL_ALERT_EVENTS.LabCriticalAlertAcknowledged,
} as const;

/**
 * The event of an alert's step, in the step's unit of work: a case's alert is a report event on reporting.report.v1
 * (key: the case, with the report's current version; cases records it on the case's audit trail), a lab order's is a
 * LabCriticalAlert* event on reporting.critical.v1 (key: the lab order; docs/decisions/0307).
 */
export async function publishAlertStep(
  tx: ChangeTx,
  alerts: CriticalRepository,
  step: AlertStep,
  alert: CriticalAlertEntity,
  actorId: string | null,
  report?: CaseReportRef | null,
): Promise<void> {
  if (alert.labOrderId && alert.labFacts) {
    await tx.publish(LAB_EVENTS[step], alert.labOrderId, {
      alertId: alert.id,
      labOrderId: alert.labOrderId,
      sampleId: alert.labFacts.sampleId,
      registrationId: alert.labFacts.registrationId,
      centreId: alert.centreId,
      status: alert.status,
      actorId,
      escalateAfterMinutes: alert.escalateAfterMinutes,
    });
    return;
  }
  const caseId = alert.caseId!;
  const current = report ?? (await alerts.caseReport(tx, caseId));
  await tx.publish(CASE_EVENTS[step], caseId, {
    reportId: current?.id ?? alert.reportId!,
    caseId,
    version: current?.version ?? 1,
    status: current?.status ?? 'DRAFT',
    centreId: alert.centreId,
    actorId,
    alertId: alert.id,
  });
}
