import { z } from 'zod';
import { GENERIC, WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { instant } from '../api/instant.js';
import { caseSchema } from './entities.js';
import {
  ALL_STATUSES_TAB,
  CASE_LEGENDS,
  CASE_PRIORITIES,
  CASE_STATUSES,
  TYPIST_ASSIGNMENT_MODES,
  WORKFLOW_TYPES,
} from './states.js';

/**
 * The worklist's reads (spec §7 paths word for word): /cases/get (a page), /cases/find, /cases/findOne,
 * /getworklist/statistics, /worklistcreate (a PENDING FOR SCAN registration), /worklist/edit, and the centre
 * settings the cases service owns (docs/decisions/0118-worklist-queries.md, 0119-centre-settings.md).
 */
const id = z.uuid();
const text = (max: number) => z.string().trim().max(max);

/** The sortable columns of the worklist page: each is an index-backed order (see the cases migrations). */
export const CASE_SORT_KEYS = ['receivedAt', 'dueAt', 'patientName', 'status', 'modality', 'priority'] as const;
export type CaseSortKey = (typeof CASE_SORT_KEYS)[number];

/** The worklist's filters: what /cases/get and /cases/find take besides paging (and what the console keeps in the URL). */
export const caseFilterShape = {
  /** The status tab; ALL is every status. */
  status: z.enum([ALL_STATUSES_TAB, ...CASE_STATUSES]).default(ALL_STATUSES_TAB),
  /** Received between (ISO 8601 instants, inclusive from, exclusive to). */
  receivedFrom: instant().optional(),
  receivedTo: instant().optional(),
  modality: text(16).toUpperCase().min(1).optional(),
  centreId: id.optional(),
  radiologistId: id.optional(),
  priority: z.enum(CASE_PRIORITIES).optional(),
  workflowType: z.enum(WORKFLOW_TYPES).optional(),
  /** Every listed legend (AND). */
  legends: z.array(z.enum(CASE_LEGENDS)).max(CASE_LEGENDS.length).optional(),
  /**
   * Free text: the start of a word of the patient's name, or the start of the patient ID or the accession number
   * (case-insensitive; docs/decisions/0118-worklist-queries.md).
   */
  search: text(64).optional(),
};

/** A page of the worklist: page numbers (OFFSET) or, for deep paging, the keyset cursor of the previous page. */
export const caseListBody = z
  .object({
    ...caseFilterShape,
    sortBy: z.enum(CASE_SORT_KEYS).default('receivedAt'),
    sortDir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(50),
    /** `nextCursor` of the previous page (same filters and sort): the page after it, read by the index. */
    cursor: z.string().max(512).optional(),
  })
  .strict();
export type CaseListBody = z.output<typeof caseListBody>;

export const casePageSchema = z.object({
  items: z.array(caseSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * Cases matching the filter, from the maintained counts, when the filter is one of their dimensions (status,
   * centre, radiologist, workflow type, modality, priority); null when counting would scan (dates, legends, text).
   */
  total: z.number().int().nullable(),
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});

/** Counts per status of the caller's reach (the tabs), and turnaround figures. */
export const worklistStatisticsBody = z
  .object({
    centreId: id.optional(),
    radiologistId: id.optional(),
    workflowType: z.enum(WORKFLOW_TYPES).optional(),
    /** The window of the completed cases the medians are taken over, in hours (default a day, at most 31 days). */
    windowHours: z.coerce
      .number()
      .int()
      .min(1)
      .max(31 * 24)
      .default(24),
    /**
     * Also the figures per centre and per radiologist (the dashboards; docs/decisions/0157-dashboards.md): counts
     * per status from the maintained counts, and the median time to complete over the window.
     */
    breakdown: z.boolean().default(false),
  })
  .strict();

/** One centre's or radiologist's figures of a statistics breakdown (id null: no centre / not assigned). */
export const statisticsBreakdownSchema = z.object({
  id: id.nullable(),
  /** From the cases service's directory; null when it does not know the centre or user (yet). */
  name: z.string().nullable(),
  counts: z.record(z.enum(CASE_STATUSES), z.number().int()),
  total: z.number().int(),
  /** Completed in the window, and their median minutes from received to completed (null: none completed). */
  completed: z.number().int(),
  medianMinutesToComplete: z.number().nullable(),
});
export type StatisticsBreakdown = z.infer<typeof statisticsBreakdownSchema>;

export const worklistStatisticsSchema = z.object({
  /** Cases per status (every status present, 0 where none), and ALL. */
  counts: z.record(z.enum([ALL_STATUSES_TAB, ...CASE_STATUSES]), z.number().int()),
  turnaround: z.object({
    /** Open cases (not COMPLETED, not PENDING FOR SCAN) whose due time has passed. */
    overdue: z.number().int(),
    /** Open cases due within the next hour. */
    dueWithinHour: z.number().int(),
    /** Median minutes from received to completed of the cases completed in the window, per modality. */
    medianMinutesToComplete: z.array(
      z.object({ modality: z.string().nullable(), completed: z.number().int(), medianMinutes: z.number() }),
    ),
    windowHours: z.number().int(),
  }),
  /** With `breakdown`: per centre and per radiologist, the largest totals first. */
  byCentre: z.array(statisticsBreakdownSchema).optional(),
  byRadiologist: z.array(statisticsBreakdownSchema).optional(),
});
export type WorklistStatistics = z.infer<typeof worklistStatisticsSchema>;

const patientAndStudy = {
  patientName: text(128).min(1),
  patientId: text(64).min(1),
  accessionNumber: text(64).min(1).nullable().optional(),
  modality: text(16).toUpperCase().min(1),
  priority: z.enum(CASE_PRIORITIES).default('ROUTINE'),
  studyDescription: text(256).nullable().optional(),
  bodyPart: text(64).nullable().optional(),
  patientSex: z.enum(['M', 'F', 'O']).nullable().optional(),
  /** DICOM DA (YYYYMMDD). */
  patientBirthDate: z
    .string()
    .regex(/^\d{8}$/)
    .nullable()
    .optional(),
};

/** A registration before the study arrives (PENDING FOR SCAN); the study is matched by patient ID or accession. */
export const worklistCreateBody = z.object({ ...patientAndStudy, centreId: id }).strict();

/** A case's patient and study details and priority, corrected; `version` is the case's optimistic-concurrency token. */
export const worklistEditBody = z
  .object({
    _id: id,
    version: z.number().int(),
    patientName: patientAndStudy.patientName.optional(),
    patientId: patientAndStudy.patientId.optional(),
    accessionNumber: patientAndStudy.accessionNumber,
    modality: patientAndStudy.modality.optional(),
    priority: z.enum(CASE_PRIORITIES).optional(),
    studyDescription: patientAndStudy.studyDescription,
    bodyPart: patientAndStudy.bodyPart,
    patientSex: patientAndStudy.patientSex,
    patientBirthDate: patientAndStudy.patientBirthDate,
  })
  .strict();

/** Turnaround minutes of one priority, optionally per modality (a modality's figure wins over the priority's). */
const minutes = z
  .number()
  .int()
  .min(1)
  .max(30 * 24 * 60);
export const centreSettingsSchema = z.object({
  centreId: id,
  /** Does a radiologist accept an assigned case (PENDING FOR ACCEPTANCE) before reading it? */
  requiresAcceptance: z.boolean(),
  typistAssignment: z.enum(TYPIST_ASSIGNMENT_MODES),
  /** NEW cases go to an online radiologist of the right specialization with the least open work. */
  autoAssign: z.boolean(),
  /** Minutes per priority (missing: DEFAULT_TURNAROUND_MINUTES). */
  turnaroundMinutes: z.partialRecord(z.enum(CASE_PRIORITIES), minutes),
  /** Minutes per modality and priority, e.g. { CT: { STAT: 45 } }. */
  turnaroundByModality: z.record(z.string().min(1).max(16), z.partialRecord(z.enum(CASE_PRIORITIES), minutes)),
  updatedAt: z.string().nullable(),
});
export type CentreSettings = z.infer<typeof centreSettingsSchema>;

export const centreSettingsUpdateBody = z
  .object({
    centreId: id,
    requiresAcceptance: z.boolean().optional(),
    typistAssignment: z.enum(TYPIST_ASSIGNMENT_MODES).optional(),
    autoAssign: z.boolean().optional(),
    turnaroundMinutes: centreSettingsSchema.shape.turnaroundMinutes.optional(),
    turnaroundByModality: centreSettingsSchema.shape.turnaroundByModality.optional(),
  })
  .strict();

const byCaseId = z.object({ _id: id }).strict();

export const CASE_QUERY_ENDPOINTS = {
  getCases: ep({
    method: 'POST',
    path: '/cases/get',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: caseListBody,
    data: casePageSchema,
  }),
  /** The cases matching a filter, without paging metadata (at most 100): e.g. the ids the console bulk-selects. */
  findCases: ep({
    method: 'POST',
    path: '/cases/find',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: z
      .object({
        ...caseFilterShape,
        ids: z.array(id).min(1).max(100).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(100),
      })
      .strict(),
    data: z.array(caseSchema),
  }),
  findOneCase: ep({
    method: 'POST',
    path: '/cases/findOne',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: byCaseId,
    data: caseSchema,
    errors: [404],
  }),
  getWorklistStatistics: ep({
    method: 'POST',
    path: '/getworklist/statistics',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: worklistStatisticsBody,
    data: worklistStatisticsSchema,
  }),
  createWorklistCase: ep({
    method: 'POST',
    path: '/worklistcreate',
    access: requirement('WORKLIST', WORKLIST.IMPORT, WORKLIST.ASSIGN),
    body: worklistCreateBody,
    data: caseSchema,
    errors: [404],
  }),
  editWorklistCase: ep({
    method: 'POST',
    path: '/worklist/edit',
    access: requirement('WORKLIST', WORKLIST.IMPORT, WORKLIST.ASSIGN),
    body: worklistEditBody,
    data: caseSchema,
    errors: [404, 409],
  }),
  getCentreSettings: ep({
    method: 'POST',
    path: '/centre/settings/get',
    access: requirement('CENTERS', GENERIC.VIEW),
    body: z.object({ centreId: id }).strict(),
    data: centreSettingsSchema,
    errors: [404],
  }),
  updateCentreSettings: ep({
    method: 'POST',
    path: '/centre/settings/update',
    access: requirement('CENTERS', GENERIC.EDIT),
    body: centreSettingsUpdateBody,
    data: centreSettingsSchema,
    errors: [404],
  }),
} as const;
