import { z } from 'zod';

/**
 * A measurement or key image the cloud viewer saves with a case (docs/decisions/0165-viewer-annotations.md): the
 * viewer makes its `id`, saving again with the same id replaces it (an upsert within the case). `data` is the
 * Cornerstone annotation as the viewer serialised it (opaque to the server, at most ANNOTATION_DATA_MAX_BYTES of
 * JSON); `label` and `value` are what a list or the report writer shows without Cornerstone.
 */
export const ANNOTATION_KINDS = ['measurement', 'keyImage'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
/** The largest `data` a saved annotation may carry, measured as its JSON text in UTF-8 bytes. */
export const ANNOTATION_DATA_MAX_BYTES = 64 * 1024;
/** The most annotations one case keeps (a save past it is refused with 400). */
export const ANNOTATIONS_PER_CASE_MAX = 500;
export const ANNOTATION_LABEL_MAX = 200;

const dicomUid = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9]+(\.[0-9]+)*$/, 'must be a DICOM UID');

const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

export const viewerAnnotationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ANNOTATION_KINDS),
    /** The Cornerstone tool that drew it, e.g. 'Length', 'Angle', 'EllipticalROI' ('KeyImage' for a key image). */
    toolName: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be a tool name'),
    studyInstanceUid: dicomUid,
    seriesInstanceUid: dicomUid,
    sopInstanceUid: dicomUid,
    /** 1-based frame of a multi-frame instance; null for a single-frame one. */
    frameNumber: z.number().int().min(1).max(100_000).nullable(),
    label: z.string().trim().max(ANNOTATION_LABEL_MAX),
    /** Display text, e.g. '42.1 mm'. */
    value: z.string().trim().max(ANNOTATION_LABEL_MAX),
    data: z.record(z.string(), z.unknown()).refine((d) => jsonBytes(d) <= ANNOTATION_DATA_MAX_BYTES, {
      message: `must be at most ${ANNOTATION_DATA_MAX_BYTES} bytes of JSON`,
    }),
    /** Set by the server (ignored in a save). */
    createdBy: z.uuid().nullable().optional(),
    createdByName: z.string().nullable().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .strict();
export type ViewerAnnotation = z.infer<typeof viewerAnnotationSchema>;
