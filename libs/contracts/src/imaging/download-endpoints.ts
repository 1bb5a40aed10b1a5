import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { downloadSchema } from './entities.js';

/**
 * Downloads and links (spec §7: /dicom/url, /Dicom/presignedUrl, /Dicom/downloadZip). A study download is zipped
 * by the worker (states DWN_INIT → … → READY, pushed as `imaging:download-state`); a fresh finished zip is reused.
 * Links are short-lived presigned GETs of the object store.
 */
const study = z.object({ studyInstanceUid: z.string().min(1).max(64) }).strict();
const link = z.object({ url: z.string(), expiresAt: z.string() });

export const IMAGING_DOWNLOAD_ENDPOINTS = {
  /** Spec §7 /Dicom/downloadZip: start (or reuse) the zip of a study; answers the download and its state. */
  downloadZip: ep({
    method: 'POST',
    path: '/Dicom/downloadZip',
    access: requirement('WORKLIST', WORKLIST.CASE_DOWNLOAD),
    body: study,
    data: downloadSchema,
    errors: [404],
  }),
  /** A download's state (and its link once READY). */
  getDownload: ep({
    method: 'POST',
    path: '/download/get',
    access: requirement('WORKLIST', WORKLIST.CASE_DOWNLOAD),
    body: z.object({ downloadId: z.uuid() }).strict(),
    data: downloadSchema,
    errors: [404],
  }),
  /** Retries a download that ended in DWN_FAIL or ZIP_FAIL. */
  retryDownload: ep({
    method: 'POST',
    path: '/download/retry',
    access: requirement('WORKLIST', WORKLIST.CASE_DOWNLOAD),
    body: z.object({ downloadId: z.uuid() }).strict(),
    data: downloadSchema,
    errors: [404, 409],
  }),
  /** Spec §7 /dicom/url: short-lived links to every instance of a study (for a desktop viewer or a script). */
  dicomUrl: ep({
    method: 'POST',
    path: '/dicom/url',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: study,
    data: z.object({
      expiresAt: z.string(),
      instances: z.array(z.object({ seriesInstanceUid: z.string(), sopInstanceUid: z.string(), url: z.string() })),
    }),
    errors: [404],
  }),
  /** Spec §7 /Dicom/presignedUrl: a short-lived link to one instance. */
  presignedInstanceUrl: ep({
    method: 'POST',
    path: '/Dicom/presignedUrl',
    access: requirement('WORKLIST', WORKLIST.VIEW),
    body: study.extend({ sopInstanceUid: z.string().min(1).max(64) }).strict(),
    data: link,
    errors: [404],
  }),
} as const;
