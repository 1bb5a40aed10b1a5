import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { JobPayloadInput } from '@rayworks/contracts';
import { JobOutbox, JobQueues, type RecordedJob } from '@rayworks/nest-kit';

/** What an auth.mail job asks for (JOBS.authMail). The secret (reset token, temporary password) is made by the processor, never queued. */
export type MailJob = JobPayloadInput<'authMail'>;

/**
 * The auth.mail job (JOBS.authMail in libs/contracts): password reset links and welcome e-mails, sent by
 * MailProcessor with retries. `record` writes the job in the transaction of the change that asks for it (the
 * job relay hands it to BullMQ after commit, so a crash cannot lose it); `enqueue` adds it at once.
 */
@Injectable()
export class MailQueue {
  constructor(
    @Inject(JobQueues) private readonly queues: JobQueues,
    @Inject(JobOutbox) private readonly outbox: JobOutbox,
  ) {}

  /** Records the job in the caller's transaction (the tenant is the transaction's). */
  record(manager: EntityManager, job: MailJob): Promise<RecordedJob> {
    return this.outbox.record(manager, 'authMail', job);
  }

  async enqueue(tenantId: string, job: MailJob): Promise<void> {
    await this.queues.enqueue('authMail', job, { tenantId });
  }
}
