import { z } from 'zod';
import { BILLING_DOCUMENT_KINDS } from '../billing/document-endpoints.js';
import { QUEUES, type QueueName } from './queues.js';

/**
 * How a worker holds a job (BullMQ's lock; docs/decisions/0202). The worker renews the lock every `durationMs / 2`
 * while the job runs, so a job may run for as long as it needs; the lock lapses only when its worker stops renewing
 * it (the process died, or its event loop was blocked for more than half the duration). Another worker looks for
 * lapsed locks every `stalledIntervalMs` and runs such a job again: a crash costs at most about
 * `durationMs + stalledIntervalMs`.
 */
export interface JobLock {
  durationMs: number;
  stalledIntervalMs: number;
}

/** The lock settings by the kind of work a job does. */
export const JOB_LOCKS = {
  /**
   * The work waits on other processes (SMTP, Chromium, HTTP, the store): the worker's event loop stays free, so a
   * short lock is safe (it survives a 4 s stall of the loop, e.g. a loaded machine). A dead worker's job runs again
   * within about 12 s.
   */
  waitsOnOthers: { durationMs: 8_000, stalledIntervalMs: 4_000 },
  /**
   * The work computes on the worker's own event loop between its waits (zip reading, DICOM parsing, zipping): the
   * lock survives a 5 s stall of the loop. A dead worker's job runs again within about 15 s.
   */
  computesInProcess: { durationMs: 10_000, stalledIntervalMs: 5_000 },
} as const satisfies Record<string, JobLock>;

/**
 * A job: the BullMQ queue it goes to, the zod schema of its payload and how a worker holds it. The payload is
 * validated when the job is recorded or enqueued, and again when a worker takes it (docs/decisions/0036).
 * The job's data in Redis is the payload plus `meta` (tenant and correlation id), so `meta` is a reserved key.
 */
export interface JobDefinition<TQueue extends QueueName = QueueName, TSchema extends z.ZodObject = z.ZodObject> {
  queue: TQueue;
  schema: TSchema;
  lock: JobLock;
}

const defineJob = <TQueue extends QueueName, TSchema extends z.ZodObject>(
  def: JobDefinition<TQueue, TSchema>,
): JobDefinition<TQueue, TSchema> => {
  if ('meta' in def.schema.shape) throw new Error(`job payload of ${def.queue} may not have a "meta" field`);
  return def;
};

/**
 * Every job, by name: one typed map. Adding a job is adding an entry here (its queue in QUEUES, never renamed);
 * `enqueue(job, payload)` and `processor(job, handler)` in the kit are typed from it.
 */
export const JOBS = {
  /**
   * An e-mail to a user: a password-reset link or a welcome e-mail (the secret is made by the processor, never
   * queued), or a security notice: their password changed, their e-mail address changed (sent to the previous
   * address, `previousEmail`), or someone is trying to guess their password (`login-attack`).
   */
  authMail: defineJob({
    queue: QUEUES.authMail,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({
      kind: z.enum(['password-reset', 'welcome', 'password-changed', 'email-changed', 'login-attack']),
      userId: z.uuid(),
      previousEmail: z.email().optional(),
    }),
  }),
  /**
   * Read one uploaded zip (or STOW-RS batch) into the archive: `importId` names the import row (its upload key,
   * group, centre and uploader). Idempotent: a retried or resumed job stores only instances not yet indexed.
   */
  imagingStudyImport: defineJob({
    queue: QUEUES.imagingStudyImport,
    lock: JOB_LOCKS.computesInProcess,
    schema: z.object({ importId: z.uuid() }),
  }),
  /** Zip one study of the archive for download (states DWN_INIT → … → READY, spec §4). */
  imagingStudyDownload: defineJob({
    queue: QUEUES.imagingStudyDownload,
    lock: JOB_LOCKS.computesInProcess,
    schema: z.object({ downloadId: z.uuid() }),
  }),
  /** Render one version of a report (with its layout and addenda) to PDF with Chromium and store it. Idempotent. */
  reportingReportPdf: defineJob({
    queue: QUEUES.reportingReportPdf,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ reportId: z.uuid(), version: z.number().int().min(1) }),
  }),
  /** Send one delivery (mail with the PDF, or SMS with a short-lived link); retried with backoff, one record per attempt. */
  reportingReportDelivery: defineJob({
    queue: QUEUES.reportingReportDelivery,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ deliveryId: z.uuid() }),
  }),
  /**
   * Print one of billing's documents to PDF and store it (docs/decisions/0259): an invoice at a version (its latest,
   * enqueued by the first ask for its PDF; every payment, refund or credit note makes a new version) or a payment's
   * receipt (`id` the payment's, version 1). Idempotent: a document stored once is not printed again.
   */
  billingInvoicePdf: defineJob({
    queue: QUEUES.billingInvoicePdf,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ document: z.enum(BILLING_DOCUMENT_KINDS), id: z.uuid(), version: z.number().int().min(1) }),
  }),
  /** A critical result alert not acknowledged in time: escalate it to the centre admin (delayed job). */
  reportingCriticalEscalation: defineJob({
    queue: QUEUES.reportingCriticalEscalation,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ alertId: z.uuid() }),
  }),
  /**
   * Match the results of one message an analyzer sent (stored by the lims-analyzers listener before it acknowledged
   * the message, this job recorded in the same transaction; docs/decisions/0303): each result to its sample, order and
   * parameter, or into the unmatched results queue. Idempotent: a message already matched is left as it is.
   */
  limsAnalyzerMatch: defineJob({
    queue: QUEUES.limsAnalyzerMatch,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ messageId: z.uuid() }),
  }),
  /**
   * Print one lab report (a registration's chosen signed tests at their amendments; docs/decisions/0309) to PDF with
   * the kit's Chromium and store it. Enqueued by the first ask for it; idempotent: a stored report is not printed again.
   */
  limsLabReportPdf: defineJob({
    queue: QUEUES.limsLabReportPdf,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ reportId: z.uuid() }),
  }),
  /** Send one lab report by e-mail with its PDF attached (docs/decisions/0310); retried with backoff, each attempt recorded. */
  limsLabReportDelivery: defineJob({
    queue: QUEUES.limsLabReportDelivery,
    lock: JOB_LOCKS.waitsOnOthers,
    schema: z.object({ deliveryId: z.uuid() }),
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobSchema<TName extends JobName> = (typeof JOBS)[TName]['schema'];
/** The payload as a handler receives it (after parsing). */
export type JobPayload<TName extends JobName> = z.output<JobSchema<TName>>;
/** The payload as a caller gives it (before parsing). */
export type JobPayloadInput<TName extends JobName> = z.input<JobSchema<TName>>;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/** The job of a queue (one job per queue), or undefined for a queue whose job is not defined yet. */
export const jobOfQueue = (queue: string): JobName | undefined => JOB_NAMES.find((name) => JOBS[name].queue === queue);
