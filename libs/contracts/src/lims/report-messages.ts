import { PARAMETER_MESSAGES } from './parameter.js';

/** The lab report's messages (spec §8 where it gives the words: 'Select Atleast One TestCode to Generate'). */
export const LAB_REPORT_MESSAGES = {
  /** No test chosen, or none of the chosen tests of the registration is signed (spec §8, word for word). */
  selectTestCode: PARAMETER_MESSAGES.selectTestCode,
  registrationNotFound: 'Registration not found',
  /** An SMS link that is not one (or another company's, or replaced by a later attempt's). */
  linkNotFound: 'Link not found',
  /** A chosen code the registration has no lab test of. */
  unknownTests: (codes: readonly string[]) => `Not a lab test of this registration: ${codes.join(', ')}`,
  mailQueued: 'The lab report will be sent by e-mail',
  smsQueued: 'A link to the lab report will be sent by SMS',
  /** The printed mark of a test whose results were corrected after signing, with the day the amendment was signed. */
  amended: (on: string) => `Amended ${on}`,
} as const;
