import {
  CASES_API,
  REPORTING_API,
  type HangingProtocol,
  type HangingRule,
  type PriorReport,
  type ViewerAnnotation,
  type ViewerOpen,
  type ViewerPrior,
} from '@rayworks/contracts';
import { callApi } from '../../../api/client';

/** The viewer's calls on the cases service (libs/contracts cases/viewer-endpoints.ts; docs/decisions/0163, 0165). */
export type { PriorReport, ViewerAnnotation, ViewerOpen, ViewerPrior };

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

/**
 * The final reports of the case's priors (reporting's /report/priors, which keeps to the caller's reach and the case's
 * patient and centre; docs/decisions/0347). A `background` call: the panel says when it cannot read them.
 */
export const findPriorReports = async (caseId: string, priorCaseIds: string[]): Promise<PriorReport[]> =>
  (await callApi(REPORTING_API.priorReports, { body: { caseId, priorCaseIds }, context: 'background' })).data.reports;

/** The case's modality and body part and its centre's hanging protocols (docs/decisions/0359); background. */
export const findHangingProtocols = async (caseId: string) =>
  (await callApi(CASES_API.findHangingProtocols, { body: { caseId }, context: 'background' })).data;

/** Saves a layout as the case's centre's hanging protocol (CENTERS › EDIT). */
export const saveHangingProtocol = async (caseId: string, rule: HangingRule): Promise<HangingProtocol> =>
  (await callApi(CASES_API.saveHangingProtocol, { body: { caseId, rule } })).data;
