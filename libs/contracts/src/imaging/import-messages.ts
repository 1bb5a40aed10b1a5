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

/**
 * The words of the import calls, the import worker and STOW-RS (designed here; the specification gives none). The
 * import screen shows them (an import's error, a skipped file's reason); tests assert them.
 */
export const IMPORT_CALL_MESSAGES = {
  notFound: 'Import not found',
  notYourCentre: 'You can import only for your own group and centre',
  /** The centre named is not one of the company's centres, or not of the group named with it (issue 20, item 12). */
  unknownCentre: 'Center not found in your company',
  /** The group named with the centre is not the centre's group. */
  centreNotInGroup: 'groupId: the center is not in this group',
  notMultipart: 'This upload is not in parts',
  notAwaitingUpload: 'The upload of this import is already finished',
  uploadMissing: 'The zip has not been uploaded',
  uploadSizeDiffers: 'The uploaded zip is not the size that was announced',
  queryDiffers: 'The import was started for another group, centre or study',
  partsRefused: 'The uploaded parts do not complete the zip',
  /** A part asked for beyond the announced zip, or larger than the part size (a streamed upload, decision 0365). */
  partOutsidePlan: 'The part is outside the announced zip',
  notCancellable: 'The import is already being processed',
  cancelled: 'The import was cancelled.',
  noValidInstances: 'No valid DICOM instance was found in the archive.',
  /**
   * A file of a study (or an instance) the archive holds for a centre outside the sender's reach: refused, whatever
   * the path (zip import or STOW-RS), and the other study is not named (issue 20, items 4 and 11).
   */
  studyOutOfReach: 'The study belongs to a centre you do not have: not imported.',
} as const;
