// The import folder's user-visible words (spec §5 "Import folder", §8 import toasts, §9 constants), written once,
// word for word: the console shows them, the import worker (libs/dicom re-exports them beside the rules) and the
// import machine (libs/lifecycles) use them, tests assert them.

/** Toasts and notices of the import flow. */
export const IMPORT_MESSAGES = {
  /** Empty selection (spec §5). */
  noFiles: 'No files found.',
  /** A file whose last three path segments are not study/series/instance.dcm (spec §5). */
  invalidPath: 'Invalid file path format.',
  /** Nothing valid left after the rules (spec §5). */
  noValidFiles: 'No valid Study/Series/.dcm files found.',
  /** The first file's header could not be read (spec §8). */
  parseError: 'Error parsing DICOM file.',
  /** Import pressed without a zip or a study ID (spec §5). */
  zipOrStudyMissing: 'Zipped data or Study ID not found.',
  /** Any other import failure (spec §8). */
  importFailed: 'Import failed.',
  /** The upload answered with a status of 300 or more (spec §8). */
  uploadFailed: 'Upload failed',
  /** The upload could not reach the server (spec §8). */
  networkError: 'Network error',
  /** Shown during the countdown after a successful import (spec §2). */
  success: 'File Uploaded Successfully. Case is Processing',
} as const;

export type ImportMessage = (typeof IMPORT_MESSAGES)[keyof typeof IMPORT_MESSAGES];

/** Seconds of the countdown before the import window closes (spec §9). */
export const IMPORT_COUNTDOWN_SECONDS = 5;
/** Zip compression level of the uploaded study (spec §9). */
export const IMPORT_ZIP_LEVEL = 6;
/** The fixed `source` query value of the import calls (spec §7). */
export const IMPORT_SOURCE = 'R2';
