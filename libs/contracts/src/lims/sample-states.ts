/**
 * A laboratory sample's life (docs/decisions/0298), written once for the lims service and the console: the
 * statuses, the events that move a sample, and the table of which event is allowed in which status. The service asks
 * `nextSample` before every change (a refused event is a 409 and changes nothing); the console shows an action only
 * when the table allows it.
 *
 * - PENDING_COLLECTION: made from a registration's lab tests, its barcode printed; waits for the collector;
 * - COLLECTED: drawn (collector, time, place); on its way to the lab;
 * - ACCEPTED: the lab received it by scanning its barcode and found it fit: its tests are run;
 * - REJECTED: the lab found it unfit (a reason from SAMPLE_REJECTION_REASONS): its tests go back to collection on a
 *   new sample with a new barcode (`recollectionOf` names this one), and the registration's centre is told;
 * - CANCELLED: every test on it was cancelled at the desk before the lab accepted it.
 */
export const SAMPLE_STATUSES = ['PENDING_COLLECTION', 'COLLECTED', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export const SAMPLE_STATUS_LABELS: Record<SampleStatus, string> = {
  PENDING_COLLECTION: 'Pending Collection',
  COLLECTED: 'Collected',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** What moves a sample (machine events `<aggregate>.<verb>`). */
export const SAMPLE_EVENTS = ['sample.collect', 'sample.accept', 'sample.reject', 'sample.cancel'] as const;
export type SampleEvent = (typeof SAMPLE_EVENTS)[number];

/**
 * The sample machine as a table: status → event → the status it leads to. What is not here is refused. An ACCEPTED
 * sample is not cancelled by the desk (the lab holds the tube and may have run it): its orders are cancelled and the
 * sample stays, with the cancellation on its audit trail (docs/decisions/0298).
 */
export const SAMPLE_TRANSITIONS: Readonly<Record<SampleStatus, Partial<Record<SampleEvent, SampleStatus>>>> = {
  PENDING_COLLECTION: { 'sample.collect': 'COLLECTED', 'sample.cancel': 'CANCELLED' },
  COLLECTED: { 'sample.accept': 'ACCEPTED', 'sample.reject': 'REJECTED', 'sample.cancel': 'CANCELLED' },
  ACCEPTED: {},
  REJECTED: {},
  CANCELLED: {},
};

export type SampleMove = { ok: true; status: SampleStatus } | { ok: false; from: SampleStatus; event: SampleEvent };

/** Whether `event` may happen to a sample in `status`, and the status it leads to. */
export function nextSample(status: SampleStatus, event: SampleEvent): SampleMove {
  const to = SAMPLE_TRANSITIONS[status][event];
  return to ? { ok: true, status: to } : { ok: false, from: status, event };
}

/** The events a sample in `status` allows (what the console offers). */
export const sampleEventsIn = (status: SampleStatus): SampleEvent[] =>
  SAMPLE_EVENTS.filter((e) => nextSample(status, e).ok);

/**
 * A lab order (one LAB item of a registration): ORDERED until the desk cancels the item. Results (later slices) hang
 * on the order.
 */
export const LAB_ORDER_STATUSES = ['ORDERED', 'CANCELLED'] as const;
export type LabOrderStatus = (typeof LAB_ORDER_STATUSES)[number];
