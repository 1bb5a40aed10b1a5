/**
 * A lab order's results' life (docs/decisions/0306), written once for the lims service and the console, in the
 * shape of the sample machine (sample-states.ts): the statuses, the events, and the table of which event is allowed
 * in which status. The service asks `nextResult` before every change (a refused event is a 409 and changes nothing).
 *
 * - PENDING: the order's sample is accepted; no result yet;
 * - ENTERED: results typed or received (some or all); editing again keeps it here;
 * - VALIDATED: the lab checked the results — a person holding LIMS › VALIDATE, or the test's rule when nothing holds
 *   it (worksheet-rules.ts judgeTest); an edit sends it back to ENTERED;
 * - SIGNED: a pathologist signed it (PATHOLOGIST › SIGN, with their signature): it goes on the report;
 * - a correction after signing (`result.amend`) sends it back to ENTERED as the next amendment: the signed values
 *   stay in its history, and the next report says it is amended.
 */
export const RESULT_STATUSES = ['PENDING', 'ENTERED', 'VALIDATED', 'SIGNED'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const RESULT_STATUS_LABELS: Record<ResultStatus, string> = {
  PENDING: 'Pending',
  ENTERED: 'Entered',
  VALIDATED: 'Validated',
  SIGNED: 'Signed',
};

/** What moves an order's results (machine events `<aggregate>.<verb>`). */
export const RESULT_EVENTS = ['result.enter', 'result.validate', 'result.sign', 'result.amend'] as const;
export type ResultEvent = (typeof RESULT_EVENTS)[number];

/** The results machine as a table: status → event → the status it leads to. What is not here is refused. */
export const RESULT_TRANSITIONS: Readonly<Record<ResultStatus, Partial<Record<ResultEvent, ResultStatus>>>> = {
  PENDING: { 'result.enter': 'ENTERED' },
  ENTERED: { 'result.enter': 'ENTERED', 'result.validate': 'VALIDATED' },
  VALIDATED: { 'result.enter': 'ENTERED', 'result.sign': 'SIGNED' },
  SIGNED: { 'result.amend': 'ENTERED' },
};

export type ResultMove = { ok: true; status: ResultStatus } | { ok: false; from: ResultStatus; event: ResultEvent };

/** Whether `event` may happen to results in `status`, and the status it leads to. */
export function nextResult(status: ResultStatus, event: ResultEvent): ResultMove {
  const to = RESULT_TRANSITIONS[status][event];
  return to ? { ok: true, status: to } : { ok: false, from: status, event };
}

/** The events results in `status` allow (what the console offers). */
export const resultEventsIn = (status: ResultStatus): ResultEvent[] =>
  RESULT_EVENTS.filter((e) => nextResult(status, e).ok);
