import { z } from 'zod';
import { GENERIC, SPECIFIC, WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { CRITICAL_ALERT_STATUSES } from './states.js';
import {
  CRITICAL_ESCALATION_MINUTES,
  CRITICAL_FINDING_MAX,
  CRITICAL_LAB_ORDERS_MAX,
  CRITICAL_MESSAGES,
  criticalAlertSchema,
  criticalSettingsSchema,
  fhirDiagnosticReportSchema,
  hl7MessageSchema,
} from './critical-entities.js';

const id = z.uuid();
const byCaseId = z.object({ caseId: id }).strict();

/**
 * Critical results and interoperability (FHIR DiagnosticReport, HL7 v2.5 ORU^R01; helper "critical";
 * docs/decisions/0187..0190). Every call about a case answers 404 for a case the caller cannot see.
 */
export const CRITICAL_ENDPOINTS = {
  flagCritical: ep({
    method: 'POST',
    path: '/critical/flag',
    access: requirement('WORKLIST', WORKLIST.GENERATE_REPORT),
    body: z.object({ caseId: id, finding: z.string().trim().min(1).max(CRITICAL_FINDING_MAX) }).strict(),
    data: criticalAlertSchema,
    errors: [404, 409],
  }),
  acknowledgeCritical: ep({
    method: 'POST',
    path: '/critical/acknowledge',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW),
    body: z.object({ alertId: id }).strict(),
    data: criticalAlertSchema,
    errors: [404, 409],
  }),
  findCritical: ep({
    method: 'POST',
    path: '/critical/find',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW),
    body: z
      .object({
        caseId: id.optional(),
        /** The alerts of one lab order (the LIMS's worksheet), those of a centre in the caller's reach. */
        labOrderId: id.optional(),
        status: z.enum(CRITICAL_ALERT_STATUSES).optional(),
        /** Only alerts still waiting for an acknowledgement (OPEN or ESCALATED). */
        open: z.boolean().optional(),
      })
      .strict()
      .refine((b) => !(b.caseId && b.labOrderId), { error: CRITICAL_MESSAGES.caseOrLabOrder, path: ['labOrderId'] }),
    data: z.object({ alerts: z.array(criticalAlertSchema) }),
    errors: [404],
  }),
  /**
   * The lab's side (the validation worksheet; docs/decisions/0307): the critical-result alerts of lab orders — open,
   * escalated or acknowledged, by whom and when — of centres in the caller's reach, for a lab user (LIMS › VIEW or
   * VALIDATE), who does not read the worklist. Orders without alerts are simply absent.
   */
  findLabCritical: ep({
    method: 'POST',
    path: '/critical/lab/find',
    access: requirement('LIMS', GENERIC.VIEW, SPECIFIC.VALIDATE),
    body: z.object({ labOrderIds: z.array(id).min(1).max(CRITICAL_LAB_ORDERS_MAX) }).strict(),
    data: z.object({ alerts: z.array(criticalAlertSchema) }),
  }),
  getCriticalSettings: ep({
    method: 'POST',
    path: '/critical/settings/get',
    access: requirement('CENTERS', GENERIC.VIEW),
    body: z.object({ centreId: id }).strict(),
    data: criticalSettingsSchema,
    errors: [404],
  }),
  saveCriticalSettings: ep({
    method: 'POST',
    path: '/critical/settings/save',
    access: requirement('CENTERS', GENERIC.EDIT),
    body: z
      .object({
        centreId: id,
        escalateAfterMinutes: z.number().min(CRITICAL_ESCALATION_MINUTES.min).max(CRITICAL_ESCALATION_MINUTES.max),
      })
      .strict(),
    data: criticalSettingsSchema,
    errors: [404],
  }),
  reportFhir: ep({
    method: 'POST',
    path: '/report/fhir',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW),
    body: byCaseId,
    data: fhirDiagnosticReportSchema,
    errors: [404, 409],
  }),
  reportHl7: ep({
    method: 'POST',
    path: '/report/hl7',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW),
    body: byCaseId,
    data: hl7MessageSchema,
    errors: [404, 409],
  }),
} as const;
