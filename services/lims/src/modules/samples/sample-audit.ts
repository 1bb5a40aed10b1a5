/** The lims service's audit actions on samples and lab orders (docs/decisions/0297–0299). */
export const SAMPLE_AUDIT_ACTIONS = {
  /** A registration's lab tests became a sample to collect (details: registration, tests). */
  create: 'SAMPLE_CREATE',
  /** Collected (details: place, collector, time). */
  collect: 'SAMPLE_COLLECT',
  /** Accepted at accession. */
  accept: 'SAMPLE_ACCEPT',
  /** Rejected at accession (details: reason, note, the recollection's barcode). */
  reject: 'SAMPLE_REJECT',
  /** Tests of the sample were cancelled at the desk (details: items; `sampleCancelled`, or why it was kept). */
  ordersCancelled: 'SAMPLE_ORDERS_CANCELLED',
} as const;
