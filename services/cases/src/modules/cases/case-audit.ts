/** The cases service's audit actions of its core (the actions' own are beside the transitions). */
export const CASE_AUDIT_ACTIONS = {
  /** A study arrived and became a new case. */
  create: 'CASE_CREATE',
  /** A study arrived and filled a PENDING FOR SCAN registration. */
  match: 'CASE_MATCH',
  /** A study of a case was imported again with more instances. */
  studyUpdate: 'CASE_STUDY_UPDATE',
  /** A case registered before its study (/worklistcreate, or a registration's radiology item: decision 0261). */
  register: 'CASE_REGISTER',
  /** A case's patient or study details or priority corrected (/worklist/edit). */
  edit: 'CASE_EDIT',
  /** A PENDING FOR SCAN case removed: its registration item was cancelled at the front desk (decision 0262). */
  registrationCancelled: 'REGISTRATION_CANCELLED',
  /** A registration item was cancelled after its case moved on: the case stays, for a human to look at (0262). */
  registrationCancelRefused: 'REGISTRATION_CANCEL_REFUSED',
  /** A front desk patient (billing's) assigned to a case from the worklist (decision 0263). */
  patientAssign: 'CASE_PATIENT_ASSIGN',
  /** A centre's worklist settings changed. */
  centreSettingsUpdate: 'CENTRE_SETTINGS_UPDATE',
} as const;
