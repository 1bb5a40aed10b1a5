/** The cases service's audit actions of its core (the actions' own are beside the transitions). */
export const CASE_AUDIT_ACTIONS = {
  /** A study arrived and became a new case. */
  create: 'CASE_CREATE',
  /** A study arrived and filled a PENDING FOR SCAN registration. */
  match: 'CASE_MATCH',
  /** A study of a case was imported again with more instances. */
  studyUpdate: 'CASE_STUDY_UPDATE',
  /** A case registered before its study (/worklistcreate). */
  register: 'CASE_REGISTER',
  /** A case's patient or study details or priority corrected (/worklist/edit). */
  edit: 'CASE_EDIT',
  /** A centre's worklist settings changed. */
  centreSettingsUpdate: 'CENTRE_SETTINGS_UPDATE',
} as const;
