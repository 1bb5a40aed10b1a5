import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { studyImportSchema } from './entities.js';

/**
 * The import screen's calls (spec §7 import flow): a presigned upload for the zip, then the processing trigger,
 * both GET with the same query (groupId, centerId = the user's first centre, source R2, studyId). A zip larger
 * than one part is uploaded in parts (S3 multipart) and can resume after a dropped connection: the answer then
 * carries a part plan instead of one URL, the console PUTs the parts (each answer's ETag kept), asks which parts
 * the store already has after an interruption, and completes the upload before the trigger.
 */
const uploadQuery = z
  .object({
    /** The centre's group; absent for a centre of no group (an individual centre, docs/decisions/0098). */
    groupId: z.uuid().optional(),
    centerId: z.uuid(),
    source: z.literal('R2'),
    /** The study folder's name (a dotted numeric identifier). */
    studyId: z
      .string()
      .regex(/^\d+(\.\d+)*$/, 'studyId: not a dotted numeric identifier')
      .max(64),
  })
  .strict();

/** The largest zip an import accepts, in bytes (the upload is signed for the declared size). */
export const IMPORT_MAX_ZIP_BYTES = 20 * 1024 ** 3;

export const IMAGING_IMPORT_ENDPOINTS = {
  /** Spec §7: "GET presigned URL … presignedUrl is read from the response". `size` is the zip's size in bytes. */
  presignedUrl: ep({
    method: 'GET',
    path: '/presignedUrl',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: uploadQuery.extend({ size: z.coerce.number().int().min(1).max(IMPORT_MAX_ZIP_BYTES) }).strict(),
    data: z.object({
      importId: z.uuid(),
      /** One PUT (content type application/zip) when the zip fits one part; null when `parts` is given. */
      presignedUrl: z.string().nullable(),
      /** The part plan of a multipart upload: PUT each part's bytes to its URL, keep each answer's ETag. */
      parts: z
        .object({
          partSize: z.number().int(),
          urls: z.array(z.object({ partNumber: z.number().int(), url: z.string() })),
        })
        .nullable(),
    }),
    errors: [403],
  }),
  /**
   * An upload that starts while the zip is still being made (docs/decisions/0365): always in parts, signed part by
   * part with `uploadPartUrl` as the zip grows; `maxSize` bounds the zip (the files' sizes plus the zip's overhead),
   * `completeUpload` names its final size.
   */
  startStreamedUpload: ep({
    method: 'POST',
    path: '/import/streamed-upload',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: uploadQuery.extend({ maxSize: z.number().int().min(1).max(IMPORT_MAX_ZIP_BYTES) }).strict(),
    data: z.object({ importId: z.uuid(), partSize: z.number().int() }),
    errors: [403],
  }),
  /** The URL of one part of a multipart upload, signed for its length (every part but the last is `partSize`). */
  uploadPartUrl: ep({
    method: 'POST',
    path: '/import/part-url',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: z
      .object({
        importId: z.uuid(),
        partNumber: z.number().int().min(1).max(10000),
        size: z.number().int().min(1),
      })
      .strict(),
    data: z.object({ url: z.string() }),
    errors: [404, 409],
  }),
  /** The parts of a multipart upload the store already has (to resume after a dropped connection). */
  uploadedParts: ep({
    method: 'POST',
    path: '/import/uploaded-parts',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: z.object({ importId: z.uuid() }).strict(),
    data: z.object({ parts: z.array(z.object({ partNumber: z.number().int(), etag: z.string(), size: z.number() })) }),
    errors: [404, 409],
  }),
  /** Completes a multipart upload with every part's ETag. */
  completeUpload: ep({
    method: 'POST',
    path: '/import/complete-upload',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: z
      .object({
        importId: z.uuid(),
        parts: z.array(z.object({ partNumber: z.number().int().min(1).max(10000), etag: z.string().min(1) })).min(1),
        /** A streamed upload's final size (at most the announced `maxSize`); the store must hold exactly this. */
        size: z.number().int().min(1).max(IMPORT_MAX_ZIP_BYTES).optional(),
      })
      .strict(),
    data: z.null(),
    errors: [404, 409],
  }),
  /** Spec §7: "GET init-download-zip with the same query": the processing trigger (queues the import job). */
  initDownloadZip: ep({
    method: 'GET',
    path: '/init-download-zip',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: uploadQuery.extend({ importId: z.uuid() }).strict(),
    data: studyImportSchema,
    errors: [404, 409],
  }),
  /** One import and what came of it (the console also gets `imaging:import-progress` over socket.io). */
  getImport: ep({
    method: 'POST',
    path: '/import/get',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: z.object({ importId: z.uuid() }).strict(),
    data: studyImportSchema,
    errors: [404],
  }),
  /** Abandons an import that has not started processing (its upload is removed). */
  cancelImport: ep({
    method: 'POST',
    path: '/import/cancel',
    access: requirement('WORKLIST', WORKLIST.IMPORT),
    body: z.object({ importId: z.uuid() }).strict(),
    data: z.null(),
    errors: [404, 409],
  }),
} as const;
