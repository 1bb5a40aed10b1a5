/** The lims service's audit actions on analyzers and their results. */
export const ANALYZER_AUDIT_ACTIONS = {
  analyzerCreate: 'ANALYZER_CREATE',
  analyzerUpdate: 'ANALYZER_UPDATE',
  analyzerStatus: 'ANALYZER_STATUS',
  analyzerCodes: 'ANALYZER_CODES',
  resultResolve: 'ANALYZER_RESULT_RESOLVE',
  resultDiscard: 'ANALYZER_RESULT_DISCARD',
} as const;

/** Who the listener and its matching job act as (events' actor; no user). */
export const ANALYZER_LISTENER_ACTOR = { type: 'service', id: 'lims.analyzers' } as const;
