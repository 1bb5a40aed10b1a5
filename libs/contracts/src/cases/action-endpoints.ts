import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import type { CaseAction } from './actions.js';
import { caseSchema } from './entities.js';

/**
 * The transitions of the case machine (spec §7 paths word for word): /cases/assign (one or many ids),
 * /cases/worklistupdate (one action on one case: accept, reject, recall and its answer, hold, revert, unassign,
 * reassign, to typist, review, complete, rollback, addendum, flags), /cases/split, /cases/legends. Every one is a
 * transition of the cases service's one runner (docs/decisions/0122-one-transition-runner.md): 404 for a case out
 * of reach, 403 without the action's privilege, 409 when the machine or the action table refuses or the case
 * changed since it was read (`version`).
 */
const id = z.uuid();
const version = z.number().int().min(1);

/** One case to act on, with the version the caller read (optimistic concurrency). */
export const caseRefSchema = z.object({ _id: id, version }).strict();

/**
 * The actions /cases/worklistupdate takes (CASE_ACTIONS of libs/contracts/src/cases/actions.ts that move a case,
 * except ASSIGN, which is /cases/assign, and SPLIT, which is /cases/split).
 */
export const WORKLIST_UPDATE_ACTIONS = [
  'REASSIGN',
  'UNASSIGN',
  'RECALL',
  'ROLLBACK',
  'FLAG_EMERGENCY',
  'FLAG_MLC',
  'ACCEPT',
  'REJECT',
  'ACCEPT_RECALL',
  'REJECT_RECALL',
  'HOLD',
  'UNHOLD',
  'REVERT',
  'SEND_TO_TYPIST',
  'SUBMIT_FOR_REVIEW',
  'COMPLETE',
  'ADDENDUM',
  'TRANSCRIBE',
] as const satisfies readonly CaseAction[];
export type WorklistUpdateAction = (typeof WORKLIST_UPDATE_ACTIONS)[number];

const reason = z.string().trim().min(1).max(500);

/**
 * Assign one or many cases to a radiologist (an active user of each case's centre with a radiologist role) or to a
 * typist; each case is its own unit of work, the answer lists each case's result.
 */
export const assignCasesBody = z
  .object({
    cases: z.array(caseRefSchema).min(1).max(100),
    radiologistId: id.optional(),
    typistId: id.optional(),
  })
  .strict()
  .refine((b) => (b.radiologistId === undefined) !== (b.typistId === undefined), {
    message: 'Give either radiologistId or typistId',
    path: ['radiologistId'],
  });

/** One case's result of an assignment: its answer as if it were assigned alone. */
export const assignResultSchema = z.object({
  _id: id,
  status: z.enum(['success', 'error']),
  /** 200, or the error status this case got (404, 403, 409). */
  code: z.number().int(),
  message: z.string(),
  case: caseSchema.nullable(),
});
export type AssignResult = z.infer<typeof assignResultSchema>;

/**
 * One action on one case. `reason`: required to reject (CASE_MESSAGES.reasonRequired otherwise), kept for others.
 * `radiologistId`: the new radiologist of REASSIGN. `typistId`: SEND_TO_TYPIST to that typist (otherwise, where the
 * centre assigns typists automatically, its online typist with the least open work). FLAG_EMERGENCY and FLAG_MLC
 * toggle their legend (Emergency also the EMERGENT priority and the due time).
 */
export const worklistUpdateBody = z
  .object({
    _id: id,
    version,
    action: z.enum(WORKLIST_UPDATE_ACTIONS),
    reason: reason.optional(),
    radiologistId: id.optional(),
    typistId: id.optional(),
  })
  .strict();

/** Split a case by series before it is read: the first part stays the case, every other part becomes a new case. */
export const splitCaseBody = z
  .object({
    _id: id,
    version,
    /** Two or more parts, each a non-empty set of the study's SeriesInstanceUIDs; no series in two parts. */
    parts: z
      .array(z.array(z.string().trim().min(1).max(64)).min(1).max(500))
      .min(2)
      .max(20),
  })
  .strict();

export const splitCaseSchema = z.object({ case: caseSchema, children: z.array(caseSchema) });

/** The legends a reader sets on a case (Emergency and MLC are flags: FLAG_EMERGENCY / FLAG_MLC). */
export const READER_LEGENDS = ['Interested', 'Mark as Research'] as const;
export const caseLegendBody = z.object({ _id: id, version, legend: z.enum(READER_LEGENDS), on: z.boolean() }).strict();

/** The availability the assign picker filters by (spec: radiologists and typists switch online/offline). */
export const ASSIGNEE_AVAILABILITIES = ['ONLINE', 'OFFLINE'] as const;
export type AssigneeAvailability = (typeof ASSIGNEE_AVAILABILITIES)[number];

/**
 * Who a centre's cases can go to: its active radiologists or typists, online first, then the least open work.
 * `specialization`: only who reads it — one listing it (case-insensitive), or one with no specializations (reads
 * everything); `availability`: only who is online, or offline (docs/decisions/0349-assign-confirmation-and-picker.md).
 */
export const caseAssigneesBody = z
  .object({
    centreId: id,
    as: z.enum(['radiologist', 'typist']),
    specialization: z.string().trim().min(1).max(80).optional(),
    availability: z.enum(ASSIGNEE_AVAILABILITIES).optional(),
  })
  .strict();
export const caseAssigneeSchema = z.object({
  id,
  fullName: z.string(),
  specializations: z.array(z.string()),
  isAvailable: z.boolean(),
  openWork: z.number().int().min(0),
});
export type CaseAssignee = z.infer<typeof caseAssigneeSchema>;

const W = WORKLIST;
export const CASE_ACTION_ENDPOINTS = {
  caseAssignees: ep({
    method: 'POST',
    path: '/cases/assignees',
    access: requirement('WORKLIST', W.ASSIGN, W.REASSIGN, W.GENERATE_REPORT),
    body: caseAssigneesBody,
    data: z.object({
      assignees: z.array(caseAssigneeSchema),
      /** Every specialization of the centre's people of this kind, whatever the filter: the picker's choices. */
      specializations: z.array(z.string()),
    }),
    errors: [404],
  }),
  assignCases: ep({
    method: 'POST',
    path: '/cases/assign',
    access: requirement('WORKLIST', W.ASSIGN, W.REASSIGN),
    body: assignCasesBody,
    data: z.object({ results: z.array(assignResultSchema) }),
    errors: [404, 409],
  }),
  worklistUpdate: ep({
    method: 'POST',
    path: '/cases/worklistupdate',
    // the action's own privilege is checked by the service (403): this is any worklist privilege that moves a case
    access: requirement(
      'WORKLIST',
      W.ASSIGN,
      W.REASSIGN,
      W.UNASSIGN,
      W.RECALL,
      W.ROLLBACK,
      W.FLAG_EMERGENCY_MLC,
      W.ACCEPT,
      W.REJECT,
      W.GENERATE_REPORT,
      W.ADDENDUM,
      W.TRANSCRIBE,
    ),
    body: worklistUpdateBody,
    data: caseSchema,
    errors: [404, 409],
  }),
  splitCase: ep({
    method: 'POST',
    path: '/cases/split',
    access: requirement('WORKLIST', W.SPLIT_CASE),
    body: splitCaseBody,
    data: splitCaseSchema,
    errors: [404, 409],
  }),
  setCaseLegend: ep({
    method: 'POST',
    path: '/cases/legends',
    access: requirement('WORKLIST', W.VIEW),
    body: caseLegendBody,
    data: caseSchema,
    errors: [404, 409],
  }),
};
