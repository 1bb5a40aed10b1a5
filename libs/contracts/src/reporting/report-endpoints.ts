/** Reports: open under the lock, save with versions, the typist and review flow, finalize, addenda (helper "reports"). */
export const REPORT_ENDPOINTS = {} as const;
