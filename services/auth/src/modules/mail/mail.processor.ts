import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobPayload } from '@rayworks/contracts';
import { jobCompany, JobProcessors, LOGGER, Mailer, processor, UnitOfWork, type JobContext } from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { temporaryPassword } from '../passwords/temporary-password.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  emailChangedMail,
  loginAttackMail,
  passwordChangedMail,
  passwordResetMail,
  welcomeMail,
} from './mail-templates.js';

/** 72 hours, 90 minutes. */
const duration = (seconds: number): string =>
  seconds % 3600 === 0 ? `${seconds / 3600} hours` : `${Math.max(1, Math.round(seconds / 60))} minutes`;

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Processes the auth.mail job (JOBS.authMail, typed and validated when taken) in the auth process (the service
 * has no separate worker). The secret of each e-mail is
 * made here, stored hashed, and exists in clear only in the e-mail: a reset token (single use, PASSWORD_RESET_TTL_SECONDS)
 * or a temporary password (the user must change it at first login, within TEMPORARY_PASSWORD_TTL_SECONDS). A
 * retried job makes a new secret, so the last e-mail delivered is the one that works. The security notices
 * (password changed, e-mail changed — to the previous address —, login attack) carry no secret.
 */
@Injectable()
export class MailProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(PasswordResetsRepository) private readonly resets: PasswordResetsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('authMail', (payload, context) => this.process(payload, context), { concurrency: 2 }),
    );
  }

  async process(payload: JobPayload<'authMail'>, { meta, job }: JobContext): Promise<void> {
    const scope = jobCompany('authMail', meta);
    const { tenantId } = scope;
    const message = await this.uow.change(scope, async (tx) => {
      const user = await this.users.byId(tx, payload.userId);
      if (!user || !user.isActive) return null;
      const name = `${user.firstName} ${user.lastName}`.trim();
      const base = this.env.PUBLIC_BASE_URL.replace(/\/$/, '');
      if (payload.kind === 'password-reset') {
        const token = randomBytes(32).toString('base64url');
        await this.resets.create(tx, {
          tokenHash: hashResetToken(token),
          userId: user.id,
          tenantId,
          ttlSeconds: this.env.PASSWORD_RESET_TTL_SECONDS,
        });
        const link = `${base}/update-password?resetToken=${encodeURIComponent(token)}`;
        return passwordResetMail(user.email, name, link, Math.round(this.env.PASSWORD_RESET_TTL_SECONDS / 60));
      }
      if (payload.kind === 'welcome') {
        const password = temporaryPassword();
        const ttl = this.env.TEMPORARY_PASSWORD_TTL_SECONDS;
        await this.credentials.setTemporaryPassword(tx, user.id, await this.hasher.hash(password), ttl);
        return welcomeMail(user.email, name, user.loginName, password, `${base}/login`, duration(ttl));
      }
      const forgot = `${base}/forgot-password`;
      if (payload.kind === 'password-changed') return passwordChangedMail(user.email, name, forgot);
      if (payload.kind === 'email-changed')
        return emailChangedMail(payload.previousEmail ?? user.email, name, user.email, forgot);
      return loginAttackMail(user.email, name, forgot);
    });
    if (!message) {
      this.logger.warn({ jobId: job.id, kind: payload.kind }, 'mail not sent: the user is gone or inactive');
      return;
    }
    await this.mailer.send(message);
    this.logger.info({ jobId: job.id, kind: payload.kind, userId: payload.userId }, 'mail sent');
  }
}
