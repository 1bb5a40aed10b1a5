import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { DICTATION_MAX_BYTES, DICTATION_MAX_MS, DICTATION_TYPES, dictationClipSchema } from './dictation.js';

/**
 * A report's dictation clips (issue 25 item 5; docs/decisions/0354-dictation-clips.md). The reading radiologist asks
 * for an upload URL signed for the clip's type and exact size (a larger size is a 400: nothing can be stored), PUTs
 * the recording there, then attaches it: the service checks the stored bytes are the declared audio (a forged type is
 * a 400 and the object is deleted) and records the clip with the report's version. Whoever may read the report lists
 * its clips and fetches their audio through the service (same origin, like the PDF: decision 0345). Every call answers
 * 404 for a case the caller cannot see (another company's included).
 */
const id = z.uuid();
const VIEW = requirement('WORKLIST', WORKLIST.REPORT_VIEW);
const RECORD = requirement('WORKLIST', WORKLIST.GENERATE_REPORT);

export const dictationUploadBody = z
  .object({
    caseId: id,
    contentType: z.enum(DICTATION_TYPES),
    /** The recording's size in bytes: the storage server refuses an upload of any other length. */
    size: z.number().int().min(1).max(DICTATION_MAX_BYTES),
  })
  .strict();

export const dictationAttachBody = z
  .object({
    caseId: id,
    /** The key the upload URL was signed for. */
    fileID: z.string().min(1).max(300),
    contentType: z.enum(DICTATION_TYPES),
    size: z.number().int().min(1).max(DICTATION_MAX_BYTES),
    durationMs: z.number().int().min(0).max(DICTATION_MAX_MS),
  })
  .strict();

export const DICTATION_ENDPOINTS = {
  dictationUploadUrl: ep({
    method: 'POST',
    path: '/report/dictation/upload-url',
    access: RECORD,
    body: dictationUploadBody,
    data: z.object({ uploadUrl: z.string(), fileID: z.string() }),
    errors: [404, 409],
  }),
  attachDictation: ep({
    method: 'POST',
    path: '/report/dictation/attach',
    access: RECORD,
    body: dictationAttachBody,
    data: dictationClipSchema,
    errors: [404, 409],
  }),
  findDictations: ep({
    method: 'POST',
    path: '/report/dictations',
    access: VIEW,
    body: z.object({ caseId: id }).strict(),
    data: z.object({ clips: z.array(dictationClipSchema) }),
    errors: [404],
  }),
  dictationAudio: ep({
    method: 'POST',
    path: '/report/dictation/audio',
    access: VIEW,
    body: z.object({ caseId: id, clipId: id }).strict(),
    data: z.null(),
    errors: [404],
    produces: DICTATION_TYPES,
  }),
} as const;
