/** The lims service's audit actions on results (docs/decisions/0306). */
export const RESULT_AUDIT_ACTIONS = {
  /** Values typed or received; the results wait for a person (details: codes, what holds them). */
  enter: 'RESULT_ENTER',
  /** Validated: by a person, or by the test's rule (details: `validatedBy`). */
  validate: 'RESULT_VALIDATE',
  /** Signed by a pathologist (details: amendment). */
  sign: 'RESULT_SIGN',
  /** Signed results reopened for a correction (details: amendment, reason). */
  amend: 'RESULT_AMEND',
  /** An analyzer's values for an order that no longer takes results (signed, cancelled): kept in analyzer results. */
  analyzerSkipped: 'RESULT_ANALYZER_SKIPPED',
} as const;
