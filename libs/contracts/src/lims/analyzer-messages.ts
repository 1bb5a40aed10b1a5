import { adminMessages } from '../auth/messages.js';

/** The analyzers' messages: the setup screens', the unmatched queue's and the listener's acknowledgements'. */
export const ANALYZER_MESSAGES = {
  analyzer: adminMessages('Analyzer'),
  codesSaved: 'Analyzer Codes Saved Successfully',
  notFound: 'Analyzer not found',
  centreNotFound: 'Centre not found',
  nameTaken: 'An analyzer with this name already exists',
  /** The sending identity names another analyzer (of this or another company): the listener could not tell them apart. */
  senderTaken: 'Another analyzer already sends with this sending application and facility',
  codeListedTwice: (code: string) => `The analyzer code ${code} is listed twice`,
  resultNotFound: 'Analyzer result not found',
  resultNotOpen: 'This result is no longer waiting: it was matched, refused or discarded already',
  resolved: 'Result Matched Successfully',
  discarded: 'Result Discarded Successfully',
  sampleNotFound: 'Sample not found',
  noOrderForTest: (testCode: string) => `The sample has no order of the test ${testCode}`,
  /** A result refused for good: outside what the parameter can physically be (possibleMin / possibleMax). */
  outsidePossibleRange: (value: string, parameter: string, min: string | null, max: string | null) =>
    `Value ${value} is outside the possible range of ${parameter} (${min ?? '…'} to ${max ?? '…'}): refused`,
  unknownBarcode: (barcode: string) => `No sample of this company has the barcode ${barcode}`,
  unknownCode: (code: string) => `The analyzer code ${code} is not in this analyzer's code map`,
  // The listener's acknowledgement texts (HL7 ERR-8 / MSA-3; ASTM has none: NAK)
  ack: {
    unparseable: 'The message could not be parsed as HL7 v2',
    unsupportedType: (type: string) => `Message type ${type || '(none)'} is not accepted: send ORU^R01`,
    noControlId: 'MSH-10 (message control id) is required',
    unknownSender: (application: string, facility: string) =>
      `No active analyzer is registered as ${application || '(none)'} / ${facility || '(none)'}`,
    invalidContent: (problem: string) => `The message's results cannot be read: ${problem}`,
    storeFailed: 'The message could not be stored: send it again',
  },
} as const;
