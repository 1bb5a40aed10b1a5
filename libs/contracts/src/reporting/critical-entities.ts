import { z } from 'zod';
import { ROLE_CODES } from '../access/roles.js';
import { LAB_CRITICAL_FLAGS } from '../events/events.js';
import { CRITICAL_ALERT_STATUSES } from './states.js';

const id = z.uuid();

/** What an alert is about: a case (a radiologist's finding) or a lab order (a critical lab value; decision 0307). */
export const CRITICAL_ALERT_SUBJECTS = ['CASE', 'LAB'] as const;
export type CriticalAlertSubject = (typeof CRITICAL_ALERT_SUBJECTS)[number];

/** How a lab value's flag reads in the banner and the e-mails. */
export const CRITICAL_LAB_FLAG_LABELS: Record<(typeof LAB_CRITICAL_FLAGS)[number], string> = {
  CRITICAL_LOW: 'critical low',
  CRITICAL_HIGH: 'critical high',
};

/**
 * The lab order a lab alert is about, as the LIMS told it (LabCriticalResult): the test, its critical values, the
 * sample's barcode, the registration's number and the patient's MR number — never the patient's name (the alert is
 * bound to the order; the e-mails leave the platform).
 */
export const criticalLabFactsSchema = z.object({
  labOrderId: id,
  sampleId: id,
  barcode: z.string(),
  registrationId: id,
  registrationNumber: z.string(),
  mrNumber: z.string(),
  test: z.object({ code: z.string(), name: z.string() }),
  results: z.array(
    z.object({
      parameterCode: z.string(),
      parameterName: z.string(),
      value: z.string(),
      unit: z.string().nullable(),
      flag: z.enum(LAB_CRITICAL_FLAGS),
    }),
  ),
});
export type CriticalLabFacts = z.infer<typeof criticalLabFactsSchema>;

/** A lab value with its unit and flag, as the banner and the e-mails show it: "7.1 mmol/L (critical high)". */
export const labValueReading = (r: CriticalLabFacts['results'][number]): string =>
  `${r.value}${r.unit ? ` ${r.unit}` : ''} (${CRITICAL_LAB_FLAG_LABELS[r.flag]})`;

/** A lab value as the alert's finding names it: "Potassium 7.1 mmol/L (critical high)". */
export const labValueText = (r: CriticalLabFacts['results'][number]): string =>
  `${r.parameterName} ${labValueReading(r)}`;

/** How many lab orders one /critical/lab/find names at most (a worksheet's page of orders). */
export const CRITICAL_LAB_ORDERS_MAX = 1000;

/**
 * Where a lab alert leads in the console: the lab's validation worksheet (CONSOLE_ROUTES.limsLisvalidation) opened on
 * the order and its sample, by these query parameters (the worksheet reads them).
 */
export const LAB_WORKSHEET_QUERY = { labOrderId: 'order', barcode: 'sample' } as const;
export const labWorksheetQuery = (lab: Pick<CriticalLabFacts, 'labOrderId' | 'barcode'>): string =>
  new URLSearchParams({
    [LAB_WORKSHEET_QUERY.labOrderId]: lab.labOrderId,
    [LAB_WORKSHEET_QUERY.barcode]: lab.barcode,
  }).toString();

/**
 * A critical result alert (docs/decisions/0187-critical-results.md, 0307): the reading radiologist flags a finding on
 * a case, or the LIMS reports a lab order's critical values; the centre is told at once (socket `critical:alert` and
 * e-mail) and must acknowledge; an alert still OPEN after its centre's escalation time is ESCALATED to the centre's
 * admins. `escalateAfterMinutes` is the time that applied when it was flagged (fractions allowed: a test centre
 * escalates after seconds). `subject` says which of `caseId` (CASE) and `lab` (LAB) is set; a lab alert's `finding`
 * is its values in words and `flaggedBy` is null when an analyzer sent them.
 */
export const criticalAlertSchema = z.object({
  id,
  subject: z.enum(CRITICAL_ALERT_SUBJECTS),
  caseId: id.nullable(),
  reportId: id.nullable(),
  centreId: id.nullable(),
  finding: z.string(),
  status: z.enum(CRITICAL_ALERT_STATUSES),
  flaggedBy: id.nullable(),
  flaggedByName: z.string().nullable(),
  flaggedAt: z.string(),
  acknowledgedBy: id.nullable(),
  acknowledgedByName: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  escalateAfterMinutes: z.number(),
  lab: criticalLabFactsSchema.nullable(),
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
  notLabCentreSide: "Only a user of the lab order's centre can acknowledge a critical result",
  caseOrLabOrder: 'Give a caseId or a labOrderId, not both',
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
