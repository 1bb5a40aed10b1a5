import { z } from 'zod';
import { ADDENDUM_STATUSES, REPORT_STATUSES } from './states.js';

/**
 * A case's report as the reporting API shows it (docs/decisions/0173-report-model-and-workflow.md): one per case,
 * its HTML sanitised on the server, versioned on every save, under a two-minute lock while someone types, signed at
 * finalize (doctorInfo), followed by addenda that never change it.
 */
const id = z.uuid();

export const REPORT_LOCK_SECONDS = 120;

export const reportDoctorInfoSchema = z.object({
  doctorName: z.string(),
  qualificationName: z.string().nullable(),
  signature: z.object({ fileID: z.string() }).nullable(),
});
export type ReportDoctorInfo = z.infer<typeof reportDoctorInfoSchema>;

export const footerTopFieldSchema = z.object({ label: z.string().max(100), value: z.string().max(500) });
export type FooterTopField = z.infer<typeof footerTopFieldSchema>;

export const reportPatientSchema = z.object({
  patientName: z.string(),
  age: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** The patient ID. */
  mrID: z.string(),
  /** The accession number. */
  registrationID: z.string().nullable(),
  referredName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type ReportPatient = z.infer<typeof reportPatientSchema>;

export const reportStudySchema = z.object({
  modality: z.string().nullable(),
  studyDescription: z.string().nullable(),
  studyDate: z.string().nullable(),
  bodyPart: z.string().nullable(),
});
export type ReportStudy = z.infer<typeof reportStudySchema>;

export const addendumSchema = z.object({
  id,
  reportId: id,
  status: z.enum(ADDENDUM_STATUSES),
  html: z.string(),
  addendumDoctorInfo: reportDoctorInfoSchema.nullable(),
  createdBy: id,
  createdAt: z.string(),
  finalizedAt: z.string().nullable(),
});
export type Addendum = z.infer<typeof addendumSchema>;

export const reportLockSchema = z.object({ userId: id, userName: z.string().nullable(), expiresAt: z.string() });
export type ReportLock = z.infer<typeof reportLockSchema>;

export const reportSchema = z.object({
  id,
  caseId: id,
  status: z.enum(REPORT_STATUSES),
  /** The latest version number (0: never saved). */
  version: z.number().int(),
  reportHTML: z.string(),
  testName: z.string().nullable(),
  templateId: id.nullable(),
  doctorInfo: reportDoctorInfoSchema.nullable(),
  footerTopFields: z.array(footerTopFieldSchema),
  patient: reportPatientSchema,
  study: reportStudySchema,
  centreId: id.nullable(),
  finalizedAt: z.string().nullable(),
  finalizedBy: id.nullable(),
  addenda: z.array(addendumSchema),
  lock: reportLockSchema.nullable(),
  pdf: z.object({ version: z.number().int(), key: z.string(), createdAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportVersionSchema = z.object({
  reportId: id,
  version: z.number().int(),
  html: z.string(),
  savedBy: id,
  savedByName: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;
export const reportVersionSummarySchema = reportVersionSchema.omit({ html: true });
export type ReportVersionSummary = z.infer<typeof reportVersionSummarySchema>;

/** The most HTML a report or an addendum holds (characters, before sanitising). */
export const REPORT_HTML_MAX = 1_000_000;

/** The reports' designed refusals (409 unless said): each says what was refused. */
export const REPORT_MESSAGES = {
  notLocked: 'Take the report lock before saving: open the report for editing again',
  versionConflict: 'The report was saved by someone else meanwhile: reload it to see the latest version',
  finalized: 'The report is final: write an addendum instead',
  notFinal: 'An addendum follows a final report only',
  noAddendum: 'There is no addendum draft to finalize',
  emptyReport: 'The report is empty: write it before sending it on',
  /** 400 at finalize (decision 0196): the template's fields still showing their placeholder, by label. */
  unfilledFields: (labels: readonly string[]) =>
    `Fill in or remove the template fields before finalizing: ${labels.join(', ')}`,
  versionNotFound: 'No such version of the report',
  notYours: (status: string) => `The report cannot be changed by you while the case is ${status}`,
} as const;
