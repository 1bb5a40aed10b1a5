/** The billing service's audit actions on registrations. */
export const REGISTRATION_AUDIT_ACTIONS = {
  /** A patient registered for a visit (its invoice issued, its tests ordered). */
  create: 'REGISTRATION_CREATE',
  /** Items of a visit cancelled at the desk (a credit note issued, a refund where paid). */
  cancel: 'REGISTRATION_CANCEL',
} as const;
