import { z } from 'zod';
import { DOWNLOAD_STATES, IMPORT_STATES, STUDY_STATES } from './states.js';

/** The shapes of imaging's records as its JSON API returns them (DICOMweb answers DICOM JSON instead). */
const id = z.uuid();

/** A study of the archive, as the archive page lists it. Dates are DICOM DA (YYYYMMDD) as stored. */
export const studySchema = z.object({
  _id: id,
  studyInstanceUid: z.string(),
  groupId: id.nullable(),
  centreId: id.nullable(),
  patientName: z.string(),
  patientId: z.string(),
  studyDate: z.string().nullable(),
  accessionNumber: z.string().nullable(),
  studyId: z.string().nullable(),
  studyDescription: z.string().nullable(),
  modalities: z.array(z.string()),
  seriesCount: z.number().int(),
  instanceCount: z.number().int(),
  sizeBytes: z.number().int(),
  state: z.enum(STUDY_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Study = z.infer<typeof studySchema>;

/** A file of an import the worker did not store, and why (a clear message per file). */
export const skippedFileSchema = z.object({ path: z.string(), reason: z.string() });
export type SkippedFile = z.infer<typeof skippedFileSchema>;

/** One import (a zip from the import screen, or a STOW-RS request) and what came of it. */
export const studyImportSchema = z.object({
  _id: id,
  state: z.enum(IMPORT_STATES),
  studyId: z.string(),
  studyInstanceUids: z.array(z.string()),
  instancesStored: z.number().int(),
  instancesExisting: z.number().int(),
  skipped: z.array(skippedFileSchema),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyImport = z.infer<typeof studyImportSchema>;

/** A study download and its state (spec §4); `url` only when READY (a short-lived link). */
export const downloadSchema = z.object({
  _id: id,
  studyInstanceUid: z.string(),
  state: z.enum(DOWNLOAD_STATES),
  sizeBytes: z.number().int().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Download = z.infer<typeof downloadSchema>;
