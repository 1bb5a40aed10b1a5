import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import {
  footerTopFieldSchema,
  REPORT_HTML_MAX,
  reportSchema,
  reportVersionSchema,
  reportVersionSummarySchema,
} from './report-entities.js';

/**
 * Reports: open under the lock, save with versions, the typist and review flow, finalize, addenda (helper "reports";
 * docs/decisions/0173-report-model-and-workflow.md). Every call answers 404 for a case the caller cannot see; a
 * refusal of the workflow is 409 with its message.
 */
const id = z.uuid();
const byCase = z.object({ caseId: id }).strict();
const VIEW = requirement('WORKLIST', WORKLIST.REPORT_VIEW);
const WRITE = requirement('WORKLIST', WORKLIST.GENERATE_REPORT, WORKLIST.TRANSCRIBE);
const html = z.string().max(REPORT_HTML_MAX);

export const reportSaveBody = z
  .object({
    caseId: id,
    reportHTML: html,
    testName: z.string().trim().max(200).nullable().optional(),
    templateId: id.nullable().optional(),
    footerTopFields: z.array(footerTopFieldSchema).max(20).optional(),
    /** The version the editor holds: another one is 409 (someone saved meanwhile). */
    baseVersion: z.number().int().min(0),
  })
  .strict();

export const REPORT_ENDPOINTS = {
  getReportData: ep({
    method: 'POST',
    path: '/get/reportdata',
    access: VIEW,
    body: byCase,
    data: reportSchema,
    errors: [404],
  }),
  lockReport: ep({
    method: 'POST',
    path: '/report/lock',
    access: WRITE,
    body: byCase,
    data: reportSchema,
    errors: [404, 409],
  }),
  unlockReport: ep({
    method: 'POST',
    path: '/report/unlock',
    access: WRITE,
    body: byCase,
    data: z.object({ released: z.boolean() }),
    errors: [404],
  }),
  saveReport: ep({
    method: 'POST',
    path: '/report/save',
    access: WRITE,
    body: reportSaveBody,
    data: reportSchema,
    errors: [404, 409],
  }),
  reportVersions: ep({
    method: 'POST',
    path: '/report/versions',
    access: VIEW,
    body: byCase,
    data: z.object({ versions: z.array(reportVersionSummarySchema) }),
    errors: [404],
  }),
  reportVersion: ep({
    method: 'POST',
    path: '/report/version',
    access: VIEW,
    body: z.object({ caseId: id, version: z.number().int().min(1) }).strict(),
    data: reportVersionSchema,
    errors: [404],
  }),
  sendReportToTypist: ep({
    method: 'POST',
    path: '/report/sendToTypist',
    access: requirement('WORKLIST', WORKLIST.GENERATE_REPORT),
    body: z.object({ caseId: id, typistId: id.nullable().optional() }).strict(),
    data: reportSchema,
    errors: [404, 409],
  }),
  submitReportForReview: ep({
    method: 'POST',
    path: '/report/submitForReview',
    access: WRITE,
    body: byCase,
    data: reportSchema,
    errors: [404, 409],
  }),
  finalizeReport: ep({
    method: 'POST',
    path: '/report/finalize',
    access: requirement('WORKLIST', WORKLIST.GENERATE_REPORT),
    body: byCase,
    data: reportSchema,
    errors: [400, 404, 409],
  }),
  saveAddendum: ep({
    method: 'POST',
    path: '/report/addendum/save',
    access: requirement('WORKLIST', WORKLIST.ADDENDUM),
    body: z.object({ caseId: id, html }).strict(),
    data: reportSchema,
    errors: [404, 409],
  }),
  finalizeAddendum: ep({
    method: 'POST',
    path: '/report/addendum/finalize',
    access: requirement('WORKLIST', WORKLIST.ADDENDUM),
    body: byCase,
    data: reportSchema,
    errors: [400, 404, 409],
  }),
} as const;
