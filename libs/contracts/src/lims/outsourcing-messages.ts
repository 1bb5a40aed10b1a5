import { adminMessages } from '../auth/messages.js';
import { MANIFEST_STATUS_LABELS, type ManifestStatus } from './outsourcing-states.js';

/** The outsourcing labs' and manifests' messages (docs/decisions/0312, 0313). */
export const OUTSOURCING_MESSAGES = {
  lab: adminMessages('Outsourcing Lab'),
  labNotFound: 'Outsourcing lab not found',
  codeTaken: 'An outsourcing lab with this code already exists',
  labInactive: 'This outsourcing lab is inactive: activate it to send it samples',
  testListedTwice: (code: string) => `The test ${code} is listed twice`,
  unknownTests: (codes: readonly string[]) =>
    `Not in the lab catalogue: ${codes.join(', ')} (add the test under Tests first)`,
  analyzerNotFound: 'Analyzer not found',
  manifestCreated: (number: string) => `Manifest ${number} Created Successfully`,
  dispatched: 'Manifest Dispatched Successfully',
  received: 'Manifest Marked Received Successfully',
  cancelled: 'Manifest Cancelled Successfully',
  manifestNotFound: 'Manifest not found',
  changed: 'This manifest was changed meanwhile: read it again',
  sampleNotFound: 'Sample not found',
  noSamples: 'Choose at least one sample to send',
  sampleNotAccepted: (barcode: string) => `Sample ${barcode} is not accepted: only accepted samples are sent out`,
  notPerformed: (barcode: string, lab: string) => `${lab} performs none of the tests of sample ${barcode}`,
  sampleOnManifest: (barcode: string, number: string) => `Sample ${barcode} is already on the open manifest ${number}`,
  notAllowed: (status: ManifestStatus, words: string) =>
    `A manifest that is ${MANIFEST_STATUS_LABELS[status].toLowerCase()} cannot be ${words}`,
  /** The worksheet's and the lab report's words for an outsourced test. */
  performedAt: (lab: string) => `Performed at: ${lab}`,
} as const;
