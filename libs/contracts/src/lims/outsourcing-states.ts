/**
 * A manifest's life (docs/decisions/0312): the samples a laboratory sends to an outsourcing lab, written once for the
 * lims service and the console in the shape of the sample machine (sample-states.ts). The service asks
 * `nextManifest` before every change (a refused event is a 409 and changes nothing); the console offers an action
 * only when the table allows it.
 *
 * - DRAFT: made from accepted samples whose tests the lab performs; samples may still be taken off by cancelling it;
 * - DISPATCHED: handed to the courier (courier, tracking note, who and when);
 * - RECEIVED_BY_LAB: the outsourcing lab says it has the samples;
 * - COMPLETED: every outsourced order on it has its results (typed on the worksheet or sent by the lab's analyzer
 *   link over HL7) — set by the results' own unit of work, never by a person;
 * - CANCELLED: given up before dispatch; its samples may go on another manifest.
 */
export const MANIFEST_STATUSES = ['DRAFT', 'DISPATCHED', 'RECEIVED_BY_LAB', 'COMPLETED', 'CANCELLED'] as const;
export type ManifestStatus = (typeof MANIFEST_STATUSES)[number];

export const MANIFEST_STATUS_LABELS: Record<ManifestStatus, string> = {
  DRAFT: 'Draft',
  DISPATCHED: 'Dispatched',
  RECEIVED_BY_LAB: 'Received by Lab',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** What moves a manifest (machine events `<aggregate>.<verb>`). */
export const MANIFEST_EVENTS = [
  'manifest.dispatch',
  'manifest.receive',
  'manifest.complete',
  'manifest.cancel',
] as const;
export type ManifestEvent = (typeof MANIFEST_EVENTS)[number];

/** The words of each event in a refusal ("A dispatched manifest cannot be cancelled"). */
export const MANIFEST_ACTION_WORDS: Record<ManifestEvent, string> = {
  'manifest.dispatch': 'dispatched',
  'manifest.receive': 'marked received',
  'manifest.complete': 'completed',
  'manifest.cancel': 'cancelled',
};

/**
 * The manifest machine as a table: status → event → the status it leads to. What is not here is refused. Results may
 * come back before anyone marks the manifest received (an analyzer link is quicker than the courier's receipt), so a
 * DISPATCHED manifest completes too.
 */
export const MANIFEST_TRANSITIONS: Readonly<Record<ManifestStatus, Partial<Record<ManifestEvent, ManifestStatus>>>> = {
  DRAFT: { 'manifest.dispatch': 'DISPATCHED', 'manifest.cancel': 'CANCELLED' },
  DISPATCHED: { 'manifest.receive': 'RECEIVED_BY_LAB', 'manifest.complete': 'COMPLETED' },
  RECEIVED_BY_LAB: { 'manifest.complete': 'COMPLETED' },
  COMPLETED: {},
  CANCELLED: {},
};

/** A manifest that holds its samples: a sample on one of these cannot go on a second (409). */
export const OPEN_MANIFEST_STATUSES: readonly ManifestStatus[] = ['DRAFT', 'DISPATCHED', 'RECEIVED_BY_LAB'];

export type ManifestMove =
  { ok: true; status: ManifestStatus } | { ok: false; from: ManifestStatus; event: ManifestEvent };

/** Whether `event` may happen to a manifest in `status`, and the status it leads to. */
export function nextManifest(status: ManifestStatus, event: ManifestEvent): ManifestMove {
  const to = MANIFEST_TRANSITIONS[status][event];
  return to ? { ok: true, status: to } : { ok: false, from: status, event };
}

/** The events a manifest in `status` allows (what the console offers; 'manifest.complete' is the results'). */
export const manifestEventsIn = (status: ManifestStatus): ManifestEvent[] =>
  MANIFEST_EVENTS.filter((e) => nextManifest(status, e).ok);

/**
 * A manifest's number (docs/decisions/0312): 'M' and 7 digits from a counter per company (M0000042), unique in the
 * company, printed on the manifest sheet the courier carries.
 */
export const MANIFEST_NUMBER_PATTERN = /^M\d{7}$/;
export const manifestNumber = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 1 || n > 9_999_999) throw new RangeError(`no manifest number for ${n}`);
  return `M${String(n).padStart(7, '0')}`;
};
