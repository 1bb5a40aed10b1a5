/**
 * The states of a case, written once (spec §4 word for word; the transitions between them are the machines of
 * libs/lifecycles/src/case and src/fusion, docs/decisions/0113-case-model.md).
 */

/**
 * A case's status (spec §4 "Case statuses (action table)", without ALL, which is the worklist's tab of every
 * status): PENDING FOR SCAN (registered before its study arrived), NEW (study arrived, nobody assigned),
 * PENDING FOR ACCEPTANCE (assigned where the centre requires the radiologist to accept), IN PROGRESS (the
 * radiologist reads it), PENDING AT TYPIST, PENDING FOR REVIEW, COMPLETED, REJECTED (by the radiologist, with a
 * reason; waits to be reassigned), RECALLED (an admin's recall the radiologist accepted; waits to be reassigned).
 */
export const CASE_STATUSES = [
  'PENDING FOR SCAN',
  'NEW',
  'PENDING FOR ACCEPTANCE',
  'IN PROGRESS',
  'PENDING AT TYPIST',
  'PENDING FOR REVIEW',
  'COMPLETED',
  'REJECTED',
  'RECALLED',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** The worklist's tab of every status (spec §4 lists it first among the action table's statuses). */
export const ALL_STATUSES_TAB = 'ALL';
export type CaseStatusTab = CaseStatus | typeof ALL_STATUSES_TAB;

/**
 * The worklist's display status (spec §4 "Worklist statuses"), derived from the case status and the imaging state
 * in one function (libs/lifecycles `worklistStatusOf`). 'Cloud Uploading' is imaging's CLOUD_UPLOADING_DISPLAY.
 */
export const WORKLIST_STATUSES = ['NEW', 'IN PROGRESS', 'TYPIST', 'COMPLETED', 'NOT_READY', 'Cloud Uploading'] as const;
export type WorklistStatus = (typeof WORKLIST_STATUSES)[number];

/** Who reads the case (spec §3 Case.workflowType): the centre's own radiologists, or the platform's marketplace. */
export const WORKFLOW_TYPES = ['Center', 'Marketplace'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];

/** A case sent to a fusion centre (spec §4 "Fusion statuses", word for word); null when never sent. */
export const FUSION_STATUSES = [
  'NEW',
  'ASSIGNED',
  'PENDING_FOR_ACCEPTANCE',
  'ACCEPTED',
  'REJECTED',
  'IN_PROGRESS',
  'COMPLETED',
  'RECALLED',
] as const;
export type FusionStatus = (typeof FUSION_STATUSES)[number];

/**
 * How urgent a read is; each has a turnaround time (per-centre settings, per modality; the defaults below).
 * EMERGENT is what the Emergency legend flags.
 */
export const CASE_PRIORITIES = ['EMERGENT', 'STAT', 'ROUTINE'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];

/** Default turnaround per priority, in minutes (issue 10: emergent 30 minutes, STAT 1 hour, routine 24 hours). */
export const DEFAULT_TURNAROUND_MINUTES: Record<CasePriority, number> = { EMERGENT: 30, STAT: 60, ROUTINE: 24 * 60 };

/** The worklist's legends (spec §9, word for word). Emergency and MLC are flagged with FLAG_EMERGENCY_MLC. */
export const CASE_LEGENDS = ['Emergency', 'MLC', 'Interested', 'Mark as Research'] as const;
export type CaseLegend = (typeof CASE_LEGENDS)[number];

/** A marketplace offer of one case: open to every marketplace radiologist, taken by one, or returned/withdrawn. */
export const OFFER_STATUSES = ['OPEN', 'TAKEN', 'RETURNED', 'WITHDRAWN'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** How a centre hands reports to its typists (spec §9: "Typist assignment is automatic or manual by setting"). */
export const TYPIST_ASSIGNMENT_MODES = ['AUTOMATIC', 'MANUAL'] as const;
export type TypistAssignmentMode = (typeof TYPIST_ASSIGNMENT_MODES)[number];
