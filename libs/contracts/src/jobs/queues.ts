import { z } from 'zod';
import { optionalTraceContext } from '../events/envelope.js';

/**
 * BullMQ queue names: `<service>.<job>`. Written once here and never renamed.
 * Each queue belongs to one service, whose worker entry point (src/worker.ts) processes it.
 */
export const QUEUES = {
  imagingStudyImport: 'imaging.study-import',
  imagingStudyDownload: 'imaging.study-download',
  reportingReportPdf: 'reporting.report-pdf',
  reportingReportDelivery: 'reporting.report-delivery',
  reportingCriticalEscalation: 'reporting.critical-escalation',
  billingInvoicePdf: 'billing.invoice-pdf',
  limsLabReportPdf: 'lims.lab-report-pdf',
  limsLabReportDelivery: 'lims.lab-report-delivery',
  limsAnalyzerMatch: 'lims.analyzer-match',
  authMail: 'auth.mail',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Every job carries the tenant and the correlation id of the request that caused it. */
export const jobMetaSchema = z.object({
  tenantId: z.uuid().nullable(),
  correlationId: z.string().min(1),
  /** The trace context of the change that started the job, when tracing is on (docs/decisions/0091). */
  trace: optionalTraceContext,
});
export type JobMeta = z.infer<typeof jobMetaSchema>;
