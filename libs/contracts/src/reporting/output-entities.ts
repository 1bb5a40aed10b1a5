import { z } from 'zod';
import { DELIVERY_CHANNELS, DELIVERY_STATUSES } from './states.js';

/**
 * Output of a report (helper "output"; docs/decisions/0182–0186): the stored PDF of a version, and deliveries of it
 * by mail (the PDF attached) or SMS (a short-lived link), each delivery with one record per attempt.
 */
const id = z.uuid();

/** The answer of /generate/report: the PDF of the latest final version, stored (`ready`, with a presigned URL) or being made. */
export const generatedReportSchema = z.object({
  reportId: id,
  version: z.number().int(),
  /** 'ready': /report/pdf answers the PDF (through the gateway: no storage address reaches a browser, decision 0345). */
  state: z.enum(['queued', 'ready']),
});
export type GeneratedReport = z.infer<typeof generatedReportSchema>;

export const DELIVERY_ATTEMPT_STATUSES = ['SENT', 'FAILED'] as const;
export type DeliveryAttemptStatus = (typeof DELIVERY_ATTEMPT_STATUSES)[number];

export const deliveryAttemptSchema = z.object({
  attempt: z.number().int().min(1),
  status: z.enum(DELIVERY_ATTEMPT_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const reportDeliverySchema = z.object({
  id,
  reportId: id,
  channel: z.enum(DELIVERY_CHANNELS),
  /** The e-mail address or the phone number. */
  to: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** How many attempts were made so far. */
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  /** The PDF version sent (the latest final one when the delivery was asked for). */
  pdfVersion: z.number().int(),
  createdBy: id,
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attemptLog: z.array(deliveryAttemptSchema),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

/** Delivery limits. */
export const DELIVERY_MAX_ATTEMPTS = 3;
/** How long the link of an SMS opens the PDF (72 hours). */
export const SMS_LINK_TTL_SECONDS = 72 * 3600;

/** Output's designed refusals (409 unless said). */
export const OUTPUT_MESSAGES = {
  notFinal: 'The report is not final yet: finalize it before printing, downloading or sending it',
  noReport: 'The case has no report yet',
  linkExpired: 'This report link has expired: ask the centre to send it again',
  /** 403 at /mail and /sms/report (decision 0341): neither the privilege nor the report's signer. */
  sendNotAllowed: 'Only the centre or the radiologist who signed the report may send it',
} as const;

/**
 * Who may mail or text a final report to the patient (decision 0341): a holder of WORKLIST SEND_REPORT_TO_PATIENT
 * (the centre's administrators and desk), or the radiologist who signed it — their own report, not every case they
 * can see. The console shows Mail and SMS by this rule; reporting's output refuses everyone else with 403.
 */
export function maySendReport(
  caller: { userId: string; holdsSendPrivilege: boolean },
  report: { finalizedBy: string | null },
): boolean {
  return caller.holdsSendPrivilege || (report.finalizedBy !== null && report.finalizedBy === caller.userId);
}

/** Text of the SMS: the centre's report link (the link is the only personal thing in it; no patient name). */
export const reportSmsText = (link: string, hours: number): string =>
  `Your Rayworks report is ready. Open it within ${hours} hours: ${link}`;
