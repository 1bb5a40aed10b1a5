import { z } from 'zod';
import { GENERIC, WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { viewerAnnotationSchema } from '../viewer/annotations.js';
import { hangingProtocolSchema, hangingRuleSchema } from '../viewer/hanging-protocols.js';

/**
 * The cloud viewer's server side (docs/decisions/0163-viewer-open.md, 0164-study-token.md, 0165-viewer-annotations.md):
 * /cases/viewer/open gives the viewer what it shows of a case (the patient, the study, a split case's own series,
 * the priors of the same patient) and a short-lived read-only study token for imaging's DICOMweb; /cases/viewer/priors
 * the priors alone (reporting asks it which cases' reports a prior-reports ask may answer); the annotations
 * calls keep the measurements and key images with the case. Every call answers 404 for a case out of the caller's
 * reach.
 */
const id = z.uuid();

/** Imaging's DICOMweb base path on the console's origin (the gateway forwards /api/imaging to imaging). */
export const VIEWER_DICOMWEB_PATH = '/api/imaging/dicomweb';

export const viewerOpenBody = z.object({ caseId: id }).strict();

/**
 * How a prior relates to the study read (docs/decisions/0346-prior-relevance-and-compare-linking.md), most relevant
 * first: the same modality and body part; the same modality where either body part is unknown; the same body part in
 * another modality (a chest X-ray for a chest CT); the same modality of another body part; anything else.
 */
export const PRIOR_RELEVANCE = [
  'same-modality-and-body-part',
  'same-modality',
  'same-body-part',
  'same-modality-other-body-part',
  'other',
] as const;
export type PriorRelevance = (typeof PRIOR_RELEVANCE)[number];

/** When a prior was done against the study read: before its day, the same day, after it, or unknown. */
export const PRIOR_TIMINGS = ['before', 'same-day', 'after', 'unknown'] as const;
export type PriorTiming = (typeof PRIOR_TIMINGS)[number];

export const viewerPriorSchema = z.object({
  /** The case of that study in the same company, if one exists (the newest one). */
  caseId: z.uuid().nullable(),
  studyInstanceUid: z.string(),
  studyDate: z.string().nullable(),
  studyDescription: z.string().nullable(),
  modalities: z.array(z.string()),
  bodyPart: z.string().nullable(),
  /** The instances of the prior's case (null: not known). */
  instanceCount: z.number().int().nullable(),
  timing: z.enum(PRIOR_TIMINGS),
  relevance: z.enum(PRIOR_RELEVANCE),
});
export type ViewerPrior = z.infer<typeof viewerPriorSchema>;

export const viewerOpenSchema = z.object({
  caseId: z.uuid(),
  patient: z.object({
    name: z.string(),
    id: z.string(),
    sex: z.string().nullable(),
    birthDate: z.string().nullable(),
  }),
  studyInstanceUid: z.string(),
  /** A split case's own series; null: every series of the study. */
  seriesInstanceUids: z.array(z.string()).nullable(),
  modalities: z.array(z.string()),
  studyDate: z.string().nullable(),
  studyDescription: z.string().nullable(),
  /** The study is still arriving (worklist status Cloud Uploading): the cloud viewer shows CASE_MESSAGES.cloudUploadPending. */
  cloudUploading: z.boolean(),
  /**
   * Studies of the same patient ID in the case's centre and the caller's reach, the most relevant comparison first
   * (docs/decisions/0346); empty without WORKLIST › COMPARE_STUDIES.
   */
  priors: z.array(viewerPriorSchema),
  dicomweb: z.object({
    /** The DICOMweb base path on the console's origin. */
    url: z.string(),
    /** The study token: `Authorization: Bearer <token>`. */
    token: z.string(),
    expiresAt: z.string(),
  }),
  /** The desktop viewer's link (weasis://), with the absolute DICOMweb URL and the same token. */
  weasisUrl: z.string(),
});
export type ViewerOpen = z.infer<typeof viewerOpenSchema>;

export const annotationsFindBody = z.object({ caseId: id }).strict();
export const annotationSaveBody = z.object({ caseId: id, annotation: viewerAnnotationSchema }).strict();
export const annotationDeleteBody = z.object({ caseId: id, id }).strict();
/** A hanging protocol for the case's centre (docs/decisions/0359): its modality and body part are the rule's. */
export const hangingProtocolSaveBody = z.object({ caseId: id, rule: hangingRuleSchema }).strict();

const W = WORKLIST;
export const VIEWER_ENDPOINTS = {
  openViewer: ep({
    method: 'POST',
    path: '/cases/viewer/open',
    access: requirement('WORKLIST', W.VIEW),
    body: viewerOpenBody,
    data: viewerOpenSchema,
    errors: [404, 409],
  }),
  findViewerPriors: ep({
    method: 'POST',
    path: '/cases/viewer/priors',
    access: requirement('WORKLIST', W.VIEW),
    body: viewerOpenBody,
    data: z.object({ priors: z.array(viewerPriorSchema) }),
    errors: [404],
  }),
  findViewerAnnotations: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/find',
    access: requirement('WORKLIST', W.VIEW),
    body: annotationsFindBody,
    data: z.object({ annotations: z.array(viewerAnnotationSchema) }),
    errors: [404],
  }),
  saveViewerAnnotation: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/save',
    access: requirement('WORKLIST', W.VIEW),
    body: annotationSaveBody,
    data: viewerAnnotationSchema,
    errors: [404],
  }),
  deleteViewerAnnotation: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/delete',
    access: requirement('WORKLIST', W.VIEW),
    body: annotationDeleteBody,
    data: z.object({ id }),
    errors: [404],
  }),
  /** The case's modality and body part, and its centre's hanging protocols (the viewer matches with matchHangingRule). */
  findHangingProtocols: ep({
    method: 'POST',
    path: '/cases/viewer/hanging-protocols/find',
    access: requirement('WORKLIST', W.VIEW),
    body: viewerOpenBody,
    data: z.object({
      /** The case's modality and body part (from its DICOM header), which the protocols are matched against. */
      modality: z.string().nullable(),
      bodyPart: z.string().nullable(),
      protocols: z.array(hangingProtocolSchema),
    }),
    errors: [404],
  }),
  /**
   * Saves a layout as the case's centre's protocol for a modality and body part (replaces the centre's rule of the
   * same pair). Changing a centre's configuration: CENTERS › EDIT (docs/decisions/0359).
   */
  saveHangingProtocol: ep({
    method: 'POST',
    path: '/cases/viewer/hanging-protocols/save',
    access: requirement('CENTERS', GENERIC.EDIT),
    body: hangingProtocolSaveBody,
    data: hangingProtocolSchema,
    errors: [404],
  }),
};
