/**
 * A report's status (docs/decisions/0173): DRAFT while the radiologist writes, AT_TYPIST while a transcriptionist has
 * it, IN_REVIEW waiting for the reviewing radiologist, FINAL once signed. An addendum is its own row with DRAFT/FINAL.
 */
export const REPORT_STATUSES = ['DRAFT', 'AT_TYPIST', 'IN_REVIEW', 'FINAL'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const ADDENDUM_STATUSES = ['DRAFT', 'FINAL'] as const;
export type AddendumStatus = (typeof ADDENDUM_STATUSES)[number];

/** Paper types of the report layout (spec §3 paperType). */
export const PAPER_TYPES = ['A4', 'Letter', 'Legal'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

/** How a report reaches someone (reporting.report-delivery). */
export const DELIVERY_CHANNELS = ['mail', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATUSES = ['QUEUED', 'SENT', 'RETRYING', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A critical result alert (flagged → acknowledged, or escalated to the centre admin first). */
export const CRITICAL_ALERT_STATUSES = ['OPEN', 'ESCALATED', 'ACKNOWLEDGED'] as const;
export type CriticalAlertStatus = (typeof CRITICAL_ALERT_STATUSES)[number];
