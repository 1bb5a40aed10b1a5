/** The billing service's audit actions of the day end. */
export const DAY_END_AUDIT_ACTIONS = {
  /** A centre's day closed with the cash counted (the expected cash and the difference recorded with it). */
  close: 'DAY_CLOSE',
} as const;
