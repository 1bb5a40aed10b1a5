import {
  CASES_API,
  REPORTING_API as API,
  type Addendum,
  type DictationClip,
  type DictationType,
  type FoundTemplates,
  type Macro,
  type Report,
  type ReportTemplate,
  type ReportVersion,
  type ReportVersionSummary,
  type ViewerAnnotation,
} from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { consoleClient } from '../../../api/session';
import { reportOutputApi, type Delivery } from '../../../shared/report-output/report-output-api';
import { presignedPut } from '../../../shared/upload/presigned-put';

/** The report editor's calls on the reporting service (/api/reporting; the shared interface of issue 12). */
export type { Addendum, DictationClip, Macro, Report, ReportTemplate, ReportVersion, ReportVersionSummary };
export type { Delivery };

export interface SaveInput {
  reportHTML: string;
  testName?: string | null;
  templateId?: string | null;
  baseVersion: number;
}

export const reportingApi = {
  get: async (caseId: string, signal?: AbortSignal): Promise<Report> =>
    (await callApi(API.getReportData, { body: { caseId }, signal })).data,
  /** Takes or renews the two-minute lock; 409 when someone else holds it (a background renewal shows nothing). */
  lock: async (caseId: string, background = false): Promise<Report> =>
    (await callApi(API.lockReport, { body: { caseId }, ...(background ? { context: 'background' as const } : {}) }))
      .data,
  unlock: async (caseId: string): Promise<void> => {
    await callApi(API.unlockReport, { body: { caseId }, context: 'background' });
  },
  save: async (caseId: string, input: SaveInput, background = false) =>
    callApi(API.saveReport, {
      body: { caseId, ...input },
      ...(background ? { context: 'background' as const } : {}),
    }),
  versions: async (caseId: string): Promise<ReportVersionSummary[]> =>
    (await callApi(API.reportVersions, { body: { caseId } })).data.versions,
  version: async (caseId: string, version: number): Promise<ReportVersion> =>
    (await callApi(API.reportVersion, { body: { caseId, version } })).data,
  sendToTypist: async (caseId: string, typistId: string | null = null) =>
    callApi(API.sendReportToTypist, { body: { caseId, typistId } }),
  submitForReview: async (caseId: string) => callApi(API.submitReportForReview, { body: { caseId } }),
  /** 400 'Please Upload Signature In Profile' without a signature: the console's toast, and the editor shows it. */
  finalize: async (caseId: string) => callApi(API.finalizeReport, { body: { caseId } }),
  saveAddendum: async (caseId: string, html: string) => callApi(API.saveAddendum, { body: { caseId, html } }),
  finalizeAddendum: async (caseId: string) => callApi(API.finalizeAddendum, { body: { caseId } }),
  /**
   * The active templates of the case's centre (and the company's, and the caller's own), each with its fit to the
   * case's study and the study's first (decision 0344).
   */
  templatesFor: async (caseId: string, centreId: string | null): Promise<FoundTemplates> =>
    (
      await callApi(API.findReportTemplates, {
        body: { active: true, caseId, ...(centreId ? { centreId } : {}) },
      })
    ).data,
  /** The active templates of the case's centre (and the company's, and the caller's own) for its modality. */
  templates: async (modality: string | null, centreId: string | null): Promise<ReportTemplate[]> =>
    (
      await callApi(API.findReportTemplates, {
        body: {
          active: true,
          ...(modality ? { modality } : {}),
          ...(centreId ? { centreId } : {}),
        },
      })
    ).data.templates,
  macros: async (centreId: string | null): Promise<Macro[]> =>
    (await callApi(API.findMacros, { body: centreId ? { centreId } : {} })).data.macros,
  // the PDF, mail, SMS and deliveries: shared with the worklist and the case page
  ...reportOutputApi,
  /** The report's dictation clips, oldest first (decision 0354). */
  dictations: async (caseId: string): Promise<DictationClip[]> =>
    (await callApi(API.findDictations, { body: { caseId } })).data.clips,
  /** One clip's audio through the service (same origin, like the PDF): a blob the player plays. */
  dictationAudio: async (caseId: string, clipId: string, signal?: AbortSignal): Promise<Blob> => {
    const file = await consoleClient.file(API.dictationAudio, { caseId, clipId }, { signal });
    return new Blob([new Uint8Array(file.bytes)], { type: file.contentType });
  },
  /**
   * Sends a recording: an upload URL signed for its type and size, the PUT to it, then the attach call that keeps
   * it as a clip of the report's current version (400 when the stored bytes are not that audio).
   */
  attachDictation: async (caseId: string, blob: Blob, contentType: DictationType, durationMs: number) => {
    const target = (await callApi(API.dictationUploadUrl, { body: { caseId, contentType, size: blob.size } })).data;
    await presignedPut(target.uploadUrl, blob, { contentType });
    return callApi(API.attachDictation, {
      body: { caseId, fileID: target.fileID, contentType, size: blob.size, durationMs: Math.round(durationMs) },
    });
  },
  annotations: async (caseId: string): Promise<ViewerAnnotation[]> =>
    (await callApi(CASES_API.findViewerAnnotations, { body: { caseId } })).data.annotations,
};
