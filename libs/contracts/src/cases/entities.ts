import { z } from 'zod';
import { STUDY_STATES } from '../imaging/states.js';
import {
  CASE_LEGENDS,
  CASE_PRIORITIES,
  CASE_STATUSES,
  FUSION_STATUSES,
  OFFER_STATUSES,
  WORKFLOW_TYPES,
  WORKLIST_STATUSES,
} from './states.js';

/** The shapes of the cases service's records as its API returns them. Times are ISO 8601 strings (UTC). */
const id = z.uuid();

/**
 * One case, as a worklist row and as `/cases/findOne` answers it (spec §3 Case: _id, status, fusionStatus,
 * workflowType; the rest designed, docs/decisions/0113-case-model.md). `version` is the optimistic-concurrency
 * token an action sends back; `worklistStatus` is derived (libs/lifecycles `worklistStatusOf`).
 */
export const caseSchema = z.object({
  _id: id,
  version: z.number().int(),
  status: z.enum(CASE_STATUSES),
  worklistStatus: z.enum(WORKLIST_STATUSES),
  fusionStatus: z.enum(FUSION_STATUSES).nullable(),
  workflowType: z.enum(WORKFLOW_TYPES),
  /** The case's company (its tenant): where work about the case (a report) runs. */
  companyId: id,
  groupId: id.nullable(),
  centreId: id.nullable(),
  centreName: z.string().nullable(),
  // patient and study
  patientName: z.string(),
  patientId: z.string(),
  patientSex: z.string().nullable(),
  patientBirthDate: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  studyInstanceUid: z.string().nullable(),
  /** The study's DICOM Study ID (0020,0010). */
  studyId: z.string().nullable(),
  studyDescription: z.string().nullable(),
  bodyPart: z.string().nullable(),
  /**
   * Who referred the patient: the registration's referral, else the study's Referring Physician's Name (a DICOM PN,
   * as it came; personName() shows it); null when nobody is named (decision 0343).
   */
  referringPhysician: z.string().nullable(),
  modality: z.string().nullable(),
  modalities: z.array(z.string()),
  /** DICOM DA (YYYYMMDD) as the study carries it. */
  studyDate: z.string().nullable(),
  seriesCount: z.number().int(),
  instanceCount: z.number().int(),
  /** A split case reads only these series of its study; null = every series. */
  seriesInstanceUids: z.array(z.string()).nullable(),
  parentCaseId: id.nullable(),
  imagingState: z.enum(STUDY_STATES).nullable(),
  // work
  priority: z.enum(CASE_PRIORITIES),
  legends: z.array(z.enum(CASE_LEGENDS)),
  radiologistId: id.nullable(),
  radiologistName: z.string().nullable(),
  typistId: id.nullable(),
  typistName: z.string().nullable(),
  onHold: z.boolean(),
  recallRequested: z.boolean(),
  rejectReason: z.string().nullable(),
  fusionCentreId: id.nullable(),
  // times
  receivedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Case = z.infer<typeof caseSchema>;

// ---- around a case (docs/decisions/0142-case-collaboration.md) ----

/** One entry of a patient's history (clinical history the readers keep; kept per patient of the company). */
export const patientHistorySchema = z.object({
  _id: id,
  /** The case it was written on (the history itself is the patient's: every case of the same patient ID shows it). */
  caseId: id,
  patientId: z.string(),
  text: z.string(),
  authorId: id.nullable(),
  authorName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PatientHistoryEntry = z.infer<typeof patientHistorySchema>;

/** One message of a case's chat. */
export const caseCommentSchema = z.object({
  _id: id,
  caseId: id,
  text: z.string(),
  authorId: id.nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type CaseComment = z.infer<typeof caseCommentSchema>;

/** One user's rating and feedback of a case's reading (one per user and case; a second one replaces it). */
export const caseRatingSchema = z.object({
  _id: id,
  caseId: id,
  userId: id,
  userName: z.string().nullable(),
  stars: z.number().int().min(1).max(5),
  feedback: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseRating = z.infer<typeof caseRatingSchema>;

/** A shareable read-only link of a case: the token is shown once (only its hash is kept). */
export const caseShareSchema = z.object({
  _id: id,
  caseId: id,
  token: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type CaseShare = z.infer<typeof caseShareSchema>;

/** What a shared link shows (no login): the patient and study, the centre, the case's state; no staff, no ids. */
export const sharedCaseSchema = z.object({
  patientName: z.string(),
  patientId: z.string(),
  patientSex: z.string().nullable(),
  patientBirthDate: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  studyInstanceUid: z.string().nullable(),
  studyDescription: z.string().nullable(),
  bodyPart: z.string().nullable(),
  modality: z.string().nullable(),
  modalities: z.array(z.string()),
  studyDate: z.string().nullable(),
  seriesCount: z.number().int(),
  instanceCount: z.number().int(),
  centreName: z.string().nullable(),
  status: z.enum(CASE_STATUSES),
  worklistStatus: z.enum(WORKLIST_STATUSES),
  priority: z.enum(CASE_PRIORITIES),
  completedAt: z.string().nullable(),
  /** When the link stops working. */
  expiresAt: z.string(),
});
export type SharedCase = z.infer<typeof sharedCaseSchema>;
/**
 * A marketplace offer of one case (docs/decisions/0147-marketplace-offers.md): a company offers a case to every
 * marketplace radiologist (OPEN, until `expiresAt`), one takes it (TAKEN: the case is theirs, IN PROGRESS; it returns
 * to the pool if not completed by `returnAt`), a rejection or the timeout returns it (RETURNED, and a new OPEN offer of
 * the same case), or the company withdraws it (WITHDRAWN). At most one OPEN or TAKEN offer per case.
 */
export const marketplaceOfferSchema = z.object({
  _id: id,
  caseId: id,
  status: z.enum(OFFER_STATUSES),
  offeredBy: id.nullable(),
  offeredAt: z.string(),
  /** An OPEN offer nobody took by then goes back to the centre (withdrawn by the system). */
  expiresAt: z.string(),
  takenBy: id.nullable(),
  takenAt: z.string().nullable(),
  /** A TAKEN offer whose case is not completed by then returns to the pool (OFFER_TIMEOUT). */
  returnAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Why it was returned or withdrawn (the radiologist's reason, 'timeout', 'expired', 'withdrawn'). */
  closedReason: z.string().nullable(),
});
export type MarketplaceOffer = z.infer<typeof marketplaceOfferSchema>;

/** An offer with its case, as a marketplace radiologist's list shows it (row-level security decides the rows). */
export const marketplaceOfferedCaseSchema = z.object({ offer: marketplaceOfferSchema, case: caseSchema });
export type MarketplaceOfferedCase = z.infer<typeof marketplaceOfferedCaseSchema>;

/**
 * A fusion contract (docs/decisions/0149-fusion-contracts.md): the sending group may send cases to the fusion centre.
 * Within one company (senderTenantId = fusionTenantId) a company admin makes it; across companies a platform operator
 * does (a platform row both companies can read).
 */
export const fusionContractSchema = z.object({
  _id: id,
  senderTenantId: id,
  senderGroupId: id,
  fusionTenantId: id,
  fusionCentreId: id,
  fusionCentreName: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type FusionContract = z.infer<typeof fusionContractSchema>;
