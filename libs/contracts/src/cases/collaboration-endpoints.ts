import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { instant } from '../api/instant.js';
import { downloadSchema } from '../imaging/entities.js';
import {
  caseCommentSchema,
  caseRatingSchema,
  caseShareSchema,
  patientHistorySchema,
  sharedCaseSchema,
} from './entities.js';
import { CASE_SORT_KEYS, caseFilterShape } from './query-endpoints.js';

/**
 * Around a case (spec §7 paths word for word where the spec names them; docs/decisions/0142..0146):
 * /patienthistory/create|find (and /patienthistory/update|delete: edit and delete have privileges of their own),
 * /comment/add|find (the case's chat, pushed as `cases:comment-added`), /share and the public /findShareCase (an
 * expiring read-only link; 410 once expired), /download/initiate (imaging's study zip), /preferredcolumn/create|find
 * (the worklist's column chooser), /rating/create|find (rating and feedback), /cases/export (CSV or XLSX of the
 * worklist filter, a file). Every call on a case answers 404 for a case out of the caller's reach.
 */
const id = z.uuid();
const caseRef = z.object({ caseId: id }).strict();
const text = (max: number) => z.string().trim().min(1).max(max);

/** The messages of the calls around a case (designed: the specification gives no words for them). */
export const COLLABORATION_MESSAGES = {
  historyAdded: 'Patient History Added Successfully',
  historyUpdated: 'Patient History Updated Successfully',
  historyDeleted: 'Patient History Deleted Successfully',
  historyNotFound: 'Patient history not found',
  historyConflict: 'The history entry was changed by someone else. Refresh and try again.',
  commentAdded: 'Comment Added Successfully',
  shared: 'Case Shared Successfully',
  shareNotFound: 'This link is not valid',
  shareExpired: 'This link has expired. Ask for a new link to the case.',
  downloadStarted: 'Download Initiated Successfully',
  noStudyToDownload: 'The case has no study to download yet',
  imagingUnavailable: 'The imaging service could not start the download. Try again later.',
  columnsSaved: 'Columns Saved Successfully',
  rated: 'Rating Saved Successfully',
  ratingNotAllowed: 'Only a completed case can be rated',
} as const;

// ---- patient history ----
export const patientHistoryCreateBody = z.object({ caseId: id, text: text(4000) }).strict();
export const patientHistoryUpdateBody = z
  .object({ caseId: id, _id: id, version: z.number().int().min(1), text: text(4000) })
  .strict();
export const patientHistoryDeleteBody = z.object({ caseId: id, _id: id }).strict();
/** The history of the case's patient (every case of the same patient ID in the company), newest first. */
export const patientHistoryFindBody = caseRef;

// ---- chat ----
export const commentAddBody = z.object({ caseId: id, text: text(2000) }).strict();
/** The newest `limit` messages before `before` (a createdAt of an older page), answered oldest first. */
export const commentFindBody = z
  .object({
    caseId: id,
    before: instant().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  })
  .strict();
export const commentPageSchema = z.object({ items: z.array(caseCommentSchema), hasMore: z.boolean() });

// ---- sharing ----
/** How long a shared link works: default a day, at most a week. */
export const SHARE_MAX_HOURS = 7 * 24;
export const shareBody = z
  .object({ caseId: id, expiresInHours: z.coerce.number().int().min(1).max(SHARE_MAX_HOURS).default(24) })
  .strict();
export const findShareCaseBody = z.object({ token: z.string().trim().min(20).max(200) }).strict();

// ---- worklist columns ----
/** The worklist's columns a user may choose (the console's column chooser; export takes the same keys). */
export const WORKLIST_COLUMNS = [
  'patientName',
  'patientId',
  'accessionNumber',
  'patientSex',
  'patientBirthDate',
  'modality',
  'studyDescription',
  'bodyPart',
  'studyDate',
  'centreName',
  'status',
  'worklistStatus',
  'workflowType',
  'priority',
  'legends',
  'radiologistName',
  'typistName',
  'seriesCount',
  'instanceCount',
  'receivedAt',
  'dueAt',
  'assignedAt',
  'completedAt',
] as const;
export type WorklistColumn = (typeof WORKLIST_COLUMNS)[number];
/** The columns shown until the user chooses. */
export const DEFAULT_WORKLIST_COLUMNS: readonly WorklistColumn[] = [
  'patientName',
  'patientId',
  'accessionNumber',
  'modality',
  'studyDescription',
  'centreName',
  'worklistStatus',
  'priority',
  'radiologistName',
  'receivedAt',
  'dueAt',
];
/** The screens whose columns the cases service keeps: the worklist (/cases) and the fusion cases page (fccases). */
export const WORKLIST_SCREENS = ['cases', 'fccases'] as const;
export const preferredColumnCreateBody = z
  .object({
    screen: z.enum(WORKLIST_SCREENS),
    columns: z.array(z.enum(WORKLIST_COLUMNS)).min(1).max(WORKLIST_COLUMNS.length),
  })
  .strict();
export const preferredColumnFindBody = z.object({ screen: z.enum(WORKLIST_SCREENS) }).strict();
export const worklistColumnsSchema = z.object({
  screen: z.enum(WORKLIST_SCREENS),
  columns: z.array(z.enum(WORKLIST_COLUMNS)),
  /** True when the user has not chosen (the columns are DEFAULT_WORKLIST_COLUMNS). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type WorklistColumns = z.infer<typeof worklistColumnsSchema>;

// ---- rating and feedback ----
export const ratingCreateBody = z
  .object({ caseId: id, stars: z.number().int().min(1).max(5), feedback: z.string().trim().max(2000).optional() })
  .strict();
export const ratingFindBody = caseRef;
export const caseRatingsSchema = z.object({
  items: z.array(caseRatingSchema),
  count: z.number().int(),
  /** Mean stars (one decimal), null when none. */
  average: z.number().nullable(),
});

// ---- export ----
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The most rows one export writes (the rest is cut; the answer's x-export-row-limit header says the limit). */
export const EXPORT_MAX_ROWS = 100_000;
export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** The worklist filter of /cases/get (no paging), the order, the format and the columns (default: all). */
export const caseExportBody = z
  .object({
    ...caseFilterShape,
    sortBy: z.enum(CASE_SORT_KEYS).default('receivedAt'),
    sortDir: z.enum(['asc', 'desc']).default('desc'),
    format: z.enum(EXPORT_FORMATS).default('csv'),
    columns: z.array(z.enum(WORKLIST_COLUMNS)).min(1).max(WORKLIST_COLUMNS.length).optional(),
  })
  .strict();
export type CaseExportBody = z.output<typeof caseExportBody>;
/** The headers of the export's columns (the first row of the CSV and of the sheet). */
export const WORKLIST_COLUMN_LABELS: Record<WorklistColumn, string> = {
  patientName: 'Patient Name',
  patientId: 'Patient ID',
  accessionNumber: 'Accession Number',
  patientSex: 'Sex',
  patientBirthDate: 'Birth Date',
  modality: 'Modality',
  studyDescription: 'Study Description',
  bodyPart: 'Body Part',
  studyDate: 'Study Date',
  centreName: 'Centre',
  status: 'Case Status',
  worklistStatus: 'Status',
  workflowType: 'Workflow',
  priority: 'Priority',
  legends: 'Legends',
  radiologistName: 'Radiologist',
  typistName: 'Transcriptionist',
  seriesCount: 'Series',
  instanceCount: 'Images',
  receivedAt: 'Received',
  dueAt: 'Due',
  assignedAt: 'Assigned',
  completedAt: 'Completed',
};
export const EXPORT_ROW_LIMIT_HEADER = 'x-export-row-limit';

const W = WORKLIST;
export const CASE_COLLABORATION_ENDPOINTS = {
  createPatientHistory: ep({
    method: 'POST',
    path: '/patienthistory/create',
    access: requirement('WORKLIST', W.HISTORY_ADD),
    body: patientHistoryCreateBody,
    data: patientHistorySchema,
    errors: [404],
  }),
  updatePatientHistory: ep({
    method: 'POST',
    path: '/patienthistory/update',
    access: requirement('WORKLIST', W.HISTORY_EDIT),
    body: patientHistoryUpdateBody,
    data: patientHistorySchema,
    errors: [404, 409],
  }),
  deletePatientHistory: ep({
    method: 'POST',
    path: '/patienthistory/delete',
    access: requirement('WORKLIST', W.HISTORY_DELETE),
    body: patientHistoryDeleteBody,
    data: z.object({ _id: id }),
    errors: [404],
  }),
  findPatientHistory: ep({
    method: 'POST',
    path: '/patienthistory/find',
    access: requirement('WORKLIST', W.VIEW),
    body: patientHistoryFindBody,
    data: z.array(patientHistorySchema),
    errors: [404],
  }),
  addComment: ep({
    method: 'POST',
    path: '/comment/add',
    access: requirement('WORKLIST', W.CHAT),
    body: commentAddBody,
    data: caseCommentSchema,
    errors: [404],
  }),
  findComments: ep({
    method: 'POST',
    path: '/comment/find',
    access: requirement('WORKLIST', W.CHAT, W.VIEW),
    body: commentFindBody,
    data: commentPageSchema,
    errors: [404],
  }),
  shareCase: ep({
    method: 'POST',
    path: '/share',
    access: requirement('WORKLIST', W.SEND_REPORT_TO_PATIENT, W.DOWNLOAD_PRINT),
    body: shareBody,
    data: caseShareSchema,
    errors: [404],
  }),
  /** Public: the read-only case of a shared link; 404 for an unknown token, 410 once the link has expired. */
  findShareCase: ep({
    method: 'POST',
    path: '/findShareCase',
    access: 'public',
    body: findShareCaseBody,
    data: sharedCaseSchema,
    errors: [404, 410],
  }),
  initiateDownload: ep({
    method: 'POST',
    path: '/download/initiate',
    access: requirement('WORKLIST', W.CASE_DOWNLOAD),
    body: caseRef,
    data: downloadSchema,
    errors: [404, 409],
  }),
  createPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/create',
    access: requirement('WORKLIST', W.VIEW),
    body: preferredColumnCreateBody,
    data: worklistColumnsSchema,
  }),
  findPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/find',
    access: requirement('WORKLIST', W.VIEW),
    body: preferredColumnFindBody,
    data: worklistColumnsSchema,
  }),
  rateCase: ep({
    method: 'POST',
    path: '/rating/create',
    access: requirement('WORKLIST', W.RATING_FEEDBACK),
    body: ratingCreateBody,
    data: caseRatingSchema,
    errors: [404, 409],
  }),
  findCaseRatings: ep({
    method: 'POST',
    path: '/rating/find',
    access: requirement('WORKLIST', W.RATING_FEEDBACK, W.VIEW),
    body: ratingFindBody,
    data: caseRatingsSchema,
    errors: [404],
  }),
  /** A file (CSV or XLSX), streamed: the success answer is the file, an error is the usual { status, data, message }. */
  exportCases: ep({
    method: 'POST',
    path: '/cases/export',
    access: requirement('WORKLIST', W.EXPORT),
    body: caseExportBody,
    data: z.null(),
    produces: [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx],
  }),
};
