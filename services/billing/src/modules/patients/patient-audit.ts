/** The billing service's audit actions on patients. */
export const PATIENT_AUDIT_ACTIONS = {
  /** A patient registered at a centre (its MR number given). */
  create: 'PATIENT_CREATE',
  /** A patient registered although a record of the same person existed (the desk confirmed it). */
  createDespiteDuplicate: 'PATIENT_CREATE_DUPLICATE',
  /** A patient's details corrected. */
  update: 'PATIENT_UPDATE',
  /** A record merged into another record of the same person (docs/decisions/0265). */
  merge: 'PATIENT_MERGE',
} as const;
