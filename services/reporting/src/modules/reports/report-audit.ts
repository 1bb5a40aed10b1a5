/** The reports' audit actions (each write is one entry on the case, in the report's unit of work). */
export const REPORT_AUDIT_ACTIONS = {
  create: 'REPORT_CREATE',
  lock: 'REPORT_LOCK',
  unlock: 'REPORT_UNLOCK',
  save: 'REPORT_SAVE',
  sendToTypist: 'REPORT_SEND_TO_TYPIST',
  transcribe: 'REPORT_TRANSCRIPTION_START',
  submitForReview: 'REPORT_SUBMIT_FOR_REVIEW',
  finalize: 'REPORT_FINALIZE',
  addendumSave: 'REPORT_ADDENDUM_SAVE',
  addendumFinalize: 'REPORT_ADDENDUM_FINALIZE',
  /** A dictation clip attached to the report (docs/decisions/0354). */
  dictationAttach: 'REPORT_DICTATION_ATTACH',
  /** An upload never attached, deleted by the sweeper after the grace period (docs/decisions/0377). */
  dictationUploadDelete: 'REPORT_DICTATION_UPLOAD_DELETE',
} as const;
