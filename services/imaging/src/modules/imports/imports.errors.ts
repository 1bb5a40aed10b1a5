import { ConflictException, NotFoundException } from '@nestjs/common';

/** Messages of the import calls and of the import worker (designed here; the specification gives none). */
export const IMPORT_CALL_MESSAGES = {
  notFound: 'Import not found',
  notYourCentre: 'You can import only for your own group and centre',
  notMultipart: 'This upload is not in parts',
  notAwaitingUpload: 'The upload of this import is already finished',
  uploadMissing: 'The zip has not been uploaded',
  uploadSizeDiffers: 'The uploaded zip is not the size that was announced',
  queryDiffers: 'The import was started for another group, centre or study',
  partsRefused: 'The uploaded parts do not complete the zip',
  notCancellable: 'The import is already being processed',
  cancelled: 'The import was cancelled.',
  noValidInstances: 'No valid DICOM instance was found in the archive.',
} as const;

export const importNotFound = () => new NotFoundException(IMPORT_CALL_MESSAGES.notFound);
export const importConflict = (message: string) => new ConflictException(message);
