import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Worker } from 'bullmq';
import type { RedisClient as Redis } from '@rayworks/nest-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { QUEUES } from '@rayworks/contracts';
import { createWorker, LOGGER, REDIS, runInTenant, type JobData } from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { temporaryPassword } from '../passwords/temporary-password.js';
import { UsersRepository } from '../users/users.repository.js';
import { passwordResetMail, welcomeMail } from './mail-templates.js';
import { Mailer } from './mailer.js';
import type { MailJob } from './mail.queue.js';

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Processes auth.mail in the auth process (the service has no separate worker). The secret of each e-mail is
 * made here, stored hashed, and exists in clear only in the e-mail: a reset token (single use, PASSWORD_RESET_TTL_SECONDS)
 * or a temporary password (the user must change it at first login). A retried job makes a new secret, so the
 * last e-mail delivered is the one that works.
 */
@Injectable()
export class MailProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(PasswordResetsRepository) private readonly resets: PasswordResetsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = createWorker<MailJob, void>(QUEUES.authMail, (job) => this.process(job), this.redis, this.logger, {
      concurrency: 2,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
  }

  async process(job: Job<JobData<MailJob>>): Promise<void> {
    const tenantId = job.data.meta.tenantId;
    if (!tenantId) throw new Error('auth.mail job without a tenant');
    const message = await runInTenant(this.dataSource, tenantId, async (m) => {
      const user = await this.users.findById(m, job.data.userId);
      if (!user || !user.is_active) return null;
      const name = `${user.first_name} ${user.last_name}`.trim();
      const base = this.env.PUBLIC_BASE_URL.replace(/\/$/, '');
      if (job.data.kind === 'password-reset') {
        const token = randomBytes(32).toString('base64url');
        await this.resets.create(m, {
          tokenHash: hashResetToken(token),
          userId: String(user.id),
          tenantId,
          ttlSeconds: this.env.PASSWORD_RESET_TTL_SECONDS,
        });
        const link = `${base}/update-password?resetToken=${encodeURIComponent(token)}`;
        return passwordResetMail(String(user.email), name, link, Math.round(this.env.PASSWORD_RESET_TTL_SECONDS / 60));
      }
      const password = temporaryPassword();
      await this.credentials.setPassword(m, String(user.id), await this.hasher.hash(password));
      return welcomeMail(String(user.email), name, String(user.login_name), password, `${base}/login`);
    });
    if (!message) {
      this.logger.warn({ jobId: job.id, kind: job.data.kind }, 'mail not sent: the user is gone or inactive');
      return;
    }
    await this.mailer.send(message);
    this.logger.info({ jobId: job.id, kind: job.data.kind, userId: job.data.userId }, 'mail sent');
  }
}
