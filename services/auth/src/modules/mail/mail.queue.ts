import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { RedisClient as Redis } from '@rayworks/nest-kit';
import { QUEUES } from '@rayworks/contracts';
import { createQueue, currentCorrelationId, REDIS, type JobData } from '@rayworks/nest-kit';

/** What an auth.mail job asks for. The secret (reset token, temporary password) is made by the processor, never queued. */
export interface MailJob {
  kind: 'password-reset' | 'welcome';
  userId: string;
}

/** The auth.mail queue (BullMQ): password reset links and welcome e-mails, sent by MailProcessor with retries. */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  private readonly queue: Queue<JobData<MailJob>>;

  constructor(@Inject(REDIS) redis: Redis) {
    this.queue = createQueue<MailJob>(QUEUES.authMail, redis);
  }

  async enqueue(tenantId: string, job: MailJob): Promise<void> {
    await this.queue.add(job.kind, { ...job, meta: { tenantId, correlationId: currentCorrelationId() } });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
