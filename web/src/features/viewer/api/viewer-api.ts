import { CASES_API, type ViewerAnnotation, type ViewerOpen, type ViewerPrior } from '@rayworks/contracts';
import { callApi } from '../../../api/client';

/** The viewer's calls on the cases service (libs/contracts cases/viewer-endpoints.ts; docs/decisions/0163, 0165). */
export type { ViewerAnnotation, ViewerOpen, ViewerPrior };

/**
 * Opens the case in the viewer: the study, its priors and a short-lived study token for DICOMweb. A renewal is a
 * `background` call: its failure is the page's to show (expired), not the console's error catalogue's.
 */
export const openViewer = async (
  caseId: string,
  signal?: AbortSignal,
  context: 'session' | 'background' = 'session',
): Promise<ViewerOpen> => (await callApi(CASES_API.openViewer, { body: { caseId }, signal, context })).data;

export const findAnnotations = async (caseId: string): Promise<ViewerAnnotation[]> =>
  (await callApi(CASES_API.findViewerAnnotations, { body: { caseId } })).data.annotations;

export const saveAnnotation = async (caseId: string, annotation: ViewerAnnotation): Promise<ViewerAnnotation> =>
  (await callApi(CASES_API.saveViewerAnnotation, { body: { caseId, annotation } })).data;

export const deleteAnnotation = async (caseId: string, id: string): Promise<void> => {
  await callApi(CASES_API.deleteViewerAnnotation, { body: { caseId, id } });
};
