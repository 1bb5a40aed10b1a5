// INTERIM: the shared interface of issue 12 (work/h12-common.md) as the editor calls it, written here until the
// reports, templates and output helpers' contracts are merged into main; then this file goes and reporting-api.ts
// imports REPORTING_API and the entity types from @rayworks/contracts (the keys below are theirs).
import {
  defineApi,
  endpoint as ep,
  requirement,
  WORKLIST,
  REPORT_STATUSES,
  ADDENDUM_STATUSES,
} from '@rayworks/contracts';
import { z } from 'zod';

const id = z.string();
const byCase = z.object({ caseId: id });
const VIEW = requirement('WORKLIST', WORKLIST.REPORT_VIEW);
const WRITE = requirement('WORKLIST', WORKLIST.GENERATE_REPORT, WORKLIST.TRANSCRIBE);

const doctorInfo = z.object({
  doctorName: z.string(),
  qualificationName: z.string().nullable(),
  signature: z.object({ fileID: z.string() }).nullable(),
});
const reportSchema = z.object({
  id,
  caseId: id,
  status: z.enum(REPORT_STATUSES),
  version: z.number().int(),
  reportHTML: z.string(),
  testName: z.string().nullable(),
  templateId: id.nullable(),
  doctorInfo: doctorInfo.nullable(),
  footerTopFields: z.array(z.object({ label: z.string(), value: z.string() })),
  patient: z.object({
    patientName: z.string(),
    age: z.string().nullable(),
    gender: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    mrID: z.string(),
    registrationID: z.string().nullable(),
    referredName: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  study: z.object({
    modality: z.string().nullable(),
    studyDescription: z.string().nullable(),
    studyDate: z.string().nullable(),
    bodyPart: z.string().nullable(),
  }),
  centreId: id.nullable(),
  finalizedAt: z.string().nullable(),
  finalizedBy: id.nullable(),
  addenda: z.array(
    z.object({
      id,
      reportId: id,
      status: z.enum(ADDENDUM_STATUSES),
      html: z.string(),
      addendumDoctorInfo: doctorInfo.nullable(),
      createdBy: id,
      createdAt: z.string(),
      finalizedAt: z.string().nullable(),
    }),
  ),
  lock: z.object({ userId: id, userName: z.string().nullable(), expiresAt: z.string() }).nullable(),
  pdf: z.object({ version: z.number().int(), key: z.string(), createdAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export type Addendum = Report['addenda'][number];

const versionSchema = z.object({
  reportId: id,
  version: z.number().int(),
  html: z.string(),
  savedBy: id,
  savedByName: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
});
export type ReportVersion = z.infer<typeof versionSchema>;
const versionSummary = versionSchema.omit({ html: true });
export type ReportVersionSummary = z.infer<typeof versionSummary>;

const templateSchema = z.object({
  id,
  name: z.string(),
  centreId: id.nullable(),
  ownerId: id.nullable(),
  modality: z.string().nullable(),
  bodyPart: z.string().nullable(),
  html: z.string(),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      options: z.array(z.object({ label: z.string(), text: z.string(), kind: z.enum(['normal', 'abnormal']) })),
    }),
  ),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportTemplate = z.infer<typeof templateSchema>;
const macroSchema = z.object({
  id,
  code: z.string(),
  text: z.string(),
  ownerId: id.nullable(),
  centreId: id.nullable(),
});
export type Macro = z.infer<typeof macroSchema>;

const deliverySchema = z.object({
  id,
  channel: z.enum(['mail', 'sms']),
  to: z.string(),
  status: z.enum(['QUEUED', 'SENT', 'RETRYING', 'FAILED']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const INTERIM_REPORTING_API = defineApi('reporting', {
  getReportData: ep({ method: 'POST', path: '/get/reportdata', access: VIEW, body: byCase, data: reportSchema }),
  lockReport: ep({ method: 'POST', path: '/report/lock', access: WRITE, body: byCase, data: reportSchema }),
  unlockReport: ep({
    method: 'POST',
    path: '/report/unlock',
    access: WRITE,
    body: byCase,
    data: z.object({ released: z.boolean() }),
  }),
  saveReport: ep({
    method: 'POST',
    path: '/report/save',
    access: WRITE,
    body: z.object({
      caseId: id,
      reportHTML: z.string(),
      testName: z.string().nullable().optional(),
      templateId: id.nullable().optional(),
      footerTopFields: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
      baseVersion: z.number().int(),
    }),
    data: reportSchema,
  }),
  reportVersions: ep({
    method: 'POST',
    path: '/report/versions',
    access: VIEW,
    body: byCase,
    data: z.object({ versions: z.array(versionSummary) }),
  }),
  reportVersion: ep({
    method: 'POST',
    path: '/report/version',
    access: VIEW,
    body: z.object({ caseId: id, version: z.number().int() }),
    data: versionSchema,
  }),
  sendReportToTypist: ep({
    method: 'POST',
    path: '/report/sendToTypist',
    access: requirement('WORKLIST', WORKLIST.GENERATE_REPORT),
    body: z.object({ caseId: id, typistId: id.nullable().optional() }),
    data: reportSchema,
  }),
  submitReportForReview: ep({
    method: 'POST',
    path: '/report/submitForReview',
    access: WRITE,
    body: byCase,
    data: reportSchema,
  }),
  finalizeReport: ep({
    method: 'POST',
    path: '/report/finalize',
    access: requirement('WORKLIST', WORKLIST.GENERATE_REPORT),
    body: byCase,
    data: reportSchema,
  }),
  saveAddendum: ep({
    method: 'POST',
    path: '/report/addendum/save',
    access: requirement('WORKLIST', WORKLIST.ADDENDUM),
    body: z.object({ caseId: id, html: z.string() }),
    data: reportSchema,
  }),
  finalizeAddendum: ep({
    method: 'POST',
    path: '/report/addendum/finalize',
    access: requirement('WORKLIST', WORKLIST.ADDENDUM),
    body: byCase,
    data: reportSchema,
  }),
  findReportTemplates: ep({
    method: 'POST',
    path: '/reportTemplates/find',
    access: 'authenticated',
    body: z.object({
      modality: z.string().optional(),
      bodyPart: z.string().optional(),
      centreId: id.optional(),
      active: z.boolean().optional(),
      search: z.string().optional(),
    }),
    data: z.object({ templates: z.array(templateSchema) }),
  }),
  findMacros: ep({
    method: 'POST',
    path: '/macros/find',
    access: 'authenticated',
    body: z.object({}),
    data: z.object({ macros: z.array(macroSchema) }),
  }),
  generateReport: ep({
    method: 'POST',
    path: '/generate/report',
    access: VIEW,
    body: byCase,
    data: z.object({
      reportId: id,
      version: z.number().int(),
      state: z.enum(['queued', 'ready']),
      url: z.string().nullable(),
    }),
  }),
  mailReport: ep({
    method: 'POST',
    path: '/mail',
    access: requirement('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT),
    body: z.object({ caseId: id, to: z.string(), name: z.string().optional() }),
    data: z.object({ deliveryId: id, message: z.string() }),
  }),
  smsReport: ep({
    method: 'POST',
    path: '/sms/report',
    access: requirement('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT),
    body: z.object({ caseId: id, phoneNumber: z.string() }),
    data: z.object({ deliveryId: id }),
  }),
  findDeliveries: ep({
    method: 'POST',
    path: '/deliveries/find',
    access: VIEW,
    body: byCase,
    data: z.object({ deliveries: z.array(deliverySchema) }),
  }),
});
