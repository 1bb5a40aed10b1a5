import { WORKLIST, defineApi, endpoint as ep, requirement } from '@rayworks/contracts';
import { z } from 'zod';
import { callApi } from '../../../api/client';

/**
 * The viewer's calls (the shared interface of issue 11, §1). Written here against that interface so the page is
 * usable before the cases contract (`libs/contracts/src/cases/viewer-endpoints.ts`) lands; the schemas are loose on
 * purpose (the server's contract is the strict one). Swap for CASES_API's entries once merged.
 */
const view = requirement('WORKLIST', WORKLIST.VIEW);
const caseRef = z.object({ caseId: z.string() });

export const viewerAnnotationSchema = z.object({
  id: z.string(),
  kind: z.enum(['measurement', 'keyImage']),
  toolName: z.string(),
  studyInstanceUid: z.string(),
  seriesInstanceUid: z.string(),
  sopInstanceUid: z.string(),
  frameNumber: z.number().int().nullable(),
  label: z.string(),
  value: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdBy: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
});
export type ViewerAnnotation = z.infer<typeof viewerAnnotationSchema>;

export const viewerOpenSchema = z.object({
  caseId: z.string(),
  patient: z.object({
    name: z.string().nullable(),
    id: z.string().nullable(),
    sex: z.string().nullable(),
    birthDate: z.string().nullable(),
  }),
  studyInstanceUid: z.string(),
  seriesInstanceUids: z.array(z.string()).nullable(),
  modalities: z.array(z.string()),
  studyDate: z.string().nullable(),
  studyDescription: z.string().nullable(),
  cloudUploading: z.boolean(),
  priors: z.array(
    z.object({
      caseId: z.string().nullable(),
      studyInstanceUid: z.string(),
      studyDate: z.string().nullable(),
      studyDescription: z.string().nullable(),
      modalities: z.array(z.string()),
    }),
  ),
  dicomweb: z.object({ url: z.string(), token: z.string(), expiresAt: z.string() }),
  weasisUrl: z.string(),
});
export type ViewerOpen = z.infer<typeof viewerOpenSchema>;
export type ViewerPrior = ViewerOpen['priors'][number];

export const VIEWER_API = defineApi('cases', {
  open: ep({
    method: 'POST',
    path: '/cases/viewer/open',
    access: view,
    body: caseRef,
    data: viewerOpenSchema,
    errors: [404],
  }),
  findAnnotations: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/find',
    access: view,
    body: caseRef,
    data: z.object({ annotations: z.array(viewerAnnotationSchema) }),
    errors: [404],
  }),
  saveAnnotation: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/save',
    access: view,
    body: z.object({ caseId: z.string(), annotation: viewerAnnotationSchema }),
    data: viewerAnnotationSchema,
    errors: [404],
  }),
  deleteAnnotation: ep({
    method: 'POST',
    path: '/cases/viewer/annotations/delete',
    access: view,
    body: z.object({ caseId: z.string(), id: z.string() }),
    data: z.object({ id: z.string() }),
    errors: [404],
  }),
});

/** Opens the case in the viewer: the study, its priors and a short-lived study token for DICOMweb. */
export const openViewer = async (
  caseId: string,
  signal?: AbortSignal,
  context: 'session' | 'background' = 'session',
): Promise<ViewerOpen> => (await callApi(VIEWER_API.open, { body: { caseId }, signal, context })).data;

export const findAnnotations = async (caseId: string): Promise<ViewerAnnotation[]> =>
  (await callApi(VIEWER_API.findAnnotations, { body: { caseId } })).data.annotations;

export const saveAnnotation = async (caseId: string, annotation: ViewerAnnotation): Promise<ViewerAnnotation> =>
  (await callApi(VIEWER_API.saveAnnotation, { body: { caseId, annotation } })).data;

export const deleteAnnotation = async (caseId: string, id: string): Promise<void> => {
  await callApi(VIEWER_API.deleteAnnotation, { body: { caseId, id } });
};
