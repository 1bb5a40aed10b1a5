/**
 * The words of sample collection and accession: the API's answers and the console's (designed once here: the
 * specification names the screens, not their words; asserted by the integration and end-to-end tests).
 */
export const SAMPLE_MESSAGES = {
  collected: 'Sample Collected Successfully',
  accepted: 'Sample Accepted Successfully',
  rejected: 'Sample Rejected: sent back for collection',
  /** 404: an unknown barcode, another company's, or a sample out of the caller's reach. */
  notFound: 'No sample with this barcode',
  /** 409: the sample is not in a status that allows the action (e.g. accepted twice). */
  notAllowed: (status: string, action: string) => `A sample that is ${status} cannot be ${action}`,
  /** 409: someone changed the sample meanwhile. */
  changed: 'The sample was changed by someone else: reload it',
  /** 400: OTHER needs a note. */
  noteRequired: 'Describe the reason',
  /** 400: a collection time in the future. */
  collectedInFuture: 'The collection time cannot be in the future',
} as const;

/** The verbs of SAMPLE_MESSAGES.notAllowed per action. */
export const SAMPLE_ACTION_WORDS = { collect: 'collected', accept: 'accepted', reject: 'rejected' } as const;

/** The console's words on the collection and accession screens. */
export const SAMPLE_SCREEN_TEXT = {
  collectionTitle: 'Sample Collection',
  accessionTitle: 'Sample Accession',
  collect: 'Collect',
  printLabels: 'Print Labels',
  collector: 'Collected By',
  collectedAt: 'Collection Time',
  place: 'Collection Place',
  scanPrompt: 'Scan or type a sample barcode and press Enter',
  scanPlaceholder: 'Scan a barcode',
  useCamera: 'Scan with camera',
  stopCamera: 'Stop camera',
  accept: 'Accept',
  reject: 'Reject',
  reason: 'Reason',
  note: 'Note',
  noSamples: 'No samples to show',
  /** The centre's notice when the lab rejects one of its samples. */
  rejectedNotice: (barcode: string, reason: string) => `Sample ${barcode} was rejected (${reason}): recollect it`,
} as const;
