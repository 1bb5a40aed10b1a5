/**
 * The words of the validation worksheet: the API's answers and the console's (designed once here: the specification
 * names the screen, not its words; asserted by the integration and end-to-end tests).
 */
export const RESULT_MESSAGES = {
  saved: 'Results Saved Successfully',
  validated: 'Results Validated Successfully',
  signed: 'Results Signed Successfully',
  amended: 'Results Reopened for Amendment',
  /** 404: an order the caller does not reach, another company's, or not in the lab (its sample not accepted). */
  notFound: 'No lab order with this id in your laboratory',
  /** 409: the results are not in a status that allows the action. */
  notAllowed: (status: string, action: string) => `Results that are ${status} cannot be ${action}`,
  /** 409: someone saved the results meanwhile. */
  changed: 'The results were changed by someone else: reload them',
  /** 409: the test has no parameters defined in the catalogue yet. */
  noDefinition: (code: string) => `The test ${code} has no parameters in the lab catalogue: define them first`,
  /** 400: a value the parameter cannot take (names the parameter and why). */
  refused: (parameter: string, why: string) => `${parameter}: ${why}`,
  /** 400: a value for a parameter the test does not have. */
  unknownParameter: (code: string) => `${code}: not a parameter of this test`,
  /** 409: validating needs every result. */
  incomplete: 'Every result must be entered before the results are validated',
  /** 400: an amendment needs its reason. */
  reasonRequired: 'Give the reason for the amendment',
} as const;

/** The verbs of RESULT_MESSAGES.notAllowed per action. */
export const RESULT_ACTION_WORDS = {
  enter: 'changed',
  validate: 'validated',
  sign: 'signed',
  amend: 'amended',
} as const;
