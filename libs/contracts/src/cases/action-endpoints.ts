/** The transitions of the case machine: /cases/assign (one or many ids), /cases/worklistupdate (accept, reject, recall, hold, revert, to typist, rollback, …), split. */
export const CASE_ACTION_ENDPOINTS = {};
