import { z } from 'zod';
import { RESULT_STATUSES } from './result-states.js';

/**
 * A registration as Test Reporting lists it (`/lims/testreporting`; docs/decisions/0309): its patient and its lab
 * tests with where their results are; only SIGNED tests print.
 */
export const reportableTestSchema = z.object({
  orderId: z.uuid(),
  testCode: z.string(),
  testName: z.string(),
  department: z.string().nullable(),
  subDepartmentName: z.string().nullable(),
  /** The results' status (PENDING until the first entry). */
  status: z.enum(RESULT_STATUSES),
  amendment: z.number().int().min(0),
  signedAt: z.string().nullable(),
});
export type ReportableTest = z.infer<typeof reportableTestSchema>;

export const reportableRegistrationSchema = z.object({
  registrationId: z.uuid(),
  registrationNumber: z.string(),
  registeredAt: z.string(),
  centreId: z.uuid(),
  patient: z.object({
    patientName: z.string(),
    mrNumber: z.string(),
    gender: z.string(),
    dateOfBirth: z.string().nullable(),
    /** The phone number the registration gave (offered for the SMS), when it gave one. */
    phoneNumber: z.string().nullable(),
  }),
  tests: z.array(reportableTestSchema),
});
export type ReportableRegistration = z.infer<typeof reportableRegistrationSchema>;

/** `queued`: the worker has not stored the PDF yet (ask again shortly); `ready`: `url` downloads it. */
export const LAB_REPORT_STATES = ['queued', 'ready'] as const;
export type LabReportState = (typeof LAB_REPORT_STATES)[number];

/** A lab report's PDF: one per registration and choice of signed tests at their amendments. */
export const labReportFileSchema = z.object({
  reportId: z.uuid(),
  registrationId: z.uuid(),
  /** The signed tests the report holds, in the order it prints them. */
  testCodes: z.array(z.string()),
  state: z.enum(LAB_REPORT_STATES),
  /** A presigned GET of the stored PDF, valid for 5 minutes, when ready; else null. */
  url: z.string().nullable(),
});
export type LabReportFile = z.infer<typeof labReportFileSchema>;

/**
 * A FHIR R4 DiagnosticReport of the lab report (JSON) with its Patient and Observations contained. Typed in full on
 * the server with @medplum/fhirtypes; the contract checks its kind and passes the rest as built.
 */
export const labFhirReportSchema = z.looseObject({
  resourceType: z.literal('DiagnosticReport'),
  status: z.enum(['final', 'amended']),
});
