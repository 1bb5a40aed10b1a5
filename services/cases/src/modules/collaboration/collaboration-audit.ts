/** The audit actions of the work around a case (docs/decisions/0142-case-collaboration.md). */
export const COLLABORATION_AUDIT_ACTIONS = {
  historyAdd: 'PATIENT_HISTORY_ADD',
  historyEdit: 'PATIENT_HISTORY_EDIT',
  historyDelete: 'PATIENT_HISTORY_DELETE',
  commentAdd: 'CASE_COMMENT_ADD',
  rate: 'CASE_RATE',
  share: 'CASE_SHARE',
  sharedRead: 'CASE_SHARED_READ',
  downloadInitiate: 'CASE_DOWNLOAD_INITIATE',
  columnsSet: 'WORKLIST_COLUMNS_SET',
  export: 'CASE_EXPORT',
} as const;

export const iso = (d: Date): string => d.toISOString();
