/**
 * Messages of the download and link calls and of the download worker's failures (designed here; the specification
 * gives the states, not the words). A failure's message is kept on the download row and pushed with its state.
 */
export const DOWNLOAD_MESSAGES = {
  studyNotFound: 'Study not found',
  instanceNotFound: 'Instance not found',
  downloadNotFound: 'Download not found',
  started: 'Download started',
  ready: 'Download ready',
  retried: 'Download restarted',
  notRetryable: 'Only a failed download can be retried',
  noInstances: 'The study has no instances to download.',
  missingInstance: (sopInstanceUid: string, seriesInstanceUid: string) =>
    `Instance ${sopInstanceUid} of series ${seriesInstanceUid} is missing from the archive.`,
  changedInstance: (sopInstanceUid: string, seriesInstanceUid: string) =>
    `Instance ${sopInstanceUid} of series ${seriesInstanceUid} in the archive does not match its index (size differs).`,
  readFailed: (reason: string) => `The study's instances could not be read: ${reason}`,
  zipFailed: (reason: string) => `The zip could not be written: ${reason}`,
  interrupted: 'The download was interrupted. Please retry.',
} as const;
