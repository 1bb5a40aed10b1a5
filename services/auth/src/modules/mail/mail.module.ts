import { Module } from '@nestjs/common';
import { UsersRepository } from '../users/users.repository.js';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { MailProcessor } from './mail.processor.js';
import { Mailer } from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';

/** The processor of the authMail job (started by changes with tx.enqueue) and the SMTP sender. */
@Module({
  imports: [CredentialsModule],
  providers: [
    {
      provide: Mailer,
      useFactory: (env: AuthServiceEnv) => new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      inject: [AUTH_SERVICE_ENV],
    },
    MailProcessor,
    PasswordResetsRepository,
    // stateless, provided here too: the users module imports this one (it enqueues the mails)
    UsersRepository,
  ],
  exports: [PasswordResetsRepository],
})
export class MailModule {}
