import { z } from 'zod';
import { ROLE_CODES } from '../access/roles.js';
import { CRITICAL_ALERT_STATUSES } from './states.js';

const id = z.uuid();

/**
 * A critical result alert (docs/decisions/0187-critical-results.md): the reading radiologist flags a finding on a
 * case; the case's centre is told at once (socket `critical:alert` and e-mail) and must acknowledge; an alert still
 * OPEN after its centre's escalation time is ESCALATED to the centre's admins. `escalateAfterMinutes` is the time
 * that applied when it was flagged (fractions allowed: a test centre escalates after seconds).
 */
export const criticalAlertSchema = z.object({
  id,
  caseId: id,
  reportId: id.nullable(),
  centreId: id.nullable(),
  finding: z.string(),
  status: z.enum(CRITICAL_ALERT_STATUSES),
  flaggedBy: id,
  flaggedByName: z.string().nullable(),
  flaggedAt: z.string(),
  acknowledgedBy: id.nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  escalateAfterMinutes: z.number(),
});
export type CriticalAlert = z.infer<typeof criticalAlertSchema>;

/** The most and fewest minutes a centre may wait before an unacknowledged alert escalates (3 s .. 7 days). */
export const CRITICAL_ESCALATION_MINUTES = { min: 0.05, max: 7 * 24 * 60, default: 30 } as const;

/** A centre's critical result setting: how long an alert may stay unacknowledged before it escalates. */
export const criticalSettingsSchema = z.object({
  centreId: id,
  escalateAfterMinutes: z.number().min(CRITICAL_ESCALATION_MINUTES.min).max(CRITICAL_ESCALATION_MINUTES.max),
  /** true when the centre has no setting of its own and the platform default applies. */
  isDefault: z.boolean(),
});
export type CriticalSettings = z.infer<typeof criticalSettingsSchema>;

/**
 * Who may acknowledge a critical result (with the case in their reach) and whose console shows the centre's open
 * alerts: the centre side — its admins, its reception, its group's and the company's admins, the fusion centre side.
 */
export const CRITICAL_ACKNOWLEDGING_ROLES: readonly string[] = [
  ROLE_CODES.CENTER_ADMIN,
  ROLE_CODES.GROUP_CENTER_ADMIN,
  ROLE_CODES.GROUP_ADMIN,
  ROLE_CODES.RECEPTIONIST,
  ROLE_CODES.ADMIN,
  ROLE_CODES.SUPER_ADMIN,
  ROLE_CODES.FUSION_GROUP_ADMIN,
  ROLE_CODES.FUSION_GROUP_CENTER,
  ROLE_CODES.FUSION_CENTER,
];

/** The finding text a radiologist writes (plain text; no patient name is needed: the alert is bound to the case). */
export const CRITICAL_FINDING_MAX = 2000;

/** Critical results' and interoperability's answers (designed; the specification gives no words for these). */
export const CRITICAL_MESSAGES = {
  flagged: 'Critical Result Flagged Successfully',
  acknowledged: 'Critical Result Acknowledged Successfully',
  settingsSaved: 'Critical Result Settings Saved Successfully',
  notReader: 'Only the reading radiologist of the case can flag a critical result',
  notCentreSide: "Only a user of the case's centre can acknowledge a critical result",
  alreadyAcknowledged: 'The critical result is already acknowledged',
  alertNotFound: 'Critical result not found',
  reportRequired: 'Open the report of the case before flagging a critical result',
  reportNotFinal: 'The report is not final yet',
} as const;

/** An HL7 v2.5 ORU^R01 message of a final report (segments separated by carriage returns). */
export const hl7MessageSchema = z.object({ message: z.string() });

/**
 * A FHIR R4 DiagnosticReport (JSON). Typed in full on the server with @types/fhir (fhir4.DiagnosticReport); the
 * contract checks its kind and passes the rest as built.
 */
export const fhirDiagnosticReportSchema = z.looseObject({
  resourceType: z.literal('DiagnosticReport'),
  status: z.enum(['final', 'amended']),
});
