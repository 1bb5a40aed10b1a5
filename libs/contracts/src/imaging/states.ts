/**
 * The states of imaging's records, written once (spec §4 download states word for word; the others designed:
 * docs/decisions/0097-imaging-states.md).
 */

/**
 * A study in the archive: instances are still arriving (the worklist shows "Cloud Uploading"), or the last import
 * that touched it has finished and every instance it stored is indexed.
 */
export const STUDY_STATES = ['CLOUD_UPLOADING', 'IMPORTED'] as const;
export type StudyState = (typeof STUDY_STATES)[number];

/** The worklist's display status of a study whose instances are still arriving (spec §4). */
export const CLOUD_UPLOADING_DISPLAY = 'Cloud Uploading';

/**
 * One import (one zip uploaded from the import screen, or one STOW-RS request): the upload URL was handed out
 * (AWAITING_UPLOAD), the processing trigger queued the import job (QUEUED), the worker is reading the zip
 * (PROCESSING), then COMPLETED (every valid instance stored; skipped files are listed) or FAILED (a hostile or
 * unreadable archive: nothing of it is kept).
 */
export const IMPORT_STATES = ['AWAITING_UPLOAD', 'QUEUED', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A study or case download (spec §4): the order the download machine (libs/lifecycles) enforces. */
export const DOWNLOAD_STATES = [
  'DWN_INIT',
  'DWN_STRT',
  'DWN_FAIL',
  'DWN_DONE',
  'ZIP_STRT',
  'ZIP_DONE',
  'ZIP_FAIL',
  'READY',
] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** Where imaging keeps objects in the store (ARCHITECTURE §6). One place builds every key. */
export const imagingStorageKeys = {
  instance: (tenantId: string, studyUid: string, seriesUid: string, sopUid: string) =>
    `tenants/${tenantId}/studies/${studyUid}/${seriesUid}/${sopUid}.dcm`,
  study: (tenantId: string, studyUid: string) => `tenants/${tenantId}/studies/${studyUid}/`,
  upload: (tenantId: string, importId: string) => `uploads/${tenantId}/${importId}.zip`,
  downloadZip: (tenantId: string, downloadId: string) => `tenants/${tenantId}/downloads/${downloadId}.zip`,
} as const;
