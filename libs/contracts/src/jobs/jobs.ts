import { z } from 'zod';
import { QUEUES, type QueueName } from './queues.js';

/**
 * A job: the BullMQ queue it goes to and the zod schema of its payload. The payload is validated when the job
 * is recorded or enqueued, and again when a worker takes it (docs/decisions/0036).
 * The job's data in Redis is the payload plus `meta` (tenant and correlation id), so `meta` is a reserved key.
 */
export interface JobDefinition<TQueue extends QueueName = QueueName, TSchema extends z.ZodObject = z.ZodObject> {
  queue: TQueue;
  schema: TSchema;
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
    schema: z.object({ importId: z.uuid() }),
  }),
  /** Zip one study of the archive for download (states DWN_INIT → … → READY, spec §4). */
  imagingStudyDownload: defineJob({
    queue: QUEUES.imagingStudyDownload,
    schema: z.object({ downloadId: z.uuid() }),
  }),
  /** Render one version of a report (with its layout and addenda) to PDF with Chromium and store it. Idempotent. */
  reportingReportPdf: defineJob({
    queue: QUEUES.reportingReportPdf,
    schema: z.object({ reportId: z.uuid(), version: z.number().int().min(1) }),
  }),
  /** Send one delivery (mail with the PDF, or SMS with a short-lived link); retried with backoff, one record per attempt. */
  reportingReportDelivery: defineJob({
    queue: QUEUES.reportingReportDelivery,
    schema: z.object({ deliveryId: z.uuid() }),
  }),
  /** A critical result alert not acknowledged in time: escalate it to the centre admin (delayed job). */
  reportingCriticalEscalation: defineJob({
    queue: QUEUES.reportingCriticalEscalation,
    schema: z.object({ alertId: z.uuid() }),
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
